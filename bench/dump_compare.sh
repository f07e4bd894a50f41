#!/bin/sh
# Dump-comparison throughput and peak RSS of twinscope-cli dumps against the numpy/h5py baseline, in
# one run on the same warm page cache (docs/PERFORMANCE.md, "Dump comparison").
#   bench/dump_compare.sh [BUILD_DIR] [PAIR_DIR] [MB]
# The pair (2 x MB, default 1000) is generated once with gen_dump_pair.py and is never committed.
set -eu
BUILD=${1:-build}
PAIR=${2:-/tmp/twinscope_dump_pair_1000}
MB=${3:-1000}
TOOLS=$(dirname "$0")/../../shared/tools
[ -f "$PAIR/truth.json" ] || /usr/bin/python3 "$TOOLS/gen_dump_pair.py" --out-dir "$PAIR" --mb "$MB"
cat "$PAIR/bench.h5" "$PAIR/npu.h5" > /dev/null # warm the page cache for both tools alike
BYTES=$(($(stat -c %s "$PAIR/bench.h5") + $(stat -c %s "$PAIR/npu.h5")))
run() {
    /usr/bin/time -f "%e %M %U %S" -o /tmp/twinscope_bench_time "$@" > /dev/null 2>&1
    read -r secs kb user sys < /tmp/twinscope_bench_time
    echo "$secs $kb $(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}')"
}
for i in 1 2 3; do
    set -- $(run "$BUILD/app/twinscope-cli" dumps --json "$PAIR/bench.h5" "$PAIR/npu.h5")
    echo "twinscope-cli dumps   run $i: $1 s, $(echo "$BYTES $1" | awk '{printf "%.2f", $1/1e9/$2}') GB/s, peak RSS $(($2 / 1024)) MB, CPU $3 s"
    TS=$1
done
set -- $(run /usr/bin/python3 "$TOOLS/baseline_compare_dumps_numpy.py" --quiet "$PAIR/bench.h5" "$PAIR/npu.h5")
echo "numpy baseline        run 1: $1 s, $(echo "$BYTES $1" | awk '{printf "%.2f", $1/1e9/$2}') GB/s, peak RSS $(($2 / 1024)) MB, CPU $3 s"
echo "speed-up (last twinscope run vs numpy): $(echo "$1 $TS" | awk '{printf "%.1f", $1/$2}')x wall"
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg)"
