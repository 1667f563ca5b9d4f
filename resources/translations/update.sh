#!/usr/bin/env bash
# Refreshes the zh_CN catalogs from the sources (lupdate, from Debian's qt6-l10n-tools), or with
# --check verifies them: after lupdate on a copy, no message may be unfinished (new or changed
# English without a reviewed translation) or vanished (a translation whose English is gone).
#   resources/translations/update.sh            rewrite every CATALOG_zh_CN.ts in place
#   resources/translations/update.sh --check    exit 1 naming each catalog with open messages
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
lupdate=${LUPDATE:-$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)}
check=0
[ "${1:-}" = "--check" ] && check=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
while IFS= read -r line; do
    line=${line%%#*}
    [ -z "${line// /}" ] && continue
    name=${line%%:*}
    includes=()
    excludes=()
    for path in ${line#*:}; do
        if [ "${path#!}" != "$path" ]; then excludes+=("${path#!}"); else includes+=("$path"); fi
    done
    list="$work/$name.lst"
    (cd "$root" && find "${includes[@]}" -type f \( -name '*.cpp' -o -name '*.h' \) | sort) > "$list.all"
    cp "$list.all" "$list"
    for ex in "${excludes[@]}"; do
        grep -v "^$ex/" "$list" > "$list.tmp" || true
        mv "$list.tmp" "$list"
    done
    sed -i "s|^|$root/|" "$list"
    ts="$here/${name}_zh_CN.ts"
    if [ $check -eq 1 ]; then
        [ -f "$ts" ] || { echo "$name: $ts is missing"; status=1; continue; }
        cp "$ts" "$work/$name.ts"
        "$lupdate" -silent -I "$root" -I "$root/ui" -I "$root/app/gui" -I "$root/app/cli" -locations none "@$list" -ts "$work/$name.ts"
        unfinished=$(grep -c 'type="unfinished"' "$work/$name.ts" || true)
        vanished=$(grep -c -E 'type="(vanished|obsolete)"' "$work/$name.ts" || true)
        total=$(grep -c '<message' "$work/$name.ts" || true)
        echo "$name: $total messages, $unfinished unfinished, $vanished vanished"
        if [ "$unfinished" -ne 0 ] || [ "$vanished" -ne 0 ]; then
            grep -B3 -E 'type="(unfinished|vanished|obsolete)"' "$work/$name.ts" | grep '<source>' | head -20 | sed "s|^ *|    $name: |" || true
            status=1
        fi
    else
        "$lupdate" -silent -I "$root" -I "$root/ui" -I "$root/app/gui" -I "$root/app/cli" -locations none -no-obsolete "@$list" -ts "$ts"
        [ -f "$ts" ] || echo "$name: lupdate wrote nothing"
    fi
done < "$here/catalogs.txt"
exit $status
