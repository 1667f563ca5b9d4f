// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/porttypes.h"

#include <QSet>
#include <QSortFilterProxyModel>

/// Filters a PortFindingsModel by severity, file and free text (rule, message, suggestion).
class PortFindingsFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit PortFindingsFilter(QObject *parent = nullptr);

    void setSeverityVisible(Port::Severity severity, bool visible);
    bool isSeverityVisible(Port::Severity severity) const { return !m_hidden.contains(int(severity)); }
    /// Only findings in this file (relative path); empty for all files.
    void setFile(const QString &file);
    void setText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QSet<int> m_hidden;
    QString m_file;
    QString m_text;
};
