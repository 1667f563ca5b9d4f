// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "cannversionfiles.h"

#include <QRegularExpression>

QString CannVersionFiles::fromVersionCfg(const QByteArray &data)
{
    const QString text = QString::fromUtf8(data);
    for (const QString key : {QStringLiteral("toolkit_running_version"), QStringLiteral("runtime_running_version")}) {
        const QRegularExpression re(QStringLiteral("^%1=\\[[^:\\]]*:([^\\]]+)\\]").arg(key),
                                    QRegularExpression::MultilineOption);
        const QString v = re.match(text).captured(1).trimmed();
        if (!v.isEmpty())
            return v;
    }
    return QString();
}

QString CannVersionFiles::value(const QByteArray &data, const QString &key)
{
    const QRegularExpression re(QStringLiteral("^\\s*%1\\s*=\\s*(.+?)\\s*$").arg(QRegularExpression::escape(key)),
                                QRegularExpression::MultilineOption);
    return re.match(QString::fromUtf8(data)).captured(1);
}
