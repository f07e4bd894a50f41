#!/usr/bin/env bash
# Fails when translations/twinscope_zh_CN.ts is stale (sources have strings it lacks, or it keeps
# strings the sources dropped) or has unfinished entries. Fix with scripts/update-translations.sh,
# then translate the new entries.
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=$(command -v lupdate6 || true)
[ -n "$LUPDATE" ] || LUPDATE=/usr/lib/qt6/bin/lupdate
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp translations/twinscope_zh_CN.ts "$tmp/fresh.ts"
"$LUPDATE" -silent -no-obsolete -locations none -I . core widgets app -ts "$tmp/fresh.ts" >/dev/null
python3 scripts/ts_tool.py check translations/twinscope_zh_CN.ts "$tmp/fresh.ts"
cp translations/twinscope_en.ts "$tmp/fresh_en.ts"
"$LUPDATE" -silent -no-obsolete -locations none -I . -pluralonly core widgets app -ts "$tmp/fresh_en.ts" >/dev/null
python3 scripts/ts_tool.py check translations/twinscope_en.ts "$tmp/fresh_en.ts"
