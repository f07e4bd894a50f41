#!/bin/sh
# Checkpoint-comparison throughput and peak RSS of twinscope-cli ckpt on two ~2 GB checkpoints
# (docs/PERFORMANCE.md, "Checkpoint comparison"), on a warm page cache, with 2 worker threads.
#   bench/ckpt_compare.sh [BUILD_DIR] [PAIR_DIR]
# The pair is generated once with bench/make_big_checkpoints.py and is never committed.
set -eu
BUILD=${1:-build}
PAIR=${2:-/tmp/twinscope_ckpt_pair}
[ -f "$PAIR/ms_big.ckpt" ] || /usr/bin/python3 "$(dirname "$0")/make_big_checkpoints.py" "$PAIR"
run() {
    /usr/bin/time -f "%e %M %U %S" -o /tmp/twinscope_bench_time "$@" > /dev/null 2>&1
    read -r secs kb user sys < /tmp/twinscope_bench_time
    echo "$secs $kb $(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}')"
}
for pair in "torch_big.pth ms_big.ckpt" "big.safetensors ms_big.ckpt"; do
    set -- $pair
    A=$PAIR/$1
    B=$PAIR/$2
    cat "$A" "$B" > /dev/null # warm the page cache
    BYTES=$(($(stat -c %s "$A") + $(stat -c %s "$B")))
    for i in 1 2 3; do
        set -- $(run "$BUILD/app/twinscope-cli" ckpt --json --threads 2 "$A" "$B")
        echo "ckpt $(basename "$A") vs $(basename "$B") run $i: $1 s, $(echo "$BYTES $1" | awk '{printf "%.2f", $1/1e9/$2}') GB/s, peak RSS $(($2 / 1024)) MB, CPU $3 s"
    done
done
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg)"
