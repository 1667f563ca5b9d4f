// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "envcheck.h"

QString EnvCheck::statusName(Status status)
{
    switch (status) {
    case Status::Ok: return QStringLiteral("ok");
    case Status::Warn: return QStringLiteral("warn");
    case Status::Fail: return QStringLiteral("fail");
    case Status::Skipped: return QStringLiteral("skipped");
    }
    return QString();
}

QJsonObject EnvCheck::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("title"), title},
            {QStringLiteral("status"), statusName(status)},
            {QStringLiteral("found"), found},
            {QStringLiteral("expected"), expected},
            {QStringLiteral("fix"), fix}};
}

bool EnvCheck::statusFromName(const QString &name, Status *status)
{
    for (Status s : {Status::Ok, Status::Warn, Status::Fail, Status::Skipped}) {
        if (statusName(s) == name) {
            *status = s;
            return true;
        }
    }
    return false;
}
