// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stackcheckoutcome.h"

QString StackCheckOutcome::statusName() const
{
    switch (status) {
    case Status::Judged: return QStringLiteral("judged");
    case Status::InputError: return QStringLiteral("input_error");
    case Status::RunFailed: return QStringLiteral("run_failed");
    }
    return {};
}
