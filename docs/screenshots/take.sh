#!/usr/bin/env bash
# Screenshots of the four perspectives on a 1366×768 screen (Xvfb), with real H100 runs loaded.
# Usage: docs/screenshots/take.sh [build dir] [folder of *.console.log runs] [language]
#   language: en (default, into docs/screenshots/) or zh_CN (into docs/screenshots/zh_CN/); CJK
#   text needs Debian's fonts-noto-cjk.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
runs=${2:-../shared/fixtures/h100/hf}
language=${3:-en}
out=docs/screenshots
[ "$language" = en ] || out=docs/screenshots/$language
mkdir -p "$out"
logs=("$runs"/cuda_fp32.console.log "$runs"/cuda_bf16.console.log "$runs"/cpu_fp32.console.log)
for p in Monitor Compare Configure Port; do
    home=$(mktemp -d) # a first start: the designed arrangement, no remembered layout
    XDG_CONFIG_HOME=$home QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1366x768x24" \
        "$build/bin/portbench" --language "$language" --perspective "$p" --screenshot "$out/${p,,}.png" "${logs[@]}"
    rm -rf "$home"
done
