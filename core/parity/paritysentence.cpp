#include "paritysentence.h"

#include <QCoreApplication>

namespace {

QString fill(QString text, const QStringList &args)
{
    for (const QString &a : args)
        text = text.arg(a);
    return text;
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
