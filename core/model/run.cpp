#include "run.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {
// A quiet NaN with a payload that IEEE arithmetic never creates from finite inputs.
constexpr quint64 missingBits = 0x7ff8'0000'dead'beefULL;
}

double Run::missing()
{
    double d;
    std::memcpy(&d, &missingBits, sizeof d);
    return d;
}

bool Run::isMissing(double value)
{
    quint64 bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits == missingBits;
}

const std::vector<double> *Run::column(const QString &name) const
{
    const auto it = m_index.constFind(name);
    return it == m_index.constEnd() ? nullptr : &m_columns[size_t(*it)];
}

double Run::value(int point, const QString &name) const
{
    const std::vector<double> *c = column(name);
    return c ? (*c)[size_t(point)] : missing();
}

int Run::segmentOf(int point) const
{
    const auto it = std::upper_bound(m_segmentStarts.cbegin(), m_segmentStarts.cend(), point);
    return int(it - m_segmentStarts.cbegin()) - 1;
}

int Run::appendPoint(qint64 step, double wallTime)
{
    if (m_steps.empty() || step <= m_steps.back())
        m_segmentStarts.append(int(m_steps.size()));
    m_steps.push_back(step);
    m_wallTimes.push_back(wallTime);
    if (!std::isnan(wallTime))
        m_hasWallTime = true;
    for (std::vector<double> &c : m_columns)
        c.push_back(missing());
    return int(m_steps.size()) - 1;
}

void Run::setValue(int point, const QString &name, double value)
{
    auto it = m_index.constFind(name);
    if (it == m_index.constEnd()) {
        it = m_index.insert(name, int(m_columns.size()));
        m_names.append(name);
        m_columns.emplace_back(m_steps.size(), missing());
        m_columns.back().reserve(m_steps.capacity());
    }
    m_columns[size_t(*it)][size_t(point)] = value;
}

void Run::append(const Run &chunk)
{
    for (int i = 0; i < chunk.pointCount(); ++i) {
        const int p = appendPoint(chunk.step(i), chunk.wallTime(i));
        for (int c = 0; c < chunk.m_names.size(); ++c) {
            const double v = chunk.m_columns[size_t(c)][size_t(i)];
            if (!isMissing(v))
                setValue(p, chunk.m_names.at(c), v);
        }
    }
    for (auto it = chunk.meta.cbegin(); it != chunk.meta.cend(); ++it)
        meta.insert(it.key(), it.value());
}

void Run::reserve(int points)
{
    m_steps.reserve(size_t(points));
    m_wallTimes.reserve(size_t(points));
    for (std::vector<double> &c : m_columns)
        c.reserve(size_t(points));
}

void Run::clear()
{
    m_steps.clear();
    m_wallTimes.clear();
    m_columns.clear();
    m_names.clear();
    m_index.clear();
    m_segmentStarts.clear();
    m_hasWallTime = false;
}

size_t Run::storageBytes() const
{
    size_t bytes = m_steps.capacity() * sizeof(qint64) + m_wallTimes.capacity() * sizeof(double);
    for (const std::vector<double> &c : m_columns)
        bytes += c.capacity() * sizeof(double);
    return bytes;
}

qint64 Run::storedValueCount() const
{
    qint64 n = 0;
    for (const std::vector<double> &c : m_columns)
        n += std::count_if(c.cbegin(), c.cend(), [](double v) { return !isMissing(v); });
    return n;
}
