// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QtGlobal>

/// Every elapsed time PortBench shows (a run's duration in the Runs dock and in reports, an
/// elapsed-time axis) reads the same: a clock, `m:ss` below an hour and `h:mm:ss` from an hour on.
namespace DurationText {
/// `seconds` as `m:ss`, or `h:mm:ss` from an hour on or when `withHours` (a column or an axis whose
/// other entries have hours); a negative duration as `-` before it.
QString clock(qint64 seconds, bool withHours = false);
} // namespace DurationText
