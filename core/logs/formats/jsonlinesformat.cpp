#include "jsonlinesformat.h"

int JsonLinesFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    int objects = 0;
    int withStep = 0;
    for (QByteArrayView line : lines) {
        const QByteArrayView t = line.trimmed();
        if (!t.startsWith("{\"") || !t.endsWith('}'))
            continue;
        ++objects;
        if (t.contains("\"step\"") || t.contains("\"global_step\"") || t.contains("\"iteration\"")
            || t.contains("\"_step\""))
            ++withStep;
    }
    if (withStep == 0)
        return 0;
    // Mostly objects with a step: confident; a few among other lines: a weak guess.
    return withStep * 2 >= lines.size() ? 70 : 20 + (objects > 0 ? 10 : 0);
}
