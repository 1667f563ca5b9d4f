// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "logformat.h"

#include "parsecontext.h"

void LogFormat::parseDocument(QByteArrayView data, ParseContext &context)
{
    Q_UNUSED(data)
    context.fail(QStringLiteral("the %1 format reads lines, not documents").arg(name()));
}
