// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/runmetrics.h" // downwards: allowed
#include "core/sources/tensors/tensorfile.h"
