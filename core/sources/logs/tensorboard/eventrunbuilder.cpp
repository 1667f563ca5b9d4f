// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "eventrunbuilder.h"

#include "core/base/model/steplimits.h"
#include "core/sources/logs/tensorboard/tensorboardtags.h"

#include <cmath>
#include <cstring>

int EventRunBuilder::columnFor(QByteArrayView tag)
{
    // Tags come round in the same order each step: try the one after the last match first.
    if (!m_tags.empty()) {
        const int i = (m_lastTag + 1) % int(m_tags.size());
        const QByteArray &t = m_tags[size_t(i)].first;
        if (t.size() == tag.size() && std::memcmp(t.constData(), tag.data(), size_t(tag.size())) == 0) {
            m_lastTag = i;
            return m_tags[size_t(i)].second;
        }
    }
    if (const auto it = m_tagIndex.constFind(QByteArray::fromRawData(tag.data(), tag.size()));
        it != m_tagIndex.constEnd()) {
        m_lastTag = *it;
        return m_tags[size_t(*it)].second;
    }
    const QByteArray owned = tag.toByteArray();
    const QString name = QString::fromUtf8(owned);
    const bool otherAxis = TensorBoardTags::isOtherAxis(name);
    const int column = otherAxis ? -1 : m_run.ensureColumn(name);
    // Over the run's metric-name limit: not remembered (that would grow with every new tag).
    if (!otherAxis && column < 0)
        return overNameLimit;
    m_tagIndex.insert(owned, int(m_tags.size()));
    m_tags.emplace_back(owned, column);
    m_lastTag = int(m_tags.size()) - 1;
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
    // The step limit of every reader (docs/limits.md): a step plus an offset cannot overflow.
    if (event.step > StepLimits::maxStep || event.step < -StepLimits::maxStep) {
        if (m_stepsOutOfRange++ == 0) {
            m_firstStepOutOfRange = event.step;
            m_firstStepOutOfRangeOffset = offset;
        }
        return;
    }
    for (const TfScalar &s : event.scalars) {
        const int column = columnFor(s.tag);
        if (column == -1) {
            ++m_otherAxis;
            continue;
        }
        const bool samePoint = m_point >= 0 && m_run.step(m_point) == event.step;
        if (!samePoint) {
            if (m_point < 0 && m_hasCarry && event.step == m_carryStep) {
                m_run.firstPointContinues = true; // more values for the last point handed out
            } else if ((m_point >= 0 || m_hasCarry) && event.step < (m_point >= 0 ? m_run.step(m_point) : m_carryStep)
                       && m_stepBacks++ == 0) {
                m_firstStepBack = offset;
            }
            m_point = m_run.appendPoint(event.step, event.wallTime);
        }
        // The point stands even so: a piece read in parallel, which knows fewer tags, makes it too.
        if (column == overNameLimit) {
            ++m_overNameLimit;
            continue;
        }
        if (samePoint) {
            // The same step again: HF logs train/epoch with its eval values too. One point per
            // step; a value logged twice keeps the later one, and the notes count it.
            const double old = m_run.columnAt(column)[size_t(m_point)];
            if (!RunMetrics::isMissing(old)) {
                ++m_relogged;
                if (!(old == double(s.value) || (std::isnan(old) && std::isnan(s.value))))
                    ++m_reloggedChanged;
            }
        }
        m_run.setValueAt(m_point, column, s.value);
        ++m_scalars;
    }
}

RunMetrics EventRunBuilder::takeRun()
{
    if (m_point >= 0) {
        m_hasCarry = true;
        m_carryStep = m_run.step(m_point);
    }
    RunMetrics run = std::move(m_run);
    m_run = RunMetrics();
    // Keep the columns known (same order), so later batches of a followed file line up.
    for (auto &[tag, column] : m_tags) {
        if (column >= 0)
            column = m_run.ensureColumn(QString::fromUtf8(tag));
    }
    m_point = -1;
    return run;
}
