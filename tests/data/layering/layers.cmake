# SPDX-FileCopyrightText: 2026 PortBench developers
# SPDX-License-Identifier: Apache-2.0

# tst_corelayers_planted: two layers over the planted tree in core/.
set(PORTBENCH_CORE_LAYERS base sources)
set(PORTBENCH_CORE_LAYER_base model)
set(PORTBENCH_CORE_LAYER_sources logs tensors)
