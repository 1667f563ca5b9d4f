#include "jsoninput.h"

#include <QJsonParseError>

namespace {

// Where (byte offset) the nesting first passes maxDepth, or -1. Brackets inside strings do not
// count; the pass does not judge validity, Qt's parser does that afterwards.
qsizetype tooDeepAt(QByteArrayView bytes, int maxDepth)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                return i;
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return -1;
}

QString place(QByteArrayView bytes, qsizetype offset)
{
    return QStringLiteral("line %1 (byte %2)").arg(bytes.first(qMin(offset, bytes.size())).count('\n') + 1).arg(offset);
}

} // namespace

QJsonDocument JsonInput::parse(QByteArrayView bytes, QString *error)
{
    const qsizetype deep = tooDeepAt(bytes, maxDepth);
    if (deep >= 0) {
        if (error)
            *error = QStringLiteral("%1: JSON nested deeper than the limit of %2 levels").arg(place(bytes, deep)).arg(maxDepth);
        return {};
    }
    QJsonParseError pe;
    QJsonDocument doc = QJsonDocument::fromJson(bytes.toByteArray(), &pe);
    if (pe.error != QJsonParseError::NoError && error)
        *error = QStringLiteral("%1: %2").arg(place(bytes, pe.offset), pe.errorString());
    return doc;
}
