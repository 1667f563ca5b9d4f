#!/bin/sh
# Produces the shipped reference curves of one device with the stack check workload, and measures
# the spreads the stackcheck preset must cover (docs/stackcheck.md, "Producing the references").
#
#   resources/stackcheck/make_reference.sh PYTHON DEVICE      e.g.  .../make_reference.sh python3 cuda
#
# Writes reference/DEVICE-fp32.jsonl and reference/DEVICE-bf16.jsonl (their start records hold the
# exact command, versions, device and driver), repeats each run once into a temporary folder, and
# prints each curve's relative difference to the repeat, to the CPU reference and fp32 vs bf16.
set -eu
python=${1:?usage: make_reference.sh PYTHON DEVICE}
device=${2:?usage: make_reference.sh PYTHON DEVICE}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."  # the repository root, so the recorded command is the same everywhere
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for precision in fp32 bf16; do
    "$python" resources/stackcheck/stackcheck.py --device "$device" --precision "$precision" \
        --run "$device-$precision" --log "resources/stackcheck/reference/$device-$precision.jsonl"
    "$python" resources/stackcheck/stackcheck.py --device "$device" --precision "$precision" \
        --run "$device-$precision-repeat" --log "$scratch/$device-$precision-repeat.jsonl"
done
"$python" - "$device" "$scratch" <<'PY'
import json, sys
device, scratch = sys.argv[1], sys.argv[2]
ref = "resources/stackcheck/reference/"
def curve(path):
    with open(path) as f:
        return {o["step"]: o["loss"] for o in map(json.loads, f) if "step" in o}
def spread(label, a, b):
    a, b = curve(a), curve(b)
    rel = [abs(b[s] - a[s]) / abs(a[s]) for s in sorted(set(a) & set(b))]
    print("%-34s mean %.4f %%  max %.4f %%" % (label, 100 * sum(rel) / len(rel), 100 * max(rel)))
for p in ("fp32", "bf16"):
    spread("%s %s vs its repeat" % (device, p), ref + "%s-%s.jsonl" % (device, p), scratch + "/%s-%s-repeat.jsonl" % (device, p))
    spread("%s %s vs cpu %s" % (device, p, p), ref + "cpu-%s.jsonl" % p, ref + "%s-%s.jsonl" % (device, p))
spread("%s bf16 vs %s fp32" % (device, device), ref + "%s-fp32.jsonl" % device, ref + "%s-bf16.jsonl" % device)
PY
