#!/usr/bin/env bash
# Fails when a tracked C++ file differs from .clang-format (docs/DESIGN.md §11). Fix: clang-format -i FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null; then
    echo "check-format: clang-format not installed, skipped"
    exit 0
fi
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror
echo "check-format: $(git ls-files '*.cpp' '*.h' | wc -l) files formatted"
