#!/usr/bin/env python3
"""Deterministic generator of legacy PyTorch profiler exports with planted differences (issue #23).

Standard library only.  From the repository root:

    python3 tests/data/trace/legacy/gen_legacy_pair.py tests/data/trace/legacy

Writes, in the format of torch.autograd.profiler's export_chrome_trace (a bare JSON array, one
'{"name": ..., "ph": "X", "ts": ..., "dur": ..., "tid": ..., "pid": "CPU functions", "args": {}}'
per op, no "cat", times in µs):

  baseline.json  a CPU-only training loop: 6 steps marked ProfilerStep#0..#5 (record_function),
                 step 0 a 30 ms warm-up, then a 40 µs stub ProfilerStep#6 (the profiler stopped);
                 per step a DataLoader __next__ (2 ms), forward, backward and optimizer ops;
  plain.json     the same loop, another seed (±1 % noise): no plant;
  planted.json   the same loop with DATA_SLEEP_US more in every DataLoader __next__ and
                 aten::cumsum called CUMSUM_CALLS times a step (absent in the baseline).

truth.json names the plants.
"""
import json
import os
import random
import sys

DATA_SLEEP_US = 20000.0
CUMSUM_CALLS = 20
CUMSUM_US = 150.0
STEPS = 6
WARMUP_EXTRA_US = 30000.0
LAYERS = 4
TID = 140212


class Trace:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.events = []
        self.t = 1000.0

    def noisy(self, us):
        return us * (1.0 + self.rng.uniform(-0.01, 0.01))

    def op(self, name, us, children=()):
        """An op of `us` µs of its own time around its children (nested, as the profiler nests)."""
        start = self.t
        self.t += 1.0
        for child_name, child_us in children:
            self.op(child_name, child_us)
        self.t += self.noisy(us)
        self.events.append((name, start, self.t - start))
        self.t += 2.0  # the Python between two ops

    def step(self, n, planted, warmup, stub=False):
        start = self.t
        if stub:
            self.t += 40.0
            self.events.append((f"ProfilerStep#{n}", start, self.t - start))
            return
        self.t += 5.0
        self.op("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__",
                2000.0 + (DATA_SLEEP_US if planted else 0.0))
        if warmup:
            self.op("aten::empty", WARMUP_EXTRA_US)  # allocator growth on the first step
        for _ in range(LAYERS):
            self.op("aten::linear", 20.0, [("aten::t", 5.0), ("aten::addmm", 1500.0)])
            self.op("aten::relu", 200.0)
            self.op("aten::layer_norm", 30.0, [("aten::native_layer_norm", 400.0)])
        if planted:
            for _ in range(CUMSUM_CALLS):
                self.op("aten::cumsum", CUMSUM_US)
        self.op("aten::mse_loss", 100.0)
        for _ in range(LAYERS):
            self.op("autograd::engine::evaluate_function: AddmmBackward0", 20.0,
                    [("AddmmBackward0", 10.0), ("aten::mm", 2800.0)])
            self.op("autograd::engine::evaluate_function: ReluBackward0", 20.0,
                    [("aten::threshold_backward", 250.0)])
        self.op("Optimizer.step#SGD.step", 50.0, [("aten::add_", 600.0)])
        self.op("Optimizer.zero_grad#SGD.zero_grad", 80.0)
        self.t += 5.0
        self.events.append((f"ProfilerStep#{n}", start, self.t - start))
        self.t += 10.0

    def run(self, planted):
        for n in range(STEPS):
            self.step(n, planted, warmup=(n == 0))
        self.step(STEPS, planted, warmup=False, stub=True)
        return self

    def write(self, path):
        # export_chrome_trace writes events in the order the profiler closed them, each followed
        # by ", ", then removes the last ", " and closes the array.
        with open(path, "w") as f:
            f.write("[")
            parts = []
            for name, ts, dur in self.events:
                parts.append('{"name": "%s", "ph": "X", "ts": %.3f, "dur": %.3f, "tid": %d, '
                             '"pid": "CPU functions", "args": {}}' % (name, ts, dur, TID))
            f.write(", ".join(parts))
            f.write("]")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    Trace(1).run(planted=False).write(os.path.join(out, "baseline.json"))
    Trace(2).run(planted=False).write(os.path.join(out, "plain.json"))
    Trace(3).run(planted=True).write(os.path.join(out, "planted.json"))
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump({"data_loading_extra_us": DATA_SLEEP_US, "added_op": "aten::cumsum",
                   "added_calls_per_step": CUMSUM_CALLS, "added_us_per_call": CUMSUM_US,
                   "steps": STEPS, "warmup_step": "ProfilerStep#0",
                   "unfinished_step": "ProfilerStep#%d" % STEPS}, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
