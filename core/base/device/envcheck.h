// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>

/// One row of an environment report: what was checked, what was found, what was expected and the
/// one-line fix. A machine without the hardware a check needs gets Skipped with a hint, never Fail.
struct EnvCheck
{
    enum class Status { Ok, Warn, Fail, Skipped };

    QString id; ///< stable, dotted: "host.shm", "npu.cann", "compat.torch_npu"
    QString title;
    Status status = Status::Skipped;
    QString found;
    QString expected;
    QString fix; ///< one line a user can act on; empty when nothing to do

    static EnvCheck make(const QString &id, const QString &title, Status status, const QString &found,
                         const QString &expected = {}, const QString &fix = {})
    {
        return {id, title, status, found, expected, fix};
    }
    static QString statusName(Status status);
    /// False for an unknown name.
    static bool statusFromName(const QString &name, Status *status);
    QJsonObject toJson() const;
};
