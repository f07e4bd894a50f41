#!/usr/bin/env python3
"""Writes data2db-layout .trend.db fixtures from msprobe's published schema (public master of
Ascend/msprobe, python/msprobe/core/common/db_manager.py, class TrendSql; file names from
Data2DBConst.DB_MONITOR). No real data2db output was available: these are generated, not recorded.

  monitor_data.trend.db   2 ranks, 3 targets, metrics grad_reduced (norm, max, nans) and actv
                          (norm, max; nans NULL as data2db leaves a stat a metric lacks), steps
                          0..4, one row whose target_id no target has, tags and global_stats.
  view_trend_data.db      the same tables but trend_data is a VIEW: a reader must refuse it.

Run with Python's standard library only:  python3 make_trend_db.py
"""
import os
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))

SCHEMA = [
    """CREATE TABLE monitoring_targets (
        target_id INTEGER PRIMARY KEY AUTOINCREMENT,
        target_name TEXT NOT NULL,
        vpp_stage INTEGER NOT NULL,
        micro_step INTEGER NOT NULL DEFAULT 0,
        UNIQUE(target_name, vpp_stage, micro_step))""",
    """CREATE TABLE monitoring_metrics (
        metric_id INTEGER PRIMARY KEY AUTOINCREMENT,
        metric_name TEXT UNIQUE NOT NULL)""",
    """CREATE TABLE monitoring_tags (
        tag_id INTEGER PRIMARY KEY AUTOINCREMENT,
        tag_name TEXT NOT NULL,
        category TEXT NOT NULL,
        metric_id INTEGER NOT NULL,
        UNIQUE(tag_name, category, metric_id))""",
    """CREATE TABLE tag_target_mapping (
        tag_id INTEGER NOT NULL,
        target_id INTEGER NOT NULL,
        PRIMARY KEY (tag_id, target_id))""",
    """CREATE TABLE global_stats (
        min_step INTEGER DEFAULT 0, max_step INTEGER DEFAULT 0, max_rank INTEGER DEFAULT 0,
        metrics TEXT DEFAULT NULL, stats TEXT DEFAULT NULL)""",
]

TREND = """CREATE TABLE {name} (
    rank INTEGER NOT NULL,
    step INTEGER NOT NULL,
    target_id INTEGER NOT NULL,
    metric_id INTEGER NOT NULL,
    norm REAL DEFAULT NULL, max REAL DEFAULT NULL, nans REAL DEFAULT NULL,
    PRIMARY KEY (rank, step, target_id, metric_id)) WITHOUT ROWID"""

TARGETS = ["layers.0.mlp", "layers.1.mlp", "embedding"]
METRICS = ["grad_reduced", "actv"]


def value(rank, step, target, metric):
    # Distinct per cell, so a test can check each one: rank, step, target and metric in digits.
    return 1000.0 * (metric + 1) + 100.0 * rank + 10.0 * target + step


def fill(con, trend_name):
    for sql in SCHEMA:
        con.execute(sql)
    con.execute(TREND.format(name=trend_name))
    for t in TARGETS:
        con.execute("INSERT INTO monitoring_targets (target_name, vpp_stage, micro_step) "
                    "VALUES (?, 0, 0)", (t,))
    for m in METRICS:
        con.execute("INSERT INTO monitoring_metrics (metric_name) VALUES (?)", (m,))
    con.execute("INSERT INTO monitoring_tags (tag_name, category, metric_id) "
                "VALUES ('layers.0', 'layer', 1)")
    con.execute("INSERT INTO tag_target_mapping VALUES (1, 1)")
    con.execute("INSERT INTO global_stats VALUES (0, 4, 1, 'grad_reduced,actv', 'norm,max,nans')")
    for rank in range(2):
        for step in range(5):
            for ti in range(len(TARGETS)):
                for mi in range(len(METRICS)):
                    v = value(rank, step, ti, mi)
                    nans = float(step % 2) if mi == 0 else None
                    con.execute(f"INSERT INTO {trend_name} VALUES (?, ?, ?, ?, ?, ?, ?)",
                                (rank, step, ti + 1, mi + 1, v, v + 0.5, nans))
    # A row of a target no monitoring_targets row names: skipped and counted.
    con.execute(f"INSERT INTO {trend_name} VALUES (0, 9, 99, 1, 1.0, 1.0, 0.0)")


def write(name, as_view):
    path = os.path.join(HERE, name)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    if as_view:
        fill(con, "trend_rows")
        con.execute("CREATE VIEW trend_data AS SELECT * FROM trend_rows")
    else:
        fill(con, "trend_data")
    con.commit()
    con.close()


if __name__ == "__main__":
    write("monitor_data.trend.db", False)
    write("view_trend_data.db", True)
