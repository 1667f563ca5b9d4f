#include "lightningformat.h"

#include "logs/logtext.h"
#include "logs/parsecontext.h"
#include "model/metricnames.h"

namespace {

bool isBar(QByteArrayView t)
{
    return t.startsWith("Epoch ") && t.contains("%|") && t.contains("it/s");
}

} // namespace

int LightningFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    for (QByteArrayView line : lines) {
        if (isBar(line.trimmed()))
            return 80;
    }
    return 0;
}

void LightningFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    const QByteArrayView t = line.trimmed();
    if (!isBar(t))
        return;
    qint64 epoch;
    const qsizetype colon = t.indexOf(':');
    if (colon < 0 || !LogText::toInt64(t.sliced(6, colon - 6), epoch))
        return;
    // "| 420/1000 [" → batch and batches per epoch.
    const qsizetype bar = t.indexOf("| ", colon);
    const qsizetype open = t.indexOf('[', bar);
    const qsizetype close = t.lastIndexOf(']');
    if (bar < 0 || open < 0 || close < open)
        return;
    const QByteArrayView counts = t.sliced(bar + 2, open - bar - 2).trimmed();
    const qsizetype slash = counts.indexOf('/');
    qint64 batch, total;
    if (slash < 0 || !LogText::toInt64(counts.first(slash), batch) || !LogText::toInt64(counts.sliced(slash + 1), total))
        return;
    for (QByteArrayView part : LogText::split(t.sliced(open + 1, close - open - 1), ',')) {
        part = part.trimmed();
        const qsizetype eq = part.indexOf('=');
        double v;
        if (part.endsWith("it/s") && LogText::toDouble(part.chopped(4), v)) {
            context.add(QStringLiteral("iterations_per_s"), v);
        } else if (eq > 0 && part.first(eq) != "v_num" && LogText::toDouble(part.sliced(eq + 1), v)) {
            context.add(MetricNames::canonicalName(QString::fromUtf8(part.first(eq))), v);
        }
    }
    if (context.hasPending()) {
        context.add(MetricNames::epoch, double(epoch));
        context.commit(epoch * total + batch, Run::noWallTime, ParseContext::Placement::SameStep);
    }
}
