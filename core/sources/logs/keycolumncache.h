// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logtext.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

#include <functional>
#include <vector>

class ParseContext;

/// Maps a log's keys to metric columns without building a QString per value. Trainers print the
/// same keys in the same order line after line, so the key at each position is first compared
/// with the one seen there last time (LogText::sameBytes); only a new key goes through the mapper.
class KeyColumnCache
{
public:
    /// Returns the metric name for a key, or an empty string for keys that are not metrics.
    using Mapper = std::function<QString(QByteArrayView key)>;

    explicit KeyColumnCache(Mapper mapper);

    /// Column of the key at `position` in the current line; -1 for a key that is not a metric.
    int column(int position, QByteArrayView key, ParseContext &context);
    /// The hot path: when the bytes at p are the key seen at `position` last time, directly
    /// followed by ':', moves p past the ':' and returns true with the key's column. No copy,
    /// no trimming, no search for the segment's end.
    bool matchAt(int position, const char *&p, const char *end, int &column) const
    {
        if (position >= int(m_byPosition.size()))
            return false;
        const Slot &slot = m_byPosition[size_t(position)];
        const qsizetype n = slot.key.size();
        if (n == 0 || end - p <= n || p[n] != ':' || !LogText::sameBytes(p, slot.key.constData(), n))
            return false;
        p += n + 1;
        column = slot.column;
        return true;
    }

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
