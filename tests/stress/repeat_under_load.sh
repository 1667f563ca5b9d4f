#!/usr/bin/env bash
# repeat_under_load.sh TEST N [ARGS...]: runs the test executable TEST N times (default 50) while
# two busy loops load the CPU, and fails when any run crashes or exits non-zero. A crash at exit
# that needs a thread to finish late (tst_mainwindow's in cleanupThreadData) shows only under load.
# Each run's output goes to $STRESS_LOG_DIR (default a new temporary folder; kept when a run fails);
# a run is killed after $STRESS_TIMEOUT seconds (default 600), which counts as a failure.
set -uo pipefail

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 TEST_EXECUTABLE [N] [TEST ARGS...]" >&2
    exit 2
fi
test_bin=$1
runs=${2:-50}
shift $(($# >= 2 ? 2 : 1))
case "$runs" in
'' | *[!0-9]*)
    echo "$0: N must be a number of runs, not '$runs'" >&2
    exit 2
    ;;
esac
timeout_s=${STRESS_TIMEOUT:-600}
log_dir=${STRESS_LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/portbench-stress.XXXXXX")}
mkdir -p "$log_dir"

loaders=()
test_pid=
stop_loaders() {
    [ -n "$test_pid" ] && kill "$test_pid" 2>/dev/null
    for pid in "${loaders[@]}"; do
        kill "$pid" 2>/dev/null
    done
    for pid in "${loaders[@]}"; do
        wait "$pid" 2>/dev/null
    done
    loaders=()
}
# The busy loops end on every path: a normal end, a failure, Ctrl+C or a kill of this script.
trap stop_loaders EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for _ in 1 2; do
    sh -c 'while :; do :; done' &
    loaders+=($!)
done

failures=0
for i in $(seq 1 "$runs"); do
    log="$log_dir/run-$i.log"
    # In the background and waited for: a signal to this script is handled at once, not after the run.
    QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} timeout -k 10 "$timeout_s" "$test_bin" "$@" >"$log" 2>&1 &
    test_pid=$!
    wait "$test_pid"
    rc=$?
    test_pid=
    if [ "$rc" -ne 0 ]; then
        failures=$((failures + 1))
        echo "run $i: exit code $rc (log: $log)"
        tail -n 20 "$log"
    else
        rm -f "$log"
    fi
done
stop_loaders

echo "$(basename "$test_bin"): $runs runs under two busy loops, $failures failed ($(nproc) cores, $(uname -srm))"
if [ "$failures" -ne 0 ]; then
    echo "logs of the failed runs: $log_dir"
    exit 1
fi
rmdir "$log_dir" 2>/dev/null
exit 0
