// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

/// Raw facts from the host probe script: `key=value` values (shm_kb, ip_forward, nofile, ...)
/// and the host's environment variables.
struct HostFacts
{
    QMap<QString, QString> values;
    QMap<QString, QString> environment;
    QString error; ///< the host could not be reached or the script did not run

    explicit operator bool() const { return error.isEmpty(); }
    QString value(const QString &key) const { return values.value(key); }
    /// Parses the script's output: key=value lines, then `__ENV__`, then `env` output.
    static HostFacts parse(const QByteArray &output);
    QJsonObject toJson() const;
};
