// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

// Against the layers: base includes sources.
#include "core/sources/logs/logreader.h"
