// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/logs/logfollower.h"
#include "core/base/model/metricnames.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

QByteArray iteration(int step, double loss)
{
    return " iteration " + QByteArray::number(step) + "/ 100 | lm loss: " + QByteArray::number(loss) + " |\n";
}

void appendTo(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Collects every batch into one run, as the Runs panel does.
struct Collector
{
    RunMetrics run;
    int batches = 0;
};

} // namespace

class TestLogFollower : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsAppendsWithoutPartialLines()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        appendTo(path, iteration(1, 3.0) + iteration(2, 2.9));
        LogFollower follower;
        Collector c;
        connect(&follower, &LogFollower::pointsAppended, this, [&c](const RunMetrics &chunk) {
            c.run.append(chunk);
            ++c.batches;
        });
        QSignalSpy spy(&follower, &LogFollower::pointsAppended);
        follower.start(path, {});
        QTRY_COMPARE(c.run.pointCount(), 2);
        QCOMPARE(follower.format(), QStringLiteral("megatron"));

        // A line written in two parts appears only when complete.
        const QByteArray third = iteration(3, 2.8);
        appendTo(path, third.left(20));
        const qint64 before = follower.offset();
        QVERIFY(!spy.wait(400));
        QCOMPARE(follower.offset(), before);
        appendTo(path, third.mid(20));
        QVERIFY(spy.wait(3000));
        QCOMPARE(c.run.pointCount(), 3);
        QCOMPARE(c.run.value(2, MetricNames::lmLoss), 2.8);
        QCOMPARE(follower.offset(), QFileInfo(path).size());
    }

    void batchesAtMostTenPerSecond()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        appendTo(path, iteration(1, 3.0));
        LogFollower follower;
        QSignalSpy spy(&follower, &LogFollower::pointsAppended);
        QElapsedTimer clock;
        QList<qint64> times;
        int points = 0;
        connect(&follower, &LogFollower::pointsAppended, this, [&](const RunMetrics &chunk) {
            times.append(clock.elapsed());
            points += chunk.pointCount();
        });
        clock.start();
        follower.start(path, {});
        for (int i = 2; i <= 40; ++i) {
            appendTo(path, iteration(i, 3.0 - i * 0.01));
            follower.poll(); // as fast as possible: more often than batches may go out
        }
        QTRY_COMPARE(points, 40);
        for (int i = 1; i < times.size(); ++i)
            QVERIFY2(times[i] - times[i - 1] >= LogFollower::batchIntervalMs - 5,
                     qPrintable(QStringLiteral("batches %1 ms apart").arg(times[i] - times[i - 1])));
    }

    void detectsTruncation()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        appendTo(path, iteration(1, 3.0) + iteration(2, 2.9) + iteration(3, 2.8));
        LogFollower follower;
        QSignalSpy truncated(&follower, &LogFollower::truncated);
        QSignalSpy points(&follower, &LogFollower::pointsAppended);
        follower.start(path, {});
        QTRY_VERIFY(!points.isEmpty());
        points.clear();
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(iteration(1, 5.0));
        f.close();
        QVERIFY(truncated.wait(3000));
        QTRY_VERIFY(!points.isEmpty());
        const RunMetrics chunk = points.last().first().value<RunMetrics>();
        QCOMPARE(chunk.value(0, MetricNames::lmLoss), 5.0);
        QVERIFY(chunk.startsSegment); // whoever collects the batches keeps the points read before
        QCOMPARE(follower.offset(), QFileInfo(path).size());
    }

    void detectsRotation()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        appendTo(path, iteration(1, 3.0));
        LogFollower follower;
        QSignalSpy rotated(&follower, &LogFollower::rotated);
        Collector c;
        connect(&follower, &LogFollower::pointsAppended, this, [&c](const RunMetrics &chunk) { c.run.append(chunk); });
        follower.start(path, {});
        QTRY_COMPARE(c.run.pointCount(), 1);
        // logrotate: the writer's last line lands in the old file, then a new file takes the name.
        appendTo(path, iteration(2, 2.9));
        QVERIFY(QFile::rename(path, path + QStringLiteral(".1")));
        appendTo(path, iteration(3, 2.8) + iteration(4, 2.7));
        QVERIFY(rotated.wait(3000));
        QTRY_COMPARE(c.run.pointCount(), 4);
        QCOMPARE(c.run.steps(), (std::vector<qint64>{1, 2, 3, 4}));
        // The new file's points are a segment of their own, though their steps go on.
        QCOMPARE(c.run.segmentStarts(), (QVector<int>{0, 2}));
    }

    void resumesFromOffset()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        appendTo(path, iteration(1, 3.0) + iteration(2, 2.9));
        const qint64 offset = QFileInfo(path).size();
        appendTo(path, iteration(3, 2.8));
        LogFollower follower;
        Collector c;
        connect(&follower, &LogFollower::pointsAppended, this, [&c](const RunMetrics &chunk) { c.run.append(chunk); });
        ParseOptions options;
        options.format = QStringLiteral("megatron");
        follower.start(path, options, offset);
        QTRY_COMPARE(c.run.pointCount(), 1);
        QCOMPARE(c.run.step(0), 3);
    }

    void waitsForMissingFileAndReportsErrors()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("later.log"));
        LogFollower follower;
        QSignalSpy points(&follower, &LogFollower::pointsAppended);
        QSignalSpy errors(&follower, &LogFollower::errorOccurred);
        ParseOptions options;
        options.format = QStringLiteral("no-such-format");
        follower.start(path, options);
        QVERIFY(errors.wait(3000) || !errors.isEmpty());
        QVERIFY(errors.first().first().toString().contains(QLatin1String("no-such-format")));
        follower.start(path, {});
        appendTo(path, iteration(7, 1.0));
        QVERIFY(points.wait(3000));
    }

    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("path"); // fifo, folder: made here
        QTest::addColumn<QString>("message");
        QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("is a device");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("is a FIFO");
        QTest::newRow("folder") << QStringLiteral("folder") << QStringLiteral("is a folder");
    }
    void refusesWhatIsNotARegularFile()
    {
        // /dev/zero held the thread in an endless read; a FIFO's open() waited for a writer.
        QFETCH(QString, path);
        QFETCH(QString, message);
        QTemporaryDir dir;
        if (path == QLatin1String("fifo")) {
            path = dir.filePath(path);
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (path == QLatin1String("folder")) {
            path = dir.filePath(path);
            QVERIFY(QDir().mkdir(path));
        }
        LogFollower follower;
        QSignalSpy points(&follower, &LogFollower::pointsAppended);
        QSignalSpy errors(&follower, &LogFollower::errorOccurred);
        follower.start(path, {});
        QCOMPARE(errors.size(), 1); // said at once, not on every poll below
        const QString error = errors.first().first().toString();
        QVERIFY2(error.startsWith(path) && error.contains(message), qPrintable(error));
        QTest::qWait(3 * LogFollower::pollIntervalMs);
        QCOMPARE(errors.size(), 1);
        QVERIFY(points.isEmpty());
        follower.stop();
    }
};

QTEST_GUILESS_MAIN(TestLogFollower)
#include "tst_logfollower.moc"
