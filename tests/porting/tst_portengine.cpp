// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porttesthelpers.h"

#include "core/engines/porting/portengine.h"
#include "core/engines/porting/pythontokenizer.h"
#include "core/engines/porting/portreport.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/portwriter.h"
#include "core/engines/porting/textdiff.h"

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
        for (const char *name :
             {"hf_ddp_demo_main_hf", "hf_trainer_finetune", "megatron_pretrain_gpt", "flash_bnb_apex_train"}) {
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
            QVERIFY2(f.severity != Port::Severity::AutoFix,
                     qPrintable(f.ruleId + QLatin1Char(':') + QString::number(f.line)));

        // Back to CUDA restores the original, apart from two one-way rewrites: the deprecated
        // torch.cuda.amp.autocast(...) returns as torch.amp.autocast("cuda", ...), and muDNN's one
        // TF32 switch cannot tell whether it was the matmul or the cuDNN flag (left to a human).
        const Port::FileResult back = engine(target, true).portText(file, r.ported);
        QString expectedBack = original;
        expectedBack.replace(QLatin1String("torch.cuda.amp.autocast("), QLatin1String("torch.amp.autocast(\"cuda\", "));
        if (target == QLatin1String("musa"))
            expectedBack.replace(QLatin1String("torch.backends.cuda.matmul.allow_tf32"),
                                 QLatin1String("torch.backends.mudnn.allow_tf32"));
        QCOMPARE(back.ported, expectedBack);
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
        musified.replace(QLatin1String("cuda"), QLatin1String("musa"))
            .replace(QLatin1String("nccl"), QLatin1String("mccl"));
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
        QCOMPARE(r.ported,
                 QString(source)
                     .replace(QLatin1String("torch.cuda."), QLatin1String("torch.npu."))
                     .replace(QLatin1String("import torch\n"), QLatin1String("import torch\nimport torch_npu\n")));
    }

    void rewrites_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("rule");
        QTest::newRow("f-string device") << QStringLiteral("npu") << QStringLiteral("d = f'cuda:{rank}'\n")
                                         << QStringLiteral("import torch_npu\nd = f'npu:{rank}'\n")
                                         << QStringLiteral("npu.device-string");
        QTest::newRow("code in f-string field")
            << QStringLiteral("npu") << QStringLiteral("s = f\"{torch.cuda.device_count()} gpus\"\n")
            << QStringLiteral("import torch_npu\ns = f\"{torch.npu.device_count()} gpus\"\n")
            << QStringLiteral("npu.torch-cuda-api");
        QTest::newRow("device index string")
            << QStringLiteral("musa") << QStringLiteral("x.to('cuda:1')\n")
            << QStringLiteral("import torch_musa\nx.to('musa:1')\n") << QStringLiteral("musa.device-string");
        QTest::newRow("not a device string") << QStringLiteral("npu") << QStringLiteral("print('cuda is fast')\n")
                                             << QStringLiteral("print('cuda is fast')\n") << QStringLiteral("");
        QTest::newRow("backend keyword") << QStringLiteral("npu")
                                         << QStringLiteral("dist.init_process_group(backend=\"nccl\")\n")
                                         << QStringLiteral(
                                                "import torch_npu\ndist.init_process_group(backend=\"hccl\")\n")
                                         << QStringLiteral("npu.collective-backend");
        QTest::newRow("comparison is manual, unchanged")
            << QStringLiteral("npu") << QStringLiteral("if device_type == \"cuda\":\n    pass\n")
            << QStringLiteral("if device_type == \"cuda\":\n    pass\n") << QStringLiteral("npu.device-compare");
        QTest::newRow("membership comparison")
            << QStringLiteral("musa") << QStringLiteral("ok = backend in (\"nccl\", \"gloo\")\n")
            << QStringLiteral("ok = backend in (\"nccl\", \"gloo\")\n") << QStringLiteral("musa.device-compare");
        QTest::newRow("from import members")
            << QStringLiteral("npu") << QStringLiteral("from torch.cuda.amp import GradScaler\n")
            << QStringLiteral("import torch_npu\nfrom torch.npu.amp import GradScaler\n")
            << QStringLiteral("npu.torch-cuda-api");
        QTest::newRow("from torch.cuda import name")
            << QStringLiteral("npu") << QStringLiteral("from torch.cuda import amp\n")
            << QStringLiteral("import torch_npu\nfrom torch.npu import amp\n") << QStringLiteral("npu.torch-cuda-api");
        QTest::newRow("unknown torch.cuda api")
            << QStringLiteral("npu") << QStringLiteral("torch.cuda.nvtx.range_push('x')\n")
            << QStringLiteral("torch.cuda.nvtx.range_push('x')\n") << QStringLiteral("npu.torch-cuda-unknown");
        QTest::newRow("graph") << QStringLiteral("npu") << QStringLiteral("g = torch.cuda.CUDAGraph()\n")
                               << QStringLiteral("import torch_npu\ng = torch.npu.NPUGraph()\n")
                               << QStringLiteral("npu.cuda-graph");
        QTest::newRow("cpp extension") << QStringLiteral("musa")
                                       << QStringLiteral("from torch.utils.cpp_extension import BuildExtension\n")
                                       << QStringLiteral("from torch_musa.utils.musa_extension import BuildExtension\n")
                                       << QStringLiteral("musa.cpp-extension");
        QTest::newRow("to int") << QStringLiteral("npu") << QStringLiteral("y = x.to(0)\n")
                                << QStringLiteral("y = x.to(0)\n") << QStringLiteral("npu.to-device-index");
        QTest::newRow("attribute named cuda is not a call")
            << QStringLiteral("npu") << QStringLiteral("f = model.cuda\n") << QStringLiteral("f = model.cuda\n")
            << QStringLiteral("");
        QTest::newRow("visible devices") << QStringLiteral("musa")
                                         << QStringLiteral("os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n")
                                         << QStringLiteral("os.environ['MUSA_VISIBLE_DEVICES'] = '0'\n")
                                         << QStringLiteral("musa.visible-devices");
        QTest::newRow("comment untouched")
            << QStringLiteral("npu") << QStringLiteral("# torch.cuda.synchronize() on \"cuda\"\n")
            << QStringLiteral("# torch.cuda.synchronize() on \"cuda\"\n") << QStringLiteral("");
        QTest::newRow("bytes untouched") << QStringLiteral("npu") << QStringLiteral("m = b'cuda'\n")
                                         << QStringLiteral("m = b'cuda'\n") << QStringLiteral("");
        QTest::newRow("reverse drops import")
            << QStringLiteral("npu-reverse")
            << QStringLiteral("import torch\nimport torch_npu\nx = torch.npu.current_device()\n")
            << QStringLiteral("import torch\nx = torch.cuda.current_device()\n") << QStringLiteral("cuda.drop-import");
        QTest::newRow("reverse keeps an indented block valid")
            << QStringLiteral("npu-reverse")
            << QStringLiteral("try:\n    import torch_npu\nexcept ImportError:\n    pass\n")
            << QStringLiteral("try:\n    pass\nexcept ImportError:\n    pass\n") << QStringLiteral("cuda.drop-import");
        QTest::newRow("reverse flags npu-only api")
            << QStringLiteral("npu-reverse") << QStringLiteral("o = torch_npu.npu_fusion_attention(q, k, v, 8)\n")
            << QStringLiteral("o = torch_npu.npu_fusion_attention(q, k, v, 8)\n")
            << QStringLiteral("cuda.torch_npu-api");
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

    void extensionImport_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::newRow("library module without main guard")
            << QStringLiteral("npu") << QStringLiteral("import torch\n\ndef f():\n    torch.cuda.synchronize()\n")
            << QStringLiteral("import torch\nimport torch_npu\n\ndef f():\n    torch.npu.synchronize()\n");
        QTest::newRow("import torch as t")
            << QStringLiteral("npu") << QStringLiteral("import torch as t\nn = t.cuda.device_count()\n")
            << QStringLiteral("import torch as t\nimport torch_npu\nn = t.npu.device_count()\n");
        QTest::newRow("from torch import")
            << QStringLiteral("musa") << QStringLiteral("from torch import nn\nm = nn.Linear(2, 2).cuda()\n")
            << QStringLiteral("from torch import nn\nimport torch_musa\nm = nn.Linear(2, 2).musa()\n");
        QTest::newRow("import torch.nn as nn first")
            << QStringLiteral("npu")
            << QStringLiteral("import os\nimport torch.nn as nn\nimport torch\nm = nn.Linear(1, 1).to(\"cuda\")\n")
            << QStringLiteral("import os\nimport torch.nn as nn\nimport torch_npu\nimport torch\nm = nn.Linear(1, "
                              "1).to(\"npu\")\n");
        QTest::newRow("docstring and __future__ stay first")
            << QStringLiteral("musa")
            << QStringLiteral("\"\"\"Helpers.\"\"\"\nfrom __future__ import annotations\nimport os\n\ndef move(x):\n   "
                              " return x.cuda()\n")
            << QStringLiteral("\"\"\"Helpers.\"\"\"\nfrom __future__ import annotations\nimport torch_musa\nimport "
                              "os\n\ndef move(x):\n    return x.musa()\n");
        QTest::newRow("shebang and coding comments stay first")
            << QStringLiteral("npu")
            << QStringLiteral("#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\ny = x.cuda()\n")
            << QStringLiteral("#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\nimport torch_npu\ny = x.npu()\n");
        QTest::newRow("notebook converted to a script")
            << QStringLiteral("npu")
            << QStringLiteral("#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nimport torch\n\n\n# "
                              "In[2]:\n\n\nx = torch.ones(2).to('cuda')\n")
            << QStringLiteral("#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nimport torch\nimport "
                              "torch_npu\n\n\n# In[2]:\n\n\nx = torch.ones(2).to('npu')\n");
        QTest::newRow("entry point that does not use the extension")
            << QStringLiteral("npu")
            << QStringLiteral("import torch\nm = torch.nn.Linear(2, 2)\nif __name__ == \"__main__\":\n    print(m)\n")
            << QStringLiteral("import torch\nm = torch.nn.Linear(2, 2)\nif __name__ == \"__main__\":\n    print(m)\n");
        QTest::newRow("visible devices alone need no import")
            << QStringLiteral("npu")
            << QStringLiteral("import os\nos.environ.setdefault('CUDA_VISIBLE_DEVICES', '0')\n")
            << QStringLiteral("import os\nos.environ.setdefault('ASCEND_RT_VISIBLE_DEVICES', '0')\n");
        QTest::newRow("already imported in a try block")
            << QStringLiteral("npu")
            << QStringLiteral("import torch\ntry:\n    import torch_npu\nexcept ImportError:\n    pass\nn = "
                              "torch.cuda.device_count()\n")
            << QStringLiteral("import torch\ntry:\n    import torch_npu\nexcept ImportError:\n    pass\nn = "
                              "torch.npu.device_count()\n");
        QTest::newRow("backend name alone")
            << QStringLiteral("musa")
            << QStringLiteral("import torch.distributed as dist\ndist.init_process_group(\"nccl\")\n")
            << QStringLiteral(
                   "import torch.distributed as dist\nimport torch_musa\ndist.init_process_group(\"mccl\")\n");
        QTest::newRow("muDNN flag alone")
            << QStringLiteral("musa") << QStringLiteral("import torch\ntorch.backends.cudnn.allow_tf32 = True\n")
            << QStringLiteral("import torch\nimport torch_musa\ntorch.backends.mudnn.allow_tf32 = True\n");
    }

    /// The device extension is imported in every module whose ported code uses it, right after
    /// the first torch import, once; never where it is not used.
    void extensionImport()
    {
        QFETCH(QString, target);
        QFETCH(QString, source);
        QFETCH(QString, expected);
        const PortEngine e = engine(target);
        const Port::FileResult r = e.portText(QStringLiteral("m.py"), source);
        QCOMPARE(r.ported, expected);
        const Port::FileResult again = e.portText(QStringLiteral("m.py"), r.ported);
        QCOMPARE(again.ported, r.ported);
        for (const Port::Finding &f : again.findings)
            QVERIFY2(f.severity != Port::Severity::AutoFix, qPrintable(f.ruleId));
    }

    void transferImportOnlyInEntryPoints()
    {
        Port::Options options;
        options.automaticMigration = true;
        const PortEngine e = engine(QStringLiteral("npu"), false, options);
        const QString module = QStringLiteral("import torch\n\ndef f():\n    torch.cuda.synchronize()\n");
        QCOMPARE(e.portText(QStringLiteral("m.py"), module).ported,
                 QStringLiteral("import torch\nimport torch_npu\n\ndef f():\n    torch.npu.synchronize()\n"));
        const QString main
            = QStringLiteral("\"\"\"doc\"\"\"\nfrom __future__ import annotations\nimport os\nimport torch\r\n"
                             "if __name__ == \"__main__\":\n    pass\n");
        const QString ported = e.portText(QStringLiteral("main.py"), main).ported;
        QCOMPARE(ported,
                 QString(main).replace(QLatin1String("import torch\r\n"),
                                       QLatin1String("import torch\r\nimport torch_npu\r\n"
                                                     "from torch_npu.contrib import transfer_to_npu\r\n")));
        QCOMPARE(e.portText(QStringLiteral("main.py"), ported).ported, ported);
        const QString noTorch = QStringLiteral("import os\n\nif __name__ == \"__main__\":\n    print(os.name)\n");
        QCOMPARE(e.portText(QStringLiteral("tool.py"), noTorch).ported, noTorch);
    }

    void dataFlow_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("rule");
        QTest::newRow("nanoGPT device and device_type")
            << QStringLiteral("npu")
            << QStringLiteral("import torch\ndevice = 'cuda'\ndevice_type = 'cuda' if 'cuda' in device else "
                              "'cpu'\nuse_amp = device_type == 'cuda'\n")
            << QStringLiteral("import torch\nimport torch_npu\ndevice = 'npu'\ndevice_type = 'npu' if 'npu' in device "
                              "else 'cpu'\nuse_amp = device_type == 'npu'\n")
            << QStringLiteral("npu.device-string");
        QTest::newRow("device.type of a torch.device")
            << QStringLiteral("musa")
            << QStringLiteral(
                   "import torch\ndevice = torch.device(\"cuda\", 0)\nif device.type == \"cuda\":\n    pass\n")
            << QStringLiteral("import torch\nimport torch_musa\ndevice = torch.device(\"musa\", 0)\nif device.type == "
                              "\"musa\":\n    pass\n")
            << QStringLiteral("musa.device-string");
        QTest::newRow("startswith and f-string")
            << QStringLiteral("npu")
            << QStringLiteral(
                   "import torch\ndevice = 'cuda'\nif device.startswith('cuda'):\n    device = f'cuda:{rank}'\n")
            << QStringLiteral("import torch\nimport torch_npu\ndevice = 'npu'\nif device.startswith('npu'):\n    "
                              "device = f'npu:{rank}'\n")
            << QStringLiteral("npu.device-string");
        QTest::newRow("dictionary keyed by a traced variable")
            << QStringLiteral("npu")
            << QStringLiteral(
                   "device_type = 'cuda' if ok else 'cpu'\npin = {'cuda': True, 'cpu': False}[device_type]\n")
            << QStringLiteral("import torch_npu\ndevice_type = 'npu' if ok else 'cpu'\npin = {'npu': True, 'cpu': "
                              "False}[device_type]\n")
            << QStringLiteral("npu.device-string");
        QTest::newRow("attribute of self, alias, not-equal")
            << QStringLiteral("npu")
            << QStringLiteral("import torch as th\nclass T:\n    def __init__(self):\n        self.device = "
                              "th.device('cuda' if th.cuda.is_available() else 'cpu')\n"
                              "    def f(self):\n        return self.device.type != 'cuda'\n")
            << QStringLiteral("import torch as th\nimport torch_npu\nclass T:\n    def __init__(self):\n        "
                              "self.device = th.device('npu' if th.npu.is_available() else 'cpu')\n"
                              "    def f(self):\n        return self.device.type != 'npu'\n")
            << QStringLiteral("npu.device-string");
        QTest::newRow("backend variable")
            << QStringLiteral("musa") << QStringLiteral("backend = 'nccl'\nif backend == 'nccl':\n    pass\n")
            << QStringLiteral("import torch_musa\nbackend = 'mccl'\nif backend == 'mccl':\n    pass\n")
            << QStringLiteral("musa.collective-backend");
        QTest::newRow("untraceable value: both sides unchanged")
            << QStringLiteral("npu")
            << QStringLiteral("import os\ndevice = 'cuda'\nif os.environ.get('CPU'):\n    device = "
                              "os.environ['DEVICE']\nuse_amp = device == 'cuda'\n")
            << QStringLiteral("import os\ndevice = 'cuda'\nif os.environ.get('CPU'):\n    device = "
                              "os.environ['DEVICE']\nuse_amp = device == 'cuda'\n")
            << QStringLiteral("npu.device-flow");
        QTest::newRow("loop variable after a comma: both sides unchanged")
            << QStringLiteral("npu")
            << QStringLiteral("for i, device in enumerate(devices):\n    if device == 'cuda':\n        pass\n")
            << QStringLiteral("for i, device in enumerate(devices):\n    if device == 'cuda':\n        pass\n")
            << QStringLiteral("npu.device-flow");
        QTest::newRow("parameter default: both sides unchanged")
            << QStringLiteral("npu") << QStringLiteral("def f(x, device='cuda'):\n    return 'cuda' in device\n")
            << QStringLiteral("def f(x, device='cuda'):\n    return 'cuda' in device\n")
            << QStringLiteral("npu.device-flow");
        QTest::newRow("untraceable through a condition")
            << QStringLiteral("npu")
            << QStringLiteral("device = get_device()\ndevice_type = 'cuda' if 'cuda' in device else 'cpu'\nuse_amp = "
                              "device_type == 'cuda'\n")
            << QStringLiteral("device = get_device()\ndevice_type = 'cuda' if 'cuda' in device else 'cpu'\nuse_amp = "
                              "device_type == 'cuda'\n")
            << QStringLiteral("npu.device-flow");
        QTest::newRow("command-line option compared: default and comparison unchanged")
            << QStringLiteral("npu")
            << QStringLiteral("parser.add_argument('--device', default='cuda', choices=['cuda', 'cpu'])\nargs = "
                              "parser.parse_args()\n"
                              "if args.device == 'cuda':\n    pass\n")
            << QStringLiteral("parser.add_argument('--device', default='cuda', choices=['cuda', 'cpu'])\nargs = "
                              "parser.parse_args()\n"
                              "if args.device == 'cuda':\n    pass\n")
            << QStringLiteral("npu.device-flow");
        QTest::newRow("command-line option never compared: its default is ported")
            << QStringLiteral("npu")
            << QStringLiteral("parser.add_argument('--device', default='cuda')\nx.to(args.device)\n")
            << QStringLiteral("import torch_npu\nparser.add_argument('--device', default='npu')\nx.to(args.device)\n")
            << QStringLiteral("npu.device-string");
        QTest::newRow("dictionary keyed by an untraceable variable")
            << QStringLiteral("npu") << QStringLiteral("pin = {'cuda': True, 'cpu': False}[args.device]\n")
            << QStringLiteral("pin = {'cuda': True, 'cpu': False}[args.device]\n") << QStringLiteral("npu.device-flow");
        QTest::newRow("torch.cuda.amp.autocast takes the device type")
            << QStringLiteral("npu")
            << QStringLiteral("import torch\nwith torch.cuda.amp.autocast(dtype=torch.bfloat16):\n    pass\n")
            << QStringLiteral("import torch\nimport torch_npu\nwith torch.amp.autocast(\"npu\", "
                              "dtype=torch.bfloat16):\n    pass\n")
            << QStringLiteral("npu.amp-autocast");
        QTest::newRow("autocast without arguments")
            << QStringLiteral("musa") << QStringLiteral("import torch\nwith torch.cuda.amp.autocast():\n    pass\n")
            << QStringLiteral("import torch\nimport torch_musa\nwith torch.amp.autocast(\"musa\"):\n    pass\n")
            << QStringLiteral("musa.amp-autocast");
        QTest::newRow("Ascend HF32 flags")
            << QStringLiteral("npu")
            << QStringLiteral("import torch\ntorch.backends.cuda.matmul.allow_tf32 = "
                              "True\ntorch.backends.cudnn.allow_tf32 = True\n")
            << QStringLiteral("import torch\nimport torch_npu\ntorch.npu.matmul.allow_hf32 = "
                              "True\ntorch.npu.conv.allow_hf32 = True\n")
            << QStringLiteral("npu.matmul-tf32");
        QTest::newRow("MUSA is_available")
            << QStringLiteral("musa") << QStringLiteral("import torch\nok = torch.cuda.is_available()\n")
            << QStringLiteral("import torch\nimport torch_musa\nok = torch.musa.is_available()\n")
            << QStringLiteral("musa.torch-cuda-api");
        QTest::newRow("cudnn benchmark is manual")
            << QStringLiteral("musa") << QStringLiteral("import torch\ntorch.backends.cudnn.benchmark = True\n")
            << QStringLiteral("import torch\ntorch.backends.cudnn.benchmark = True\n")
            << QStringLiteral("musa.backends-cudnn");
    }

    /// A device or backend literal and every test of the variable it feeds are ported together,
    /// or, when the variable's values cannot all be traced, neither is (reported with the lines).
    void dataFlow()
    {
        QFETCH(QString, target);
        QFETCH(QString, source);
        QFETCH(QString, expected);
        QFETCH(QString, rule);
        const Port::FileResult r = engine(target).portText(QStringLiteral("a.py"), source);
        QCOMPARE(r.ported, expected);
        QStringList rules;
        for (const Port::Finding &f : r.findings)
            rules << f.ruleId;
        QVERIFY2(rules.contains(rule), qPrintable(rules.join(QLatin1Char(','))));
        QCOMPARE(engine(target).portText(QStringLiteral("a.py"), r.ported).ported, r.ported);
    }

    void forWithoutInIsReadOnce()
    {
        // 16 KB of `for for for …`: each `for` took every token up to an `in` that never came as a
        // loop variable, 4096² bindings (2.3 s and 1 GB). Its targets now end at the next `for`;
        // the statement still binds nothing and the code after it is ported as ever.
        QString source;
        for (int i = 0; i < 4096; ++i)
            source += QStringLiteral("for ");
        const QString rest = QStringLiteral("\ndevice = 'cuda'\nuse_amp = device == 'cuda'\n");
        const Port::FileResult r = engine(QStringLiteral("npu")).portText(QStringLiteral("a.py"), source + rest);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.ported,
                 QStringLiteral("import torch_npu\n") + source
                     + QStringLiteral("\ndevice = 'npu'\nuse_amp = device == 'npu'\n"));
    }

    void untraceableValueReportsTheLinesTogether()
    {
        const QString source = QStringLiteral(
            "import os\ndevice = 'cuda'\nif os.environ.get('CPU'):\n    device = os.environ['DEVICE']\n"
            "use_amp = device == 'cuda'\n");
        const Port::FileResult r = engine(QStringLiteral("npu")).portText(QStringLiteral("a.py"), source);
        QList<int> lines;
        for (const Port::Finding &f : r.findings) {
            if (f.ruleId != QLatin1String("npu.device-flow"))
                continue;
            lines << f.line;
            QVERIFY2(f.message.contains(QLatin1String("lines 2, 5")), qPrintable(f.message));
            QVERIFY2(f.message.contains(QLatin1String("line 4: `device` = os.environ [ 'DEVICE' ]")),
                     qPrintable(f.message));
            QCOMPARE(f.severity, Port::Severity::Manual);
        }
        QCOMPARE(lines, (QList<int>{2, 5}));
    }

    void tokenizerErrorLeavesFileUnchanged()
    {
        const QString broken = QStringLiteral("import torch\nx = 'cuda\n");
        const Port::FileResult r = engine(QStringLiteral("npu")).portText(QStringLiteral("bad.py"), broken);
        QVERIFY(r.error.startsWith(QStringLiteral("bad.py:2: unterminated string")));
        QCOMPARE(r.ported, broken);
    }

    void notRegularSingleInputIsRefused()
    {
        // The GUI's path, without the CLI's own check: /dev/null scanned as an empty single-file
        // port, and writing that port read the first of no files.
        const Port::Result result = PortScanner(engine(QStringLiteral("npu"))).scan(QStringLiteral("/dev/null"));
        QVERIFY(result.files.isEmpty());
        QCOMPARE(result.errors.size(), 1);
        QCOMPARE(result.errors.constFirst().message, QStringLiteral("/dev/null: is a device, not a regular file"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(QStringLiteral("null_npu.py"));
        const PortWriter::Outcome o = PortWriter::writeTree(result, out, false);
        QVERIFY(!o);
        QVERIFY2(o.error.contains(QLatin1String("nothing to write")), qPrintable(o.error));
        QVERIFY(!QFileInfo::exists(out));
    }

    void badRulesNameTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("syntax") << QByteArray("{\n \"rulesets\": [\n,]}") << QStringLiteral("rules.json:3:");
        QTest::newRow("no ruleset") << QByteArray("{\"rulesets\": []}")
                                    << QStringLiteral("no ruleset for porting cuda to npu");
        QTest::newRow("bad kind") << QByteArray("{\"rulesets\":[{\"source\":\"cuda\",\"target\":\"npu\",\"rules\":[{"
                                                "\"id\":\"x\",\"kind\":\"magic\",\"severity\":\"manual\"}]}]}")
                                  << QStringLiteral("rulesets[0].rules[0] (x): field 'kind'");
        QTest::newRow("bad regex") << QByteArray(
            "{\"rulesets\":[{\"source\":\"cuda\",\"target\":\"npu\",\"rules\":[{\"id\":\"r\",\"kind\":\"string\","
            "\"severity\":\"manual\",\"pattern\":\"(\"}]}]}")
                                   << QStringLiteral("rules[0] (r): field 'pattern'");
        QTest::newRow("auto without replace")
            << QByteArray("{\"rulesets\":[{\"source\":\"cuda\",\"target\":\"npu\",\"rules\":[{\"id\":\"a\",\"kind\":"
                          "\"dotted\",\"match\":\"torch.cuda\",\"severity\":\"auto-fix\"}]}]}")
            << QStringLiteral("needs field 'replace'");
    }

    void badRulesNameTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const PortRuleSet set
            = PortRuleSet::fromJson(json, QStringLiteral("cuda"), QStringLiteral("npu"), QStringLiteral("rules.json"));
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
