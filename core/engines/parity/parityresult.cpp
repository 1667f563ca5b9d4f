// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityresult.h"

#include <QCoreApplication>

#include <algorithm>

QString ParityResult::verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass: return QStringLiteral("PASS");
    case Verdict::Warn: return QStringLiteral("WARN");
    case Verdict::Fail: break;
    }
    return QStringLiteral("FAIL");
}

QString ParityResult::FairnessItem::statusName(Status status)
{
    switch (status) {
    case Status::Match: return QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "match"));
    case Status::Mismatch: return QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "mismatch"));
    case Status::Unknown: break;
    }
    return QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "unknown"));
}

QString ParityResult::FairnessItem::translatedStatusName(Status status)
{
    return QCoreApplication::translate("ParityReason", statusName(status).toUtf8().constData());
}

QString ParityResult::FairnessItem::translatedLabel() const
{
    // The labels are marked in parityfairness.cpp's table.
    return QCoreApplication::translate("ParityReason", label.toUtf8().constData());
}

QString ParityResult::MismatchClass::translatedLabel() const
{
    // Label and what to check first are marked in parityclassifier.cpp.
    return QCoreApplication::translate("ParityReason", label.toUtf8().constData());
}

QString ParityResult::MismatchClass::translatedCheckFirst() const
{
    return QCoreApplication::translate("ParityReason", checkFirst.toUtf8().constData());
}

int ParityResult::SpikeSet::candidateOnly() const
{
    return int(std::count_if(candidate.cbegin(), candidate.cend(), [](const Spike &s) { return !s.inOtherRun; }));
}

bool ParityResult::hasTelemetry() const
{
    return !baselineTelemetry.isEmpty()
        || std::any_of(candidates.begin(), candidates.end(), [](const Candidate &c) { return !c.telemetry.isEmpty(); });
}
