// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porttesthelpers.h"

#include "core/engines/porting/portengine.h"
#include "core/engines/porting/portfindingsfilter.h"
#include "core/engines/porting/portfindingsmodel.h"
#include "core/engines/porting/portreport.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/portwriter.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

/// Scanning a tree, writing it out, and the reports and table model built from the result.
class TestPortReport : public QObject
{
    Q_OBJECT

    /// A copy of tests/data/porting/project plus the folders a scan must skip.
    static bool makeProject(const QString &dir)
    {
        const QString src = portingData(QStringLiteral("project"));
        for (const QString &rel : PortScanner::listTree(src)) {
            QDir().mkpath(QFileInfo(dir + QLatin1Char('/') + rel).absolutePath());
            if (!QFile::copy(src + QLatin1Char('/') + rel, dir + QLatin1Char('/') + rel))
                return false;
        }
        const QString venvFile = QStringLiteral("/.venv/lib/python3.11/site-packages/pkg/m.py");
        QDir().mkpath(QFileInfo(dir + venvFile).absolutePath());
        QFile(dir + QStringLiteral("/.venv/pyvenv.cfg")).open(QIODevice::WriteOnly);
        for (const QString &skipped :
             {venvFile, QStringLiteral("/.git/hooks/x.py"), QStringLiteral("/__pycache__/y.py")}) {
            QDir().mkpath(QFileInfo(dir + skipped).absolutePath());
            QFile f(dir + skipped);
            if (!f.open(QIODevice::WriteOnly))
                return false;
            f.write("import torch\ntorch.cuda.synchronize()\n");
        }
        return true;
    }

    static Port::Result scanProject(const QString &dir, const QString &target)
    {
        const PortEngine engine(PortRuleSet::fromBackends(testPlugins(), target, false), {});
        return PortScanner(engine).scan(dir);
    }

private Q_SLOTS:
    void scanSkipsVendoredFoldersAndFlagsCudaSources()
    {
        QTemporaryDir dir;
        QVERIFY(makeProject(dir.path()));
        const Port::Result r = scanProject(dir.path(), QStringLiteral("npu"));
        QStringList paths;
        for (const Port::FileResult &f : r.files)
            paths << f.path;
        QCOMPARE(
            paths,
            (QStringList{QStringLiteral("csrc/fused.cu"), QStringLiteral("model/__init__.py"),
                         QStringLiteral("model/utils.py"), QStringLiteral("setup.py"), QStringLiteral("train.py")}));
        QStringList rules;
        for (const Port::Finding &f : r.findings())
            rules << f.file + QLatin1Char(':') + QString::number(f.line) + QLatin1Char(':') + f.ruleId;
        QVERIFY2(rules.contains(QStringLiteral("csrc/fused.cu:1:npu.cuda-source")),
                 qPrintable(rules.join(QLatin1Char(' '))));
        QVERIFY(rules.contains(QStringLiteral("setup.py:2:npu.cuda-extension")));
        QVERIFY(rules.contains(QStringLiteral("train.py:4:npu.entry-import")));
        // The helper module calls torch.cuda too: it gets its own device import.
        QVERIFY(rules.contains(QStringLiteral("model/utils.py:2:npu.entry-import")));
        // `name.startswith("cuda")` is a string test on user input: not a device string, left alone.
        QVERIFY(r.files.at(2).ported.contains(QLatin1String("name.startswith(\"cuda\")")));
        QVERIFY(r.needsHuman());
    }

    void writeTreeRefusesToClobberAndCopiesEverything()
    {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("repo"));
        QVERIFY(makeProject(src));
        const Port::Result r = scanProject(src, QStringLiteral("musa"));
        QCOMPARE(PortWriter::defaultOutput(r), src + QStringLiteral("_musa"));
        PortWriter::Outcome o = PortWriter::writeTree(r, src + QStringLiteral("/inside"), false);
        QVERIFY(!o);
        QVERIFY(o.error.contains(QLatin1String("inside the source folder")));
        o = PortWriter::writeTree(r, src + QStringLiteral("_musa"), false);
        QVERIFY2(o, qPrintable(o.error));
        QCOMPARE(
            o.written,
            (QStringList{QStringLiteral("model/utils.py"), QStringLiteral("setup.py"), QStringLiteral("train.py")}));
        QVERIFY(QFile::exists(src + QStringLiteral("_musa/README.md")));
        QVERIFY(QFile::exists(src + QStringLiteral("_musa/csrc/fused.cu")));
        QVERIFY(!QFile::exists(src + QStringLiteral("_musa/.git")));
        QVERIFY(readText(src + QStringLiteral("_musa/train.py")).contains(QLatin1String("import torch_musa\n")));
        QVERIFY(readText(src + QStringLiteral("_musa/setup.py"))
                    .contains(QLatin1String("torch_musa.utils.musa_extension")));
        o = PortWriter::writeTree(r, src + QStringLiteral("_musa"), false);
        QVERIFY(!o);
        QVERIFY(o.error.contains(QLatin1String("not empty")));
        QVERIFY(PortWriter::writeTree(r, src + QStringLiteral("_musa"), true));
    }

    void inPlaceKeepsTheFirstOriginal()
    {
        QTemporaryDir dir;
        QVERIFY(makeProject(dir.path()));
        const QString train = dir.filePath(QStringLiteral("train.py"));
        const QString before = readText(train);
        const PortWriter::Outcome o = PortWriter::writeInPlace(scanProject(dir.path(), QStringLiteral("npu")));
        QVERIFY2(o, qPrintable(o.error));
        QVERIFY(o.backups.contains(QStringLiteral("train.py.orig")));
        QCOMPARE(readText(train + QStringLiteral(".orig")), before);
        const QString after = readText(train);
        QVERIFY(after.contains(QLatin1String(".npu()")));
        const PortWriter::Outcome again = PortWriter::writeInPlace(scanProject(dir.path(), QStringLiteral("npu")));
        QVERIFY(again.written.isEmpty());
        QCOMPARE(readText(train), after);
        QCOMPARE(readText(train + QStringLiteral(".orig")), before);
    }

    void csvJsonAndSummary()
    {
        Port::Result r;
        r.source = QStringLiteral("cuda");
        r.target = QStringLiteral("npu");
        Port::FileResult f;
        f.path = QStringLiteral("a, b.py");
        f.original = QStringLiteral("x\n");
        f.ported = QStringLiteral("y\n");
        f.findings = {{f.path, 3, 7, QStringLiteral("npu.x"), Port::Severity::Manual, QStringLiteral("say \"hi\""),
                       QStringLiteral("s")},
                      {f.path, 4, 1, QStringLiteral("npu.y"), Port::Severity::AutoFix, QStringLiteral("m"), QString()}};
        r.files << f;
        QCOMPARE(PortReport::toCsv(r),
                 QByteArray("File,Line,Column,Rule,Severity,Message,Suggestion\n"
                            "\"a, b.py\",3,7,npu.x,manual,\"say \"\"hi\"\"\",s\n"
                            "\"a, b.py\",4,1,npu.y,auto-fix,m,\n"));
        const QJsonObject json = PortReport::toJson(r);
        const QJsonObject first = json.value(QStringLiteral("findings")).toArray().first().toObject();
        QCOMPARE(first.value(QStringLiteral("line")).toInt(), 3);
        QCOMPARE(first.value(QStringLiteral("severity")).toString(), QStringLiteral("manual"));
        const QJsonObject summary = json.value(QStringLiteral("summary")).toObject();
        QCOMPARE(summary.value(QStringLiteral("bySeverity")).toObject().value(QStringLiteral("auto-fix")).toInt(), 1);
        QCOMPARE(summary.value(QStringLiteral("byRule")).toObject().value(QStringLiteral("npu.x")).toInt(), 1);
        QCOMPARE(summary.value(QStringLiteral("changedFiles")).toInt(), 1);
        QVERIFY(PortReport::summaryText(r).startsWith(
            QStringLiteral("cuda → npu: 1 file(s) scanned, 1 changed; 1 auto-fix, 1 manual")));
        QCOMPARE(PortReport::diff(r), QStringLiteral("--- a/a, b.py\n+++ b/a, b.py\n@@ -1 +1 @@\n-x\n+y\n"));
    }

    void modelAndFilter()
    {
        QTemporaryDir dir;
        QVERIFY(makeProject(dir.path()));
        const Port::Result r = scanProject(dir.path(), QStringLiteral("npu"));
        PortFindingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFindings(r.findings());
        QCOMPARE(model.rowCount(), int(r.findings().size()));
        QCOMPARE(model.columnCount(), int(PortFindingsModel::ColumnCount));
        PortFindingsFilter filter;
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        filter.setSeverityVisible(Port::Severity::AutoFix, false);
        QCOMPARE(filter.rowCount(), r.count(Port::Severity::Manual) + r.count(Port::Severity::Unsupported));
        filter.setSeverityVisible(Port::Severity::Manual, false);
        QCOMPARE(filter.rowCount(), r.count(Port::Severity::Unsupported));
        filter.setSeverityVisible(Port::Severity::AutoFix, true);
        filter.setSeverityVisible(Port::Severity::Manual, true);
        filter.setFile(QStringLiteral("train.py"));
        for (int row = 0; row < filter.rowCount(); ++row)
            QCOMPARE(filter.index(row, PortFindingsModel::File).data().toString(), QStringLiteral("train.py"));
        QVERIFY(filter.rowCount() > 0);
        filter.setFile(QString());
        filter.setText(QStringLiteral("CUDAEXTENSION")); // setup.py: the import and the call
        QCOMPARE(filter.rowCount(), 2);
        QVERIFY(filter.index(0, PortFindingsModel::Message)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("Suggestion:")));
    }
};

QTEST_GUILESS_MAIN(TestPortReport)
#include "tst_portreport.moc"
