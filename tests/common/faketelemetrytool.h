// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QFile>
#include <QProcessEnvironment>
#include <QString>

/// Fake vendor tools for the telemetry tests: a shell script on PATH replaying a real capture
/// (tests/data/telemetry) as the tool prints it, for `monitor` and a run's recording alike.
namespace FakeTelemetryTool {

inline QString capturePath(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/") + name;
}

/// Writes the tool `name` into dir; `script` is its body, where DATA and STATE stand for the
/// capture and a file in dir (`started`: marks a first start, or holds the tool's pid).
inline bool write(const QString &dir, const QString &name, const QString &capture, QString script)
{
    script.replace(QStringLiteral("NPULIST"),
                   QLatin1Char('\'') + capturePath(QStringLiteral("npu_smi_info_list_8npu.txt")) + QLatin1Char('\''));
    script.replace(QStringLiteral("NPUUSAGES"),
                   QLatin1Char('\'') + capturePath(QStringLiteral("npu_smi_info_usages_910B_25.5.1.txt"))
                       + QLatin1Char('\''));
    script.replace(QStringLiteral("DATA"), QLatin1Char('\'') + capturePath(capture) + QLatin1Char('\''));
    script.replace(QStringLiteral("STATE"), QLatin1Char('\'') + dir + QStringLiteral("/started'"));
    QFile f(dir + QLatin1Char('/') + name);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write("#!/bin/sh\n" + script.toUtf8());
    f.close();
    return f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

/// Prints a capture line by line as a sampler does.
inline QString replayLines()
{
    return QStringLiteral("while IFS= read -r line; do printf '%s\\n' \"$line\"; sleep 0.02; done < DATA\n");
}
/// As replayLines(), then keeps running like a sampler.
inline QString replay()
{
    return replayLines() + QStringLiteral("exec sleep 600\n");
}

/// npu-smi as the Ascend sampler calls it: `info -l` and `info -t usages -i N` replay real
/// outputs (8 NPUs; one 910B's usages, given the NPU ID asked for), `info watch` runs `watch`.
inline QString npuSmi(const QString &watch)
{
    return QStringLiteral("case \"$2\" in\n"
                          "-l) cat NPULIST; exit 0 ;;\n"
                          "-t) sed \"s/^\\(.NPU ID *:\\) .*/\\1 $5/\" NPUUSAGES; exit 0 ;;\n"
                          "esac\n")
        + watch;
}

/// `base` with dir first on PATH (and only the system's folders after it, so the machine's own
/// tools are not found).
inline QProcessEnvironment withToolsIn(const QString &dir, QProcessEnvironment base)
{
    base.insert(QStringLiteral("PATH"), dir + QStringLiteral(":/usr/bin:/bin"));
    return base;
}

} // namespace FakeTelemetryTool
