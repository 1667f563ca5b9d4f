// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "keycolumncache.h"

#include "core/sources/logs/parsecontext.h"

KeyColumnCache::KeyColumnCache(Mapper mapper)
    : m_mapper(std::move(mapper))
{ }

int KeyColumnCache::column(int position, QByteArrayView key, ParseContext &context)
{
    if (position < int(m_byPosition.size())) {
        const Slot &slot = m_byPosition[size_t(position)];
        if (slot.key == key)
            return slot.column;
    } else if (position < 256) {
        m_byPosition.resize(size_t(position) + 1);
    }
    const QByteArray owned = key.toByteArray();
    auto it = m_byKey.constFind(owned);
    if (it == m_byKey.constEnd()) {
        const QString metric = m_mapper(key);
        const int column = metric.isEmpty() ? -1 : context.column(metric);
        // Over the run's metric-name limit: not remembered, so every line with it is refused.
        if (column < 0 && !metric.isEmpty())
            return -1;
        it = m_byKey.insert(owned, column);
    }
    if (position < int(m_byPosition.size()))
        m_byPosition[size_t(position)] = {owned, *it};
    return *it;
}
