# SPDX-FileCopyrightText: 2026 PortBench developers
# SPDX-License-Identifier: Apache-2.0

# tst_corelayers_planted: two layers over the planted tree in core/ (core/base, core/sources).
set(PORTBENCH_CORE_LAYERS base sources)
