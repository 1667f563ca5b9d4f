// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

/// What the Python probe found in one interpreter: its version and, per module of interest,
/// the version string or the import error (a module that fails to import is data, not a crash).
struct PythonEnvironment
{
    QString interpreter; ///< path or command as given
    QString executable; ///< sys.executable
    QString version; ///< "3.11.2"
    QMap<QString, QString> modules; ///< module -> __version__ (empty string: imported, no version)
    QMap<QString, QString> importErrors; ///< module -> last line of the import error
    QString torchCuda; ///< torch.version.cuda, empty if none
    QString torchNccl; ///< torch.cuda.nccl.version() as "2.18.1", empty if none
    QString error; ///< the interpreter could not run the probe at all

    explicit operator bool() const { return error.isEmpty(); }
    bool has(const QString &module) const { return modules.contains(module); }
    QString moduleVersion(const QString &module) const { return modules.value(module); }
    /// Reads the probe script's JSON output.
    static PythonEnvironment fromJson(const QByteArray &json, const QString &interpreter);
    QJsonObject toJson() const;
};
