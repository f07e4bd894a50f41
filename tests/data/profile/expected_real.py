#!/usr/bin/env python3
"""Independent reading of the real profiler files the profile tests assert (issue #11).

Python's csv and json modules, not Twinscope's readers, compute the numbers that
tests/core/profile/tst_profilereal.cpp has written in: run from the repository root,
python3 tests/data/profile/expected_real.py, and compare.
"""
import collections
import csv
import json
import statistics

SHARED = "tests/data/shared/"


def kernels(path):
    rows = list(csv.DictReader(open(path, newline="")))
    by = collections.defaultdict(lambda: [0, 0.0])
    sigs = set()
    for r in rows:
        by[(r["Type"], r["Accelerator Core"])][0] += 1
        by[(r["Type"], r["Accelerator Core"])][1] += float(r["Duration(us)"])
        sigs.add((r["Type"], r["Accelerator Core"], r["Input Shapes"], r["Input Data Types"],
                  r["Input Formats"]))
    total = sum(float(r["Duration(us)"]) for r in rows)
    top = max(by.items(), key=lambda kv: kv[1][1])
    ai_cpu = [r for r in rows if r["Accelerator Core"] == "AI_CPU"]

    def unaligned(shapes):
        for t in shapes.strip('"').split(";")[:2]:
            dims = [d for d in t.split(",") if d.strip()]
            if len(dims) >= 2 and any(int(d) % 16 for d in dims[-2:] if d.strip().isdigit()
                                      and int(d) > 0):
                return True
        return False

    flagged = sorted({r["Type"] for r in rows if r["Accelerator Core"] in ("AI_CORE", "MIX_AIC")
                      and "matmul" in r["Type"].lower() and unaligned(r["Input Shapes"])})
    print(path, "rows", len(rows), "groups", len(by), "signatures", len(sigs),
          "total_us %.6f" % total, "top", top[0], top[1][0], "%.6f" % top[1][1],
          "ai_cpu", len(ai_cpu), "%.6f" % sum(float(r["Duration(us)"]) for r in ai_cpu),
          "columns", len(rows[0]), "unaligned", flagged)


def cluster_steps():
    rows = [r for r in csv.DictReader(open(SHARED + "profiler/msprof_analyze_cluster_step_trace_time.csv"))
            if r["Type"] == "rank"]
    free = {int(r["Index"]): float(r["Free"]) for r in rows}
    step = {int(r["Index"]): float(r["Computing"]) + float(r["Communication(Not Overlapped)"])
            + float(r["Free"]) for r in rows}
    mean_step = sum(step.values()) / len(step)
    median = statistics.median(free.values())
    # msprof-analyze's advisor names the rank with the maximum of a dimension whose max - min
    # passes 5 % of the mean step.
    gap = (max(free.values()) - min(free.values())) / mean_step
    print("cluster ranks", len(rows), "advisor max Free rank", max(free, key=free.get),
          "gap %.4f" % gap, "median free %.6f" % median,
          "flagged", sorted(r for r, v in free.items() if v - median > 0.05 * mean_step))


def cluster_comm():
    d = json.load(open(SHARED + "profiler/msprof_analyze_cluster_communication.json"))
    calls = 0
    elapse = 0.0
    hccs = [0.0, 0.0]
    for group in d.values():
        for step in group.values():
            for op, ranks in step.items():
                for rank, info in ranks.items():
                    calls += 1
                    elapse += info["Communication Time Info"]["Elapse Time(ms)"]
                    h = info["Communication Bandwidth Info"].get("HCCS", {})
                    hccs[0] += h.get("Transit Size(MB)", 0)
                    hccs[1] += h.get("Transit Time(ms)", 0)
    print("cluster comm calls", calls, "elapse_ms %.9f" % elapse, "hccs_gbps %.9f" % (hccs[0] / hccs[1]))


kernels(SHARED + "trace/mstt_advisor_kernel_details.csv")
kernels(SHARED + "trace/mstt_compute_advice_kernel_details_small.csv")
cluster_steps()
cluster_comm()
