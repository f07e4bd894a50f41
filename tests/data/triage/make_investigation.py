#!/usr/bin/env python3
"""Writes the synthetic investigation of tests/core/triage/tst_triagefindings.cpp (issue #15).

Standard library only. Usage:

    make_investigation.py --tools ../shared/tools --out tests/data/triage

Writes, deterministically:
  loss_bench.log, loss_npu.log   Megatron-style logs of 100 iterations; the NPU run follows the
                                 benchmark within 1e-6 until step FORK, then drifts away (planted
                                 divergence at a step > 1, loss scale steady: no overflow).
  trace_bench.json.gz            gen_chrome_trace.py --events 5000 --seed 7 (a Kineto trace).
  trace_npu.json.gz              the same trace with planted slowdowns: every softmax kernel takes
                                 5x as long, every layer-norm kernel 4x, and the device idles
                                 IDLE_MS before the second profiler step. Times are warped
                                 monotonically (t -> t + the delays planted before t), so nesting
                                 and stream order stay intact.
  truth.json                     what was planted, read by the test.
The dump pair (tests/data/dump/pairs/dumper, gen_dump_pair.py) and the plog with recompiles
(tests/data/opinfo/good/plog/plog-pid_4242_20260319100000.log) are the existing fixtures.
"""
import argparse
import bisect
import gzip
import json
import math
import os
import random
import subprocess
import sys

FORK = 40
STEPS = 100
SLOW = {"softmax_warp_forward": 5.0, "vectorized_layer_norm_kernel": 4.0}
IDLE_MS = 20.0


def write_loss(out):
    rng = random.Random(15)
    bench, npu = [], []
    for step in range(1, STEPS + 1):
        base = 2.0 + 8.0 * math.exp(-step / 25.0) + 0.05 * math.sin(step / 3.0) + rng.uniform(-0.01, 0.01)
        drift = 0.0 if step < FORK else 0.05 * (step - FORK + 1)
        bench.append(base)
        npu.append(base * (1.0 + rng.uniform(-1e-6, 1e-6)) + drift)
    for name, values in (("loss_bench.log", bench), ("loss_npu.log", npu)):
        with open(os.path.join(out, name), "w") as f:
            for step, v in enumerate(values, 1):
                f.write(" [2026-11-24 09:%02d:%02d] iteration %8d/%8d | consumed samples: %10d | "
                        "lm loss: %.6E | loss scale: 65536.0 | grad norm: %.3f | "
                        "number of skipped iterations:   0 | number of nan iterations:   0 |\n"
                        % (step // 60, step % 60, step, STEPS, step * 32, v, 1.0 + 0.01 * step))


def plant_slowdowns(events):
    # Delays as (point, delta) in µs: a time t moves by the sum of the deltas at points <= t.
    points = []
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "kernel":
            for key, factor in SLOW.items():
                if key in e["name"]:
                    points.append((e["ts"] + e["dur"], e["dur"] * (factor - 1.0)))
    device_steps = sorted(e["ts"] for e in events
                          if e.get("cat") == "gpu_user_annotation" and e["name"].startswith("ProfilerStep#"))
    if len(device_steps) < 2:
        sys.exit("the trace needs two profiler steps for the idle gap")
    points.append((device_steps[1], IDLE_MS * 1000.0))
    points.sort()
    starts = [p for p, _ in points]
    prefix = [0.0]
    for _, d in points:
        prefix.append(prefix[-1] + d)

    def warp(t):
        return t + prefix[bisect.bisect_right(starts, t)]

    for e in events:
        if "ts" not in e or not isinstance(e["ts"], (int, float)):
            continue
        start = e["ts"]
        if "dur" in e:
            e["dur"] = round(warp(start + e["dur"]) - warp(start), 3)
        e["ts"] = round(warp(start), 3)


def write_traces(tools, out):
    raw = os.path.join(out, "trace_raw.json")
    subprocess.run([sys.executable, os.path.join(tools, "gen_chrome_trace.py"), "--events", "5000",
                    "--seed", "7", "--out", raw], check=True)
    with open(raw) as f:
        doc = json.load(f)
    os.remove(raw)
    for name in ("trace_bench.json.gz", "trace_npu.json.gz"):
        if name == "trace_npu.json.gz":
            plant_slowdowns(doc["traceEvents"])
        # mtime=0: the same bytes on every run.
        with gzip.GzipFile(os.path.join(out, name), "wb", mtime=0) as f:
            f.write(json.dumps(doc, separators=(",", ":")).encode())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tools", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    write_loss(a.out)
    write_traces(a.tools, a.out)
    truth = {
        "loss": {"fork_step": FORK, "code": "loss.fork_later"},
        "trace": {"slow_kernels": SLOW, "idle_ms": IDLE_MS},
        "dump": "../dump/pairs/dumper/truth.json",
        "plog": {"path": "../opinfo/good/plog/plog-pid_4242_20260319100000.log",
                 "recompiled": ["MatMul", "Add"], "varying": "InputDesc[0].Shape[0]"},
    }
    with open(os.path.join(a.out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
