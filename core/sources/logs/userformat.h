// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

class QSettings;

/// A format the user defines with one regular expression: each named group is a metric (its name
/// mapped onto the canonical names), except `step` (the point's step; without it points are
/// numbered in order) and `time` (wall time, unix seconds or ISO-8601). Lines that do not match
/// are noise. Stored in QSettings under `logFormats/<name>` so the GUI and the CLI share them.
struct UserFormat
{
    QString name;
    QString pattern;
    QString description;

    /// Empty when usable, else why not (bad regex, no metric group, reserved name).
    QString validate() const;

    /// A format that reads a line no format read: the general reader's pairs give the keys of the
    /// step and the loss, the expression finds them by those keys ("iteration\D{0,8}(?<step>\d+)
    /// .*?lm loss…(?<loss>…)"). Empty pattern when the line has no loss the grammar can find.
    static UserFormat propose(QByteArrayView line, const QString &name = QStringLiteral("mine"));
    static QList<UserFormat> load(QSettings &settings);
    static void save(QSettings &settings, const UserFormat &format);
    static bool remove(QSettings &settings, const QString &name);
};
