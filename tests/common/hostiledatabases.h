#pragma once

// Hostile SQLite databases for the cancel tests (issue #31) and the hostile scale suite (issue
// #30), generated at test time with QtSql (tests that include this link Qt6::Sql).
// bench/make_hostile_db.py writes the same shapes for docs/RELIABILITY.md's figures.

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

namespace Hostile {

using namespace Qt::StringLiterals;

// Runs statements on a new SQLite file (the test's own connection, closed before the load).
inline bool makeDatabase(const QString &path, const QStringList &statements)
{
    bool ok = true;
    const QString name = u"cancelhostile-"_s + path;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString &s : statements) {
            if (ok && !q.exec(s)) {
                qWarning("%s: %s", qPrintable(s), qPrintable(q.lastError().text()));
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// INSERT ... SELECT over 1..n (a recursive CTE: a million rows in about a second).
inline QString sqlRows(qint64 n, const QString &table, const QString &select)
{
    return u"INSERT INTO %1 WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
           u"WHERE x < %2) SELECT %3 FROM c"_s.arg(table)
               .arg(n)
               .arg(select);
}

// A profiler database whose STRING_IDS has no index: each of n COMMUNICATION_OP rows (or
// groups) looks its name up by scanning n strings, so one query runs n^2 comparisons, most of
// them inside single SQLite steps where no reader loop polls.
inline bool writeUnindexedProfilerDb(const QString &path, int n)
{
    return makeDatabase(
        path,
        {u"CREATE TABLE STRING_IDS (id INTEGER, value TEXT)"_s,
         u"CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, globalTaskId INTEGER)"_s,
         u"CREATE TABLE COMMUNICATION_OP (opName INTEGER, startNs INTEGER, endNs INTEGER)"_s,
         sqlRows(n, u"STRING_IDS"_s, u"x, 'hcom_allReduce__' || x"_s),
         sqlRows(n, u"COMMUNICATION_OP"_s, u"x, x * 1000, x * 1000 + 500"_s)});
}

// A profiler database whose MEMORY_RECORD holds n samples out of time order: the reader's
// "ORDER BY timestamp" sorts them all inside the statement's first step (about a second for
// 2 x 10^6), where no reader loop polls; only SQLite's progress handler can stop it.
inline bool writeSlowStepProfilerDb(const QString &path, int n)
{
    return makeDatabase(
        path,
        {u"CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)"_s,
         u"INSERT INTO STRING_IDS VALUES (1, 'PTA')"_s,
         u"CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, globalTaskId INTEGER)"_s,
         u"CREATE TABLE MEMORY_RECORD (component INTEGER, timestamp INTEGER, totalAllocated "
         u"INTEGER, totalReserved INTEGER)"_s,
         sqlRows(n,
                 u"MEMORY_RECORD"_s,
                 u"1, (x * 7919) % "_s + QString::number(n + 17) + u", x, x"_s)});
}

// The compute-task tables of a profiler database; pk makes globalTaskId COMPUTE_TASK_INFO's
// INTEGER PRIMARY KEY, as torch_npu writes it.
inline QStringList computeTaskTables(bool pk)
{
    return {u"CREATE TABLE COMPUTE_TASK_INFO (name INTEGER, globalTaskId INTEGER%1, taskType "
            u"INTEGER, opType INTEGER, inputFormats INTEGER, inputDataTypes INTEGER, inputShapes "
            u"INTEGER, waitNs INTEGER)"_s.arg(pk ? u" PRIMARY KEY"_s : QString()),
            u"CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, deviceId INTEGER, globalTaskId "
            u"INTEGER)"_s};
}

// Half a megabyte whose join multiplies rows: n compute tasks and n tasks, all of one
// globalTaskId (n^2 joined rows; 2.25 x 10^8 for n = 15 000).
inline bool writeJoinExplosionDb(const QString &path, int n)
{
    QStringList s{u"CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)"_s,
                  sqlRows(10, u"STRING_IDS"_s, u"x, 'Op' || x"_s)};
    s << computeTaskTables(false)
      << sqlRows(n, u"COMPUTE_TASK_INFO"_s, u"x % 10, 7, 1, x % 10, 2, 3, 4, 0"_s)
      << sqlRows(n, u"TASK"_s, u"x * 1000, x * 1000 + 500, 0, 7"_s);
    return makeDatabase(path, s);
}

// TASK and STEP_TIME as views that recurse without end.
inline bool writeRecursiveViewDb(const QString &path)
{
    QStringList s{u"CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)"_s,
                  sqlRows(10, u"STRING_IDS"_s, u"x, 'Op' || x"_s)};
    s << computeTaskTables(true).first()
      << sqlRows(1000, u"COMPUTE_TASK_INFO"_s, u"x % 10, x, 1, x % 10, 2, 3, 4, 0"_s)
      << u"CREATE VIEW TASK AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
         u"SELECT x * 1000 AS startNs, x * 1000 + 500 AS endNs, 0 AS deviceId, x AS "
         u"globalTaskId FROM r"_s
      << u"CREATE VIEW STEP_TIME AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 "
         u"FROM r) SELECT x AS id, x AS startNs, x + 1 AS endNs FROM r ORDER BY x DESC"_s;
    return makeDatabase(path, s);
}

// STRING_IDS as an FTS5 virtual table of n strings (a lookup by id scans it), n kernels.
inline bool writeFtsStringsDb(const QString &path, int n)
{
    QStringList s{u"CREATE VIRTUAL TABLE STRING_IDS USING fts5(id, value)"_s,
                  sqlRows(n, u"STRING_IDS"_s, u"x, 'Op' || x"_s)};
    s << computeTaskTables(true) << sqlRows(n, u"COMPUTE_TASK_INFO"_s, u"x, x, x, x, x, x, x, 0"_s)
      << sqlRows(n, u"TASK"_s, u"x * 1000, x * 1000 + 500, 0, x"_s);
    return makeDatabase(path, s);
}

// An Nsight Systems export whose kernel table is a view that recurses without end (kind "view")
// or whose StringIds is an FTS5 virtual table (kind "virtual table"): the timeline reader refuses
// either, naming the table.
inline bool writeNsysNonTableDb(const QString &path, const QString &kind)
{
    QStringList s;
    if (kind == u"view"_s)
        s << u"CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT)"_s
          << sqlRows(10, u"StringIds"_s, u"x, 'kernel' || x"_s)
          << u"CREATE VIEW CUPTI_ACTIVITY_KIND_KERNEL AS WITH RECURSIVE r(x) AS (SELECT 1 UNION "
             u"ALL SELECT x + 1 FROM r) SELECT x * 1000 AS start, x * 1000 + 500 AS end, 0 AS "
             u"deviceId, 7 AS streamId, x AS correlationId, x % 10 AS demangledName FROM r"_s;
    else
        s << u"CREATE VIRTUAL TABLE StringIds USING fts5(id, value)"_s
          << sqlRows(100, u"StringIds"_s, u"x, 'kernel' || x"_s)
          << u"CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId "
             u"INTEGER, streamId INTEGER, correlationId INTEGER, demangledName INTEGER)"_s
          << sqlRows(
                 100, u"CUPTI_ACTIVITY_KIND_KERNEL"_s, u"x * 1000, x * 1000 + 500, 0, 7, x, x"_s);
    return makeDatabase(path, s);
}

// n kernels and n communication ops, every name pointing into n strings without an index.
inline bool writeUnindexedKernelsDb(const QString &path, int n)
{
    QStringList s{u"CREATE TABLE STRING_IDS (id INTEGER, value TEXT)"_s,
                  sqlRows(n, u"STRING_IDS"_s, u"x, 'Op' || x"_s)};
    s << computeTaskTables(true) << sqlRows(n, u"COMPUTE_TASK_INFO"_s, u"x, x, x, x, x, x, x, 0"_s)
      << sqlRows(n, u"TASK"_s, u"x * 1000, x * 1000 + 500, 0, x"_s)
      << u"CREATE TABLE COMMUNICATION_OP (opName INTEGER, startNs INTEGER, endNs INTEGER, opId "
         u"INTEGER PRIMARY KEY)"_s
      << sqlRows(n, u"COMMUNICATION_OP"_s, u"x, x * 1000, x * 1000 + 300, x"_s);
    return makeDatabase(path, s);
}

// msprof-analyze's cluster_analysis.db with 64 ranks and n collectives of distinct names, their
// links (1 000 kinds) and an n-row matrix: about 37 MB for n = 200 000.
inline bool writeClusterAnalysisDb(const QString &path, int n)
{
    return makeDatabase(
        path,
        {u"CREATE TABLE ClusterStepTraceTime (step TEXT, type TEXT, \"index\" INTEGER, computing "
         u"NUMERIC, communication_not_overlapped NUMERIC, overlapped NUMERIC, communication "
         u"NUMERIC, free NUMERIC)"_s,
         sqlRows(
             6400, u"ClusterStepTraceTime"_s, u"x / 64, 'rank', x % 64, 1.5, 2.5, 0.5, 3, 0.25"_s),
         u"CREATE TABLE ClusterCommAnalyzerTime (rank_id INTEGER, hccl_op_name TEXT, group_name "
         u"TEXT, elapse_time NUMERIC, transit_time NUMERIC, wait_time NUMERIC, "
         u"synchronization_time NUMERIC, idle_time NUMERIC, step TEXT)"_s,
         sqlRows(n,
                 u"ClusterCommAnalyzerTime"_s,
                 u"x % 64, 'collective_' || x, 'g', 1.0, 0.5, 0.25, 0.125, 0.0625, 'step1'"_s),
         u"CREATE TABLE ClusterCommAnalyzerBandwidth (rank_id INTEGER, hccl_op_name TEXT, "
         u"group_name TEXT, step TEXT, transport_type TEXT, transit_size NUMERIC, transit_time "
         u"NUMERIC, package_size NUMERIC, count NUMERIC, total_duration NUMERIC)"_s,
         sqlRows(n,
                 u"ClusterCommAnalyzerBandwidth"_s,
                 u"x % 64, 'collective_' || x, 'g', 'step1', 'link' || (x % 1000), 1.0, 0.5, "
                 u"x % 97, 1, 0.5"_s),
         u"CREATE TABLE ClusterCommAnalyzerMatrix (src_rank INTEGER, dst_rank INTEGER, "
         u"transport_type TEXT, transit_size NUMERIC, transit_time NUMERIC, hccl_op_name TEXT)"_s,
         sqlRows(
             n,
             u"ClusterCommAnalyzerMatrix"_s,
             u"x % 4096, (x / 4096) % 4096, 'link' || (x % 7), 1.0, 0.5, 'collective_' || x"_s)});
}

// n kernels and n steps of the wrong column types: times as 60-character text, names as REAL or
// text, step ids as blobs.
inline bool writeWrongTypesDb(const QString &path, int n)
{
    QStringList s{u"CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)"_s,
                  sqlRows(1000, u"STRING_IDS"_s, u"x, 'Op' || x"_s)};
    s << computeTaskTables(true)
      << u"CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER)"_s
      << sqlRows(n, u"COMPUTE_TASK_INFO"_s, u"x + 0.5, x, 'aicore', x * 1.5, 2, 3, 4, 'wait'"_s)
      << sqlRows(
             n, u"TASK"_s, u"printf('%060d', x * 1000), printf('%060d', x * 1000 + 500), 0, x"_s)
      << sqlRows(n, u"STEP_TIME"_s, u"randomblob(40), printf('%040d', x * 1000), 'end'"_s);
    return makeDatabase(path, s);
}

// A profiler database of n steps (about 28 bytes each) and a few kernels.
inline bool writeManyStepsDb(const QString &path, int n)
{
    QStringList s{u"CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)"_s,
                  sqlRows(10, u"STRING_IDS"_s, u"x, 'Op' || x"_s)};
    s << computeTaskTables(true)
      << sqlRows(1000, u"COMPUTE_TASK_INFO"_s, u"x % 10, x, 1, x % 10, 2, 3, 4, 0"_s)
      << sqlRows(1000, u"TASK"_s, u"x * 1000, x * 1000 + 500, 0, x"_s)
      << u"CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER)"_s
      << sqlRows(n, u"STEP_TIME"_s, u"x, x * 100000000, x * 100000000 + 99999999"_s);
    return makeDatabase(path, s);
}

} // namespace Hostile
