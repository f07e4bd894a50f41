#!/usr/bin/env bash
# Installs the Debian packages Twinscope needs (if missing), then configures and builds.
# Idempotent: a second run installs nothing and only rebuilds what changed.
# Usage: scripts/setup.sh [--no-build]   (env BUILD_DIR, default build/; BUILD_TYPE, default Release)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
    cmake ninja-build g++ pkg-config git clang-format python3 ccache
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libqcustomplot-dev libhdf5-dev libsimdjson-dev zlib1g-dev libzip-dev qt6-svg-dev libqt6sql6-sqlite libsqlite3-dev
    libprotobuf-dev protobuf-compiler
    libgl1-mesa-dev
    xvfb xauth fonts-noto-cjk python3-numpy python3-h5py
    # For tests/checkpoint/make_checkpoints.py only (the fixtures are committed; tests need no python).
    python3-protobuf python3-torch
)

missing=()
for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
    echo "setup: installing ${#missing[@]} Debian package(s): ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        SUDO=()
    elif command -v sudo >/dev/null; then
        SUDO=(sudo)
    else
        echo "setup: need root or sudo to install: ${missing[*]}" >&2
        exit 1
    fi
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
    echo "setup: all ${#PACKAGES[@]} Debian packages already installed"
fi

[ "${1:-}" = "--no-build" ] && exit 0

BUILD_DIR=${BUILD_DIR:-build}
BUILD_TYPE=${BUILD_TYPE:-Release}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE"
else
    # Re-run configure so globbed source lists pick up added files. With Ninja, AUTOMOC does not
    # rerun when a globbed header is added (seen with CMake 3.25 after merges): drop the stamps so it
    # rescans; moc itself only reruns for changed headers.
    find "$BUILD_DIR" -path '*_autogen/*' \( -name 'timestamp' -o -name 'deps' -o -name ParseCache.txt \) -delete
    cmake "$BUILD_DIR" >/dev/null
fi
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
