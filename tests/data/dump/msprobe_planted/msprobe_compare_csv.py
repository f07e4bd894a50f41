#!/usr/bin/python3
"""Runs msprobe 8.3.3's own compare on the planted statistics-mode pairs and keeps its verdicts as CSV.

Usage (Debian 12, /usr/bin/python3 with python3-torch 1.13, python3-yaml, python3-pandas,
python3-openpyxl, python3-tqdm, python3-packaging):

    /usr/bin/python3 msprobe_compare_csv.py --msprobe MSTT/debug/accuracy_tools --out statistics

For every run R in {bench, weight, bf16, divzero} and step S in {0, 1} it compares
statistics/bench/stepS (bench) with statistics/R/stepS (NPU) exactly as `msprobe compare` does
(highlight on, advisor on), then writes statistics/msprobe_compare_R_stepS.csv: every column of
msprobe's .xlsx as msprobe wrote the cell text, plus `Highlight` (`red`, `yellow` or empty: the fill
msprobe gave the row) and, in the first data row only, `Advisor Suspect Node` (the node msprobe's
advisor names; `NA` when it names none). msprobe's own output files are left in a temporary folder.
"""
import argparse
import csv
import glob
import os
import sys
import tempfile
import types

RUNS = ["bench", "weight", "bf16", "divzero"]


def load_msprobe(path):
    import torch

    # torch 1.13 has no Tensor.untyped_storage, which msprobe only uses to check data_ptr().
    torch.Tensor.untyped_storage = torch.Tensor.storage
    sys.path.insert(0, path)
    # Modules Debian lacks, imported by msprobe parts compare never uses.
    for stub in ("matplotlib", "matplotlib.pyplot", "einops"):
        sys.modules.setdefault(stub, types.ModuleType(stub))
    sys.modules["einops"].rearrange = None
    from msprobe.pytorch import compare

    return compare


def fill_of(cell):
    colour = (cell.fill.start_color.rgb or "") if cell.fill and cell.fill.fill_type == "solid" else ""
    colour = str(colour).upper()
    if colour.endswith("FF0000"):
        return "red"
    if colour.endswith("FFFF00"):
        return "yellow"
    return ""


def xlsx_to_csv(xlsx, advisor, out):
    import openpyxl

    suspect = "NA"
    with open(advisor, encoding="utf-8") as f:
        for line in f:
            if line.startswith("Suspect Nodes: "):
                suspect = line[len("Suspect Nodes: "):].strip()
    ws = openpyxl.load_workbook(xlsx).active
    rows = list(ws.iter_rows())
    header = [c.value for c in rows[0]] + ["Highlight", "Advisor Suspect Node"]
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for i, row in enumerate(rows[1:]):
            values = ["" if c.value is None else str(c.value) for c in row]
            w.writerow(values + [fill_of(row[0]), suspect if i == 0 else ""])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--msprobe", required=True)
    p.add_argument("--out", required=True, help="the statistics folder of the planted dumps")
    args = p.parse_args()
    compare = load_msprobe(args.msprobe)
    for run in RUNS:
        for step in (0, 1):
            bench = os.path.join(args.out, "bench", f"step{step}", "rank")
            npu = os.path.join(args.out, run, f"step{step}", "rank")
            with tempfile.TemporaryDirectory() as tmp:
                compare({"npu_json_path": os.path.join(npu, "dump.json"),
                         "bench_json_path": os.path.join(bench, "dump.json"),
                         "stack_json_path": os.path.join(npu, "stack.json"),
                         "is_print_compare_log": False},
                        tmp, stack_mode=False, highlight=True, auto_analyze=True)
                xlsx = glob.glob(os.path.join(tmp, "compare_result*.xlsx"))
                advisor = glob.glob(os.path.join(tmp, "advisor*.txt"))
                if len(xlsx) != 1 or len(advisor) != 1:
                    sys.exit(f"{run} step{step}: msprobe wrote {xlsx} {advisor}")
                xlsx_to_csv(xlsx[0], advisor[0],
                            os.path.join(args.out, f"msprobe_compare_{run}_step{step}.csv"))


if __name__ == "__main__":
    main()
