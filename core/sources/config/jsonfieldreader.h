// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

/// Typed reads out of nested JSON objects for the config readers (TrainingConfig JSON,
/// ds_config.json, accelerate YAML as JSON). A missing or null key leaves the target alone; the
/// first value of the wrong type is kept as `error`, naming the dotted path of the field.
class JsonFieldReader
{
public:
    QString error;

    /// Strings (numbers are accepted and written as text); `allowed` restricts the values.
    void get(const QJsonObject &o, const QString &prefix, const char *key, QString &out,
             const QStringList &allowed = {});
    void get(const QJsonObject &o, const QString &prefix, const char *key, bool &out);
    void get(const QJsonObject &o, const QString &prefix, const char *key, double &out);
    void get(const QJsonObject &o, const QString &prefix, const char *key, qint64 &out);
    void get(const QJsonObject &o, const QString &prefix, const char *key, int &out);
    /// A number or "auto", kept as is.
    void getAuto(const QJsonObject &o, const QString &prefix, const char *key, QJsonValue &out);
    /// A number, where "auto" is also accepted (and leaves `out` alone); true when a number was read.
    bool getUnlessAuto(const QJsonObject &o, const QString &prefix, const char *key, double &out);
    /// The same for a whole number that fits 32 bits (anything else fails, `out` left alone).
    bool getUnlessAuto(const QJsonObject &o, const QString &prefix, const char *key, int &out);
    /// A nested object ({} when absent).
    QJsonObject object(const QJsonObject &o, const QString &prefix, const char *key);

    void fail(const QString &path, const QString &expected);
    /// "auto": a value the HF Trainer fills in for DeepSpeed at launch (ds_config.json).
    static QJsonValue autoValue() { return QJsonValue(QStringLiteral("auto")); }
    static QString path(const QString &prefix, const char *key);
};
