// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "jsoninput.h"

#include <QJsonParseError>

namespace {

QString place(QByteArrayView bytes, qsizetype offset)
{
    return QStringLiteral("line %1 (byte %2)").arg(bytes.first(qMin(offset, bytes.size())).count('\n') + 1).arg(offset);
}

} // namespace

qsizetype JsonInput::findNesting(QByteArrayView bytes, qsizetype from, const std::function<bool(int depth)> &stop)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = from; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if ((c == '{' || c == '[') && stop(++depth)) {
            return i;
        } else if ((c == '}' || c == ']') && depth > 0 && stop(--depth)) {
            return i;
        }
    }
    return -1;
}

QJsonDocument JsonInput::parse(QByteArrayView bytes, QString *error)
{
    const qsizetype deep = findNesting(bytes, 0, [](int depth) { return depth > maxDepth; });
    if (deep >= 0) {
        if (error)
            *error = QStringLiteral("%1: JSON nested deeper than the limit of %2 levels")
                         .arg(place(bytes, deep))
                         .arg(maxDepth);
        return {};
    }
    QJsonParseError pe;
    QJsonDocument doc = QJsonDocument::fromJson(bytes.toByteArray(), &pe);
    if (pe.error != QJsonParseError::NoError && error)
        *error = QStringLiteral("%1: %2").arg(place(bytes, pe.offset), pe.errorString());
    return doc;
}
