// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritysentence.h"

#include <QCoreApplication>

namespace {

// %1…%9 filled in one pass, as QString::arg(a1, a2, …) does: "%2" inside an argument (a run's
// name, a path) stays as it is.
QString fill(const QString &text, const QStringList &args)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const int n = text.at(i) == u'%' && i + 1 < text.size() ? text.at(i + 1).digitValue() : -1;
        if (n >= 1 && n <= args.size()) {
            out += args.at(n - 1);
            ++i;
        } else {
            out += text.at(i);
        }
    }
    return out;
}

} // namespace

QString ParitySentence::english() const
{
    return source ? fill(QString::fromUtf8(source), args) : QString();
}

QString ParitySentence::translated() const
{
    if (!source)
        return QString();
    QStringList words;
    words.reserve(args.size());
    for (const QString &a : args)
        words << QCoreApplication::translate(context, a.toUtf8().constData());
    return fill(QCoreApplication::translate(context, source), words);
}
