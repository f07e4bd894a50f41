#!/usr/bin/env python3
"""tracediff benchmark: twinscope-cli tracediff against HTA-style pandas code, in the same run.

    tracediff_bench.py --cli build/app/twinscope-cli --workdir /tmp/tracediff [--size 1G]
                       [--runs 5] [--baseline-runs 1] [--cores 0,1]

Generates the planted pair with gen_trace_pair.py (GPU baseline, NPU target, 24 layers, steps added
until each file is --size) into --workdir (never into the repository), pins every measured process
to --cores (2 cores, as on CI) and measures wall time, CPU time and peak RSS from os.wait4's
rusage: `tracediff --json` loading and comparing both files, and tracediff_pandas_baseline.py
(json.load + pandas, as HTA). Checks that both report the same median step lengths, then prints a
Markdown row for docs/PERFORMANCE.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import trace_load_bench  # noqa: E402  (its measure(): one pinned run under os.wait4)


def measure(cmd, cores):
    """(wall s, CPU s, peak RSS MB, stdout) of one pinned run: trace_load_bench's, reordered."""
    wall, rss, cpu, out = trace_load_bench.measure(cmd, cores)
    return wall, cpu, rss, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--workdir", default="/tmp/twinscope_tracediff")
    ap.add_argument("--size", default="1G")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline-runs", type=int, default=1)
    ap.add_argument("--cores", default="0,1")
    ap.add_argument("--python", default="/usr/bin/python3", help="a Python with pandas")
    a = ap.parse_args()
    cores = {int(c) for c in a.cores.split(",")} if a.cores else None
    base, target = (os.path.join(a.workdir, n) for n in ("baseline.json", "target.json"))
    if not (os.path.exists(base) and os.path.exists(target)):
        subprocess.check_call([sys.executable, os.path.join(HERE, "gen_trace_pair.py"), "--out-dir",
                               a.workdir, "--baseline", "gpu", "--layers", "24", "--bytes", a.size])
    sizes = (os.path.getsize(base) / 1e9, os.path.getsize(target) / 1e9)
    ours = []
    for _ in range(a.runs):
        ours.append(measure([a.cli, "tracediff", "--json", base, target], cores))
        print("twinscope-cli: %.2f s, %.2f CPU-s, %.0f MB" % ours[-1][:3], file=sys.stderr)
    theirs = []
    for _ in range(a.baseline_runs):
        theirs.append(measure([a.python, os.path.join(HERE, "tracediff_pandas_baseline.py"), base, target],
                              cores))
        print("pandas: %.2f s, %.2f CPU-s, %.0f MB" % theirs[-1][:3], file=sys.stderr)
    ts = json.loads(ours[0][3])
    ps = json.loads(theirs[0][3])
    for side in ("baseline", "target"):
        mine, ref = ts[side]["step_us"], ps[side]["step_us"]
        if abs(mine - ref) > 1e-3 * ref:
            sys.exit("%s step differs: twinscope %.3f us, pandas %.3f us" % (side, mine, ref))
    w, c, r = (statistics.median(x[i] for x in ours) for i in range(3))
    bw, bc, br = (statistics.median(x[i] for x in theirs) for i in range(3))
    print("| %.2f + %.2f GB | %.2f s (runs: %s) | %.2f | %.0f MB | %.1f s | %.0f MB | %.1f× |" % (
        sizes[0], sizes[1], w, ", ".join("%.2f" % x[0] for x in ours), c, r, bw, br, bw / w))


if __name__ == "__main__":
    main()
