#!/usr/bin/env python3
"""Writes level0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv from the real Level1
table of tests/data/shared/profiler/torch_npu_level1 (rank 0) in the Level0 layout issue #25
describes: Type and Accelerator Core are N/A and the shape, dtype and format columns are absent.
No real Level0 table is in the corpus (the other levels of that run are kept back to check the
readers); every other cell is the real row's. Deterministic."""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "shared", "profiler", "torch_npu_level1", "text", "rank0_ascend_pt",
                   "ASCEND_PROFILER_OUTPUT", "kernel_details.csv")
DST = os.path.join(HERE, "level0", "rank0_ascend_pt", "ASCEND_PROFILER_OUTPUT", "kernel_details.csv")
DROP = {"Input Shapes", "Input Data Types", "Input Formats", "Output Shapes", "Output Data Types",
        "Output Formats"}

with open(SRC, newline="") as f:
    rows = list(csv.reader(f))
header = rows[0]
keep = [i for i, c in enumerate(header) if c not in DROP]
os.makedirs(os.path.dirname(DST), exist_ok=True)
with open(DST, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow([header[i] for i in keep])
    for r in rows[1:]:
        r = list(r)
        for col in ("Type", "Accelerator Core"):
            r[header.index(col)] = "N/A"
        w.writerow([r[i] for i in keep])
