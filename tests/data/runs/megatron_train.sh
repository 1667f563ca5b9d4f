#!/bin/sh
# Prints Megatron-LM training_log lines (the pre-2024 layout of
# shared/fixtures/logs/megatron_training_log_legacy_no_timestamp.txt) for STEPS iterations,
# DELAY seconds apart, then exits with EXIT. Loss is 10/(step+1) so tests can check values.
steps=${1:-5}
delay=${2:-0}
code=${3:-0}
awk -v n="$steps" -v d="$delay" 'BEGIN {
    for (i = 1; i <= n; i++) {
        printf " iteration %8d/ %7d | consumed samples: %12d | elapsed time per iteration (ms): 86545.2 | learning rate: 9.150E-06 | global batch size:  1024 | lm loss: %E | loss scale: 1.0 | grad norm: 0.231 | number of skipped iterations:   0 | number of nan iterations:   0 |\n", i, n, i * 1024, 10 / (i + 1)
        fflush()
        if (d > 0) system("sleep " d)
    }
}'
exit "$code"
