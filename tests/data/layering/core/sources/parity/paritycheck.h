// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

// A core header not named by its full path.
#include "../logs/logreader.h"
