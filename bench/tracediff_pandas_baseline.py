#!/usr/bin/env python3
"""What users do today to compare two runs: HTA-style pandas code (issue #10's baseline).

    /usr/bin/python3 tracediff_pandas_baseline.py BASELINE.json TARGET.json

Loads each trace with json.load into a DataFrame, as HolisticTraceAnalysis does, finds the
ProfilerStep#N marks, picks each side's median step, classifies device events with HTA's kernel
patterns (and Ascend task types), merges intervals as HTA's merge_kernel_intervals does to get
computing / communication / overlap, and diffs the ops of the step with a groupby and an outer
merge. It prints a JSON summary with the same headline numbers as `twinscope-cli tracediff`, so the
benchmark can check both give the same step times. Needs pandas (Debian python3-pandas).
"""
import json
import re
import sys
import time

import numpy as np
import pandas as pd

COMM = re.compile(r"^nccl|^hccl|ncclKernel|^hcom_")
COMPUTE_TYPES = {"AI_CORE", "MIX_AIC", "MIX_AIV", "AI_CPU", "AI_VECTOR_CORE", "FFTS_PLUS"}


def load(path):
    with open(path) as f:
        doc = json.load(f)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    meta = {e["pid"]: e["args"].get("name", "") for e in events
            if e.get("ph") == "M" and e.get("name") == "process_name"}
    df = pd.DataFrame([e for e in events if e.get("ph") == "X"])
    df["ts"] = pd.to_numeric(df["ts"])
    df["dur"] = pd.to_numeric(df["dur"])
    df["end"] = df["ts"] + df["dur"]
    df["process"] = df["pid"].map(meta).fillna("")
    if "cat" not in df:
        df["cat"] = ""
    df["cat"] = df["cat"].fillna("")
    df["task_type"] = df["args"].map(lambda a: a.get("Task Type", "") if isinstance(a, dict) else "")
    return df


def merge_intervals(df):
    """HTA's merge_kernel_intervals: sort, running max of end, new group where ts > max end."""
    if df.empty:
        return pd.DataFrame({"ts": [], "end": []})
    d = df[["ts", "end"]].sort_values("ts")
    max_end = d["end"].cummax().shift(1)
    group = (d["ts"] > max_end).cumsum()
    return d.groupby(group).agg(ts=("ts", "min"), end=("end", "max"))


def classify(df):
    cuda = df["cat"].isin(["kernel", "Kernel", "gpu_memcpy", "gpu_memset", "Memcpy", "Memset"])
    npu = df["process"].eq("Ascend Hardware")
    hccl_op = df["process"].eq("HCCL") & df["name"].str.startswith("hcom_")
    device = cuda | npu | hccl_op
    kind = pd.Series("other", index=df.index)
    kind[cuda & df["cat"].str.lower().str.contains("kernel")] = "compute"
    kind[cuda & df["cat"].str.contains("mem", case=False)] = "memory"
    kind[npu & df["task_type"].isin(COMPUTE_TYPES)] = "compute"
    kind[device & df["name"].str.contains(COMM)] = "comm"
    kind[hccl_op] = "comm"
    df["device"] = device
    df["kind"] = kind
    return df


def side(path):
    df = classify(load(path))
    steps = df[df["name"].str.match(r"^ProfilerStep#\d+$") & ~df["cat"].eq("gpu_user_annotation")]
    steps = steps.sort_values("ts")
    med = steps.iloc[(np.argsort(steps["dur"].to_numpy(), kind="stable")[(len(steps) - 1) // 2])]
    lo, hi = med["ts"], med["end"]
    w = df[(df["ts"] >= lo) & (df["ts"] < hi)]
    comp = merge_intervals(w[w["kind"].eq("compute")])
    comm = merge_intervals(w[w["kind"].eq("comm")])
    computing = float((comp["end"] - comp["ts"]).sum())
    communication = float((comm["end"] - comm["ts"]).sum())
    ops = (w[w["device"] | w["cat"].eq("cpu_op")].groupby("name")["dur"].agg(["count", "sum"]))
    return {"step": med["name"], "step_us": float(med["dur"]), "computing_us": computing,
            "communication_us": communication}, ops


def main():
    t0 = time.time()
    b, bops = side(sys.argv[1])
    t, tops = side(sys.argv[2])
    diff = bops.join(tops, how="outer", lsuffix="_b", rsuffix="_t").fillna(0)
    diff["delta"] = diff["sum_t"] - diff["sum_b"]
    diff = diff.reindex(diff["delta"].abs().sort_values(ascending=False).index)
    print(json.dumps({"baseline": b, "target": t, "ops": len(diff),
                      "top": diff.head(5)["delta"].to_dict(), "seconds": time.time() - t0}, indent=1))


if __name__ == "__main__":
    main()
