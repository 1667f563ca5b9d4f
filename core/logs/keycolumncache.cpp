#include "keycolumncache.h"

#include "logs/parsecontext.h"

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
        it = m_byKey.insert(owned, metric.isEmpty() ? -1 : context.column(metric));
    }
    if (position < int(m_byPosition.size()))
        m_byPosition[size_t(position)] = {owned, *it};
    return *it;
}
