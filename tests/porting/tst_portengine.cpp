#include "porttesthelpers.h"

#include "porting/portengine.h"
#include "porting/pythontokenizer.h"
#include "porting/portreport.h"
#include "porting/textdiff.h"

#include <QRegularExpression>
#include <QTemporaryDir>

class TestPortEngine : public QObject
{
    Q_OBJECT

    static PortEngine engine(const QString &target, bool reverse = false, Port::Options options = {})
    {
        const PortRuleSet rules = PortRuleSet::fromBackends(testPlugins(), target, reverse);
        if (!rules)
            qFatal("%s", qPrintable(rules.error));
        options.everyFileIsEntryPoint = false;
        return PortEngine(rules, options);
    }

    static QStringList comments(const QString &text)
    {
        QStringList out;
        const PythonTokens tokens = PythonTokenizer::tokenize(text);
        for (const PythonToken &t : tokens.tokens) {
            if (t.kind == PythonToken::Kind::Comment || t.docstring)
                out << text.mid(t.start, t.length);
        }
        return out;
    }

private Q_SLOTS:
    void fixtures_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("target");
        for (const char *name : {"hf_ddp_demo_main_hf", "hf_trainer_finetune", "megatron_pretrain_gpt",
                                 "flash_bnb_apex_train"}) {
            for (const char *target : {"npu", "musa"})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(name), QLatin1String(target))))
                    << QString::fromLatin1(name) << QString::fromLatin1(target);
        }
    }

    /// Expected output and diff, comments and docstrings untouched, idempotent, and the reverse
    /// rules bring the original back.
    void fixtures()
    {
        QFETCH(QString, name);
        QFETCH(QString, target);
        const QString file = name + QStringLiteral(".py");
        const QString original = readText(portingData(file));
        QVERIFY(!original.isEmpty());
        const Port::FileResult r = engine(target).portText(file, original);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.changed());
        QCOMPARE(r.ported, readText(portingData(QStringLiteral("expected/%1.%2.py").arg(name, target))));
        QCOMPARE(TextDiff::unified(original, r.ported, QStringLiteral("a/") + file, QStringLiteral("b/") + file),
                 readText(portingData(QStringLiteral("expected/%1.%2.diff").arg(name, target))));
        QCOMPARE(comments(r.ported), comments(original));

        const Port::FileResult again = engine(target).portText(file, r.ported);
        QCOMPARE(again.ported, r.ported);
        for (const Port::Finding &f : again.findings)
            QVERIFY2(f.severity != Port::Severity::AutoFix, qPrintable(f.ruleId + QLatin1Char(':') + QString::number(f.line)));

        const Port::FileResult back = engine(target, true).portText(file, r.ported);
        QCOMPARE(back.ported, original);
    }

    void outputsCompile_data() { fixtures_data(); }
    void outputsCompile()
    {
        QFETCH(QString, name);
        QFETCH(QString, target);
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            QSKIP("python3 not found (Debian package python3)");
        const QString path = portingData(QStringLiteral("expected/%1.%2.py").arg(name, target));
        const QString error = pyCompileError(python, path);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    /// The MUSA porting guide's own port of its demo: import torch_musa, cuda → musa, nccl → mccl.
    void musifyResultOfTheGuide()
    {
        const QString original = readText(portingData(QStringLiteral("hf_ddp_demo_main_hf.py")));
        QString musified = original;
        musified.replace(QLatin1String("cuda"), QLatin1String("musa")).replace(QLatin1String("nccl"), QLatin1String("mccl"));
        musified.replace(QLatin1String("\nimport torch\n"), QLatin1String("\nimport torch\nimport torch_musa\n"));
        QCOMPARE(engine(QStringLiteral("musa")).portText(QStringLiteral("main.py"), original).ported, musified);
    }

    /// Decision: identifiers are never renamed (my_cuda_helper stays), only the APIs inside them.
    void userIdentifiersKeepTheirNames()
    {
        const QString source = QStringLiteral("import torch\n\ndef my_cuda_helper(use_cuda=True):\n"
                                              "    cuda_ok = torch.cuda.is_available()\n    return cuda_ok\n\n"
                                              "x = my_cuda_helper()\n");
        const Port::FileResult r = engine(QStringLiteral("npu")).portText(QStringLiteral("a.py"), source);
        QCOMPARE(r.ported, QString(source).replace(QLatin1String("torch.cuda."), QLatin1String("torch.npu.")));
    }

    void rewrites_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("rule");
        QTest::newRow("f-string device") << QStringLiteral("npu") << QStringLiteral("d = f'cuda:{rank}'\n") << QStringLiteral("d = f'npu:{rank}'\n") << QStringLiteral("npu.device-string");
        QTest::newRow("code in f-string field") << QStringLiteral("npu") << QStringLiteral("s = f\"{torch.cuda.device_count()} gpus\"\n")
                                                << QStringLiteral("s = f\"{torch.npu.device_count()} gpus\"\n") << QStringLiteral("npu.torch-cuda-api");
        QTest::newRow("device index string") << QStringLiteral("musa") << QStringLiteral("x.to('cuda:1')\n") << QStringLiteral("x.to('musa:1')\n") << QStringLiteral("musa.device-string");
        QTest::newRow("not a device string") << QStringLiteral("npu") << QStringLiteral("print('cuda is fast')\n") << QStringLiteral("print('cuda is fast')\n") << QStringLiteral("");
        QTest::newRow("backend keyword") << QStringLiteral("npu") << QStringLiteral("dist.init_process_group(backend=\"nccl\")\n")
                                         << QStringLiteral("dist.init_process_group(backend=\"hccl\")\n") << QStringLiteral("npu.collective-backend");
        QTest::newRow("comparison is manual, unchanged") << QStringLiteral("npu") << QStringLiteral("if device_type == \"cuda\":\n    pass\n")
                                                         << QStringLiteral("if device_type == \"cuda\":\n    pass\n") << QStringLiteral("npu.device-compare");
        QTest::newRow("membership comparison") << QStringLiteral("musa") << QStringLiteral("ok = backend in (\"nccl\", \"gloo\")\n")
                                               << QStringLiteral("ok = backend in (\"nccl\", \"gloo\")\n") << QStringLiteral("musa.device-compare");
        QTest::newRow("from import members") << QStringLiteral("npu") << QStringLiteral("from torch.cuda.amp import GradScaler\n")
                                             << QStringLiteral("from torch.npu.amp import GradScaler\n") << QStringLiteral("npu.torch-cuda-api");
        QTest::newRow("from torch.cuda import name") << QStringLiteral("npu") << QStringLiteral("from torch.cuda import amp\n")
                                                     << QStringLiteral("from torch.npu import amp\n") << QStringLiteral("npu.torch-cuda-api");
        QTest::newRow("unknown torch.cuda api") << QStringLiteral("npu") << QStringLiteral("torch.cuda.nvtx.range_push('x')\n")
                                                << QStringLiteral("torch.cuda.nvtx.range_push('x')\n") << QStringLiteral("npu.torch-cuda-unknown");
        QTest::newRow("graph") << QStringLiteral("npu") << QStringLiteral("g = torch.cuda.CUDAGraph()\n") << QStringLiteral("g = torch.npu.NPUGraph()\n") << QStringLiteral("npu.cuda-graph");
        QTest::newRow("cpp extension") << QStringLiteral("musa") << QStringLiteral("from torch.utils.cpp_extension import BuildExtension\n")
                                       << QStringLiteral("from torch_musa.utils.musa_extension import BuildExtension\n")
                                       << QStringLiteral("musa.cpp-extension");
        QTest::newRow("to int") << QStringLiteral("npu") << QStringLiteral("y = x.to(0)\n") << QStringLiteral("y = x.to(0)\n") << QStringLiteral("npu.to-device-index");
        QTest::newRow("attribute named cuda is not a call") << QStringLiteral("npu") << QStringLiteral("f = model.cuda\n") << QStringLiteral("f = model.cuda\n") << QStringLiteral("");
        QTest::newRow("visible devices") << QStringLiteral("musa") << QStringLiteral("os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n")
                                         << QStringLiteral("os.environ['MUSA_VISIBLE_DEVICES'] = '0'\n") << QStringLiteral("musa.visible-devices");
        QTest::newRow("comment untouched") << QStringLiteral("npu") << QStringLiteral("# torch.cuda.synchronize() on \"cuda\"\n")
                                           << QStringLiteral("# torch.cuda.synchronize() on \"cuda\"\n") << QStringLiteral("");
        QTest::newRow("bytes untouched") << QStringLiteral("npu") << QStringLiteral("m = b'cuda'\n") << QStringLiteral("m = b'cuda'\n") << QStringLiteral("");
        QTest::newRow("reverse drops import") << QStringLiteral("npu-reverse") << QStringLiteral("import torch\nimport torch_npu\nx = torch.npu.current_device()\n")
                                              << QStringLiteral("import torch\nx = torch.cuda.current_device()\n") << QStringLiteral("cuda.drop-import");
        QTest::newRow("reverse keeps an indented block valid")
            << QStringLiteral("npu-reverse") << QStringLiteral("try:\n    import torch_npu\nexcept ImportError:\n    pass\n")
            << QStringLiteral("try:\n    pass\nexcept ImportError:\n    pass\n") << QStringLiteral("cuda.drop-import");
        QTest::newRow("reverse flags npu-only api") << QStringLiteral("npu-reverse") << QStringLiteral("o = torch_npu.npu_fusion_attention(q, k, v, 8)\n")
                                                    << QStringLiteral("o = torch_npu.npu_fusion_attention(q, k, v, 8)\n") << QStringLiteral("cuda.torch_npu-api");
    }

    void rewrites()
    {
        QFETCH(QString, target);
        QFETCH(QString, source);
        QFETCH(QString, expected);
        QFETCH(QString, rule);
        const bool reverse = target.endsWith(QLatin1String("-reverse"));
        const PortEngine e = engine(target.section(QLatin1Char('-'), 0, 0), reverse);
        const Port::FileResult r = e.portText(QStringLiteral("a.py"), source);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.ported, expected);
        QStringList rules;
        for (const Port::Finding &f : r.findings)
            rules << f.ruleId;
        if (rule.isEmpty())
            QVERIFY2(rules.isEmpty(), qPrintable(rules.join(QLatin1Char(','))));
        else
            QVERIFY2(rules.contains(rule), qPrintable(rules.join(QLatin1Char(','))));
    }

    void entryImportOnlyInEntryPointsAndOnce()
    {
        Port::Options options;
        options.transferToNpu = true;
        const PortEngine e = engine(QStringLiteral("npu"), false, options);
        const QString module = QStringLiteral("import torch\n\ndef f():\n    torch.cuda.synchronize()\n");
        QCOMPARE(e.portText(QStringLiteral("m.py"), module).ported,
                 QStringLiteral("import torch\n\ndef f():\n    torch.npu.synchronize()\n"));
        const QString main = QStringLiteral("\"\"\"doc\"\"\"\nfrom __future__ import annotations\nimport os\nimport torch\r\n"
                                            "if __name__ == \"__main__\":\n    pass\n");
        const QString ported = e.portText(QStringLiteral("main.py"), main).ported;
        QCOMPARE(ported, QString(main).replace(QLatin1String("import torch\r\n"),
                                               QLatin1String("import torch\r\nimport torch_npu\r\n"
                                                             "from torch_npu.contrib import transfer_to_npu\r\n")));
        QCOMPARE(e.portText(QStringLiteral("main.py"), ported).ported, ported);
        const QString noTorch = QStringLiteral("import os\n\nif __name__ == \"__main__\":\n    print(os.name)\n");
        QCOMPARE(e.portText(QStringLiteral("tool.py"), noTorch).ported, noTorch);
    }

    void tokenizerErrorLeavesFileUnchanged()
    {
        const QString broken = QStringLiteral("import torch\nx = 'cuda\n");
        const Port::FileResult r = engine(QStringLiteral("npu")).portText(QStringLiteral("bad.py"), broken);
        QVERIFY(r.error.startsWith(QStringLiteral("bad.py:2: unterminated string")));
        QCOMPARE(r.ported, broken);
    }

    void badRulesNameTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("syntax") << QByteArray("{\n \"rulesets\": [\n,]}") << QStringLiteral("rules.json:3:");
        QTest::newRow("no ruleset") << QByteArray("{\"rulesets\": []}") << QStringLiteral("no ruleset for porting cuda to npu");
        QTest::newRow("bad kind") << QByteArray("{\"rulesets\":[{\"source\":\"cuda\",\"target\":\"npu\",\"rules\":[{\"id\":\"x\",\"kind\":\"magic\",\"severity\":\"manual\"}]}]}")
                                  << QStringLiteral("rulesets[0].rules[0] (x): field 'kind'");
        QTest::newRow("bad regex") << QByteArray("{\"rulesets\":[{\"source\":\"cuda\",\"target\":\"npu\",\"rules\":[{\"id\":\"r\",\"kind\":\"string\",\"severity\":\"manual\",\"pattern\":\"(\"}]}]}")
                                   << QStringLiteral("rules[0] (r): field 'pattern'");
        QTest::newRow("auto without replace") << QByteArray("{\"rulesets\":[{\"source\":\"cuda\",\"target\":\"npu\",\"rules\":[{\"id\":\"a\",\"kind\":\"dotted\",\"match\":\"torch.cuda\",\"severity\":\"auto-fix\"}]}]}")
                                              << QStringLiteral("needs field 'replace'");
    }

    void badRulesNameTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const PortRuleSet set = PortRuleSet::fromJson(json, QStringLiteral("cuda"), QStringLiteral("npu"),
                                                      QStringLiteral("rules.json"));
        QVERIFY(!set);
        QVERIFY2(set.error.contains(error), qPrintable(set.error));
    }

    void diffAppliesWithPatch()
    {
        const QString patch = QStandardPaths::findExecutable(QStringLiteral("patch"));
        if (patch.isEmpty())
            QSKIP("patch not found (Debian package patch)");
        QTemporaryDir dir;
        const QString a = QStringLiteral("one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven");
        const QString b = QStringLiteral("zero\none\ntwo\n3\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n");
        QFile f(dir.filePath(QStringLiteral("x.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(a.toUtf8());
        f.close();
        const QString d = TextDiff::unified(a, b, QStringLiteral("a/x.txt"), QStringLiteral("b/x.txt"));
        QVERIFY(d.contains(QLatin1String("\\ No newline at end of file")));
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(patch, {QStringLiteral("-p1")});
        p.write(d.toUtf8());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished());
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(readText(f.fileName()), b);
    }
};

QTEST_GUILESS_MAIN(TestPortEngine)
#include "tst_portengine.moc"
