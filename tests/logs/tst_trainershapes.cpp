// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The trainer line-shape corpus (tests/data/logs/trainer_shapes): for each trainer, lines built
// from the format string in its own source code (provenance in SOURCES.md), read with the format
// detected automatically and compared with the extraction written beside it (NAME.expected,
// one "STEP LOSS" line per training point, '-' where the log prints no step; none for a trap
// whose right answer is "no training loss") — never with what the parser produced.
#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cmath>

namespace {

QString corpusDir()
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/trainer_shapes");
}

struct Point
{
    bool hasStep = false;
    qint64 step = 0;
    double loss = 0;
};

QList<Point> readExpected(const QString &path)
{
    QList<Point> points;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return points;
    for (const QByteArray &raw : f.readAll().split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() != 2)
            continue;
        Point p;
        p.hasStep = fields[0] != "-";
        p.step = fields[0].toLongLong();
        p.loss = fields[1].toDouble();
        points.append(p);
    }
    return points;
}

} // namespace

class TestTrainerShapes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void corpusCoversTrainers()
    {
        // One entry per trainer family: the README counts it.
        const QStringList logs = QDir(corpusDir()).entryList({QStringLiteral("*.log")}, QDir::Files);
        QVERIFY2(logs.size() >= 20, qPrintable(QString::number(logs.size())));
        QVERIFY(QFile::exists(corpusDir() + QStringLiteral("/SOURCES.md")));
    }

    void readRight_data()
    {
        QTest::addColumn<QString>("log");
        const QStringList logs = QDir(corpusDir()).entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
        for (const QString &name : logs)
            QTest::newRow(qPrintable(name)) << name;
    }

    void readRight()
    {
        QFETCH(QString, log);
        const QString path = corpusDir() + u'/' + log;
        QString expectedPath = path;
        expectedPath.replace(QStringLiteral(".log"), QStringLiteral(".expected"));
        QVERIFY2(QFile::exists(expectedPath), qPrintable(expectedPath));
        const QList<Point> expected = readExpected(expectedPath);

        const ParseResult r = LogReader::readFile(path);
        if (expected.isEmpty()) {
            // A trap (a placeholder loss, a log of validation losses only): no training loss.
            QVERIFY2(!r || MetricNames::primaryLoss(r.run.metricNames()).isEmpty(),
                     qPrintable(r.run.metricNames().join(u',')));
            return;
        }
        QVERIFY2(r, qPrintable(r.error));
        const QString lossMetric = MetricNames::primaryLoss(r.run.metricNames());
        QVERIFY2(!lossMetric.isEmpty(), qPrintable(r.run.metricNames().join(u',')));
        QEXPECT_FAIL("38_accelerate_alst_loss_tensor_repr.log",
                     "a step printed as 'N: ' at the start of a line reads as srun -l's rank prefix, so only the "
                     "'0: ' line is rank 0's; not solved",
                     Abort);
        QCOMPARE(r.run.pointCount(), int(expected.size()));
        const MetricColumn &loss = *r.run.column(lossMetric);
        for (int p = 0; p < r.run.pointCount(); ++p) {
            const Point &e = expected[p];
            if (e.hasStep)
                QCOMPARE(r.run.step(p), e.step);
            const QString where = QStringLiteral("%1 (%2) at point %3: got %4, expected %5")
                                      .arg(lossMetric, r.format)
                                      .arg(p)
                                      .arg(loss[size_t(p)], 0, 'g', 17)
                                      .arg(e.loss, 0, 'g', 17);
            QVERIFY2(!RunMetrics::isMissing(loss[size_t(p)]), qPrintable(where));
            QVERIFY2(std::abs(loss[size_t(p)] - e.loss) <= 1e-9 * std::max(1.0, std::abs(e.loss)), qPrintable(where));
        }
    }
};

QTEST_GUILESS_MAIN(TestTrainerShapes)
#include "tst_trainershapes.moc"
