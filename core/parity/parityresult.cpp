#include "parityresult.h"

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
    case Status::Match: return QStringLiteral("match");
    case Status::Mismatch: return QStringLiteral("mismatch");
    case Status::Unknown: break;
    }
    return QStringLiteral("unknown");
}

int ParityResult::SpikeSet::candidateOnly() const
{
    return int(std::count_if(candidate.cbegin(), candidate.cend(), [](const Spike &s) { return !s.inOtherRun; }));
}
