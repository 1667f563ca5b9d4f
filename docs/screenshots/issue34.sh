#!/usr/bin/env bash
# Issue 34's screenshots: every perspective at 1366×768 and 1024×640, in English and 简体中文, with
# the six H100 HF runs loaded and compared (cuda_fp32 against the five others), taken as a person
# would on a first start: an Xvfb screen, a temporary HOME and XDG folders, xdotool for the keys
# and clicks, ImageMagick's `import -window root`. Needs Xvfb, xdotool, imagemagick and
# fonts-noto-cjk. Writes docs/screenshots/issue34-<perspective>-<size>-<language>.png.
# Usage: docs/screenshots/issue34.sh [build dir] [display number]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
display=:${2:-93}
out=docs/screenshots
logs=()
for name in cuda_fp32 cuda_bf16 cpu_fp32 cuda_fp32_lr2e-3 cuda_fp32_rep2 cuda_fp32_seed1; do
    logs+=("$PWD/tests/data/parity/h100_hf/$name.console.log")
done
perspectives=(monitor compare configure port)

for size in 1366x768 1024x640; do
    home=$(mktemp -d)
    mkdir -p "$home/run" && chmod 700 "$home/run"
    Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp &
    xvfb=$!
    sleep 2
    export DISPLAY=$display
    HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share XDG_CACHE_HOME=$home/.cache \
        XDG_RUNTIME_DIR=$home/run QT_QPA_PLATFORM=xcb "$build/bin/portbench" --language en "${logs[@]}" &
    app=$!
    window=$(xdotool search --sync --onlyvisible --name '^PortBench')
    # No window manager: the window takes the whole screen as a maximised one would.
    xdotool windowmove "$window" 0 0 windowsize "$window" "${size%x*}" "${size#*x}"
    sleep 5
    # Compare: the first run is the baseline; check the five others in the Parity dock's
    # candidate list (a click on its first row's name, then Down and Space five times) and press
    # Compare. Where those are in this first-start arrangement, read off a screenshot:
    case $size in
    1366x768) row0="1200 111" compare="1062 638" ;;
    1024x640) row0="935 131" compare="789 518" ;;
    esac
    xdotool windowfocus "$window" 2>/dev/null || true
    xdotool key ctrl+2
    sleep 2
    xdotool mousemove $row0 click 1
    for _ in 1 2 3 4 5; do
        xdotool key Down
        xdotool key space
    done
    xdotool mousemove $compare click 1
    sleep 5
    for language in en zh_CN; do
        if [ "$language" = zh_CN ]; then
            # View > Language > 简体中文: the language of the running window, as a person switches it.
            xdotool key alt+v
            sleep 0.5
            xdotool key l
            sleep 0.5
            xdotool key Down Down Return # System default, English, 简体中文
            sleep 3
        fi
        for i in 0 1 2 3; do
            xdotool key "ctrl+$((i + 1))"
            sleep 3
            import -window root "$out/issue34-${perspectives[$i]}-$size-$language.png"
        done
    done
    kill "$app" || true
    wait "$app" || true
    kill "$xvfb" || true
    wait "$xvfb" || true
    rm -rf "$home"
done
