// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"
#include "core/sources/logs/userformat.h"

#include <QRegularExpression>

#include <vector>

/// A user-defined format (UserFormat): one regular expression whose named groups are metrics,
/// plus optional `step` and `time` groups. Lines that do not match are noise.
class RegexFormat : public LogFormat
{
public:
    explicit RegexFormat(const UserFormat &definition);

    QString name() const override { return m_definition.name; }
    QString displayName() const override;
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
    bool readsPayload() const override { return false; }

private:
    struct Group
    {
        QString group;
        QString metric;
        int column = -1;
    };
    UserFormat m_definition;
    QRegularExpression m_regex;
    std::vector<Group> m_groups;
};
