#!/usr/bin/env bash
# Saves a screenshot of the real app window with the given files open:
#   scripts/screenshot.sh OUT.png [--lang zh_CN] FILE...
# Runs under Xvfb (1600x1000), waits until loading is done, grabs the window, quits.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
shift
BUILD_DIR=${BUILD_DIR:-build}
exec xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD_DIR/app/twinscope" --screenshot "$out" "$@"
