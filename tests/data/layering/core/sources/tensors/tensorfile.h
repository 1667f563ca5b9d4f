// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

// Back to logs: a cycle inside one layer.
#include "core/sources/logs/logreader.h"
