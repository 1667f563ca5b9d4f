#include "eventrunbuilder.h"

#include "tensorboard/tensorboardtags.h"

#include <cmath>
#include <cstring>

int EventRunBuilder::columnFor(QByteArrayView tag)
{
    const int n = int(m_tags.size());
    // Tags come round in the same order each step: try the one after the last match first.
    for (int k = 0; k < n; ++k) {
        const int i = (m_lastTag + 1 + k) % n;
        const QByteArray &t = m_tags[size_t(i)].first;
        if (t.size() == tag.size() && std::memcmp(t.constData(), tag.data(), size_t(tag.size())) == 0) {
            m_lastTag = i;
            return m_tags[size_t(i)].second;
        }
    }
    const QByteArray owned = tag.toByteArray();
    const QString name = QString::fromUtf8(owned);
    const int column = TensorBoardTags::isOtherAxis(name) ? -1 : m_run.ensureColumn(name);
    m_tags.emplace_back(owned, column);
    m_lastTag = n;
    return column;
}

void EventRunBuilder::add(const TfEvent &event, qint64 offset)
{
    if (!event.fileVersion.isEmpty() && m_fileVersion.isEmpty())
        m_fileVersion = event.fileVersion.toByteArray();
    m_otherValues += event.otherValues;
    for (const auto &[tag, text] : event.texts) {
        if (tag == QByteArrayView("args/text_summary"))
            m_arguments = text.toByteArray();
    }
    if (event.scalars.empty())
        return;
    if (!m_sawEvent) {
        m_sawEvent = true;
        m_firstWall = event.wallTime;
    }
    m_lastWall = event.wallTime;
    for (const TfScalar &s : event.scalars) {
        const int column = columnFor(s.tag);
        if (column < 0) {
            ++m_otherAxis;
            continue;
        }
        if (m_point >= 0 && m_run.step(m_point) == event.step) {
            // The same step again: HF logs train/epoch with its eval values too. One point per
            // step; a value logged twice keeps the later one, and the notes count it.
            const double old = m_run.columnAt(column)[size_t(m_point)];
            if (!Run::isMissing(old)) {
                ++m_relogged;
                if (!(old == double(s.value) || (std::isnan(old) && std::isnan(s.value))))
                    ++m_reloggedChanged;
            }
        } else {
            if (m_point < 0 && m_hasCarry && event.step == m_carryStep) {
                m_run.firstPointContinues = true; // more values for the last point handed out
            } else if ((m_point >= 0 || m_hasCarry) && event.step < (m_point >= 0 ? m_run.step(m_point) : m_carryStep)
                       && m_stepBacks++ == 0) {
                m_firstStepBack = offset;
            }
            m_point = m_run.appendPoint(event.step, event.wallTime);
        }
        m_run.setValueAt(m_point, column, s.value);
        ++m_scalars;
    }
}

Run EventRunBuilder::takeRun()
{
    if (m_point >= 0) {
        m_hasCarry = true;
        m_carryStep = m_run.step(m_point);
    }
    Run run = std::move(m_run);
    m_run = Run();
    // Keep the columns known (same order), so later batches of a followed file line up.
    for (auto &[tag, column] : m_tags) {
        if (column >= 0)
            column = m_run.ensureColumn(QString::fromUtf8(tag));
    }
    m_point = -1;
    return run;
}
