#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) and runs each for SECONDS (default 30), seeded from
# tests/data, which holds a copy of ../shared/data in tests/data/shared (no ../shared needed). A
# crash leaves its input in build-fuzz/crashes/ and fails the run; turn each one into a broken
# fixture. Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
cmake --preset fuzz >/dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
ninja -C build-fuzz "${targets[@]}"
mkdir -p build-fuzz/crashes
for t in "${targets[@]}"; do
    corpus=build-fuzz/corpus/$t
    mkdir -p "$corpus"
    # Seeds: every small fixture we have (the fuzzer keeps what adds coverage).
    # Sorted so each run seeds the same files; the list is read whole, so no early-closed pipe
    # trips pipefail.
    mapfile -t seeds < <(find tests/data -type f -size -256k ! -name '.*' | sort)
    for f in "${seeds[@]:0:400}"; do
        cp -n "$f" "$corpus/$(echo "$f" | tr '/' '_')" 2>/dev/null || true
    done
    echo "fuzz: $t for ${seconds}s"
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
        "build-fuzz/tests/fuzz/$t" -max_total_time="$seconds" -max_len=262144 -timeout=20 \
        -artifact_prefix="build-fuzz/crashes/$t-" -print_final_stats=1 "$corpus" 2>&1 | tail -3
done
