#!/usr/bin/env bash
# Saves a screenshot of the real app window with the given files open:
#   scripts/screenshot.sh OUT.png [--lang zh_CN] FILE...
# Runs under Xvfb (1600x1000, or SIZE=WxH), waits until loading is done, grabs the window, quits.
# The window fills the screen (-geometry), whatever size an earlier session saved.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
shift
BUILD_DIR=${BUILD_DIR:-build}
SIZE=${SIZE:-1600x1000}
exec xvfb-run -a -s "-screen 0 ${SIZE}x24" "$BUILD_DIR/app/twinscope" -geometry "${SIZE}+0+0" \
    --screenshot "$out" "$@"
