#!/usr/bin/env bash
# Saves a screenshot of the real app window with the given files open:
#   scripts/screenshot.sh OUT.png [--size WIDTHxHEIGHT] [--lang zh_CN] FILE...
# Runs under Xvfb with the window at the given size (default SIZE or 1600x1000) and settings of its own,
# waits until loading is done, grabs the window, quits.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
shift
size=${SIZE:-1600x1000}
args=()
while [ $# -gt 0 ]; do
    case $1 in
    --size) size=$2; shift 2 ;;
    --size=*) size=${1#--size=}; shift ;;
    *) args+=("$1"); shift ;;
    esac
done
width=${size%x*}
height=${size#*x}
BUILD_DIR=${BUILD_DIR:-build}
# The screen is a little larger than the window so that nothing is clipped by it.
exec xvfb-run -a -s "-screen 0 $((width + 64))x$((height + 64))x24" \
    "$BUILD_DIR/app/twinscope" --screenshot "$out" --window-size "$size" "${args[@]}"
