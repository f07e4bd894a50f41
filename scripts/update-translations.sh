#!/usr/bin/env bash
# Brings translations/twinscope_zh_CN.ts up to date with the sources (new strings become unfinished,
# dropped ones are removed). Review the diff, translate, commit.
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=$(command -v lupdate6 || true)
[ -n "$LUPDATE" ] || LUPDATE=/usr/lib/qt6/bin/lupdate
"$LUPDATE" -no-obsolete -locations none -I . core widgets app -ts translations/twinscope_zh_CN.ts
"$LUPDATE" -no-obsolete -locations none -I . -pluralonly core widgets app -ts translations/twinscope_en.ts
python3 scripts/ts_tool.py english-plurals translations/twinscope_en.ts
python3 scripts/ts_tool.py stats translations/twinscope_zh_CN.ts
