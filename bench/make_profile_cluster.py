#!/usr/bin/env python3
"""Writes a synthetic Ascend profiler cluster for the profile scale acceptance (issue #11).

    python3 bench/make_profile_cluster.py OUT [--ranks 1024] [--kernels 5000] [--steps 10]

Each rank gets rank_<r>_ascend_pt/profiler_info_<r>.json and ASCEND_PROFILER_OUTPUT/ with
step_trace_time.csv, a kernel_details.csv of --kernels rows (the 33-column layout of the real
2023 torch_npu file, shapes triple-quoted, N/A cells, 4294967295 model ids) and a communication.json
of HCCL ops. About 1.45 MB per rank: 1 024 ranks make about 1.5 GB.

Two things are planted so a run can be checked, and printed at the end: rank SLOW_RANK computes
15 % longer (a slow rank in Computing) and rank SLOW_LINK's HCCS link moves its bytes in three
times the time (a slow link). Deterministic (seeded).
"""
import argparse
import json
import os
import random

HEADER = ("Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),"
          "Duration(us),Wait Time(us),Block Dim,Mix Block Dim,Input Shapes,Input Data Types,"
          "Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),"
          "aic_total_cycles,aic_mac_fp16_ratio,aic_mac_int8_ratio,aic_cube_fops,aic_vector_fops,"
          "aiv_time(us),aiv_total_cycles,aiv_vec_fp32_ratio,aiv_vec_fp16_ratio,aiv_vec_int32_ratio,"
          "aiv_vec_misc_ratio,aiv_cube_fops,aiv_vector_fops\n")

# (type, core, input shapes, dtypes, formats, mean duration us)
OPS = [
    ("MatMulV2", "AI_CORE", "4096,4096;4096,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", 310.0),
    ("MatMulV2", "AI_CORE", "4096,1000;1000,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", 95.0),
    ("BatchMatMul", "AI_CORE", "32,128,128;32,128,128", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", 40.0),
    ("Add", "AI_VECTOR_CORE", "4096,4096;4096,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", 22.0),
    ("Mul", "AI_VECTOR_CORE", "4096,4096;4096,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", 21.0),
    ("Cast", "AI_VECTOR_CORE", "4096,4096", "FLOAT", "FORMAT_ND", 18.0),
    ("LayerNormV3", "AI_VECTOR_CORE", "4096,4096;4096;4096", "FLOAT16;FLOAT;FLOAT",
     "FORMAT_ND;FORMAT_ND;FORMAT_ND", 35.0),
    ("SoftmaxV2", "AI_VECTOR_CORE", "32,128,128", "FLOAT16", "FORMAT_ND", 28.0),
    ("ApplyAdamW", "AI_VECTOR_CORE", "4096,4096;4096,4096;4096,4096", "FLOAT;FLOAT;FLOAT",
     "FORMAT_ND;FORMAT_ND;FORMAT_ND", 60.0),
    ("TransData", "AI_VECTOR_CORE", "4096,4096", "FLOAT16", "FORMAT_ND", 12.0),
    ("NonZero", "AI_CPU", "4096", "INT64", "FORMAT_ND", 45.0),
    ("hcom_allReduce_", "HCCL", "N/A", "N/A", "N/A", 800.0),
]
WEIGHTS = [8, 3, 4, 10, 10, 12, 6, 6, 4, 5, 1, 2]


def kernel_rows(rank, kernels, steps, rng, slow):
    out = [HEADER]
    t = 1700000000000000.0 + rank * 0.5
    per_step = max(1, kernels // steps)
    for i in range(kernels):
        op = rng.choices(OPS, WEIGHTS)[0]
        typ, core, shapes, dtypes, formats, mean = op
        dur = mean * rng.uniform(0.9, 1.1) * (1.15 if slow and core == "AI_CORE" else 1.0)
        step = min(steps, i // per_step + 1)
        t += dur + 2.0
        if core == "HCCL":
            out.append(f"{step},4294967295,N/A,N/A,{typ}_{i}_0,{typ},HCCL,{t:.3f},{dur:.3f},"
                       f"{rng.uniform(0, 50):.2f},0,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,"
                       "N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A\n")
            continue
        q = '"""' + shapes + '"""'
        aic = dur if core == "AI_CORE" else 0
        aiv = dur if core == "AI_VECTOR_CORE" else 0
        out.append(f"{step},4294967295,{1000 + i},2,aclnn{typ}_{typ},{typ},{core},{t:.3f},{dur:.3f},"
                   f"{rng.uniform(0, 3):.2f},24,0,{q},{dtypes},{formats},{q},{dtypes},{formats},N/A,"
                   f"{aic:.3f},{int(aic * 1800)},{rng.uniform(0.5, 0.9) if aic else 0:.4f},0,"
                   f"{int(aic * 1e6)},0,{aiv:.3f},{int(aiv * 1800)},0,"
                   f"{rng.uniform(0.1, 0.6) if aiv else 0:.4f},0,0,0,{int(aiv * 1e5)}\n")
    return "".join(out)


def step_table(rank, steps, rng, slow):
    rows = ["Device_id,Step,Computing,Communication(Not Overlapped),Overlapped,Communication,"
            "Free,Stage,Bubble,Communication(Not Overlapped and Exclude Receive),Preparing\n"]
    for s in range(1, steps + 1):
        comp = 400000.0 * rng.uniform(0.99, 1.01) * (1.15 if slow else 1.0)
        comm = 60000.0 * rng.uniform(0.9, 1.1)
        over = 20000.0 * rng.uniform(0.9, 1.1)
        free = 15000.0 * rng.uniform(0.8, 1.2)
        rows.append(f"{rank % 8},{s},{comp:.3f},{comm:.3f},{over:.3f},{comm + over:.3f},{free:.3f},"
                    f"{comp + comm + free:.3f},0,{comm:.3f},{rng.uniform(50, 150):.1f}\n")
    return "".join(rows)


def communication(rank, steps, ops_per_step, rng, slow_link):
    group = "12345678901234567890"
    doc = {}
    for s in range(1, steps + 1):
        ops = {}
        for k in range(ops_per_step):
            hccs_time = rng.uniform(0.9, 1.1) * (3.0 if slow_link else 1.0)
            ops[f"hcom_allReduce__{s}_{k}_1@{group}"] = {
                "Communication Time Info": {
                    "Start Timestamp(us)": 1700000000000000.0 + s * 1e5 + k,
                    "Elapse Time(ms)": round(rng.uniform(1.0, 1.4), 6),
                    "Transit Time(ms)": round(rng.uniform(0.5, 0.7), 6),
                    "Wait Time(ms)": round(rng.uniform(0.2, 0.4), 6),
                    "Synchronization Time(ms)": round(rng.uniform(0.05, 0.1), 6),
                    "Idle Time(ms)": round(rng.uniform(0.05, 0.1), 6),
                    "Wait Time Ratio": 0.3, "Synchronization Time Ratio": 0.1},
                "Communication Bandwidth Info": {
                    "HCCS": {"Transit Size(MB)": 16.0, "Transit Time(ms)": round(hccs_time, 6),
                             "Bandwidth(GB/s)": round(16.0 / hccs_time, 4),
                             "Large Packet Ratio": 1.0,
                             "Size Distribution": {"2.0": [8, round(hccs_time, 6)]}},
                    "RDMA": {"Transit Size(MB)": 4.0, "Transit Time(ms)": 0.25,
                             "Bandwidth(GB/s)": 16.0, "Large Packet Ratio": 1.0,
                             "Size Distribution": {"0.5": [8, 0.25]}},
                    "SDMA": {"Transit Size(MB)": 16.0, "Transit Time(ms)": round(hccs_time, 6),
                             "Bandwidth(GB/s)": round(16.0 / hccs_time, 4),
                             "Large Packet Ratio": 1.0, "Size Distribution": {}}}}
        doc[f"step{s}"] = {"collective": ops, "p2p": {}}
    return json.dumps(doc, separators=(",", ":"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--ranks", type=int, default=1024)
    ap.add_argument("--kernels", type=int, default=5000)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--ops-per-step", type=int, default=30)
    a = ap.parse_args()
    slow_rank = (a.ranks * 3) // 5
    slow_link = a.ranks // 3
    total = 0
    for r in range(a.ranks):
        rng = random.Random(r)
        root = os.path.join(a.out, f"node{r // 8}_{20000 + r}_20250101_ascend_pt")
        out = os.path.join(root, "ASCEND_PROFILER_OUTPUT")
        os.makedirs(out, exist_ok=True)
        files = {
            os.path.join(root, f"profiler_info_{r}.json"): json.dumps(
                {"config": {}, "start_info": {}, "end_info": {}, "rank_id": r}),
            os.path.join(out, "step_trace_time.csv"): step_table(r, a.steps, rng, r == slow_rank),
            os.path.join(out, "kernel_details.csv"): kernel_rows(r, a.kernels, a.steps, rng,
                                                                 r == slow_rank),
            os.path.join(out, "communication.json"): communication(r, a.steps, a.ops_per_step, rng,
                                                                   r == slow_link),
        }
        for path, text in files.items():
            with open(path, "w") as f:
                f.write(text)
            total += len(text)
    print(f"{a.ranks} ranks, {total / 1e9:.2f} GB; planted: slow rank {slow_rank} (Computing), "
          f"slow link rank {slow_link} (HCCS)")


if __name__ == "__main__":
    main()
