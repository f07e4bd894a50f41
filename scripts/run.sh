#!/usr/bin/env bash
# Sets up (if needed), builds and starts Twinscope on the bundled torch_npu sample trace.
# Extra arguments are passed to the app (e.g. other files, --lang zh_CN).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${BUILD_DIR:-build}
if [ $# -eq 0 ]; then
    set -- resources/samples/torch_npu_trace_view.json
fi
exec "$BUILD_DIR/app/twinscope" "$@"
