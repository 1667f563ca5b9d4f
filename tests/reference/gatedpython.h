// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDir>
#include <QFile>
#include <QString>

/// A `--python` for the stack check that runs /usr/bin/python3 and then holds, with the workload's
/// log complete, until a gate file appears (at most 5 minutes): what a test sees before it opens
/// the gate was shown while the workload was still running — live, not collected at the end.
class GatedPython
{
public:
    explicit GatedPython(const QString &dir)
        : m_script(QDir(dir).filePath(QStringLiteral("gated-python")))
        , m_gate(QDir(dir).filePath(QStringLiteral("gate")))
    { }
    /// Opens the gate, so a test that fails before it does so leaves no workload waiting.
    ~GatedPython() { open(); }
    GatedPython(const GatedPython &) = delete;
    GatedPython &operator=(const GatedPython &) = delete;

    /// Writes the wrapper script; false when it cannot.
    bool write() const
    {
        QFile f(m_script);
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write("#!/bin/sh\n/usr/bin/python3 \"$@\"\nrc=$?\ni=0\n"
                "while [ ! -e '"
                + QFile::encodeName(m_gate)
                + "' ] && [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done\n"
                  "exit $rc\n");
        f.close();
        return f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    /// Lets the workload's process end.
    bool open() const
    {
        QFile f(m_gate);
        return f.open(QIODevice::WriteOnly);
    }
    QString path() const { return m_script; }

private:
    QString m_script;
    QString m_gate;
};
