// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/runs/launchrecord.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QFile>
#include <QProcess>
#include <QTest>

/// Logs a followed run reads and the workspace record that follows them, for the tests of the
/// follow path (controller, Runs list, main window).
namespace FollowedLogs {

/// JSON Lines of steps first..last appended to path, as a trainer appends them.
inline void appendSteps(const QString &path, int first, int last)
{
    QByteArray text;
    for (int step = first; step <= last; ++step)
        text += "{\"step\": " + QByteArray::number(step) + ", \"loss\": " + QByteArray::number(10.0 - step * 0.05)
            + "}\n";
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QCOMPARE(f.write(text), text.size());
}

/// A Megatron log of `steps` iterations at path, written by tests/data/runs/megatron_train.sh.
inline bool writeMegatronLog(const QString &path, int steps)
{
    QProcess writer;
    writer.setStandardOutputFile(path);
    writer.start(QStringLiteral("sh"),
                 {QStringLiteral(PORTBENCH_TEST_DATA "/runs/megatron_train.sh"), QString::number(steps)});
    return writer.waitForFinished(30000) && writer.exitCode() == 0;
}

/// A running attach record of log in ws, as a PortBench that quit while following it left it
/// (empty id, with the reason in error, when it cannot be created).
inline LaunchRecord runningAttach(LaunchWorkspace &ws, const QString &log, QString *error)
{
    LaunchRecord r;
    r.kind = LaunchRecord::Kind::Attach;
    r.status = LaunchRecord::Status::Running;
    r.sourceLog = log;
    return ws.create(r, error);
}

} // namespace FollowedLogs
