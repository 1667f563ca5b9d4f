// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/runmetrics.h"
#include "core/sources/logs/tensorboard/tfeventdecoder.h"

#include <QByteArray>
#include <QHash>

#include <utility>
#include <vector>

/// Turns decoded events, in file order, into Run points. Columns are keyed by the raw tag
/// (EventFileReader maps them to metric names once the whole file is read).
///
/// Writers log one event per tag, all with the step of the iteration: an event whose step equals
/// the current point's joins it (a tag logged twice for one step keeps the later value, counted);
/// any other event starts a point, and a step lower than the last one starts a segment, as a
/// restart does. The same rule applied piece by piece and joined with RunMetrics::append gives the same
/// run, which is what lets EventFileReader read a file on several cores.
class EventRunBuilder
{
public:
    /// Adds one decoded event read from the record at file offset `offset`.
    void add(const TfEvent &event, qint64 offset);
    /// The points built so far; the builder starts again empty (a follower takes each batch).
    RunMetrics takeRun();

    qint64 scalarCount() const { return m_scalars; }
    qint64 otherValueCount() const { return m_otherValues; }
    qint64 otherAxisCount() const { return m_otherAxis; }
    /// Values logged again for a step that already had that tag, and how many of them differed.
    qint64 reloggedCount() const { return m_relogged; }
    qint64 reloggedChangedCount() const { return m_reloggedChanged; }
    /// Points whose step was lower than the previous point's, and the first one's offset.
    qint64 stepBackCount() const { return m_stepBacks; }
    qint64 firstStepBackOffset() const { return m_firstStepBack; }
    /// Events whose step is beyond ±StepLimits::maxStep, skipped; the first one's step and offset.
    qint64 stepsOutOfRangeCount() const { return m_stepsOutOfRange; }
    qint64 firstStepOutOfRange() const { return m_firstStepOutOfRange; }
    qint64 firstStepOutOfRangeOffset() const { return m_firstStepOutOfRangeOffset; }
    /// Values of tags beyond RunMetrics::maxMetricNames, left out.
    qint64 overNameLimitCount() const { return m_overNameLimit; }
    QByteArray fileVersion() const { return m_fileVersion; }
    /// The last text summary whose tag is HF's "args/text_summary" (TrainingArguments as JSON).
    QByteArray argumentsJson() const { return m_arguments; }
    bool sawWallTime() const { return m_sawEvent; }
    double firstWallTime() const { return m_firstWall; }
    double lastWallTime() const { return m_lastWall; }

private:
    /// columnFor(): a new tag when the run already has RunMetrics::maxMetricNames metrics.
    static constexpr int overNameLimit = -2;
    /// The tag's column, -1 for a tag left out ("vs samples"), or overNameLimit.
    int columnFor(QByteArrayView tag);

    RunMetrics m_run;
    /// After takeRun(): the step of the last point handed out, so an event of the same step in
    /// the next batch joins it (RunMetrics::firstPointContinues) instead of starting a segment.
    qint64 m_carryStep = 0;
    bool m_hasCarry = false;
    std::vector<std::pair<QByteArray, int>> m_tags; ///< tag → column (-1: left out)
    QHash<QByteArray, int> m_tagIndex; ///< tag → its index in m_tags
    int m_lastTag = -1; ///< index into m_tags of the previous lookup: consecutive events often repeat a pattern
    int m_point = -1;
    qint64 m_scalars = 0;
    qint64 m_otherValues = 0;
    qint64 m_otherAxis = 0;
    qint64 m_stepBacks = 0;
    qint64 m_relogged = 0;
    qint64 m_reloggedChanged = 0;
    qint64 m_firstStepBack = -1;
    qint64 m_stepsOutOfRange = 0;
    qint64 m_firstStepOutOfRange = 0;
    qint64 m_firstStepOutOfRangeOffset = -1;
    qint64 m_overNameLimit = 0;
    QByteArray m_fileVersion;
    QByteArray m_arguments;
    bool m_sawEvent = false;
    double m_firstWall = 0;
    double m_lastWall = 0;
};
