// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "model/run.h" // downwards: allowed
#include "tensors/tensorfile.h"
