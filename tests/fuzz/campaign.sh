#!/usr/bin/env bash
# A long fuzz campaign over the libFuzzer targets of a fuzz build (./dev fuzz builds them):
#   tests/fuzz/campaign.sh BIN_DIR OUT_DIR SECONDS TARGET[:WORKERS] ...
# run from the source tree's root (the seed folders in BIN_DIR/fuzz_targets.tsv are relative to it).
# Every worker of every target runs at once, for SECONDS of wall time, on one corpus folder per
# target (OUT_DIR/corpus/TARGET, shared through -reload). A worker that stops on a finding (crash,
# UB, leak, an input over 1 s, an allocation over 1 GB) is started again for the time left, so one
# finding does not end the campaign. The issue's bars are the options: -timeout=1,
# -malloc_limit_mb=1024. -timeout is wall-clock time: on a machine shared with other work,
# PORTBENCH_FUZZ_TIMEOUT=SECONDS raises it (then time each slow input again alone).
# OUT_DIR/summary.tsv: per target, executions (libFuzzer's stat::number_of_executed_units,
# summed), worker-seconds, findings; the inputs are OUT_DIR/findings/TARGET-*.
# Why not libFuzzer's -jobs: it stops the whole job on the first finding and starts workers
# through argv[0], which a bundle run under its own loader (another machine) cannot rely on.
set -uo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,4p' "$0" >&2
    exit 2
fi
bin_dir=$1 out_dir=$2 seconds=$3
shift 3
table="$bin_dir/fuzz_targets.tsv"
[ -f "$table" ] || { echo "campaign.sh: $table not found (configure with -DPORTBENCH_FUZZ=ON)" >&2; exit 2; }
mkdir -p "$out_dir/findings" "$out_dir/logs" "$out_dir/corpus"
deadline=$(($(date +%s) + seconds))
timeout=${PORTBENCH_FUZZ_TIMEOUT:-1}

# One worker: libFuzzer again and again until the deadline. Each run's final stats go to its log.
worker() {
    local target=$1 index=$2 max_len=$3
    shift 3
    local run=0 left status log unit previous=
    while left=$((deadline - $(date +%s))) && [ "$left" -gt 2 ]; do
        run=$((run + 1))
        log="$out_dir/logs/$target-$index-$run.log"
        "$bin_dir/fuzz_$target" -max_total_time="$left" -timeout="$timeout" -rss_limit_mb=2048 -malloc_limit_mb=1024 \
            -max_len="$max_len" -reload=1 -print_final_stats=1 -seed=$((index * 7919 + run)) \
            -artifact_prefix="$out_dir/findings/$target-" "$out_dir/corpus/$target" "$@" \
            >"$log" 2>&1
        status=$?
        echo "$target $index $run $status $(date +%s)" >>"$out_dir/logs/exits"
        [ "$status" -eq 0 ] && continue
        # The input libFuzzer saved for this stop. None (the binary did not start, a bad option),
        # or the same one again (a seed in tests/data that stops every start): the worker ends
        # rather than spinning.
        unit=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
        if [ -z "$unit" ] || [ "$unit" = "$previous" ]; then
            echo "campaign.sh: fuzz_$target worker $index stopped with $status: $log" >&2
            return
        fi
        previous=$unit
        # A grown corpus entry that stops libFuzzer would stop every restart while it loads the
        # corpus: it leaves the corpus (its copy is the finding). Corpus files are named by SHA-1,
        # as the finding's suffix is.
        rm -f "$out_dir/corpus/$target/${unit##*-}"
    done
}

started=$(date +%s)
for spec in "$@"; do
    target=${spec%%:*}
    workers=1
    [ "$spec" != "$target" ] && workers=${spec#*:}
    row=$(awk -F'\t' -v t="$target" '$1 == t' "$table")
    [ -n "$row" ] || { echo "campaign.sh: no target '$target' in $table" >&2; exit 2; }
    max_len=$(cut -f2 <<<"$row")
    read -r -a seeds <<<"$(cut -f3 <<<"$row")"
    mkdir -p "$out_dir/corpus/$target"
    for ((i = 1; i <= workers; i++)); do
        worker "$target" "$i" "$max_len" "${seeds[@]}" &
    done
    echo "$target $workers" >>"$out_dir/logs/workers"
done
wait
elapsed=$(($(date +%s) - started))

printf 'target\tworkers\tseconds\tworker_seconds\texecutions\truns\tfindings\n' >"$out_dir/summary.tsv"
while read -r target workers; do
    execs=$(cat "$out_dir/logs/$target"-*.log 2>/dev/null \
        | awk '/stat::number_of_executed_units:/ { n += $2 } END { print n + 0 }')
    runs=$(awk -v t="$target" '$1 == t' "$out_dir/logs/exits" 2>/dev/null | wc -l)
    findings=$(find "$out_dir/findings" -name "$target-*" 2>/dev/null | wc -l)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$workers" "$elapsed" $((workers * elapsed)) "$execs" "$runs" \
        "$findings" >>"$out_dir/summary.tsv"
done <"$out_dir/logs/workers"
cat "$out_dir/summary.tsv"
