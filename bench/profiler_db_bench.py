#!/usr/bin/env python3
"""Profiler-database loading benchmark (issue #25): `twinscope-cli trace` on a torch_npu profiler
database against the same timeline written as torch_npu's text export (trace_view.json).

    profiler_db_bench.py --cli build/app/twinscope-cli [--seed tests/data/shared/profiler/
        torch_npu_level1/db/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db]
        [--mb 100] [--workdir /tmp] [--runs 3] [--cores 0,1] [--reuse] [--old-cli OLD]

1. Scales the real Level1 database to about --mb megabytes by copying its timeline tables
   (TASK, COMPUTE_TASK_INFO, COMMUNICATION_OP, COMMUNICATION_TASK_INFO, PYTORCH_API, CANN_API,
   CONNECTION_IDS, OVERLAP_ANALYSIS, MEMORY_RECORD) K times, each copy shifted past the previous
   one in time and in its ids, so the copies are distinct steps, never overlaps.
2. Writes the equivalent text trace: the same rows as the chrome-trace events torch_npu writes
   into trace_view.json (processes Python, CANN, Ascend Hardware, HCCL, Overlap Analysis; string
   timestamps in us with three decimals; the args keys of the text export), so both inputs hold
   the same slices.
3. Runs `twinscope-cli trace --json` on each --runs times, pinned to --cores, and prints the
   median wall time, the median CPU time (user + system, os.wait4; on a shared machine the wall
   time says more about the neighbours than about the loader) and the peak RSS as Markdown rows
   for docs/PERFORMANCE.md. --reuse keeps the generated files of an earlier run of the same --mb.
   The text trace is loaded with --no-cache: the trace cache (issue #28) would otherwise time its
   second and later loads from the columnar cache, not from the text.
4. With --old-cli, every run loads each input with OLD and then with --cli, alternating, and
   prints rows for both builds (the load on a shared machine changes between runs).
Everything generated goes to --workdir, never into the repository.
"""
import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import time

TABLES = ["TASK", "COMPUTE_TASK_INFO", "COMMUNICATION_OP", "COMMUNICATION_TASK_INFO", "PYTORCH_API",
          "CANN_API", "CONNECTION_IDS", "OVERLAP_ANALYSIS", "MEMORY_RECORD"]
TIME_COLUMNS = {"TASK": ["startNs", "endNs"], "COMMUNICATION_OP": ["startNs", "endNs"],
                "PYTORCH_API": ["startNs", "endNs"], "CANN_API": ["startNs", "endNs"],
                "OVERLAP_ANALYSIS": ["startNs", "endNs"], "MEMORY_RECORD": ["timestamp"]}
ID_COLUMNS = {"TASK": ["globalTaskId", "connectionId"], "COMPUTE_TASK_INFO": ["globalTaskId"],
              "COMMUNICATION_OP": ["connectionId", "opId"],
              "COMMUNICATION_TASK_INFO": ["globalTaskId", "opId"],
              "PYTORCH_API": ["connectionId"], "CANN_API": ["connectionId"],
              "CONNECTION_IDS": ["id", "connectionId"], "OVERLAP_ANALYSIS": ["id"]}


def scale(seed, out, target_mb):
    if os.path.exists(out):
        os.remove(out)
    src = sqlite3.connect("file:%s?mode=ro&immutable=1" % seed, uri=True)
    dst = sqlite3.connect(out)
    for (sql,) in src.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL "
                              "AND name != 'sqlite_sequence'"):
        dst.execute(sql)
    names = [r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                       "name != 'sqlite_sequence'")]
    for name in names:
        rows = src.execute('SELECT * FROM "%s"' % name).fetchall()
        if rows:
            dst.executemany('INSERT INTO "%s" VALUES (%s)' % (name, ",".join("?" * len(rows[0]))), rows)
    dst.commit()
    # The seed file holds tables that are not copied (enums, metadata, free pages), so its size
    # says little about one copy's: add copies until the file itself reaches the target.
    target = target_mb * 1024 * 1024
    lo, hi = src.execute("SELECT MIN(startNs), MAX(endNs) FROM TASK").fetchone()
    span = int(hi) - int(lo) + 1_000_000
    id_span = 10 ** 7
    dst.execute("ATTACH DATABASE ? AS src", ("file:%s?mode=ro&immutable=1" % seed,))
    copies = 1
    while os.path.getsize(out) < target:
        k = copies
        copies += 1
        for table in TABLES:
            cols = [r[1] for r in src.execute('PRAGMA table_info("%s")' % table)]
            if not cols:
                continue
            if table == "OVERLAP_ANALYSIS":  # its id is AUTOINCREMENT: let SQLite number the copy
                cols = [c for c in cols if c != "id"]
            exprs = []
            for c in cols:
                if c in TIME_COLUMNS.get(table, []):
                    exprs.append("CAST(%s AS INTEGER) + %d" % (c, k * span))
                elif c in ID_COLUMNS.get(table, []):
                    exprs.append("%s + %d" % (c, k * id_span))
                else:
                    exprs.append(c)
            dst.execute('INSERT INTO "%s" (%s) SELECT %s FROM src."%s"'
                        % (table, ", ".join(cols), ", ".join(exprs), table))
        if copies % 10 == 0:
            dst.commit()  # the file grows on commit: its size is checked after each batch
    dst.commit()
    dst.close()
    return copies


def to_trace_view(db, out):
    """The database's timeline as torch_npu's trace_view.json would hold it."""
    c = sqlite3.connect("file:%s?mode=ro&immutable=1" % db, uri=True)
    s = dict(c.execute("SELECT id, value FROM STRING_IDS"))
    us = lambda ns: "%.3f" % (int(ns) / 1000.0)
    with open(out, "w") as f:
        f.write("[")
        first = [True]

        def emit(e):
            f.write(("" if first[0] else ",\n") + json.dumps(e, separators=(",", ":")))
            first[0] = False

        for pid, name in ((1, "Python"), (2, "CANN"), (3, "Ascend Hardware"), (4, "HCCL"),
                          (5, "Overlap Analysis")):
            emit({"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": name}})
        for start, end, gtid, name, dims, types in c.execute(
                "SELECT startNs, endNs, globalTid, name, inputDtypes, inputShapes FROM PYTORCH_API"):
            emit({"ph": "X", "name": s.get(name, ""), "pid": 1, "tid": int(gtid) & 0xffffffff,
                  "ts": us(start), "dur": (int(end) - int(start)) / 1000.0, "cat": "cpu_op",
                  "args": {"Input Dims": s.get(dims, ""), "Input type": s.get(types, "")}})
        for start, end, gtid, name, conn in c.execute(
                "SELECT startNs, endNs, globalTid, name, connectionId FROM CANN_API"):
            emit({"ph": "X", "name": s.get(name, ""), "pid": 2, "tid": int(gtid) & 0xffffffff,
                  "ts": us(start), "dur": (int(end) - int(start)) / 1000.0,
                  "args": {"connection_id": conn}})
        for start, end, stream, task, conn, name, core, shapes in c.execute(
                "SELECT t.startNs, t.endNs, t.streamId, t.taskId, t.connectionId, c.name, "
                "c.taskType, c.inputShapes FROM TASK t LEFT JOIN COMPUTE_TASK_INFO c USING "
                "(globalTaskId)"):
            emit({"ph": "X", "name": s.get(name, "TASK"), "pid": 3, "tid": stream, "ts": us(start),
                  "dur": (int(end) - int(start)) / 1000.0,
                  "args": {"Task Type": s.get(core, "OTHER"), "Stream Id": stream, "Task Id": task,
                           "Input Shapes": s.get(shapes, ""), "connection_id": conn}})
        for name, start, end in c.execute("SELECT opName, startNs, endNs FROM COMMUNICATION_OP"):
            emit({"ph": "X", "name": s.get(name, ""), "pid": 4, "tid": 0, "ts": us(start),
                  "dur": (int(end) - int(start)) / 1000.0, "args": {}})
        names = ["Computing", "Communication", "Communication(Not Overlapped)", "Free"]
        for start, end, kind in c.execute("SELECT startNs, endNs, type FROM OVERLAP_ANALYSIS"):
            emit({"ph": "X", "name": names[kind], "pid": 5, "tid": kind, "ts": us(start),
                  "dur": (int(end) - int(start)) / 1000.0})
        f.write("]\n")


def measure(cmd, cores):
    def pin():
        if cores:
            os.sched_setaffinity(0, cores)
    env = dict(os.environ, TWINSCOPE_CACHE="0")
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=pin,
                            env=env)
    out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s" % " ".join(cmd))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--seed", default=os.path.join(
        os.path.dirname(__file__), "..", "tests", "data", "shared", "profiler", "torch_npu_level1",
        "db", "rank0_ascend_pt", "ASCEND_PROFILER_OUTPUT", "ascend_pytorch_profiler_0.db"))
    ap.add_argument("--mb", type=float, default=100)
    ap.add_argument("--workdir", default="/tmp")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cores", default="")
    ap.add_argument("--reuse", action="store_true",
                    help="keep the database and trace of an earlier run with the same --mb")
    ap.add_argument("--old-cli", default="",
                    help="a second build, run before --cli in every run (old against new)")
    a = ap.parse_args()
    cores = [int(x) for x in a.cores.split(",")] if a.cores else None
    db = os.path.join(a.workdir, "twinscope_bench_profiler_%dmb.db" % a.mb)
    text = os.path.join(a.workdir, "twinscope_bench_trace_view_%dmb.json" % a.mb)
    if a.reuse and os.path.exists(db) and os.path.exists(text):
        copies = None
    else:
        copies = scale(a.seed, db, a.mb)
        to_trace_view(db, text)
    builds = [("old", a.old_cli), ("new", a.cli)] if a.old_cli else [("", a.cli)]
    samples = {}  # (build, input) -> [(wall, cpu, rss)]
    slices = {}
    for path in (db, text):
        cache = ["--no-cache"] if path == text else []
        for _ in range(a.runs):
            for build, cli in builds:
                wall, cpu, peak, out = measure([cli, "trace", "--json"] + cache + [path], cores)
                samples.setdefault((build, path), []).append((wall, cpu, peak))
                slices[path] = json.loads(out)["slices"]
    print("| build | input | size (MB) | slices | wall (s, median of %d) | CPU (s, median) "
          "| peak RSS (MB, max) |" % a.runs)
    print("|---|---|---|---|---|---|---|")
    medians = {}
    for (build, path), runs in samples.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        rss = max(r[2] for r in runs)
        medians[(build, path)] = (wall, cpu, rss)
        print("| %s | %s | %.0f | %d | %.2f | %.2f | %.0f |"
              % (build, os.path.basename(path), os.path.getsize(path) / 1048576, slices[path],
                 wall, cpu, rss))
    print("\ncopies of the seed: %s" % (copies if copies is not None else "(reused)"))
    for build, _ in builds:
        d, t = medians[(build, db)], medians[(build, text)]
        print("%sdatabase / text: wall %.2f, CPU %.2f, peak RSS %.2f"
              % (build + " " if build else "", d[0] / t[0], d[1] / t[1], d[2] / t[2]))
    for build, _ in builds:
        print("runs of %s:" % (build or "the build"))
        for path in (db, text):
            print("  %s: %s" % (os.path.basename(path), "; ".join(
                "%.2f s wall %.2f s CPU %.0f MB" % r for r in samples[(build, path)])))

if __name__ == "__main__":
    main()
