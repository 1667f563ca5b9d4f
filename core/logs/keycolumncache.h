#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

#include <functional>
#include <vector>

class ParseContext;

/// Maps a log's keys to metric columns without building a QString per value. Trainers print the
/// same keys in the same order line after line, so the key at each position is first compared
/// with the one seen there last time (a memcmp); only a new key goes through the mapper.
class KeyColumnCache
{
public:
    /// Returns the metric name for a key, or an empty string for keys that are not metrics.
    using Mapper = std::function<QString(QByteArrayView key)>;

    explicit KeyColumnCache(Mapper mapper);

    /// Column of the key at `position` in the current line; -1 for a key that is not a metric.
    int column(int position, QByteArrayView key, ParseContext &context);

private:
    struct Slot
    {
        QByteArray key;
        int column = -1;
    };
    Mapper m_mapper;
    std::vector<Slot> m_byPosition;
    QHash<QByteArray, int> m_byKey;
};
