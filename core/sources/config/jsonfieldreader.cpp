// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "jsonfieldreader.h"

#include <cmath>
#include <limits>

namespace {

bool absent(const QJsonValue &v)
{
    return v.isUndefined() || v.isNull();
}

} // namespace

QString JsonFieldReader::path(const QString &prefix, const char *key)
{
    return prefix.isEmpty() ? QString::fromLatin1(key) : prefix + QLatin1Char('.') + QLatin1String(key);
}

void JsonFieldReader::fail(const QString &field, const QString &expected)
{
    if (error.isEmpty())
        error = QStringLiteral("%1: expected %2").arg(field, expected);
}

void JsonFieldReader::get(const QJsonObject &o, const QString &prefix, const char *key, QString &out,
                          const QStringList &allowed)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v))
        return;
    if (!v.isString() && !v.isDouble())
        return fail(path(prefix, key), QStringLiteral("a string"));
    const QString s = v.isDouble() ? QString::number(v.toDouble(), 'g', 15) : v.toString();
    if (!allowed.isEmpty() && !allowed.contains(s))
        return fail(path(prefix, key),
                    QStringLiteral("one of %1 (got \"%2\")").arg(allowed.join(QStringLiteral(", ")), s));
    out = s;
}

void JsonFieldReader::get(const QJsonObject &o, const QString &prefix, const char *key, bool &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v))
        return;
    if (!v.isBool())
        return fail(path(prefix, key), QStringLiteral("true or false"));
    out = v.toBool();
}

void JsonFieldReader::get(const QJsonObject &o, const QString &prefix, const char *key, double &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v))
        return;
    if (!v.isDouble())
        return fail(path(prefix, key), QStringLiteral("a number"));
    out = v.toDouble();
}

void JsonFieldReader::get(const QJsonObject &o, const QString &prefix, const char *key, qint64 &out)
{
    double d = double(out);
    get(o, prefix, key, d);
    if (d != std::floor(d) || std::abs(d) > 9.0e15)
        return fail(path(prefix, key), QStringLiteral("a whole number"));
    out = qint64(d);
}

void JsonFieldReader::get(const QJsonObject &o, const QString &prefix, const char *key, int &out)
{
    qint64 v = out;
    get(o, prefix, key, v);
    if (v > std::numeric_limits<int>::max() || v < std::numeric_limits<int>::min())
        return fail(path(prefix, key), QStringLiteral("a whole number that fits 32 bits"));
    out = int(v);
}

void JsonFieldReader::getAuto(const QJsonObject &o, const QString &prefix, const char *key, QJsonValue &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v))
        return;
    if (!v.isDouble() && !v.isBool() && v != autoValue())
        return fail(path(prefix, key), QStringLiteral("a number or \"auto\""));
    out = v;
}

bool JsonFieldReader::getUnlessAuto(const QJsonObject &o, const QString &prefix, const char *key, double &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v) || v == autoValue())
        return false;
    if (!v.isDouble()) {
        fail(path(prefix, key), QStringLiteral("a number or \"auto\""));
        return false;
    }
    out = v.toDouble();
    return true;
}

bool JsonFieldReader::getUnlessAuto(const QJsonObject &o, const QString &prefix, const char *key, int &out)
{
    double d = 0;
    if (!getUnlessAuto(o, prefix, key, d))
        return false;
    // Checked as a double: converting one out of int's range is undefined behaviour.
    if (d != std::floor(d) || d > std::numeric_limits<int>::max() || d < std::numeric_limits<int>::min()) {
        fail(path(prefix, key), QStringLiteral("a whole number that fits 32 bits"));
        return false;
    }
    out = int(d);
    return true;
}

QJsonObject JsonFieldReader::object(const QJsonObject &o, const QString &prefix, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v))
        return {};
    if (!v.isObject())
        fail(path(prefix, key), QStringLiteral("an object"));
    return v.toObject();
}
