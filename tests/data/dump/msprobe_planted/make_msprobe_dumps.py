#!/usr/bin/python3
"""Writes the msprobe PyTorch dumps of tests/data/dump/msprobe_planted with msprobe's own dumper.

Usage (Debian 12, /usr/bin/python3 with python3-torch 1.13, python3-yaml, python3-pandas,
python3-openpyxl, python3-tqdm, python3-packaging):

    /usr/bin/python3 make_msprobe_dumps.py --msprobe MSTT/debug/accuracy_tools --out OUT

MSTT is a checkout of Ascend's mstt repository (msprobe 8.3.3). Each run is a separate process
(msprobe's PrecisionDebugger is a singleton): 4 runs x {tensor, statistics} x 2 training steps of
a tiny causal transformer (seed 1234, same data), level L1 (API), on CPU:

  bench    float32: the benchmark; compared with itself it must give no error
  bf16     the forward under torch.autocast("cpu", dtype=torch.bfloat16)
  weight   fc1's weight gets 0.5 * N(0, 1) noise before step 0 (planted origin)
  divzero  at step 1 the attention's scalar divisor becomes 0.0 (planted NaN/Inf origin)

With --compare it also runs msprobe's own compare on two pairs and keeps the .xlsx results
(tests/data/dump/compare_result) as msprobe 8.3.3 writes them.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import types

RUNS = ["bench", "bf16", "weight", "divzero"]


def build_model(torch):
    torch.manual_seed(1234)

    class Block(torch.nn.Module):
        def __init__(self, d, heads):
            super().__init__()
            self.heads = heads
            self.ln1 = torch.nn.LayerNorm(d)
            self.qkv = torch.nn.Linear(d, 3 * d)
            self.proj = torch.nn.Linear(d, d)
            self.ln2 = torch.nn.LayerNorm(d)
            self.fc1 = torch.nn.Linear(d, 2 * d)
            self.fc2 = torch.nn.Linear(2 * d, d)
            self.scale = math.sqrt(d // heads)

        def forward(self, x, mask):
            b, t, d = x.shape
            h = self.ln1(x)
            q, k, v = self.qkv(h).chunk(3, dim=-1)
            q = q.reshape(b, t, self.heads, -1).transpose(1, 2)
            k = k.reshape(b, t, self.heads, -1).transpose(1, 2)
            v = v.reshape(b, t, self.heads, -1).transpose(1, 2)
            scores = torch.matmul(q, k.transpose(-2, -1)) / self.scale
            scores = scores.masked_fill(mask, float("-inf"))
            att = torch.softmax(scores, dim=-1)
            y = torch.matmul(att, v).transpose(1, 2).reshape(b, t, d)
            x = x + self.proj(y)
            return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln2(x))))

    class TinyLM(torch.nn.Module):
        def __init__(self, vocab=32, d=16, heads=2, seq=8):
            super().__init__()
            self.emb = torch.nn.Embedding(vocab, d)
            self.pos = torch.nn.Embedding(seq, d)
            self.block = Block(d, heads)
            self.head = torch.nn.Linear(d, vocab)

        def forward(self, ids):
            t = ids.shape[1]
            mask = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
            x = self.emb(ids) + self.pos(torch.arange(t))
            return self.head(self.block(x, mask))

    return TinyLM()


def one_run(args):
    import torch

    # torch 1.13 has no Tensor.untyped_storage, which msprobe only uses to check data_ptr().
    torch.Tensor.untyped_storage = torch.Tensor.storage
    sys.path.insert(0, args.msprobe)
    # Modules Debian lacks, imported by msprobe parts these runs never use (plots, NPU fusion
    # attention's bench function).
    for stub in ("matplotlib", "matplotlib.pyplot", "einops"):
        sys.modules.setdefault(stub, types.ModuleType(stub))
    sys.modules["einops"].rearrange = None
    from msprobe.pytorch import PrecisionDebugger

    model = build_model(torch)
    if args.run == "weight":
        # The planted cause: noise on fc1's weight (cosine of the weight ~0.4).
        g = torch.Generator().manual_seed(7)
        with torch.no_grad():
            model.block.fc1.weight += 0.5 * torch.randn(model.block.fc1.weight.shape, generator=g)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    config = {
        "task": args.task,
        "dump_path": args.out,
        "rank": [],
        "step": [],
        "level": "L1",
        "tensor": {"scope": [], "list": [], "data_mode": ["all"], "file_format": "bin"},
        "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": "statistics"},
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    config_path = args.out + ".config.json"
    with open(config_path, "w") as f:
        json.dump(config, f)
    debugger = PrecisionDebugger(config_path=config_path)
    data = torch.Generator().manual_seed(99)
    for step in range(2):
        ids = torch.randint(0, 32, (2, 8), generator=data)
        target = torch.randint(0, 32, (2, 8), generator=data)
        if args.run == "divzero" and step == 1:
            model.block.scale = 0.0  # the planted cause: a scalar divisor becomes 0 at step 1
        debugger.start(model)
        if args.run == "bf16":
            with torch.autocast("cpu", dtype=torch.bfloat16):
                logits = model(ids)
        else:
            logits = model(ids)
        loss = torch.nn.functional.cross_entropy(logits.float().reshape(-1, 32), target.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        debugger.stop()
        debugger.step()
        print(args.run, args.task, "step", step, "loss", float(loss))
    os.remove(config_path)


def run_compare(args):
    import torch

    torch.Tensor.untyped_storage = torch.Tensor.storage
    sys.path.insert(0, args.msprobe)
    for stub in ("matplotlib", "matplotlib.pyplot", "einops"):
        sys.modules.setdefault(stub, types.ModuleType(stub))
    sys.modules["einops"].rearrange = None
    from msprobe.pytorch import compare

    for task, run, step in (("tensor", "weight", 0), ("statistics", "divzero", 1)):
        bench = os.path.join(args.out, task, "bench", f"step{step}", "rank")
        npu = os.path.join(args.out, task, run, f"step{step}", "rank")
        out = os.path.join(args.compare, f"{task}_{run}_step{step}")
        os.makedirs(out, exist_ok=True)
        compare({"npu_json_path": os.path.join(npu, "dump.json"),
                 "bench_json_path": os.path.join(bench, "dump.json"),
                 "stack_json_path": os.path.join(npu, "stack.json"),
                 "is_print_compare_log": False}, out, stack_mode=False, highlight=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--msprobe", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--run")
    p.add_argument("--task")
    p.add_argument("--compare", help="folder for msprobe compare results")
    args = p.parse_args()
    if args.run:
        return one_run(args)
    if args.compare:
        return run_compare(args)
    for task in ("tensor", "statistics"):
        for run in RUNS:
            out = os.path.join(args.out, task, run)
            subprocess.run([sys.executable, __file__, "--msprobe", args.msprobe, "--out", out,
                            "--run", run, "--task", task], check=True)


if __name__ == "__main__":
    main()
