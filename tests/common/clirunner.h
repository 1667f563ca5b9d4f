// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "isolatedhome.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

/// Runs the real `portbench-cli` from the build tree, as users and CI pipelines do.
struct CliResult
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray out;
    QByteArray err;

    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

/// The environment runCli() uses unless told otherwise: the system's, with a home of its own.
inline QProcessEnvironment isolatedEnvironment()
{
    return IsolatedHome::shared().environment();
}

inline CliResult runCli(const QStringList &args, const QProcessEnvironment &env = isolatedEnvironment(),
                        int timeoutMs = 120000, const QByteArray &input = {})
{
    QProcess p;
    p.setProcessEnvironment(env);
    IsolatedHome::startInOwnGroup(p, QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"), args);
    CliResult r;
    if (!p.waitForStarted()) {
        r.err = p.errorString().toUtf8();
        return r;
    }
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!IsolatedHome::finishOrKill(p, timeoutMs)) {
        r.err = "timed out";
        r.crashed = true;
        return r;
    }
    r.crashed = p.exitStatus() != QProcess::NormalExit;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
