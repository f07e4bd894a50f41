#!/usr/bin/env bash
# Sets up (if needed), builds and runs every test with ctest, offscreen. Benchmarks (label bench) are
# excluded. Usage: scripts/test.sh [extra ctest args]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${BUILD_DIR:-build}
export QT_QPA_PLATFORM=offscreen
# The catalogue must be complete and current: a stale or unfinished zh_CN entry fails the run.
scripts/check-format.sh
scripts/check-translations.sh
cd "$BUILD_DIR"
ctest --output-on-failure --no-tests=error -LE bench -j "$(nproc)" "$@"
