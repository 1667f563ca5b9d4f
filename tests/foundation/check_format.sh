#!/usr/bin/env bash
# tst_format: every C++ source of the tree is as .clang-format lays it out (clang-format-14, Debian's
# clang-format-14 package). Prints the files that differ and the command that fixes them; exit 77
# (skipped) when clang-format-14 is absent. Test data (tests/data) is left out: it is input, not code.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
formatter=$(command -v clang-format-14 || true)
if [ -z "$formatter" ]; then
    echo "SKIP: clang-format-14 not installed (packaging/apt-test-deps.txt)"
    exit 77
fi
cd "$root"
bad=()
while IFS= read -r -d '' file; do
    "$formatter" --dry-run -Werror "$file" >/dev/null 2>&1 || bad+=("$file")
done < <(find app bench core plugins tests torchlib ui \( -path tests/data -prune \) -o \
              -type f \( -name '*.cpp' -o -name '*.h' \) -print0 | sort -z)
if [ ${#bad[@]} -ne 0 ]; then
    printf 'not formatted: %s\n' "${bad[@]}"
    echo "fix: clang-format-14 -i ${bad[*]}"
    exit 1
fi
echo "all sources formatted"
