#!/usr/bin/env bash
# Packs the fuzz targets of a fuzz build with every library they load (the C library and its
# loader too) into one archive, so a campaign can run on a bigger machine that has neither Qt nor
# the same glibc:
#   tests/fuzz/bundle.sh BIN_DIR ARCHIVE.tar.gz [TARGET ...]     (default: every target but torchpt)
# On the other machine, from a copy of the source tree (the seeds are read from tests/data):
#   mkdir -p B && tar -C B -xzf ARCHIVE.tar.gz && tests/fuzz/campaign.sh B/bin OUT SECONDS T:N ...
# B/bin/fuzz_X is a wrapper that starts the real binary through the packed loader, so the
# machine's own libraries are never mixed in. torchpt is left out by default: libtorch alone is
# larger than what such a copy can carry.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '4p' "$0" >&2
    exit 2
fi
bin_dir=$1 archive=$2
shift 2
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=($(cut -f1 "$bin_dir/fuzz_targets.tsv" | grep -vx torchpt))
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/real" "$stage/lib"
for t in "${targets[@]}"; do
    exe="$bin_dir/fuzz_$t"
    [ -x "$exe" ] || { echo "bundle.sh: $exe not built" >&2; exit 2; }
    # Symbols stay (stack traces name functions); DWARF goes (it is most of the size).
    objcopy --strip-debug "$exe" "$stage/real/fuzz_$t"
    ldd "$exe" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\/.*ld-linux/ { print $1 }' | while read -r lib; do
        name=$(basename "$lib")
        [ -e "$stage/lib/$name" ] || objcopy --strip-debug "$(readlink -f "$lib")" "$stage/lib/$name"
    done
    cat >"$stage/bin/fuzz_$t" <<EOF
#!/bin/sh
here=\$(dirname "\$(readlink -f "\$0")")/..
exec "\$here/lib/ld-linux-x86-64.so.2" --library-path "\$here/lib" "\$here/real/fuzz_$t" "\$@"
EOF
    chmod +x "$stage/bin/fuzz_$t"
done
grep -F -f <(printf '%s\t\n' "${targets[@]}") "$bin_dir/fuzz_targets.tsv" >"$stage/bin/fuzz_targets.tsv"
cp "$(dirname "$0")/campaign.sh" "$stage/bin/"
tar -C "$stage" -czf "$archive" .
ls -l "$archive"
