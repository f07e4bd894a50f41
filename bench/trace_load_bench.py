#!/usr/bin/env python3
"""Trace-loading benchmark: twinscope-cli trace against the Python json.load baseline.

    trace_load_bench.py --cli build/app/twinscope-cli --tools ../shared/tools [--cores 0,1]
                        [--workdir /tmp] [--runs 3] [--sizes 100MB,1GB] [--baseline-runs 1]

Generates the Kineto-style traces with gen_chrome_trace.py into --workdir (never into the
repository), pins every measured process to --cores (2 cores, as on CI), and measures wall time
and peak RSS of each run from os.wait4's rusage. Prints medians and the ratio against the
baseline measured in the same run, as a Markdown table for docs/PERFORMANCE.md.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

EVENTS = {"100MB": 366000, "1GB": 3660000}


def measure(cmd, cores):
    def pin():
        if cores:
            os.sched_setaffinity(0, cores)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=pin)
    out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s" % " ".join(cmd))
    return wall, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, nargs="+", help="command prefix that runs twinscope-cli")
    ap.add_argument("--tools", required=True)
    ap.add_argument("--workdir", default="/tmp")
    ap.add_argument("--cores", default="0,1")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline-runs", type=int, default=1)
    ap.add_argument("--sizes", default="100MB,1GB")
    ap.add_argument("--python", default=sys.executable)
    a = ap.parse_args()
    cores = {int(c) for c in a.cores.split(",")} if a.cores else None
    rows = []
    for size in a.sizes.split(","):
        path = os.path.join(a.workdir, "twinscope_bench_%s.json" % size)
        if not os.path.exists(path):
            subprocess.check_call([a.python, os.path.join(a.tools, "gen_chrome_trace.py"),
                                   "--events", str(EVENTS[size]), "--out", path])
        mb = os.path.getsize(path) / 1e6
        ours = [measure(a.cli + ["trace", "--json", path], cores) for _ in range(a.runs)]
        base = [measure([a.python, os.path.join(a.tools, "baseline_json_load.py"), path], cores)
                for _ in range(a.baseline_runs)]
        w, r, c = (statistics.median(x[i] for x in ours) for i in range(3))
        bw, br, bc = (statistics.median(x[i] for x in base) for i in range(3))
        rows.append((size, mb, w, c, r, bw, br, bw / w, [x[0] for x in ours]))
    print("| input | size | twinscope-cli wall (median of %d) | CPU s | peak RSS | python json.load wall | its RSS | speed-up |" % a.runs)
    print("|---|---|---|---|---|---|---|---|")
    for size, mb, w, c, r, bw, br, ratio, walls in rows:
        print("| %s Kineto-style | %.0f MB | %.2f s (runs: %s) | %.2f | %.0f MB | %.1f s | %.0f MB | %.1f× |" % (
            size, mb, w, ", ".join("%.2f" % x for x in walls), c, r, bw, br, ratio))


if __name__ == "__main__":
    main()
