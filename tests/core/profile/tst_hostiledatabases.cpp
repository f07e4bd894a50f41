// Issue #30: profiler databases built to be slow or big. The readers read stored tables only,
// name strings through one pass over STRING_IDS, join each task once, keep at most
// MaxProfileSteps steps, and stop a step of SQLite that runs past its time budget with a message
// naming the tables. The big shapes run in tests/cli/tst_clihostile_scale.cpp.
#include "common/hostiledatabases.h"
#include "core/common/sqlitedb.h"
#include "core/common/sqlitestrings.h"
#include "core/profile/npudb.h"
#include "core/profile/profiledb.h"
#include "core/profile/profilelimits.h"
#include "core/profile/profilereaders.h"
#include "core/trace/npudbtrace.h"
#include "core/trace/nsystrace.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_HostileDatabases : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void stringsReadOnceKeepTheFirst();
    void uniqueKeys();
    void stepPastTheBudgetIsStopped();
    void streamedRowsNeverRunOut();
    void joinCountsEachTaskOnce();
    void unindexedStringsAreNamed();
    void viewsAndVirtualTablesAreRefused();
    void timelineReadersRefuseViews();
    void stepsAreCapped();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
};

void tst_HostileDatabases::stringsReadOnceKeepTheFirst()
{
    const QString db = path(u"strings.db"_s);
    QVERIFY(Hostile::makeDatabase(
        db,
        {u"CREATE TABLE STRING_IDS (id INTEGER, value TEXT)"_s,
         u"INSERT INTO STRING_IDS VALUES (3, 'c'), (1, 'a'), (1, 'dup'), ('x', 'bad'), (2, NULL), "
         u"(-5, 'minus'), (9e300, 'huge')"_s}));
    const SqliteReadOnly c(db);
    QVERIFY(c.isOpen());
    SqliteStrings s;
    QVERIFY(!s.load(c, u"STRING_IDS"_s));
    QCOMPARE(s.size(), size_t(4)); // 1, 2, 3, -5: text and an id beyond qint64 are no ids
    QCOMPARE(s.value(1), std::string_view("a")); // the first of a repeated id, as SQL found it
    QCOMPARE(s.value(3), std::string_view("c"));
    QCOMPARE(s.value(-5), std::string_view("minus"));
    QVERIFY(s.value(2).empty());
    QVERIFY(s.value(99).empty());
    QVERIFY(s.value(std::nullopt).empty());
}

void tst_HostileDatabases::uniqueKeys()
{
    const QString db = path(u"keys.db"_s);
    QVERIFY(Hostile::makeDatabase(db,
                                  {u"CREATE TABLE A (k INTEGER PRIMARY KEY, v)"_s,
                                   u"CREATE TABLE B (k TEXT PRIMARY KEY, v)"_s,
                                   u"CREATE TABLE C (k INTEGER, v)"_s,
                                   u"CREATE UNIQUE INDEX CK ON C (k)"_s,
                                   u"CREATE TABLE D (k INTEGER, v INTEGER, PRIMARY KEY (k, v))"_s,
                                   u"CREATE TABLE E (k INTEGER, v)"_s,
                                   u"CREATE INDEX EK ON E (k)"_s,
                                   u"CREATE TABLE F (k INTEGER, v)"_s,
                                   u"CREATE UNIQUE INDEX FK ON F (k) WHERE v > 0"_s}));
    const SqliteReadOnly c(db);
    QVERIFY(c.isUniqueKey(u"A"_s, u"k"_s));
    QVERIFY(!c.isUniqueKey(u"A"_s, u"v"_s));
    QVERIFY(c.isUniqueKey(u"B"_s, u"k"_s));
    QVERIFY(c.isUniqueKey(u"C"_s, u"k"_s));
    QVERIFY(!c.isUniqueKey(u"D"_s, u"k"_s)); // part of a key repeats
    QVERIFY(!c.isUniqueKey(u"E"_s, u"k"_s)); // indexed, not unique
    QVERIFY(!c.isUniqueKey(u"F"_s, u"k"_s)); // unique only where v > 0
    QVERIFY(!c.isUniqueKey(u"Z"_s, u"k"_s));
}

void tst_HostileDatabases::stepPastTheBudgetIsStopped()
{
    // One step that never returns a row: a count over 10^12 rows of a recursive CTE joined with a
    // table. Through the C API and through QtSql, it ends at the budget with the tables named.
    const QString db = path(u"budget.db"_s);
    QVERIFY(Hostile::makeDatabase(db,
                                  {u"CREATE TABLE STRING_IDS (id INTEGER, value TEXT)"_s,
                                   Hostile::sqlRows(10, u"STRING_IDS"_s, u"x, 'a'"_s)}));
    const QString sql =
        u"WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE "
        u"x < 1000000000000) SELECT COUNT(*) FROM r JOIN STRING_IDS s ON s.id > 0"_s;
    {
        SqliteReadOnly c(db);
        c.setQueryBudget(0.3);
        QElapsedTimer t;
        t.start();
        SqliteStatement q;
        QVERIFY(!c.prepare(q, sql));
        QVERIFY(!q.next());
        QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(q.error().contains(u"STRING_IDS"_s) && q.error().contains(u"0.3 s"_s),
                 qPrintable(q.error()));
        const std::optional<Error> e = c.budgetError();
        QVERIFY(e);
        QCOMPARE(e->file, db);
    }
    {
        SqliteReadOnly c(db);
        c.setQueryBudget(0.3);
        QSqlQuery q(c.db());
        const std::optional<Error> e = c.exec(q, sql);
        QVERIFY(e);
        QVERIFY2(e->message.contains(u"ran past 0.3 s"_s), qPrintable(e->message));
        QCOMPARE(e->file, db);
    }
}

void tst_HostileDatabases::streamedRowsNeverRunOut()
{
    // The budget is per step: two million rows, each a short step, stream to the end under a
    // budget far below the whole statement's time.
    const QString db = path(u"stream.db"_s);
    QVERIFY(Hostile::makeDatabase(db, {u"CREATE TABLE T (x INTEGER)"_s}));
    SqliteReadOnly c(db);
    c.setQueryBudget(0.02);
    SqliteStatement q;
    QVERIFY(!c.prepare(q,
                       u"WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE "
                       u"x < 2000000) SELECT x, printf('%020d', x) FROM r"_s));
    qint64 n = 0;
    while (q.next())
        ++n;
    QVERIFY2(q.error().isEmpty(), qPrintable(q.error()));
    QCOMPARE(n, qint64(2000000));
    QVERIFY(!c.budgetError());
}

void tst_HostileDatabases::joinCountsEachTaskOnce()
{
    // 2 000 compute tasks and 2 000 tasks of one globalTaskId: 4 x 10^6 joined rows before; now
    // the first compute task of the id meets each task once.
    const QString db = path(u"join.db"_s);
    QVERIFY(Hostile::writeJoinExplosionDb(db, 2000));
    RankProfile rank;
    Diagnostics d;
    const TableRead r = readNpuProfilerDatabase(db, rank, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    QCOMPARE(rank.kernels.kernels, qint64(2000));
    QCOMPARE(rank.kernels.groups.size(), size_t(1));
    QCOMPARE(rank.kernels.groups.front().type, u"Op1"_s); // the first row: x = 1, opType 1
}

void tst_HostileDatabases::unindexedStringsAreNamed()
{
    // STRING_IDS without an index: each kernel and collective still gets its own name.
    const QString db = path(u"unindexed.db"_s);
    QVERIFY(Hostile::writeUnindexedKernelsDb(db, 3000));
    RankProfile rank;
    Diagnostics d;
    const TableRead r = readNpuProfilerDatabase(db, rank, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    QCOMPARE(rank.kernels.kernels, qint64(3000));
    QCOMPARE(rank.kernels.groups.size(), size_t(3000));
    for (const KernelGroup &g : rank.kernels.groups) {
        QVERIFY(g.type.startsWith(u"Op"_s));
        QCOMPARE(g.core, g.type); // every name column of kernel x points to string x
        QCOMPARE(g.inputShapes, g.type);
    }
    qint64 calls = 0;
    for (const CollectiveStats &c : rank.collectives)
        calls += c.count;
    QCOMPARE(calls, qint64(3000));
}

void tst_HostileDatabases::viewsAndVirtualTablesAreRefused()
{
    const QString view = path(u"view.db"_s);
    QVERIFY(Hostile::writeRecursiveViewDb(view));
    const QString fts = path(u"fts.db"_s);
    QVERIFY(Hostile::writeFtsStringsDb(fts, 100));
    for (const auto &[file, table, kind] : {std::tuple{view, u"TASK"_s, u"view"_s},
                                            std::tuple{fts, u"STRING_IDS"_s, u"virtual table"_s}}) {
        // The file still says what it is (the sniffer lists views and virtual tables too) ...
        QCOMPARE(sqliteLayout(sqliteTableNames(file)), SqliteLayout::ProfilerDb);
        RankProfile rank;
        Diagnostics d;
        QElapsedTimer t;
        t.start();
        const TableRead r = readNpuProfilerDatabase(file, rank, d, CancelToken());
        QVERIFY(t.elapsed() < 10000);
        // ... and its reader refuses it, naming the table.
        QVERIFY(r.error);
        QCOMPARE(r.error->code, ErrorCode::Unsupported);
        QCOMPARE(r.error->file, file);
        QVERIFY2(r.error->message.startsWith(table + u" in this database is a "_s + kind),
                 qPrintable(r.error->message));
    }
    // msprof-analyze's analysis.db whose StepTraceTime is a view that never ends.
    const QString analysis = path(u"analysis.db"_s);
    QVERIFY(Hostile::makeDatabase(
        analysis,
        {u"CREATE VIEW StepTraceTime AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 "
         u"FROM r) SELECT x AS step, 1.0 AS computing FROM r"_s,
         u"CREATE TABLE CommAnalyzerTime (hccl_op_name TEXT, elapse_time NUMERIC)"_s}));
    RankProfile rank;
    Diagnostics d;
    const TableRead r = readProfileDatabase(analysis, rank, d, CancelToken());
    QVERIFY(r.error);
    QVERIFY2(r.error->message.startsWith(u"StepTraceTime in this database is a view"_s),
             qPrintable(r.error->message));
}

void tst_HostileDatabases::timelineReadersRefuseViews()
{
    // The timeline's readers of the same databases skipped a view under a table's name (an empty
    // timeline, no word); now they refuse it as the profile readers do, naming file and table.
    struct Case
    {
        QString file, table, kind;
        bool nsys;
    };
    const Case cases[] = {
        {path(u"tl_view.db"_s), u"TASK"_s, u"view"_s, false},
        {path(u"tl_fts.db"_s), u"STRING_IDS"_s, u"virtual table"_s, false},
        {path(u"nsys_view.sqlite"_s), u"CUPTI_ACTIVITY_KIND_KERNEL"_s, u"view"_s, true},
        {path(u"nsys_fts.sqlite"_s), u"StringIds"_s, u"virtual table"_s, true}};
    QVERIFY(Hostile::writeRecursiveViewDb(cases[0].file));
    QVERIFY(Hostile::writeFtsStringsDb(cases[1].file, 100));
    QVERIFY(Hostile::writeNsysNonTableDb(cases[2].file, u"view"_s));
    QVERIFY(Hostile::writeNsysNonTableDb(cases[3].file, u"virtual table"_s));
    for (const Case &c : cases) {
        QCOMPARE(sqliteLayout(sqliteTableNames(c.file)),
                 c.nsys ? SqliteLayout::NsightSystems : SqliteLayout::ProfilerDb);
        ProgressSink progress;
        QElapsedTimer t;
        t.start();
        const Result<TraceDataset> r = c.nsys ? loadNsysTrace(c.file, progress, CancelToken())
                                              : loadNpuProfilerDbTrace(c.file, progress, {});
        QVERIFY(t.elapsed() < 10000);
        QVERIFY2(!r.isOk(), qPrintable(c.file));
        QCOMPARE(r.error().code, ErrorCode::Unreadable); // exit 3 in trace and tracediff
        QCOMPARE(r.error().file, c.file);
        QVERIFY2(r.error().message.startsWith(c.table + u" in this database is a "_s + c.kind +
                                              u", not a table the profiler writes"_s),
                 qPrintable(r.error().message));
    }
}

void tst_HostileDatabases::stepsAreCapped()
{
    const QString db = path(u"steps.db"_s);
    QVERIFY(Hostile::writeManyStepsDb(db, int(MaxProfileSteps) + 5));
    RankProfile rank;
    Diagnostics d;
    const TableRead r = readNpuProfilerDatabase(db, rank, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    QCOMPARE(qint64(rank.steps.size()), MaxProfileSteps);
    QCOMPARE(rank.steps.front().step, u"1"_s);
    QCOMPARE(rank.steps.back().step, QString::number(MaxProfileSteps));
    QCOMPARE(d.count(u"steps_capped"_s), qint64(1));
}

QTEST_GUILESS_MAIN(tst_HostileDatabases)
#include "tst_hostiledatabases.moc"
