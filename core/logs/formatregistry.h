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
    };
    Detection detect(const QList<QByteArrayView> &lines, const QString &sourceName) const;

private:
    struct Entry
    {
        Factory factory;
        std::unique_ptr<LogFormat> probe; ///< answers name() and detect()
    };
    std::vector<Entry> m_entries;
};
