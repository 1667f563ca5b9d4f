#pragma once

#include "logs/logformat.h"
#include "logs/userformat.h"

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
    /// Votes over the sample, line by line: the format that reads the most lines carrying a loss
    /// wins (a mixed log is read by the format that carries the metrics), then the one that
    /// reads the most lines, then the best whole-sample detect() score. Only formats whose
    /// detect() scores the sample above 0 take part; a document format sure of the whole input
    /// (trainer_state.json) wins outright. `payloads` are the lines without their logger prefix,
    /// given to formats that read payloads.
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
