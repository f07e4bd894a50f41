#!/usr/bin/python3
"""Writes a pair of ~2 GB checkpoints for the checkpoint-comparison benchmark (issue #13):
a PyTorch state dict (torch.save, .pth) and the same parameters as a MindSpore .ckpt (serialized
Checkpoint messages, MindSpore's names; the embedding is over 512 MiB, so it is written in slices as
save_checkpoint does), plus the same state as safetensors. One LayerNorm gamma is planted different.
Never committed; bench/ckpt_compare.sh calls this once.

    /usr/bin/python3 bench/make_big_checkpoints.py OUT_DIR [--layers 18] [--hidden 4096] [--vocab 50000]
"""
import argparse
import collections
import importlib.util
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "fixtures", os.path.join(HERE, "..", "tests", "checkpoint", "make_checkpoints.py"))
fixtures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fixtures)

SLICE_BYTES = 512 * 1024 * 1024  # MindSpore's SLICE_SIZE


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--layers", type=int, default=18)
    p.add_argument("--hidden", type=int, default=4096)
    p.add_argument("--vocab", type=int, default=50000)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = np.random.default_rng(1)
    h = a.hidden
    # One random block reused (shifted) for every matrix: generating 2 GB of normals would take
    # longer than the benchmark; the values only need to be finite and not all equal.
    block = rng.standard_normal(h * h, dtype=np.float32) * np.float32(0.02)
    sd = collections.OrderedDict()
    sd["embed.weight"] = np.resize(block, a.vocab * h).reshape(a.vocab, h)
    for i in range(a.layers):
        sd[f"layers.{i}.norm.weight"] = np.ones(h, dtype=np.float32) + block[i:i + h]
        sd[f"layers.{i}.norm.bias"] = block[2 * i:2 * i + h].copy()
        sd[f"layers.{i}.proj.weight"] = np.roll(block, i).reshape(h, h)
        sd[f"layers.{i}.proj.bias"] = block[3 * i:3 * i + h].copy()
    torch.save(collections.OrderedDict((k, torch.from_numpy(v)) for k, v in sd.items()),
               os.path.join(a.out, "torch_big.pth"))
    fixtures.write_safetensors(os.path.join(a.out, "big.safetensors"), sd)
    with open(os.path.join(a.out, "ms_big.ckpt"), "wb") as f:
        for name, value in sd.items():
            ms = name.replace("embed.weight", "embed.embedding_table")
            ms = ms.replace("norm.weight", "norm.gamma").replace("norm.bias", "norm.beta")
            if name == f"layers.{a.layers // 2}.norm.weight":
                value = value.copy()
                value[7] += 3  # the planted difference
            slices = max(1, -(-value.nbytes // SLICE_BYTES))
            f.write(fixtures.ms_value(ms, value, slices=slices))
    for name in ("torch_big.pth", "ms_big.ckpt", "big.safetensors"):
        print(name, os.path.getsize(os.path.join(a.out, name)))


if __name__ == "__main__":
    main()
