// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "jsontree.h"

QJsonObject JsonTree::merge(const QJsonObject &base, const QJsonObject &overlay)
{
    QJsonObject out = base;
    for (auto it = overlay.begin(); it != overlay.end(); ++it) {
        const QJsonValue existing = out.value(it.key());
        if (existing.isObject() && it.value().isObject())
            out[it.key()] = merge(existing.toObject(), it.value().toObject());
        else
            out[it.key()] = it.value();
    }
    return out;
}

QJsonObject JsonTree::subtract(const QJsonObject &source, const QJsonObject &modelled)
{
    QJsonObject out;
    for (auto it = source.begin(); it != source.end(); ++it) {
        const QJsonValue m = modelled.value(it.key());
        if (m.isUndefined()) {
            out[it.key()] = it.value();
        } else if (m.isObject() && it.value().isObject()) {
            const QJsonObject rest = subtract(it.value().toObject(), m.toObject());
            if (!rest.isEmpty())
                out[it.key()] = rest;
        }
    }
    return out;
}

QStringList JsonTree::leafPaths(const QJsonObject &object)
{
    QStringList out;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.value().isObject()) {
            const QStringList inner = leafPaths(it.value().toObject());
            for (const QString &p : inner)
                out << it.key() + QLatin1Char('.') + p;
        } else {
            out << it.key();
        }
    }
    return out;
}
