#!/usr/bin/env python3
"""Writes the profiler-folder fixtures of tests/data/profile (issue #11) and expected.json.

There is no public real sample of a torch_npu rank folder's step_trace_time.csv, communication.json,
communication_matrix.json or memory tables, so these follow the layouts msprof-analyze and
MindStudio Insight read (docs/FORMATS.md §2.8; msprof-analyze cluster_analyse/prof_bean, compare_bean;
CANN "Profile Data File Reference (DB)"). The numbers the tests assert are computed here, from the
rows written, with Python's own arithmetic (expected.json), independently of the C++ readers.

Run from the repository root: python3 tests/data/profile/make_fixtures.py
Deterministic: the same files every run.
"""
import csv
import json
import os
import shutil
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(HERE, "good")
BROKEN = os.path.join(HERE, "broken")
RANKS = 4
STEPS = 2

KERNEL_HEADER = ["Step Id", "Model ID", "Task ID", "Stream ID", "Name", "Type", "Accelerator Core",
                 "Start Time(us)", "Duration(us)", "Wait Time(us)", "Block Dim", "Mix Block Dim",
                 "Input Shapes", "Input Data Types", "Input Formats", "Output Shapes",
                 "Output Data Types", "Output Formats", "Context ID", "aicore_time(us)",
                 "aic_mac_ratio", "aiv_vec_ratio", "Vendor Extra"]

# (name, type, core, shapes, dtypes, formats, duration us, aic_mac_ratio)
KERNELS = [
    ("aclnnMatmul_MatMulV2", "MatMulV2", "AI_CORE", '"4096,512;512,1024"', "DT_BF16;DT_BF16",
     "ND;ND", 120.5, 0.81),
    ("aclnnMatmul_MatMulV2", "MatMulV2", "AI_CORE", '"4096,500;500,1024"', "DT_BF16;DT_BF16",
     "ND;ND", 150.25, 0.62),
    ("aclnnAdd_Add", "Add", "AI_VECTOR_CORE", '"4096,1024;4096,1024"', "DT_BF16;DT_BF16",
     "ND;ND", 10.0, None),
    ("aclnnNonzero_NonZero", "NonZero", "AI_CPU", '"4096"', "INT64", "ND", 55.0, None),
    ("hcom_allReduce__1_0_1", "hcom_allReduce_", "HCCL", "N/A", "N/A", "N/A", 80.0, None),
]


def write_csv(path, header, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)


def double_hash(data):
    # msprof-analyze cluster_analyse/common_func/utils.py: how op keys name their group.
    h0, h1 = 0, 0
    for d in data:
        h0 = (h0 * 29 + ord(d)) & 0xFFFFFFFF
        h1 = (h1 * 131 + ord(d)) & 0xFFFFFFFF
    return (h0 << 32) | h1


GROUP_ID = "10.0.0.1%eth0_60000_0_1708156014257149"
GROUP = str(double_hash(GROUP_ID))


def phases(rank):
    # Rank 2 computes 300 us more per step, rank 3 idles 400 us more: the two slow ranks.
    computing = 1000.0 + 10 * rank + (300.0 if rank == 2 else 0.0)
    not_overlapped = 200.0
    overlapped = 50.0
    free = 100.0 + (400.0 if rank == 3 else 0.0)
    return {"Computing": computing, "Communication(Not Overlapped)": not_overlapped,
            "Overlapped": overlapped, "Communication": not_overlapped + overlapped, "Free": free,
            "Stage": computing + not_overlapped + free, "Bubble": 0.0,
            "Communication(Not Overlapped and Exclude Receive)": not_overlapped,
            "Preparing": 5.0}


def hccs_time_ms(rank):
    # Rank 1's HCCS link moves the same bytes in four times the time: the slow link.
    return 0.4 if rank == 1 else 0.1


def rank_folder(rank, expected):
    root = os.path.join(GOOD, "cluster", f"node0_{1000 + rank}_20250101_ascend_pt")
    out = os.path.join(root, "ASCEND_PROFILER_OUTPUT")
    write_json(os.path.join(root, f"profiler_info_{rank}.json"),
               {"config": {"common_config": {"activities": ["CPU", "NPU"]}},
                "start_info": {"syscnt_enable": True}, "end_info": {}, "rank_id": rank,
                "torch_npu_version": "2.1.0.post8", "cann_version": "8.0.RC3"})
    write_json(os.path.join(root, "profiler_metadata.json"),
               {"distributed_args": {"world_size": RANKS, "rank": rank},
                "parallel_group_info": {GROUP_ID: {"group_name": "dp",
                                                   "global_ranks": list(range(RANKS))}}})
    header = ["Device_id", "Step"] + list(phases(0).keys())
    write_csv(os.path.join(out, "step_trace_time.csv"), header,
              [[rank, s + 1] + list(phases(rank).values()) for s in range(STEPS)])
    rows = []
    start = 1700000000000000.0 + rank
    for s in range(STEPS):
        for i, (name, typ, core, shp, dt, fm, dur, mac) in enumerate(KERNELS):
            start += 1000.0
            rows.append([s + 1, 4294967295, 100 + i, 2, name, typ, core, f"{start:.3f}\t", dur,
                         0.5, 20, 0, shp, dt, fm, shp, dt, fm, "N/A", dur if core == "AI_CORE"
                         else 0, "N/A" if mac is None else mac, "N/A", "x"])
    write_csv(os.path.join(out, "kernel_details.csv"), KERNEL_HEADER, rows)
    comm = {}
    for s in range(STEPS):
        ops = {}
        for call in range(3):
            ops[f"hcom_allReduce__1_{call}_1@{GROUP}"] = {
                "Communication Time Info": {"Start Timestamp(us)": 1.0, "Elapse Time(ms)": 0.5,
                                            "Transit Time(ms)": 0.2, "Wait Time(ms)": 0.25,
                                            "Synchronization Time(ms)": 0.05,
                                            "Idle Time(ms)": 0.05, "Wait Time Ratio": 0.5556,
                                            "Synchronization Time Ratio": 0.2},
                "Communication Bandwidth Info": {
                    "HCCS": {"Transit Size(MB)": 2.0, "Transit Time(ms)": hccs_time_ms(rank),
                             "Bandwidth(GB/s)": 2.0 / hccs_time_ms(rank), "Large Packet Ratio": 1,
                             "Size Distribution": {"1.0": [2, hccs_time_ms(rank)]}},
                    "RDMA": {"Transit Size(MB)": 1.0, "Transit Time(ms)": 0.05,
                             "Bandwidth(GB/s)": 20.0, "Large Packet Ratio": 1,
                             "Size Distribution": {"0.5": [2, 0.05]}}}}
        ops[f"hcom_broadcast__2_0_1@{GROUP}"] = {
            "Communication Time Info": {"Elapse Time(ms)": 1.0, "Transit Time(ms)": 0.1,
                                        "Wait Time(ms)": 0.8, "Synchronization Time(ms)": 0.1,
                                        "Idle Time(ms)": 0.1},
            "Communication Bandwidth Info": {}}
        ops["Total Op Info"] = {"Communication Time Info": {"Elapse Time(ms)": 99999.0}}
        comm[f"step{s + 1}"] = {"collective": ops, "p2p": {}}
    write_json(os.path.join(out, "communication.json"), comm)
    matrix = {}
    for s in range(STEPS):
        nxt = (rank + 1) % RANKS
        matrix[f"step{s + 1}"] = {"collective": {f"hcom_allReduce__1_0_1@{GROUP}": {
            f"{rank}-{nxt}": {"Transport Type": "HCCS", "Transit Size(MB)": 4.0,
                              "Transit Time(ms)": 4 * hccs_time_ms(rank),
                              "Bandwidth(GB/s)": 1.0 / hccs_time_ms(rank), "Op Name": "x"}},
            "Total Op Info@" + GROUP: {"0-1": {"Transport Type": "HCCS",
                                               "Transit Size(MB)": 1e9, "Transit Time(ms)": 1}}},
            "p2p": {}}
    write_json(os.path.join(out, "communication_matrix.json"), matrix)
    write_csv(os.path.join(out, "op_statistic.csv"),
              ["Device_id", "OP Type", "Core Type", "Count", "Total Time(us)", "Min Time(us)",
               "Avg Time(us)", "Max Time(us)", "Ratio(%)"],
              [[rank, "MatMulV2", "AI_CORE", 4, 541.5, 120.5, 135.375, 150.25, 50]])
    base = 1700000000000000.0 + rank + 500
    mem_rows = []
    for i in range(12):
        mem_rows.append(["PTA", f"{base + 1000 * i:.3f}", 100 + 10 * i, 200 + 10 * i, 150,
                         "0x1", "NPU:0"])
        mem_rows.append(["APP", f"{base + 1000 * i + 1:.3f}", "N/A", 900 + 5 * i, "N/A", "N/A",
                         "NPU:0"])
    write_csv(os.path.join(out, "memory_record.csv"),
              ["Component", "Timestamp(us)", "Total Allocated(MB)", "Total Reserved(MB)",
               "Total Active(MB)", "Stream Ptr", "Device Type"], mem_rows)
    write_csv(os.path.join(out, "operator_memory.csv"),
              ["Name", "Size(KB)", "Allocation Time(us)", "Release Time(us)",
               "Active Release Time(us)", "Duration(us)", "Active Duration(us)",
               "Allocation Total Allocated(MB)", "Allocation Total Reserved(MB)",
               "Allocation Total Active(MB)", "Release Total Allocated(MB)",
               "Release Total Reserved(MB)", "Release Total Active(MB)", "Stream Ptr",
               "Device Type"],
              [["aten::mm", 2048, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, "0x1", "NPU:0"],
               ["aten::mm", 1024, 3, 5, 5, 2, 2, 1, 1, 1, 1, 1, 1, "0x1", "NPU:0"],
               ["aten::add", 512, 4, "N/A", "N/A", "N/A", "N/A", 1, 1, 1, 1, 1, 1, "0x1",
                "NPU:0"]])
    write_csv(os.path.join(out, "npu_module_mem.csv"),
              ["Device_id", "Component", "Timestamp(us)", "Total Reserved(MB)", "Device"],
              [[rank, "SLOG", 1.0, 3.5, "NPU:0"], [rank, "SLOG", 2.0, 4.5, "NPU:0"],
               [rank, "HCCL", 1.0, 64.0, "NPU:0"]])
    write_csv(os.path.join(out, "api_statistic.csv"),
              ["Device_id", "Level", "API Name", "Time(us)", "Count", "Avg(us)", "Min(us)",
               "Max(us)", "Variance"],
              [[rank, "runtime", "aclrtMemcpy", 10, 2, 5, 4, 6, 1]])
    write_csv(os.path.join(out, "operator_details.csv"),
              ["Name", "Input Shapes", "Call Stack", "Host Self Duration(us)",
               "Host Total Duration(us)", "Device Self Duration(us)",
               "Device Total Duration(us)"],
              [["aten::mm", '"4096,512;512,1024"', "", 5, 9, 120.5, 120.5]])
    # A timeline beside the tables, so a rank folder opens in the Trace tab too.
    write_json(os.path.join(out, "trace_view.json"),
               [{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "Overlap Analysis"}},
                {"ph": "X", "name": "Computing", "pid": 1, "tid": 1, "ts": "1700000000001000.000",
                 "dur": 500.0, "args": {}},
                {"ph": "X", "name": "Free", "pid": 1, "tid": 2, "ts": "1700000000001500.000",
                 "dur": 100.0, "args": {}}])
    kernels = expected["kernels"]
    for s in range(STEPS):
        for name, typ, core, shp, dt, fm, dur, mac in KERNELS:
            k = kernels.setdefault(f"{typ}|{core}", {"count": 0, "total_us": 0.0})
            k["count"] += 1
            k["total_us"] += dur
    p = phases(rank)
    expected["ranks"].append({"rank": rank, "steps": STEPS, "computing_us": p["Computing"],
                              "free_us": p["Free"],
                              "step_us": p["Computing"] + p["Communication(Not Overlapped)"]
                              + p["Free"]})
    comm_sums = expected["communication"]
    for op, count, elapse, wait, size, time in (
            ("hcom_allReduce", 3 * STEPS, 0.5, 0.25, 2.0, hccs_time_ms(rank)),
            ("hcom_broadcast", STEPS, 1.0, 0.8, 0.0, 0.0)):
        c = comm_sums.setdefault(op, {"count": 0, "elapse_ms": 0.0, "wait_ms": 0.0,
                                      "hccs_size_mb": 0.0, "hccs_time_ms": 0.0})
        c["count"] += count
        c["elapse_ms"] += count * elapse
        c["wait_ms"] += count * wait
        c["hccs_size_mb"] += count * size
        c["hccs_time_ms"] += count * time
    link = expected["rank_links"].setdefault(str(rank), {})
    link["HCCS"] = (3 * STEPS * 2.0) / (3 * STEPS * hccs_time_ms(rank))
    expected["memory"][str(rank)] = {"curves": 2, "pta_samples": 12, "top_allocator": "aten::mm",
                                     "top_total_kb": 3072, "modules": 2,
                                     "peak_slog_mb": 4.5}


def cluster(expected):
    cluster_out = os.path.join(GOOD, "cluster", "cluster_analysis_output")
    # Only rank 4 is not in a rank folder: its rows come from msprof-analyze's table alone.
    header = ["Step", "Type", "Index"] + list(phases(0).keys())
    p = phases(0)
    rows = [["", "rank", 4] + [v * 1.01 for v in p.values()],
            ["", "stage", "(0, 1, 2, 3, 4)"] + list(p.values())]
    write_csv(os.path.join(cluster_out, "cluster_step_trace_time.csv"), header, rows)
    expected["ranks"].append({"rank": 4, "steps": 1, "computing_us": p["Computing"] * 1.01,
                              "free_us": p["Free"] * 1.01,
                              "step_us": (p["Computing"] + p["Communication(Not Overlapped)"]
                                          + p["Free"]) * 1.01})


def databases(expected):
    db_dir = os.path.join(GOOD, "db")
    os.makedirs(db_dir, exist_ok=True)
    path = os.path.join(db_dir, "ascend_pytorch_profiler_0.db")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    c = con.cursor()
    c.execute("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)")
    c.execute("CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, deviceId INTEGER, "
              "connectionId INTEGER, globalTaskId INTEGER, globalPid INTEGER, taskType INTEGER, "
              "contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER)")
    c.execute("CREATE TABLE COMPUTE_TASK_INFO (name INTEGER, globalTaskId INTEGER, "
              "blockNum INTEGER, mixBlockNum INTEGER, taskType INTEGER, opType INTEGER, "
              "inputFormats INTEGER, inputDataTypes INTEGER, inputShapes INTEGER, "
              "outputFormats INTEGER, outputDataTypes INTEGER, outputShapes INTEGER, "
              "attrInfo INTEGER, opState INTEGER, hf32Eligible INTEGER)")
    c.execute("CREATE TABLE COMMUNICATION_OP (opName INTEGER, startNs INTEGER, endNs INTEGER, "
              "connectionId INTEGER, groupName INTEGER, opId INTEGER, relay INTEGER, "
              "retry INTEGER, dataType INTEGER, algType INTEGER, count NUMERIC, opType INTEGER, "
              "deviceId INTEGER)")
    c.execute("CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER)")
    strings = ["MatMul", "AI_CORE", "ND;ND", "FLOAT16;FLOAT16", "16,16;16,16", "Cast", "AI_CPU",
               "ND", "FLOAT", "3,5", "hcom_allReduce__7_0_1", "group", "hcom_allReduce_"]
    for i, v in enumerate(strings):
        c.execute("INSERT INTO STRING_IDS VALUES (?, ?)", (i, v))
    tasks = [(0, 1, 4, 3, 2, 1000), (0, 1, 4, 3, 2, 3000), (5, 6, 7, 8, 9, 500)]
    for gid, (op, core, fm, dt, sh, dur) in enumerate(tasks):
        c.execute("INSERT INTO TASK VALUES (?, ?, 0, 0, ?, 0, ?, 0, 0, 0, 0)",
                  (gid * 10000, gid * 10000 + dur, gid, core))
        c.execute("INSERT INTO COMPUTE_TASK_INFO VALUES (0, ?, 1, 0, ?, ?, ?, ?, ?, 0, 0, 0, 0, "
                  "0, 0)", (gid, core, op, fm, dt, sh))
    for i in range(2):
        c.execute("INSERT INTO COMMUNICATION_OP VALUES (10, ?, ?, 0, 11, ?, 0, 0, 0, 0, 1, 12, 0)",
                  (i * 100000, i * 100000 + 2000000, i))
    c.execute("INSERT INTO STEP_TIME VALUES (1, 0, 50000000)")
    c.execute("INSERT INTO STEP_TIME VALUES (2, 50000000, 110000000)")
    con.commit()
    con.close()
    expected["db"] = {"kernels": {"MatMul|AI_CORE": {"count": 2, "total_us": 4.0},
                                  "Cast|AI_CPU": {"count": 1, "total_us": 0.5}},
                      "steps_us": [50000.0, 60000.0],
                      "collective": {"op": "hcom_allReduce", "count": 2, "elapse_ms": 4.0}}

    path = os.path.join(db_dir, "analysis.db")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    c = con.cursor()
    c.execute("CREATE TABLE StepTraceTime (step TEXT, computing NUMERIC, "
              "communication_not_overlapped NUMERIC, overlapped NUMERIC, communication NUMERIC, "
              "free NUMERIC, stage NUMERIC, bubble NUMERIC, "
              "communication_not_overlapped_and_exclude_receive NUMERIC, preparing NUMERIC)")
    c.execute("INSERT INTO StepTraceTime VALUES ('1', 900, 100, 10, 110, 50, 1050, 0, 100, 3)")
    c.execute("CREATE TABLE CommAnalyzerTime (step TEXT, type TEXT, hccl_op_name TEXT, "
              "group_name TEXT, start_timestamp NUMERIC, elapse_time NUMERIC, "
              "transit_time NUMERIC, wait_time NUMERIC, synchronization_time NUMERIC, "
              "idle_time NUMERIC, synchronization_time_ratio NUMERIC, wait_time_ratio NUMERIC)")
    for i in range(3):
        c.execute("INSERT INTO CommAnalyzerTime VALUES ('step1', 'collective', ?, 'g', 0, 2.0, "
                  "0.5, 1.0, 0.2, 0.3, 0.1, 0.6)", (f"hcom_allGather__5_{i}_1",))
    c.execute("CREATE TABLE CommAnalyzerBandwidth (step TEXT, type TEXT, hccl_op_name TEXT, "
              "group_name TEXT, transport_type TEXT, transit_size NUMERIC, "
              "transit_time NUMERIC, bandwidth NUMERIC, large_packet_ratio NUMERIC, "
              "package_size NUMERIC, count NUMERIC, total_duration NUMERIC)")
    for i in range(3):
        # Two packet-size rows per call repeat the link's size and time: counted once.
        for size, count in ((0.5, 2), (1.0, 3)):
            c.execute("INSERT INTO CommAnalyzerBandwidth VALUES ('step1', 'collective', ?, 'g', "
                      "'HCCS', 4.0, 0.5, 8.0, 1, ?, ?, 0.1)",
                      (f"hcom_allGather__5_{i}_1", size, count))
    con.commit()
    con.close()
    expected["analysis_db"] = {"computing_us": 900.0, "free_us": 50.0,
                               "collective": {"op": "hcom_allGather", "count": 3,
                                              "elapse_ms": 6.0, "wait_ms": 3.0},
                               "hccs_gbps": 12.0 / 1.5, "packets_1mb": 9}

    os.makedirs(BROKEN, exist_ok=True)
    path = os.path.join(BROKEN, "strings_only.db")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)")
    con.execute("CREATE TABLE notes (text TEXT)")
    con.commit()
    con.close()
    path = os.path.join(BROKEN, "unrelated.db")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    con.commit()
    con.close()


def broken():
    os.makedirs(BROKEN, exist_ok=True)
    header = [h for h in KERNEL_HEADER if h != "Type"]
    write_csv(os.path.join(BROKEN, "no_type", "kernel_details.csv"), header,
              [[1] * len(header)])
    write_csv(os.path.join(BROKEN, "no_free", "step_trace_time.csv"),
              ["Step", "Computing", "Communication(Not Overlapped)"], [[1, 2, 3]])
    os.makedirs(os.path.join(BROKEN, "bad_json"), exist_ok=True)
    with open(os.path.join(BROKEN, "bad_json", "communication.json"), "w") as f:
        f.write('{"step1": {"collective": {"hcom_x@g": {"Communication Time Info": {"Elapse')
    write_csv(os.path.join(BROKEN, "cluster_bad_index", "cluster_step_trace_time.csv"),
              ["Step", "Type", "Index", "Computing", "Communication(Not Overlapped)", "Free"],
              [["", "rank", "x", 1, 2, 3], ["", "rank", 1, 1, 2, 3]])


def main():
    for d in (GOOD, BROKEN):
        if os.path.exists(d):
            shutil.rmtree(d)
    expected = {"ranks": [], "kernels": {}, "rank_links": {}, "memory": {}, "communication": {}}
    for r in range(RANKS):
        rank_folder(r, expected)
    cluster(expected)
    databases(expected)
    broken()
    # The rules, worked by hand from the numbers above: rank 3 idles 400 us and rank 2 computes
    # 310 us past the medians (100 and 1 010 us), more than 5 % of the mean step (1 454.6 us); the
    # matrix link 1 -> 2 moves 8 MB in 3.2 ms (2.5 GB/s) against a median of 10 GB/s.
    steps = [r["step_us"] for r in expected["ranks"]]
    expected["slow_ranks"] = [{"rank": 3, "phase": "free", "median_us": 100.0},
                              {"rank": 2, "phase": "computing", "median_us": 1010.0}]
    expected["mean_step_us"] = sum(steps) / len(steps)
    expected["slow_links"] = [{"src": 1, "dst": 2, "link": "HCCS", "bandwidth_gbps": 2.5,
                               "median_gbps": 10.0}]
    write_json(os.path.join(HERE, "expected.json"), expected)


if __name__ == "__main__":
    main()
