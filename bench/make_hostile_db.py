#!/usr/bin/env python3
"""Hostile profiler databases for the SQLite figures of docs/RELIABILITY.md (issue #30):

    make_hostile_db.py --out DIR [CASE ...]

then `/usr/bin/time -f '%e s %U user %M KB' twinscope-cli profile DIR/CASE.db` (`trace` for the
recursive_view, fts_strings and nsys_* cases). The shapes are the
campaign's: a join that multiplies rows, a recursive view and an FTS virtual table named like profiler
tables, STRING_IDS without an index, a cluster_analysis.db of many distinct collectives, and databases
of wrong column types or 5 M steps. tests/cli/tst_clihostile_scale.cpp generates the same shapes
(smaller where the test's time allows). Files go where --out says, never into the repository.
"""
import argparse
import os
import sqlite3

CTI = ("CREATE TABLE COMPUTE_TASK_INFO (name INTEGER, globalTaskId INTEGER{pk}, taskType INTEGER, "
       "opType INTEGER, inputFormats INTEGER, inputDataTypes INTEGER, inputShapes INTEGER, waitNs INTEGER)")
TASK = "CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, deviceId INTEGER, globalTaskId INTEGER)"


def rows(n, table, select):
    return ("INSERT INTO %s WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < %d) "
            "SELECT %s FROM c" % (table, n, select))


def join_explode(c):
    # 0.5 MB: 15 000 compute tasks and 15 000 tasks of one globalTaskId (2.25e8 joined rows).
    c.execute("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)")
    c.execute(rows(10, "STRING_IDS", "x, 'Op' || x"))
    c.execute(CTI.format(pk=""))
    c.execute(TASK)
    c.execute(rows(15000, "COMPUTE_TASK_INFO", "x % 10, 7, 1, x % 10, 2, 3, 4, 0"))
    c.execute(rows(15000, "TASK", "x * 1000, x * 1000 + 500, 0, 7"))


def recursive_view(c):
    c.execute("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)")
    c.execute(rows(10, "STRING_IDS", "x, 'Op' || x"))
    c.execute(CTI.format(pk=" PRIMARY KEY"))
    c.execute(rows(1000, "COMPUTE_TASK_INFO", "x % 10, x, 1, x % 10, 2, 3, 4, 0"))
    c.execute("CREATE VIEW TASK AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
              "SELECT x * 1000 AS startNs, x * 1000 + 500 AS endNs, 0 AS deviceId, x AS globalTaskId FROM r")
    c.execute("CREATE VIEW STEP_TIME AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
              "SELECT x AS id, x AS startNs, x + 1 AS endNs FROM r ORDER BY x DESC")


def fts_strings(c):
    c.execute("CREATE VIRTUAL TABLE STRING_IDS USING fts5(id, value)")
    c.execute(rows(30000, "STRING_IDS", "x, 'Op' || x"))
    c.execute(CTI.format(pk=" PRIMARY KEY"))
    c.execute(TASK)
    c.execute(rows(30000, "COMPUTE_TASK_INFO", "x, x, x, x, x, x, x, 0"))
    c.execute(rows(30000, "TASK", "x * 1000, x * 1000 + 500, 0, x"))


def unindexed_strings(c):
    # Every name column of 30 000 kernels points into 30 000 strings without an index.
    c.execute("CREATE TABLE STRING_IDS (id INTEGER, value TEXT)")
    c.execute(rows(30000, "STRING_IDS", "x, 'Op' || x"))
    c.execute(CTI.format(pk=" PRIMARY KEY"))
    c.execute(TASK)
    c.execute(rows(30000, "COMPUTE_TASK_INFO", "x, x, x, x, x, x, x, 0"))
    c.execute(rows(30000, "TASK", "x * 1000, x * 1000 + 500, 0, x"))
    c.execute("CREATE TABLE COMMUNICATION_OP (opName INTEGER, startNs INTEGER, endNs INTEGER, "
              "opId INTEGER PRIMARY KEY)")
    c.execute(rows(30000, "COMMUNICATION_OP", "x, x * 1000, x * 1000 + 300, x"))


def cluster_analysis(c):
    # About 24 MB: 64 ranks, 200 000 collectives of distinct names, their links and matrix.
    c.execute("CREATE TABLE ClusterStepTraceTime (step TEXT, type TEXT, \"index\" INTEGER, computing NUMERIC, "
              "communication_not_overlapped NUMERIC, overlapped NUMERIC, communication NUMERIC, free NUMERIC)")
    c.execute(rows(6400, "ClusterStepTraceTime", "x / 64, 'rank', x % 64, 1.5, 2.5, 0.5, 3.0, 0.25"))
    c.execute("CREATE TABLE ClusterCommAnalyzerTime (rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, "
              "elapse_time NUMERIC, transit_time NUMERIC, wait_time NUMERIC, synchronization_time NUMERIC, "
              "idle_time NUMERIC, step TEXT)")
    c.execute(rows(200000, "ClusterCommAnalyzerTime",
                   "x % 64, 'collective_' || x, 'g', 1.0, 0.5, 0.25, 0.125, 0.0625, 'step1'"))
    c.execute("CREATE TABLE ClusterCommAnalyzerBandwidth (rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, "
              "step TEXT, transport_type TEXT, transit_size NUMERIC, transit_time NUMERIC, package_size NUMERIC, "
              "count NUMERIC, total_duration NUMERIC)")
    c.execute(rows(200000, "ClusterCommAnalyzerBandwidth",
                   "x % 64, 'collective_' || x, 'g', 'step1', 'link' || (x % 1000), 1.0, 0.5, x % 97, 1, 0.5"))
    c.execute("CREATE TABLE ClusterCommAnalyzerMatrix (src_rank INTEGER, dst_rank INTEGER, transport_type TEXT, "
              "transit_size NUMERIC, transit_time NUMERIC, hccl_op_name TEXT)")
    c.execute(rows(200000, "ClusterCommAnalyzerMatrix",
                   "x % 4096, (x / 4096) % 4096, 'link' || (x % 7), 1.0, 0.5, 'collective_' || x"))


def wrong_types(c):
    # About 55 MB: times as text of 60 characters, names as REAL, steps as blobs.
    c.execute("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)")
    c.execute(rows(1000, "STRING_IDS", "x, 'Op' || x"))
    c.execute(CTI.format(pk=" PRIMARY KEY"))
    c.execute(TASK)
    c.execute("CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER)")
    c.execute(rows(300000, "COMPUTE_TASK_INFO", "x + 0.5, x, 'aicore', x * 1.5, 2, 3, 4, 'wait'"))
    c.execute(rows(300000, "TASK", "printf('%060d', x * 1000), printf('%060d', x * 1000 + 500), 0, x"))
    c.execute(rows(300000, "STEP_TIME", "randomblob(40), printf('%040d', x * 1000), 'end'"))


def steps_5m(c):
    # About 107 MB: 5 000 000 steps.
    c.execute("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)")
    c.execute(rows(10, "STRING_IDS", "x, 'Op' || x"))
    c.execute(CTI.format(pk=" PRIMARY KEY"))
    c.execute(TASK)
    c.execute(rows(1000, "COMPUTE_TASK_INFO", "x % 10, x, 1, x % 10, 2, 3, 4, 0"))
    c.execute(rows(1000, "TASK", "x * 1000, x * 1000 + 500, 0, x"))
    c.execute("CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER)")
    c.execute(rows(5000000, "STEP_TIME", "x, x * 100000000, x * 100000000 + 99999999"))


def nsys_view(c):
    # An Nsight Systems export whose kernel table is a view that recurses without end.
    c.execute("CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT)")
    c.execute(rows(10, "StringIds", "x, 'kernel' || x"))
    c.execute("CREATE VIEW CUPTI_ACTIVITY_KIND_KERNEL AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL "
              "SELECT x + 1 FROM r) SELECT x * 1000 AS start, x * 1000 + 500 AS end, 0 AS deviceId, "
              "7 AS streamId, x AS correlationId, x % 10 AS demangledName FROM r")


def nsys_fts(c):
    # The same with StringIds an FTS5 virtual table and 30 000 kernels.
    c.execute("CREATE VIRTUAL TABLE StringIds USING fts5(id, value)")
    c.execute(rows(30000, "StringIds", "x, 'kernel' || x"))
    c.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId INTEGER, "
              "streamId INTEGER, correlationId INTEGER, demangledName INTEGER)")
    c.execute(rows(30000, "CUPTI_ACTIVITY_KIND_KERNEL", "x * 1000, x * 1000 + 500, 0, 7, x, x"))


CASES = {
    "join_explode": join_explode,
    "recursive_view": recursive_view,
    "fts_strings": fts_strings,
    "unindexed_strings": unindexed_strings,
    "cluster_analysis": cluster_analysis,
    "wrong_types": wrong_types,
    "steps_5m": steps_5m,
    "nsys_view": nsys_view,  # for `trace` and `tracediff` (the timeline readers)
    "nsys_fts": nsys_fts,
}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("cases", nargs="*", default=list(CASES))
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for name in a.cases:
        path = os.path.join(a.out, name + ".db")
        if os.path.exists(path):
            os.remove(path)
        c = sqlite3.connect(path)
        CASES[name](c)
        c.commit()
        c.close()
        print("%s %.1f MB" % (path, os.path.getsize(path) / 1e6))


if __name__ == "__main__":
    main()
