// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"
#include "core/sources/logs/userformat.h"

#include <QByteArrayView>
#include <QList>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

/// The log formats PortBench knows: the built-in ones and the user's regex formats. Formats are
/// tried in registration order, so a more specific format wins a tie with a generic one.
class FormatRegistry
{
public:
    using Factory = std::function<std::unique_ptr<LogFormat>()>;

    /// The built-in formats followed by the given user-defined ones.
    explicit FormatRegistry(const QList<UserFormat> &userFormats = {});

    void add(Factory factory);
    QStringList names() const;
    QString displayName(const QString &name) const;
    /// A fresh instance of the named format, or nullptr.
    std::unique_ptr<LogFormat> create(const QString &name) const;

    struct Detection
    {
        QString name; ///< empty when no format scored above 0
        int score = 0;
        /// The format with the most line votes after the winner, when any other format reads
        /// lines of the sample: a mixed log's second format.
        QString secondary;
    };
    /// Reads the sample with every format whose detect() scores it above 0: the one that takes
    /// the most loss values wins (a mixed log is read by the format that carries the metrics;
    /// a format that only resembles the log reads none), then the one that uses the most lines,
    /// then the best detect() score; a tie goes to the earlier registration. The general reader
    /// (GenericFormat) wins only by reading more than twice the losses of the best named format. A document format sure
    /// of the whole input (trainer_state.json) wins outright. The second format is the other named format with the most
    /// lines it is sure of (detect() on the line alone). `payloads` are the lines without their logger prefix, given to
    /// formats that read payloads.
    Detection detect(const QList<QByteArrayView> &lines, const QList<QByteArrayView> &payloads,
                     const QString &sourceName) const;

private:
    struct Entry
    {
        Factory factory;
        std::unique_ptr<LogFormat> probe; ///< answers name() and detect()
    };
    std::vector<Entry> m_entries;
};
