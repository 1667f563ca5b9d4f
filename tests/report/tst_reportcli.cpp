// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QJsonObject>
#include <QJsonDocument>
#include <QTest>
#include <QXmlStreamReader>

namespace {

const QString megatron = QStringLiteral(PORTBENCH_TEST_DATA "/report/megatron_training_log_2024_throughput_moe.txt");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A copy of the real log with every `lm loss` multiplied by factor, printed as Megatron does.
QString perturbedCopy(const QString &dir, double factor)
{
    static const QRegularExpression lmLoss(QStringLiteral("(\\| lm loss: )([-+0-9.Ee]+)( \\|)"));
    QString text = QString::fromUtf8(readAll(megatron));
    QString out;
    qsizetype last = 0;
    auto it = lmLoss.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(last, m.capturedStart(2) - last) + QString::asprintf("%E", m.captured(2).toDouble() * factor);
        last = m.capturedEnd(2);
    }
    out += text.mid(last);
    const QString path = QDir(dir).filePath(QStringLiteral("npu_candidate.txt"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(out.toUtf8());
    return path;
}

/// Environment for the CLI as on a headless server: no display, no platform chosen.
QProcessEnvironment headless()
{
    QProcessEnvironment env = isolatedEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    return env;
}

QString run(const QStringList &args, QProcess::ProcessChannel, int *exitCode, QByteArray *out)
{
    QProcess p;
    p.start(args.first(), args.mid(1));
    if (!p.waitForFinished(60000))
        return QStringLiteral("%1 did not finish").arg(args.first());
    *exitCode = p.exitCode();
    *out = p.readAllStandardOutput();
    return QString();
}

} // namespace

class TestReportCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_candidate;

    QStringList reportArgs(const QString &output, const QStringList &extra = {}) const
    {
        return QStringList{QStringLiteral("report"),
                           QStringLiteral("--run"),
                           megatron,
                           QStringLiteral("--run"),
                           m_candidate,
                           QStringLiteral("-o"),
                           output}
        + extra;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_candidate = perturbedCopy(m_dir.path(), 1.05);
        QVERIFY(!m_candidate.isEmpty());
    }

    void html_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QStringList>("sections");
        QTest::newRow("all") << QStringList()
                             << QStringList{QStringLiteral("summary"), QStringLiteral("runs"), QStringLiteral("charts"),
                                            QStringLiteral("parity")};
        QTest::newRow("chosen") << QStringList{QStringLiteral("--sections"), QStringLiteral("summary,parity")}
                                << QStringList{QStringLiteral("summary"), QStringLiteral("parity")};
    }

    void html()
    {
        QFETCH(QStringList, extra);
        QFETCH(QStringList, sections);
        const QString out
            = m_dir.filePath(QStringLiteral("report-%1.html").arg(QLatin1String(QTest::currentDataTag())));
        const CliResult r = runCli(reportArgs(out, extra), headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1); // written, and the verdict is FAIL (5 % against the 2 % tolerance)
        QVERIFY(r.out.contains("verdict: FAIL"));
        const QString html = QString::fromUtf8(readAll(out));
        QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));

        QXmlStreamReader xml(html);
        QStringList ids;
        int svgs = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            const QString name = xml.name().toString();
            QVERIFY2(name != QLatin1String("script") && name != QLatin1String("link") && name != QLatin1String("img")
                         && name != QLatin1String("iframe") && name != QLatin1String("object"),
                     qPrintable(name));
            if (name == QLatin1String("section"))
                ids << xml.attributes().value(QLatin1String("id")).toString();
            if (name == QLatin1String("svg"))
                ++svgs;
            for (const QXmlStreamAttribute &a : xml.attributes()) {
                const QString attr = a.qualifiedName().toString();
                const QString value = a.value().toString();
                QVERIFY2(attr != QLatin1String("src"), qPrintable(value));
                if (attr.endsWith(QLatin1String("href")))
                    QVERIFY2(value.startsWith(QLatin1Char('#')) || value.startsWith(QLatin1String("data:")),
                             qPrintable(value));
                QVERIFY2(!value.contains(QLatin1String("url(")) || value.contains(QLatin1String("url(#")),
                         qPrintable(value));
            }
        }
        QVERIFY2(!xml.hasError(),
                 qPrintable(QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString())));
        QCOMPARE(ids, sections);
        // Namespace URIs are names, not fetches; nothing else may point outside the file.
        QString stripped = html;
        stripped.remove(QRegularExpression(QStringLiteral("xmlns(:\\w+)?=\"[^\"]*\"")));
        QVERIFY(!stripped.contains(QLatin1String("http:")));
        QVERIFY(!stripped.contains(QLatin1String("https:")));
        QVERIFY(!stripped.contains(QLatin1String("file:")));
        QVERIFY(!stripped.contains(QLatin1String("@import")));
        QVERIFY(html.contains(QLatin1String("@media print")));
        if (sections.contains(QLatin1String("charts")))
            QVERIFY(svgs >= 4); // loss, tokens/s, lr, grad norm (+ overlay and difference)
        QVERIFY(html.contains(QLatin1String("Overall verdict: FAIL")));
    }

    void pdf()
    {
        const QString out = m_dir.filePath(QStringLiteral("report.pdf"));
        const CliResult r = runCli(reportArgs(out), headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1);
        QVERIFY(readAll(out).startsWith("%PDF-"));
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext not found (Debian package poppler-utils)");
        int code = -1;
        QByteArray text;
        QString e = run({QStringLiteral("pdftotext"), QStringLiteral("-layout"), out, QStringLiteral("-")},
                        QProcess::StandardOutput, &code, &text);
        QVERIFY2(e.isEmpty(), qPrintable(e));
        QCOMPARE(code, 0);
        const QString t = QString::fromUtf8(text);
        QVERIFY(t.contains(QLatin1String("Overall verdict: FAIL")));
        QVERIFY(t.contains(QLatin1String("Contents")));
        QVERIFY(t.contains(QLatin1String("Mean rel. error")));
        QVERIFY(t.contains(QLatin1String("5 %"))); // the mean relative error of a 5 % perturbation
        QVERIFY(t.contains(QLatin1String("npu_candidate.txt")));
        const QRegularExpressionMatch pages = QRegularExpression(QStringLiteral("Page 1 of (\\d+)")).match(t);
        QVERIFY(pages.hasMatch());
        const int pageCount = pages.captured(1).toInt();
        QVERIFY(pageCount >= 2);
        QVERIFY(t.contains(QStringLiteral("Page %1 of %1").arg(pageCount)));

        if (QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty())
            QSKIP("pdftoppm not found (Debian package poppler-utils)");
        const QString prefix = m_dir.filePath(QStringLiteral("page"));
        e = run({QStringLiteral("pdftoppm"), QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("50"), out,
                 prefix},
                QProcess::StandardOutput, &code, &text);
        QVERIFY2(e.isEmpty(), qPrintable(e));
        QCOMPARE(code, 0);
        const QStringList images = QDir(m_dir.path()).entryList({QStringLiteral("page-*.png")});
        QCOMPARE(images.size(), pageCount);
        for (const QString &name : images) {
            const QImage page(m_dir.filePath(name));
            QVERIFY(!page.isNull());
            int dark = 0;
            for (int y = 0; y < page.height(); y += 2)
                for (int x = 0; x < page.width(); x += 2)
                    dark += qGray(page.pixel(x, y)) < 128;
            QVERIFY2(dark > 50, qPrintable(name)); // something is drawn on every page
        }
    }

    // A Chinese report (issue 22): the PDF embeds a CJK font, its text maps back to the Chinese
    // headings (so the glyphs are the right characters, not tofu), and the title is drawn. The
    // command's own output stays English for scripts.
    void chinesePdf()
    {
        const QString out = m_dir.filePath(QStringLiteral("report-zh.pdf"));
        const CliResult r = runCli(reportArgs(out,
                                              {QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                                               QStringLiteral("--title"), QStringLiteral("精度对齐报告")}),
                                   headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("verdict: FAIL") && r.out.contains("wrote "), r.out.constData());
        QVERIFY(readAll(out).startsWith("%PDF-"));
        for (const char *tool : {"pdffonts", "pdftotext", "pdftoppm"}) {
            if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
                QSKIP(
                    qPrintable(QStringLiteral("%1 not found (Debian package poppler-utils)").arg(QLatin1String(tool))));
        }
        int code = -1;
        QByteArray fonts;
        QString e = run({QStringLiteral("pdffonts"), out}, QProcess::StandardOutput, &code, &fonts);
        QVERIFY2(e.isEmpty(), qPrintable(e));
        QCOMPARE(code, 0);
        // name type encoding emb sub uni object ID: the CJK face is embedded (emb = yes).
        bool cjkEmbedded = false;
        for (const QByteArray &line : fonts.split('\n')) {
            const QList<QByteArray> cells = line.simplified().split(' ');
            cjkEmbedded
                = cjkEmbedded || (line.contains("CJK") && cells.size() >= 7 && cells.at(cells.size() - 5) == "yes");
        }
        QVERIFY2(cjkEmbedded, fonts.constData());
        // The charts' Han text too is in the Simplified Chinese face, not fontconfig's first CJK
        // font (the Japanese one on a C locale, with other glyph shapes).
        QVERIFY2(!fonts.contains("CJKjp") && !fonts.contains("CJKtc") && !fonts.contains("CJKkr"), fonts.constData());

        QByteArray text;
        e = run({QStringLiteral("pdftotext"), QStringLiteral("-layout"), out, QStringLiteral("-")},
                QProcess::StandardOutput, &code, &text);
        QVERIFY2(e.isEmpty(), qPrintable(e));
        QCOMPARE(code, 0);
        const QString t = QString::fromUtf8(text);
        for (const QString &heading : {QStringLiteral("精度对齐报告"), QStringLiteral("目录"), QStringLiteral("摘要"),
                                       QStringLiteral("损失精度对齐"), QStringLiteral("总体结论"),
                                       QStringLiteral("不通过 (FAIL)"), QStringLiteral("关键数据")})
            QVERIFY2(t.contains(heading), qPrintable(heading));
        QVERIFY(t.contains(QLatin1String("5 %"))); // numbers are written as in English (a tolerance as a percentage)
        QVERIFY(QRegularExpression(QStringLiteral("第 1 页，共 \\d+ 页")).match(t).hasMatch());

        const QString prefix = m_dir.filePath(QStringLiteral("zh"));
        e = run({QStringLiteral("pdftoppm"), QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("60"),
                 QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"), QStringLiteral("1"), out, prefix},
                QProcess::StandardOutput, &code, &text);
        QVERIFY2(e.isEmpty(), qPrintable(e));
        QCOMPARE(code, 0);
        const QStringList images = QDir(m_dir.path()).entryList({QStringLiteral("zh-*1.png")});
        QCOMPARE(images.size(), 1);
        const QImage page(m_dir.filePath(images.first()));
        QVERIFY(!page.isNull());
        // The title line (the Chinese title, 20 pt) sits in the top tenth of the page, inside the
        // 15 mm margin: it must leave ink there.
        int dark = 0;
        for (int y = 0; y < page.height() / 10; ++y)
            for (int x = 0; x < page.width(); ++x)
                dark += qGray(page.pixel(x, y)) < 128;
        QVERIFY2(dark > 100, qPrintable(QString::number(dark)));
    }

    void chineseHtml()
    {
        const QString out = m_dir.filePath(QStringLiteral("report-zh.html"));
        const CliResult r = runCli(reportArgs(out, {QStringLiteral("--lang"), QStringLiteral("zh_CN")}), headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1);
        const QString html = QString::fromUtf8(readAll(out));
        QVERIFY(html.contains(QLatin1String("<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"zh-CN\"")));
        QVERIFY(html.contains(QLatin1String("\"Noto Sans CJK SC\"")));
        for (const QString &heading :
             {QStringLiteral("<h2>目录</h2>"), QStringLiteral("<h2>摘要</h2>"), QStringLiteral("<h2>运行</h2>"),
              QStringLiteral("<h2>损失精度对齐</h2>"), QStringLiteral("总体结论：不通过 (FAIL)")})
            QVERIFY2(html.contains(heading), qPrintable(heading));
        QVERIFY(!html.contains(QLatin1String("Overall verdict")));
        // The same report in English is English, whatever the locale of the process.
        QProcessEnvironment env = headless();
        env.insert(QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8"));
        const QString english = m_dir.filePath(QStringLiteral("report-en.html"));
        QCOMPARE(runCli(reportArgs(english), env).exitCode, 1);
        const QString en = QString::fromUtf8(readAll(english));
        QVERIFY(en.contains(QLatin1String("lang=\"en\"")));
        QVERIFY(en.contains(QLatin1String("Overall verdict: FAIL")));
        QVERIFY(!en.contains(QStringLiteral("摘要")));
    }

    void markdown()
    {
        const QString out = m_dir.filePath(QStringLiteral("issue.md"));
        const CliResult r = runCli(reportArgs(out), headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1);
        const QString md = QString::fromUtf8(readAll(out));
        QVERIFY(md.contains(QLatin1String("| Statistic | npu\\_candidate |")));
        QVERIFY(md.contains(QStringLiteral("❌ **FAIL**")));
        const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\(([^)]+\\.png)\\)"));
        int images = 0;
        for (auto it = image.globalMatch(md); it.hasNext(); ++images) {
            const QString file = m_dir.filePath(it.next().captured(1));
            QVERIFY2(readAll(file).startsWith("\x89PNG"), qPrintable(file));
            QVERIFY(!QImage(file).isNull());
        }
        QVERIFY(images >= 6); // four metric charts, the overlay and the difference chart
        const QByteArray csv = readAll(m_dir.filePath(QStringLiteral("issue-parity.csv")));
        QVERIFY(csv.startsWith("candidate,step,baseline"));
        QCOMPARE(csv.trimmed().count('\n'), 5);
    }

    /// `--topology` reads a capture as `topo --from` does (TopologyReader): the first backend whose
    /// parser finds accelerators.
    void topologyFromCapture()
    {
        const QString out = m_dir.filePath(QStringLiteral("topology.md"));
        const CliResult r
            = runCli({QStringLiteral("report"), QStringLiteral("--run"), megatron, QStringLiteral("--topology"),
                      QStringLiteral(PORTBENCH_TEST_DATA "/env/npu_smi_info_t_topo_910B3_8npu_HCCS.txt"),
                      QStringLiteral("--sections"), QStringLiteral("topology"), QStringLiteral("-o"), out},
                     headless());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString md = QString::fromUtf8(readAll(out));
        QVERIFY2(md.contains(QLatin1String("8 accelerator(s)")), qPrintable(md));
    }

    void parityEnvelopeClassesAndEnvironment()
    {
        // Real H100 runs: the doubled learning rate against fp32 with its repeat as a second
        // baseline, and two machines' environments.
        const QString h100 = QStringLiteral(PORTBENCH_TEST_DATA "/parity/h100_hf/");
        const QString cpuEnv = QStringLiteral(PORTBENCH_TEST_DATA "/parity/env_cpu_host.json");
        QJsonObject npu = QJsonDocument::fromJson(readAll(cpuEnv)).object();
        QJsonObject python = npu.value(QStringLiteral("python")).toObject();
        QJsonObject modules = python.value(QStringLiteral("modules")).toObject();
        modules.insert(QStringLiteral("torch_npu"), QStringLiteral("2.4.0.post2"));
        python.insert(QStringLiteral("modules"), modules);
        npu.insert(QStringLiteral("python"), python);
        npu.insert(QStringLiteral("host"), QStringLiteral("npu01"));
        const QString npuEnv = m_dir.filePath(QStringLiteral("npu_env.json"));
        QFile f(npuEnv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(npu).toJson());
        f.close();
        const QString out = m_dir.filePath(QStringLiteral("envelope.md"));
        const CliResult r = runCli({QStringLiteral("report"), QStringLiteral("--run"),
                                    h100 + QStringLiteral("cuda_fp32.console.log"), QStringLiteral("--run"),
                                    h100 + QStringLiteral("cuda_fp32_lr2e-3.console.log"), QStringLiteral("--envelope"),
                                    h100 + QStringLiteral("cuda_fp32_rep2.console.log"), QStringLiteral("--env"),
                                    cpuEnv, QStringLiteral("--candidate-env"), npuEnv, QStringLiteral("-o"), out},
                                   headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1);
        const QString md = QString::fromUtf8(readAll(out));
        for (const char *text :
             {"Source of the ascend criteria", "Noise envelope", "The baselines agree within the tolerance",
              "Mismatch classes", "Divergence after an aligned start", "Precision of loss: 4 / 4", "Environment diff",
              "python.modules.torch\\_npu", "2.4.0.post2"})
            QVERIFY2(md.contains(QLatin1String(text)), text);
        // The repeat is a baseline, not a third candidate.
        QVERIFY(!md.contains(QLatin1String("### cuda\\_fp32\\_rep2")));
    }

    // A workspace run's telemetry beside its log, and a capture given with --telemetry: the
    // report's Devices table has both runs' figures (issue 37).
    void devicesTableFromWorkspaceAndOption()
    {
        const QDir run(m_dir.filePath(QStringLiteral("ws-run")));
        QVERIFY(run.mkpath(QStringLiteral(".")));
        const QString log = run.filePath(QStringLiteral("output.log"));
        QVERIFY(QFile::copy(m_candidate, log));
        QVERIFY(QFile::copy(QStringLiteral(PORTBENCH_TEST_DATA "/parity/telemetry/telemetry-npu01.tel"),
                            run.filePath(QStringLiteral("telemetry-npu01.tel"))));
        QFile json(run.filePath(QStringLiteral("run.json")));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write("{}");
        json.close();
        const QString out = m_dir.filePath(QStringLiteral("devices.md"));
        const CliResult r = runCli({QStringLiteral("report"), QStringLiteral("--run"), megatron,
                                    QStringLiteral("--run"), log, QStringLiteral("--telemetry"),
                                    QStringLiteral("megatron_training_log_2024_throughput_moe.txt=" PORTBENCH_TEST_DATA
                                                   "/telemetry/nvidia_smi_query_csv_h100_1gpu.txt"),
                                    QStringLiteral("--sections"), QStringLiteral("parity"), QStringLiteral("-o"), out},
                                   headless());
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 1); // the candidate's loss is 5 % off
        const QString md = QString::fromUtf8(readAll(out));
        QVERIFY2(
            md.contains(QStringLiteral("| Run | Throughput | vs baseline | Devices | Mean utilisation | Peak memory "
                                       "| Mean power per device |")),
            qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| 1 | 0 % | 0 MiB (0 %) | 113 W |")), qPrintable(md));
        QVERIFY2(md.contains(
                     QStringLiteral("| output | 5534 elapsed\\_ms | 1.000× | 2 | 60 % | 58982 MiB (90 %) | 300 W |")),
                 qPrintable(md));
    }

    void existingFileIsKept()
    {
        const QString out = m_dir.filePath(QStringLiteral("mine.html"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("my own notes");
        f.close();
        const CliResult r
            = runCli(reportArgs(out, {QStringLiteral("--parity-csv"), m_dir.filePath(QStringLiteral("aligned.csv"))}),
                     headless());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(readAll(out + QStringLiteral(".bak")), QByteArray("my own notes"));
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("aligned.csv"))).startsWith("candidate,step"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no output") << QStringList{QStringLiteral("report"), QStringLiteral("--run"), megatron}
                                   << QStringLiteral("-o");
        QTest::newRow("bad suffix") << QStringList{QStringLiteral("report"), QStringLiteral("--run"), megatron,
                                                   QStringLiteral("-o"), QStringLiteral("x.docx")}
                                    << QStringLiteral("unknown report format");
        QTest::newRow("missing log") << QStringList{
            QStringLiteral("report"), QStringLiteral("--run"), QStringLiteral("/nonexistent.log"), QStringLiteral("-o"),
            QStringLiteral("x.html")} << QStringLiteral("/nonexistent.log");
        QTest::newRow("unknown language")
            << QStringList{QStringLiteral("report"), QStringLiteral("--run"), megatron,
                           QStringLiteral("--lang"), QStringLiteral("fr"),    QStringLiteral("-o"),
                           QStringLiteral("x.html")}
            << QStringLiteral("--lang: 'fr' is not one of en, zh_CN");
        QTest::newRow("bad section") << QStringList{
            QStringLiteral("report"),     QStringLiteral("--run"),         megatron,
            QStringLiteral("--sections"), QStringLiteral("summary,bogus"), QStringLiteral("-o"),
            QStringLiteral("x.html")} << QStringLiteral("bogus");
        QTest::newRow("baseline names no run") << QStringList{QStringLiteral("report"),
                                                              QStringLiteral("--run"),
                                                              megatron,
                                                              QStringLiteral("--run"),
                                                              megatron,
                                                              QStringLiteral("--baseline"),
                                                              QStringLiteral("other.log"),
                                                              QStringLiteral("-o"),
                                                              QStringLiteral("x.html")}
                                               << QStringLiteral("other.log");
        QTest::newRow("baseline of a single run names nothing")
            << QStringList{QStringLiteral("report"),     QStringLiteral("--run"), megatron,
                           QStringLiteral("--baseline"), QStringLiteral("X"),     QStringLiteral("-o"),
                           QStringLiteral("x.html")}
            << QStringLiteral("--baseline 'X'");
        QTest::newRow("bad env") << QStringList{QStringLiteral("report"),
                                                QStringLiteral("--run"),
                                                megatron,
                                                QStringLiteral("--env"),
                                                megatron,
                                                QStringLiteral("-o"),
                                                QStringLiteral("x.html")}
                                 << QStringLiteral("megatron_training_log_2024_throughput_moe.txt");
        // Read by TopologyReader, as `topo --from` reads it: each backend's reason.
        QTest::newRow("bad topology") << QStringList{QStringLiteral("report"),
                                                     QStringLiteral("--run"),
                                                     megatron,
                                                     QStringLiteral("--topology"),
                                                     megatron,
                                                     QStringLiteral("-o"),
                                                     QStringLiteral("x.html")}
                                      << QStringLiteral("not a topology capture (");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runCli(args, headless());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    void withoutTheDrawingModuleReportSaysSo()
    {
        // The CLI draws through a runtime module (it links no widgets); without it, exit 2 naming
        // the missing file and write nothing.
        QTemporaryDir empty;
        QProcessEnvironment env = headless();
        env.insert(QStringLiteral("PORTBENCH_MODULE_PATH"), empty.path());
        const QString out = empty.filePath(QStringLiteral("report.html"));
        const CliResult r = runCli(reportArgs(out), env);
        QVERIFY(!r.crashed);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("portbench_report_module module is not installed"), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void otherCommandsNeedNoGui()
    {
        // A plain command must not load a GUI platform at all: an impossible platform name
        // would abort a QGuiApplication.
        QProcessEnvironment env = headless();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("no-such-platform"));
        const CliResult r = runCli({QStringLiteral("parity"), megatron, m_candidate, QStringLiteral("--json")}, env);
        QVERIFY(!r.crashed);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.json().isNull());
    }
};

QTEST_GUILESS_MAIN(TestReportCli)
#include "tst_reportcli.moc"
