// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/logs/logfollower.h"
#include "core/sources/logs/logstreamparser.h"
#include "core/base/model/metricnames.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"
#include "tfeventwriter.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray step(int s, float loss)
{
    return TfEventWriter::scalar(s, 1e9 + s, QStringLiteral("train/loss"), loss)
        + TfEventWriter::scalar(s, 1e9 + s, QStringLiteral("train/learning_rate"), float(s) * 1e-4f);
}

void appendTo(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QCOMPARE(f.write(bytes), bytes.size());
}

} // namespace

/// Following a growing event file: the same semantics as text logs (LogFollower), through
/// LogStreamParser's EventStreamParser.
class TestEventFollower : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void streamInPiecesEqualsWholeRead_data()
    {
        QTest::addColumn<int>("pieceSize");
        QTest::newRow("1 byte") << 1;
        QTest::newRow("7 bytes") << 7;
        QTest::newRow("4 KiB") << 4096;
    }

    void streamInPiecesEqualsWholeRead()
    {
        QFETCH(int, pieceSize);
        QByteArray file = TfEventWriter::fileVersion(1e9);
        for (int s = 1; s <= 300; ++s)
            file += step(s, 3.0f - float(s) * 1e-3f);
        LogStreamParser stream;
        RunMetrics streamed;
        for (qsizetype at = 0; at < file.size(); at += pieceSize) {
            stream.feed(QByteArrayView(file).sliced(at, qMin<qsizetype>(pieceSize, file.size() - at)));
            const RunMetrics chunk = stream.takePoints();
            // Never a point whose values are still on their way: each chunk's points are whole
            // or continue the previous chunk's last step.
            streamed.append(chunk);
        }
        QCOMPARE(stream.format(), QStringLiteral("tensorboard"));
        QCOMPARE(stream.consumedBytes(), file.size());
        const EventFileRead whole = EventFileReader::readData(file, 1);
        QCOMPARE(streamed.pointCount(), 300);
        QCOMPARE(streamed.segmentStarts().size(), 1);
        for (int p = 0; p < 300; ++p) {
            QCOMPARE(streamed.step(p), whole.run.step(p));
            QCOMPARE(streamed.value(p, MetricNames::loss), whole.run.value(p, QStringLiteral("train/loss")));
            QCOMPARE(streamed.value(p, MetricNames::learningRate),
                     whole.run.value(p, QStringLiteral("train/learning_rate")));
        }
    }

    void followsAppendedRecordsWithoutPartialOnes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("events.out.tfevents.1.host"));
        appendTo(path, TfEventWriter::fileVersion(1e9) + step(1, 3.0f) + step(2, 2.9f));
        LogFollower follower;
        RunMetrics collected;
        connect(&follower, &LogFollower::pointsAppended, this,
                [&collected](const RunMetrics &chunk) { collected.append(chunk); });
        QSignalSpy spy(&follower, &LogFollower::pointsAppended);
        follower.start(path, {});
        QTRY_COMPARE(collected.pointCount(), 2);
        QCOMPARE(follower.format(), QStringLiteral("tensorboard"));

        // A record written in two parts is read only once complete.
        const QByteArray third = step(3, 2.8f);
        appendTo(path, third.left(20));
        const qint64 before = follower.offset();
        QVERIFY(!spy.wait(400));
        QCOMPARE(follower.offset(), before);
        QCOMPARE(collected.pointCount(), 2);
        appendTo(path, third.mid(20) + step(4, 2.7f).left(5));
        QVERIFY(spy.wait(3000));
        QTRY_COMPARE(collected.pointCount(), 3);
        QCOMPARE(collected.value(2, MetricNames::loss), double(2.8f));
        QCOMPARE(collected.value(2, MetricNames::learningRate), double(3.0f * 1e-4f));
        QCOMPARE(collected.segmentStarts().size(), 1);
        QCOMPARE(follower.offset(), QFileInfo(path).size() - 5);
    }

    void resumesMidFileAndReportsDamage()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("events.out.tfevents.2.host"));
        const QByteArray head = TfEventWriter::fileVersion(1e9) + step(1, 3.0f);
        QByteArray damaged = step(2, 2.9f);
        damaged[damaged.size() - 10] = char(damaged[damaged.size() - 10] ^ 1); // step 2's lr record
        appendTo(path, head + damaged + step(3, 2.8f));
        LogFollower follower;
        RunMetrics collected;
        QStringList errors;
        connect(&follower, &LogFollower::pointsAppended, this,
                [&collected](const RunMetrics &chunk) { collected.append(chunk); });
        connect(&follower, &LogFollower::errorOccurred, this, [&errors](const QString &e) { errors << e; });
        ParseOptions options;
        options.format = QStringLiteral("tensorboard"); // mid-file: the first bytes are not a file's first record
        follower.start(path, options, head.size());
        QTRY_COMPARE(collected.pointCount(), 2);
        QCOMPARE(collected.step(0), 2);
        QVERIFY(!RunMetrics::isMissing(collected.value(0, MetricNames::loss)));
        QVERIFY(RunMetrics::isMissing(collected.value(0, MetricNames::learningRate)));
        QTRY_VERIFY(!errors.isEmpty());
        const qint64 lrRecord
            = head.size() + TfEventWriter::scalar(2, 1e9 + 2, QStringLiteral("train/loss"), 2.9f).size();
        QVERIFY2(errors.first().contains(QStringLiteral("byte offset %1").arg(lrRecord)), qPrintable(errors.first()));
    }
};

QTEST_GUILESS_MAIN(TestEventFollower)
#include "tst_eventfollower.moc"
