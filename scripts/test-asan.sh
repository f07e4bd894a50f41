#!/usr/bin/env bash
# Builds with AddressSanitizer + UndefinedBehaviorSanitizer (preset "asan") and runs the test suite.
# Slower than scripts/test.sh; run it before resolving an issue that touches a parser.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build
cmake --preset asan >/dev/null
cmake --build build-asan --parallel "$(nproc)"
export QT_QPA_PLATFORM=offscreen UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=0
cd build-asan
ctest --output-on-failure --no-tests=error -LE bench -j "$(nproc)" "$@"
