#include "paritycsv.h"

#include "parityjson.h"

#include <cmath>

namespace {

QByteArray csvNumber(double v)
{
    if (std::isnan(v))
        return QByteArrayLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QByteArrayLiteral("inf") : QByteArrayLiteral("-inf");
    return QByteArray::number(v, 'g', 17);
}

/// RFC 4180 quoting: a run name may hold commas or quotes.
QByteArray csvText(const QString &text)
{
    QByteArray b = text.toUtf8();
    if (b.contains(',') || b.contains('"') || b.contains('\n') || b.contains('\r'))
        return '"' + b.replace("\"", "\"\"") + '"';
    return b;
}

} // namespace

QByteArray ParityCsv::write(const ParityResult &result)
{
    QByteArray out = "candidate,step,baseline,candidate_value,diff,abs_err,rel_err,flags\n";
    for (const ParityResult::Candidate &c : result.candidates) {
        const QByteArray name = csvText(c.name);
        for (const ParityResult::Row &r : c.rows) {
            out += name + ',' + QByteArray::number(r.step) + ',' + csvNumber(r.baseline) + ',' + csvNumber(r.candidate) + ','
                   + csvNumber(r.diff()) + ',' + csvNumber(r.absErr()) + ',' + csvNumber(r.relErr()) + ','
                   + ParityJson::flagNames(r.flags).join(QLatin1Char('|')).toLatin1() + '\n';
        }
    }
    return out;
}
