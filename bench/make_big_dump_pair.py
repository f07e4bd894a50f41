#!/usr/bin/python3
"""A large torch.utils.dumper-layout HDF5 pair for memory-bound checks (peak RSS of
`twinscope-cli dumps` on 2 x 10 GB), written in about a minute: gen_dump_pair.py computes a real forward
pass and needs over an hour for 10 GB on a shared 2-core machine.

    make_big_dump_pair.py OUT_DIR [--gb 10] [--tensor-mb 256]

Each side holds GB*1000/tensor-mb float32 datasets /linear_{i}/{i}/output/result with the dumper's
attributes; the NPU side is the bench side times (1 + 1e-6 noise). Blocks of random data are tiled, so
the values are not a model's, only the sizes and the layout are realistic. Never committed.
"""
import argparse
import os

import h5py
import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument("out_dir")
ap.add_argument("--gb", type=float, default=10)
ap.add_argument("--tensor-mb", type=int, default=256)
a = ap.parse_args()
os.makedirs(a.out_dir, exist_ok=True)
rng = np.random.default_rng(1)
elems = a.tensor_mb * 1000 * 1000 // 4
block = 1 << 22
base = rng.standard_normal(block).astype(np.float32)
noise = (1 + 1e-6 * rng.standard_normal(block)).astype(np.float32)
count = int(a.gb * 1000 / a.tensor_mb)
rows = elems // 1024
for side in ("bench", "npu"):
    with h5py.File(os.path.join(a.out_dir, side + ".h5"), "w") as f:
        for i in range(count):
            ds = f.create_dataset("linear_%d/%d/output/result" % (i, i + 1), shape=(rows, 1024), dtype="<f4")
            for k, start in enumerate(range(0, rows * 1024, block)):
                n = min(block, rows * 1024 - start)
                data = np.roll(base, i + k)[:n] * (noise[:n] if side == "npu" else 1)
                ds[start // 1024:(start + n) // 1024] = data.reshape(-1, 1024)
            for key, val in (("DeviceType", 1 if side == "bench" else 10), ("DataType", 1), ("FormatType", 0),
                             ("Type", 0)):
                ds.attrs[key] = np.int32(val)
            ds.attrs["Stride"] = np.array([1024, 1], np.int64)
print("wrote %d tensors of %d MB per side to %s" % (count, a.tensor_mb, a.out_dir))
