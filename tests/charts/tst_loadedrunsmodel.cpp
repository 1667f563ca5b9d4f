// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "followedlogs.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runloader.h"
#include "core/base/model/metricnames.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
RunMetrics makeRun(const QString &name, int points)
{
    RunMetrics r;
    r.name = name;
    r.sourcePath = QStringLiteral("/logs/") + name + QStringLiteral(".log");
    r.format = QStringLiteral("megatron");
    for (int i = 0; i < points; ++i)
        r.setValue(r.appendPoint(i + 1), MetricNames::lmLoss, 10.0 - i);
    return r;
}

QString lastMessage(const QSignalSpy &messages)
{
    return messages.isEmpty() ? QString() : messages.last().first().value<LocalizedText>().text();
}
} // namespace

/// A JSONL log of a few steps, opened and followed into a model; open() waits until it is loaded.
struct FollowedRun
{
    QTemporaryDir dir;
    const QString log = dir.filePath(QStringLiteral("train.jsonl"));
    LoadedRunsModel model;
    RunLoader loader{model};
    QSignalSpy loaded{&loader, &RunLoader::loaded};
    QSignalSpy messages{&loader, &RunLoader::message};
    int id = -1;

    bool open(int steps)
    {
        FollowedLogs::appendSteps(log, 1, steps);
        loader.open(log);
        if (!QTest::qWaitFor([this] { return loaded.size() == 1; }, 20000))
            return false;
        id = loaded.first().first().toInt();
        return true;
    }
};

class TestLoadedRunsModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsColumnsAndEdits()
    {
        LoadedRunsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy presentation(&model, &LoadedRunsModel::runPresentationChanged);
        QSignalSpy points(&model, &LoadedRunsModel::runPointsChanged);
        const int a = model.addRun(makeRun(QStringLiteral("a"), 3));
        const int b = model.addRun(makeRun(QStringLiteral("b"), 5), true);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, LoadedRunsModel::Points).data().toInt(), 5);
        QCOMPARE(model.index(1, LoadedRunsModel::LastStep).data().toLongLong(), 5);
        QCOMPARE(model.index(1, LoadedRunsModel::LastLoss).data().toString(), QStringLiteral("6"));
        QCOMPARE(model.index(1, LoadedRunsModel::State).data().toString(), QStringLiteral("live"));
        QCOMPARE(model.index(0, LoadedRunsModel::Format).data().toString(), QStringLiteral("megatron"));
        QCOMPARE(model.idForPath(QStringLiteral("/logs/b.log")), b);

        QVERIFY(model.setData(model.index(0, LoadedRunsModel::Name), QStringLiteral("  cuda baseline ")));
        QCOMPARE(model.run(a)->name, QStringLiteral("cuda baseline"));
        QVERIFY(!model.setData(model.index(0, LoadedRunsModel::Name), QStringLiteral("   ")));
        QVERIFY(model.setData(model.index(1, LoadedRunsModel::StepOffset), 250));
        QCOMPARE(model.stepOffset(b), 250);
        QCOMPARE(presentation.size(), 2);
        QVERIFY(!(model.flags(model.index(0, LoadedRunsModel::Points)) & Qt::ItemIsEditable));

        model.appendPoints(b, makeRun(QStringLiteral("b"), 2));
        QCOMPARE(model.run(b)->pointCount(), 7);
        QCOMPARE(points.size(), 1);
        QCOMPARE(points.first().at(1).toInt(), 5);
    }

    // The Runs dock shows the reader's warnings: a role for the warning sign, the list in the tooltip.
    void readWarningsAreShown()
    {
        LoadedRunsModel model;
        RunMetrics warned = makeRun(QStringLiteral("w"), 2);
        warned.readWarnings << QStringLiteral("3 lines look like metric lines but were not read (first: line 40 ...)");
        model.addRun(makeRun(QStringLiteral("clean"), 2));
        model.addRun(warned);
        QVERIFY(model.index(0, LoadedRunsModel::Name).data(LoadedRunsModel::ReadWarningsRole).toStringList().isEmpty());
        QCOMPARE(model.index(0, LoadedRunsModel::Name).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("/logs/clean.log"));
        QCOMPARE(model.index(1, LoadedRunsModel::Name).data(LoadedRunsModel::ReadWarningsRole).toStringList(),
                 warned.readWarnings);
        const QString tip = model.index(1, LoadedRunsModel::Name).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QLatin1String("/logs/w.log")) && tip.contains(QLatin1String("line 40")),
                 qPrintable(tip));
    }

    void followedLogKeepsPointsAcrossTruncationAndRotation_data()
    {
        QTest::addColumn<bool>("rotate");
        QTest::newRow("truncated") << false;
        QTest::newRow("rotated") << true;
    }
    void followedLogKeepsPointsAcrossTruncationAndRotation()
    {
        // The charts dropped every point of a followed log that was truncated or rotated; what
        // follows is now a new segment of the same run.
        QFETCH(bool, rotate);
        FollowedRun followed;
        QVERIFY(followed.open(50));
        const QString &log = followed.log;
        const LoadedRunsModel &model = followed.model;
        const int id = followed.id;
        QCOMPARE(model.run(id)->pointCount(), 50);
        // Rotated as logrotate's "create" does: renamed away, an empty file made at the path.
        if (rotate)
            QVERIFY(QFile::rename(log, log + QStringLiteral(".1")));
        QFile emptied(log);
        QVERIFY(emptied.open(QIODevice::WriteOnly | QIODevice::Truncate));
        emptied.close();
        // Seen before the new lines land (a file written past its old size unseen is no truncation).
        const QString why = rotate ? QStringLiteral("was replaced") : QStringLiteral("was truncated");
        QString message;
        QTRY_VERIFY_WITH_TIMEOUT(!(message = lastMessage(followed.messages)).isEmpty() && message.contains(why), 20000);
        QVERIFY2(message.startsWith(log), qPrintable(message));
        FollowedLogs::appendSteps(log, 51, 100);
        QTRY_COMPARE_WITH_TIMEOUT(model.run(id)->pointCount(), 100, 20000);
        const RunMetrics *run = model.run(id);
        QCOMPARE(run->step(0), 1);
        QCOMPARE(run->step(99), 100);
        QCOMPARE(run->segmentStarts(), (QVector<int>{0, 50}));
        QVERIFY(run->readWarnings.contains(message));
    }

    void followedLogShowsAnOverLongLine()
    {
        // A line over the 16 MiB line limit in a followed log was passed over without a word.
        FollowedRun followed;
        QVERIFY(followed.open(2));
        const QString &log = followed.log;
        const LoadedRunsModel &model = followed.model;
        const int id = followed.id;
        const qint64 longLineAt = QFileInfo(log).size();
        {
            QFile f(log);
            QVERIFY(f.open(QIODevice::Append));
            const QByteArray line = QByteArray(20 * 1024 * 1024, 'x') + '\n';
            QCOMPARE(f.write(line), line.size());
        }
        FollowedLogs::appendSteps(log, 3, 4);
        QTRY_COMPARE_WITH_TIMEOUT(model.run(id)->pointCount(), 4, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!model.run(id)->readWarnings.isEmpty(), 20000);
        // Followed from where the first read ended: no line number, the byte offset in the file.
        const QString warning = model.run(id)->readWarnings.join(QLatin1Char('\n'));
        QVERIFY2(warning.contains(log) && warning.contains(QStringLiteral("byte %1").arg(longLineAt))
                     && warning.contains(QStringLiteral("16 MiB")),
                 qPrintable(warning));
        QVERIFY(!lastMessage(followed.messages).isEmpty());
    }

    void coloursAreStableAcrossRemoval()
    {
        LoadedRunsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int a = model.addRun(makeRun(QStringLiteral("a"), 1));
        const int b = model.addRun(makeRun(QStringLiteral("b"), 1));
        const int c = model.addRun(makeRun(QStringLiteral("c"), 1));
        const quint32 colourB = model.color(b), colourC = model.color(c);
        QVERIFY(model.color(a) != colourB && colourB != colourC);
        model.removeRun(a);
        QCOMPARE(model.color(b), colourB);
        QCOMPARE(model.color(c), colourC);
        // A new run takes the freed colour, not one in use.
        const int d = model.addRun(makeRun(QStringLiteral("d"), 1));
        QCOMPARE(model.color(d), LoadedRunsModel::paletteColor(0));
        QVERIFY(d != a);
        QCOMPARE(model.rowOf(a), -1);
        QCOMPARE(model.run(a), nullptr);
    }
};

QTEST_GUILESS_MAIN(TestLoadedRunsModel)
#include "tst_loadedrunsmodel.moc"
