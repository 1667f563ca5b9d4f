#pragma once

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

inline CliResult runCli(const QStringList &args,
                        const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                        int timeoutMs = 120000, const QByteArray &input = {})
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"), args);
    CliResult r;
    if (!p.waitForStarted()) {
        r.err = p.errorString().toUtf8();
        return r;
    }
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
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
