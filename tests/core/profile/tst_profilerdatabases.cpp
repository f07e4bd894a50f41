#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "core/common/sqlitedb.h"
#include "core/common/sqliteprefetch.h"
#include "core/common/workerpool.h"
#include "core/profile/npudb.h"
#include "core/profile/profilepipeline.h"
#include "core/profile/profilereaders.h"
#include "core/trace/npudbtrace.h"
#include "core/trace/taskclassify.h"
#include "core/trace/tracediffpipeline.h"
#include "core/trace/tracefileload.h"
#include "core/trace/tracephases.h"
#include "core/trace/tracepipeline.h"
#include "core/trace/tracesteps.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// Issue #25: the real profiler databases of the shared corpus (a 2-rank torch_npu Level1 run
// exported as databases, and an Nsight Systems SQLite export). Every number a reader's result is
// checked against is asked of the database here, by a plain SQL query on a connection of the
// test's own, so the readers are checked against the file and not against themselves.
class tst_ProfilerDatabases : public QObject
{
    Q_OBJECT

private slots:
    void sniffedByTheirTables();
    void profileOfDatabaseAlone_data();
    void profileOfDatabaseAlone();
    void profileOfDbFolderUsesAnalysisDb();
    void timelineOfNpuDatabase();
    void tracePipelineOverDbFolder();
    void nsysTimeline();
    void tracediffNsysAgainstNpu();
    void level0KernelsGroupedByName();
    void readOnlyAndUnchanged();
    void brokenDatabases();
    void statementCellsReadAsQtSqlValues();
    void prefetchedRowsAsStatement();
    void timelineCanceled();
};

namespace {

const QString DbRoot = u"profiler/torch_npu_level1/db/"_s;

QString npuDb(int rank)
{
    return sharedData(
        DbRoot +
        u"rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db"_s.arg(rank));
}

QString analysisDb(int rank)
{
    return sharedData(DbRoot + u"rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db"_s.arg(rank));
}

QString nsysDb()
{
    return sharedData(u"nsys/saxpy-mpi-cuda_nsys_perlmutter0.sqlite"_s);
}

// One value of a query on the test's own read-only connection.
QVariant scalar(const QString &path, const QString &sql)
{
    static std::atomic<int> n{0};
    const QString name = u"tst-%1"_s.arg(n++);
    QVariant v;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        // immutable=1: rank 0's database is in WAL mode, and a plain read-only open would leave
        // -wal and -shm files beside it.
        db.setDatabaseName(sqliteReadOnlyUri(path));
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"_s);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                v = q.value(0);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return v;
}

bool within(double actual, double expected, double fraction)
{
    return std::abs(actual - expected) <= fraction * std::max(std::abs(expected), 1e-9);
}

QByteArray sha256(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result();
}

qint64
slicesOfProcess(const TraceDataset &ds, const QString &process, quint32 category = UINT32_MAX)
{
    qint64 n = 0;
    for (const TraceTrack &t : ds.tracks) {
        if (t.kind != TraceTrackKind::Thread || ds.processes[size_t(t.process)].name != process)
            continue;
        for (quint32 i = t.sliceBegin; i < t.sliceEnd; ++i)
            n += category == UINT32_MAX || ds.sliceCategory[i] == category;
    }
    return n;
}

qint64 slicesOfCategory(const TraceDataset &ds, std::string_view category)
{
    const quint32 id = ds.strings.find(category);
    if (id == UINT32_MAX)
        return 0;
    return std::count(ds.sliceCategory.begin(), ds.sliceCategory.end(), id);
}

} // namespace

void tst_ProfilerDatabases::sniffedByTheirTables()
{
    // The schema of a 35-table database lies beyond the first pages: the sniffer asks SQLite.
    SniffResult r = sniffPath(npuDb(0));
    QCOMPARE(r.kind, FileKind::Profile);
    QCOMPARE(r.producer, u"torch_npu"_s);
    QCOMPARE(r.format, u"profiler_db"_s);
    QVERIFY(r.alsoKinds.contains(FileKind::Trace));
    r = sniffPath(analysisDb(0));
    QCOMPARE(r.format, u"sqlite"_s);
    QCOMPARE(r.producer, u"msprof_analyze"_s);
    r = sniffPath(nsysDb());
    QCOMPARE(r.kind, FileKind::Trace);
    QCOMPARE(r.producer, u"nsys"_s);
    QCOMPARE(r.format, u"nsys_sqlite"_s);
    // The folder is the profiler's (torch_npu), not msprof-analyze's, and opens as a timeline too.
    r = sniffPath(sharedData(DbRoot + u"rank0_ascend_pt"_s));
    QCOMPARE(r.kind, FileKind::Profile);
    QCOMPARE(r.producer, u"torch_npu"_s);
    QVERIFY(r.alsoKinds.contains(FileKind::Trace));
    QCOMPARE(sqliteLayout(sqliteTableNames(npuDb(1))), SqliteLayout::ProfilerDb);
    QCOMPARE(sqliteLayout(sqliteTableNames(nsysDb())), SqliteLayout::NsightSystems);
    QCOMPARE(sqliteLayout({u"StepTraceTime"_s}), SqliteLayout::AnalysisDb);
    QCOMPARE(sqliteLayout({u"STRING_IDS"_s}), SqliteLayout::Unknown);
}

void tst_ProfilerDatabases::profileOfDatabaseAlone_data()
{
    QTest::addColumn<int>("rank");
    QTest::newRow("rank 0") << 0;
    QTest::newRow("rank 1") << 1;
}

void tst_ProfilerDatabases::profileOfDatabaseAlone()
{
    QFETCH(int, rank);
    const QString db = npuDb(rank);
    RankProfile p;
    Diagnostics d;
    const TableRead r = readNpuProfilerDatabase(db, p, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    QCOMPARE(p.rank, scalar(db, u"SELECT rankId FROM RANK_DEVICE_MAP"_s).toInt());
    // Kernels: one per compute task, their time the tasks' time.
    const qint64 computeTasks =
        scalar(db, u"SELECT COUNT(*) FROM COMPUTE_TASK_INFO c JOIN TASK t USING (globalTaskId)"_s)
            .toLongLong();
    QVERIFY(computeTasks > 100);
    QCOMPARE(p.kernels.kernels, computeTasks);
    QCOMPARE(computeTasks, scalar(db, u"SELECT COUNT(*) FROM COMPUTE_TASK_INFO"_s).toLongLong());
    const double kernelUs =
        scalar(db,
               u"SELECT SUM(t.endNs - t.startNs) FROM COMPUTE_TASK_INFO c JOIN TASK t USING "
               u"(globalTaskId)"_s)
            .toDouble() /
        1000.0;
    QVERIFY(within(p.kernels.totalUs, kernelUs, 1e-9));
    // Phases from the profiler's own overlap analysis equal msprof-analyze's StepTraceTime.
    QCOMPARE(int(p.steps.size()), scalar(db, u"SELECT COUNT(*) FROM STEP_TIME"_s).toInt());
    QCOMPARE(p.steps.front().step,
             scalar(analysisDb(rank), u"SELECT step FROM StepTraceTime"_s).toString());
    const char *columns[] = {"computing",
                             "communication_not_overlapped",
                             "overlapped",
                             "communication",
                             "free",
                             "stage",
                             "bubble",
                             "communication_not_overlapped_and_exclude_receive",
                             "preparing"};
    for (int i = 0; i < StepPhaseCount; ++i) {
        const double expected =
            scalar(analysisDb(rank),
                   u"SELECT %1 FROM StepTraceTime"_s.arg(QString::fromLatin1(columns[i])))
                .toDouble();
        const double actual = p.steps.front().us[size_t(i)];
        QVERIFY2(
            within(actual, expected, 0.001),
            qPrintable(
                u"%1: %2 vs %3"_s.arg(QString::fromLatin1(columns[i])).arg(actual).arg(expected)));
    }
    // Communication: each op once.
    qint64 calls = 0;
    for (const CollectiveStats &c : p.collectives)
        calls += c.count;
    QCOMPARE(calls, scalar(db, u"SELECT COUNT(*) FROM COMMUNICATION_OP"_s).toLongLong());
    // Memory: a curve per component, every operator allocation counted.
    QCOMPARE(qint64(p.memory.curves.size()),
             scalar(db, u"SELECT COUNT(DISTINCT component) FROM MEMORY_RECORD"_s).toLongLong());
    qint64 allocations = 0;
    for (const Allocator &a : p.memory.allocators)
        allocations += a.count;
    QCOMPARE(allocations, scalar(db, u"SELECT COUNT(*) FROM OP_MEMORY"_s).toLongLong());
    QVERIFY(!p.memory.modules.empty());
    QCOMPARE(int(p.stepSpans.size()), int(p.steps.size()));
}

void tst_ProfilerDatabases::profileOfDbFolderUsesAnalysisDb()
{
    ProfilePipelineInput in;
    in.paths = {sharedData(DbRoot)};
    ProgressSink progress;
    const Result<ProfileAnalysis> r = runProfilePipeline(in, progress, CancelToken());
    QVERIFY2(r.isOk(), qPrintable(r.isFailed() ? r.error().toString() : QString()));
    const ProfileAnalysis &a = *r.value();
    QCOMPARE(int(a.ranks.size()), 2);
    // Every file of the folder is read (and none failed): the two databases and the rank info.
    QDir root(sharedData(DbRoot));
    int filesOnDisk = 0;
    for (const QString &rank : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        filesOnDisk += int(QDir(root.filePath(rank)).entryList(QDir::Files).size());
        filesOnDisk += int(
            QDir(root.filePath(rank + u"/ASCEND_PROFILER_OUTPUT"_s)).entryList(QDir::Files).size());
    }
    QCOMPARE(int(a.files.size()), filesOnDisk);
    for (const ProfileFile &f : a.files)
        QVERIFY2(!f.error,
                 qPrintable(f.path + u": "_s + (f.error ? f.error->toString() : QString())));
    for (int rank = 0; rank < 2; ++rank) {
        const RankProfile *p = a.detail(rank);
        QVERIFY(p);
        QCOMPARE(p->kernels.kernels,
                 scalar(npuDb(rank), u"SELECT COUNT(*) FROM COMPUTE_TASK_INFO"_s).toLongLong());
        // Steps once (from analysis.db), not twice.
        QCOMPARE(int(p->steps.size()), 1);
        QCOMPARE(p->steps.front().us[size_t(StepPhase::Computing)],
                 scalar(analysisDb(rank), u"SELECT computing FROM StepTraceTime"_s).toDouble());
        QVERIFY(!p->memory.curves.empty());
    }
}

void tst_ProfilerDatabases::timelineOfNpuDatabase()
{
    const QString db = npuDb(0);
    ProgressSink progress;
    const Result<TraceDataset> r = loadTraceFile(db, {}, progress, CancelToken());
    QVERIFY2(r.isOk(), qPrintable(r.isFailed() ? r.error().toString() : QString()));
    const TraceDataset &ds = *r.value();
    QCOMPARE(ds.producer, u"torch_npu"_s);
    QCOMPARE(ds.rank, 0);
    QVERIFY(ds.sliceCount() > 100);
    const qint64 tasks = scalar(db, u"SELECT COUNT(*) FROM TASK"_s).toLongLong();
    QCOMPARE(slicesOfProcess(ds, u"Ascend Hardware"_s), tasks);
    QCOMPARE(slicesOfProcess(ds, u"Python"_s),
             scalar(db, u"SELECT COUNT(*) FROM PYTORCH_API"_s).toLongLong());
    QCOMPARE(slicesOfProcess(ds, u"CANN"_s),
             scalar(db, u"SELECT COUNT(*) FROM CANN_API"_s).toLongLong());
    QCOMPARE(slicesOfProcess(ds, u"HCCL"_s),
             scalar(db, u"SELECT COUNT(*) FROM COMMUNICATION_OP"_s).toLongLong() +
                 scalar(db, u"SELECT COUNT(*) FROM COMMUNICATION_TASK_INFO"_s).toLongLong());
    QCOMPARE(slicesOfProcess(ds, u"Overlap Analysis"_s),
             scalar(db, u"SELECT COUNT(*) FROM OVERLAP_ANALYSIS"_s).toLongLong());
    // Device tasks: compute ones are exactly the compute tasks, classified by their core.
    const DeviceTaskSet set = classifyDeviceTasks(ds);
    QCOMPARE(set.platform, u"ascend"_s);
    QCOMPARE(qint64(set.tasks.size()), tasks);
    const qint64 compute =
        std::count_if(set.tasks.begin(), set.tasks.end(), [](const DeviceTask &t) {
            return t.kind == DeviceTaskKind::Compute;
        });
    // A task's core is COMPUTE_TASK_INFO's where it has one, else the runtime's task type (some
    // AI Core tasks have no compute info: KERNEL_AICORE, AI_CORE).
    const qint64 computeInDb =
        scalar(
            db,
            u"SELECT COUNT(*) FROM TASK t LEFT JOIN COMPUTE_TASK_INFO c USING (globalTaskId) "
            u"WHERE COALESCE((SELECT value FROM STRING_IDS WHERE id = c.taskType), (SELECT "
            u"value FROM STRING_IDS WHERE id = t.taskType)) IN ('AI_CORE', 'AI_VECTOR_CORE', "
            u"'MIX_AIV', 'MIX_AIC', 'AI_CPU', 'KERNEL_AICORE', 'KERNEL_AIVEC', 'KERNEL_AICPU')"_s)
            .toLongLong();
    QCOMPARE(compute, computeInDb);
    const qint64 communication =
        std::count_if(set.tasks.begin(), set.tasks.end(), [](const DeviceTask &t) {
            return t.kind == DeviceTaskKind::Communication;
        });
    QCOMPARE(communication,
             scalar(db, u"SELECT COUNT(*) FROM COMMUNICATION_TASK_INFO"_s).toLongLong());
    QCOMPARE(qint64(set.commOps.size()),
             scalar(db, u"SELECT COUNT(*) FROM COMMUNICATION_OP"_s).toLongLong());
    // Steps from the ProfilerStep#N op, as in the text export.
    const TraceSteps steps = findTraceSteps(ds);
    QVERIFY(steps.detected);
    QCOMPARE(int(steps.steps.size()), scalar(db, u"SELECT COUNT(*) FROM STEP_TIME"_s).toInt());
    // The profiler's overlap track reads like trace_view.json's.
    const std::optional<TracePhases> phases = profilerOverlapPhases(ds);
    QVERIFY(phases);
    QCOMPARE(phases->computingNs,
             scalar(db, u"SELECT SUM(endNs - startNs) FROM OVERLAP_ANALYSIS WHERE type = 0"_s)
                 .toLongLong());
    // Flows from CONNECTION_IDS, bound at both ends.
    QVERIFY(ds.flows.size() > 100);
    qint64 bound = 0;
    for (const TraceFlow &f : ds.flows)
        bound += f.fromSlice != TraceFlow::Unbound && f.toSlice != TraceFlow::Unbound;
    QCOMPARE(bound, qint64(ds.flows.size()));
    // Op names and shapes of the compute tasks are in the args, under the text export's keys.
    bool sawShapes = false;
    for (quint32 i = 0; i < quint32(ds.sliceCount()) && !sawShapes; ++i)
        sawShapes = ds.sliceArgs(i).contains("\"Input Shapes\": \"\\\"32,3,224,224\\\"\"") ||
                    ds.sliceArgs(i).contains("\"Input Shapes\": \"32,3,224,224\"");
    QVERIFY(sawShapes);
}

void tst_ProfilerDatabases::tracePipelineOverDbFolder()
{
    TracePipelineInput in;
    in.paths = {sharedData(DbRoot)};
    ProgressSink progress;
    const Result<TraceAnalysis> r = runTracePipeline(in, progress, CancelToken());
    QVERIFY2(r.isOk(), qPrintable(r.isFailed() ? r.error().toString() : QString()));
    QCOMPARE(r.value()->loadedFiles(), 2);
    // analysis.db and the rank info are listed, not silently dropped.
    int analysis = 0;
    for (const SkippedTraceFile &s : r.value()->skipped)
        analysis += s.path.endsWith(u"analysis.db"_s) && s.kind == u"profile"_s;
    QCOMPARE(analysis, 2);
    QVERIFY(r.value()->totals.slices > 1000);
}

void tst_ProfilerDatabases::nsysTimeline()
{
    const QString db = nsysDb();
    ProgressSink progress;
    const Result<TraceDataset> r = loadTraceFile(db, {}, progress, CancelToken());
    QVERIFY2(r.isOk(), qPrintable(r.isFailed() ? r.error().toString() : QString()));
    const TraceDataset &ds = *r.value();
    QCOMPARE(ds.producer, u"nsys"_s);
    const qint64 kernels =
        scalar(db, u"SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL"_s).toLongLong();
    QVERIFY(kernels > 0);
    QCOMPARE(slicesOfCategory(ds, "kernel"), kernels);
    QCOMPARE(slicesOfCategory(ds, "gpu_memcpy"),
             scalar(db, u"SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY"_s).toLongLong());
    QCOMPARE(slicesOfCategory(ds, "cuda_runtime"),
             scalar(db, u"SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME"_s).toLongLong());
    QCOMPARE(slicesOfCategory(ds, "user_annotation"),
             scalar(db,
                    u"SELECT COUNT(*) FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND end IS "
                    u"NOT NULL"_s)
                 .toLongLong());
    // A flow from each runtime call to the device work of its correlation id.
    const qint64 correlated =
        scalar(
            db,
            u"SELECT (SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k WHERE k.correlationId IN "
            u"(SELECT correlationId FROM CUPTI_ACTIVITY_KIND_RUNTIME)) + (SELECT COUNT(*) FROM "
            u"CUPTI_ACTIVITY_KIND_MEMCPY m WHERE m.correlationId IN (SELECT correlationId FROM "
            u"CUPTI_ACTIVITY_KIND_RUNTIME))"_s)
            .toLongLong();
    QCOMPARE(qint64(ds.flows.size()), correlated);
    for (const TraceFlow &f : ds.flows)
        QVERIFY(f.fromSlice != TraceFlow::Unbound && f.toSlice != TraceFlow::Unbound);
    const DeviceTaskSet set = classifyDeviceTasks(ds);
    QCOMPARE(set.platform, u"cuda"_s);
    const qint64 compute =
        std::count_if(set.tasks.begin(), set.tasks.end(), [](const DeviceTask &t) {
            return t.kind == DeviceTaskKind::Compute;
        });
    QCOMPARE(compute, kernels);
}

void tst_ProfilerDatabases::tracediffNsysAgainstNpu()
{
    TraceDiffInput in;
    in.baseline = nsysDb();
    in.target = sharedData(DbRoot + u"rank0_ascend_pt"_s);
    ProgressSink progress;
    const Result<TraceDiffAnalysis> r = runTraceDiffPipeline(in, progress, CancelToken());
    QVERIFY2(r.isOk(), qPrintable(r.isFailed() ? r.error().toString() : QString()));
    const TraceDiff &d = *r.value()->diff;
    // Device ops meet by family: the GPU's memcpys and the NPU's MEMCPY_ASYNC tasks.
    bool paired = false;
    for (const OpDiffRow &row : d.ops)
        paired = paired || (row.level == OpLevel::Device && !row.family.isEmpty() &&
                            row.baselineCount > 0 && row.targetCount > 0);
    QVERIFY(paired);
}

void tst_ProfilerDatabases::level0KernelsGroupedByName()
{
    const QString file =
        QStringLiteral(TWINSCOPE_TEST_DATA) +
        u"/profile/level0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s;
    const SniffResult s = sniffPath(file);
    QCOMPARE(s.format, u"kernel_details_csv"_s);
    ProfilePipelineInput in;
    in.paths = {QFileInfo(file).absolutePath()};
    ProgressSink progress;
    const Result<ProfileAnalysis> r = runProfilePipeline(in, progress, CancelToken());
    QVERIFY2(r.isOk(), qPrintable(r.isFailed() ? r.error().toString() : QString()));
    // Every kernel listed, grouped by its name; a counted info says why.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const qint64 rows = f.readAll().trimmed().count('\n');
    QCOMPARE(r.value()->kernels.kernels, rows);
    QCOMPARE(r.diagnostics().count(u"kernel_type_by_name"_s), rows);
    bool named = false;
    for (const KernelGroup &g : r.value()->kernels.groups)
        named = named || g.type == u"trans_TransData_0"_s;
    QVERIFY(named);
    QCOMPARE(int(r.value()->files.size()), 1);
}

void tst_ProfilerDatabases::readOnlyAndUnchanged()
{
    // A copy in a folder nobody may write to: opening must not need a journal, a WAL or a lock.
    // Rank 0's database is in WAL mode: a plain read-only open would write -wal and -shm files
    // beside it. Every reader of it leaves the folder as it was.
    QTemporaryDir writable;
    const QString wal = writable.filePath(u"ascend_pytorch_profiler_0.db"_s);
    QVERIFY(QFile::copy(npuDb(0), wal));
    {
        RankProfile p;
        Diagnostics d;
        QVERIFY(!readNpuProfilerDatabase(wal, p, d, CancelToken()).error);
        ProgressSink progress;
        QVERIFY(loadTraceFile(wal, {}, progress, CancelToken()).isOk());
        QCOMPARE(sniffPath(wal).format, u"profiler_db"_s);
        QCOMPARE(sniffPath(writable.path()).producer, u"torch_npu"_s);
    }
    QCOMPARE(QDir(writable.path()).entryList(QDir::Files),
             QStringList{u"ascend_pytorch_profiler_0.db"_s});
    QTemporaryDir dir;
    const QString copy = dir.filePath(u"ascend_pytorch_profiler_0.db"_s);
    QVERIFY(QFile::copy(npuDb(0), copy));
    QFile::setPermissions(copy, QFile::ReadOwner);
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    const QByteArray before = sha256(copy);
    RankProfile p;
    Diagnostics d;
    const TableRead r = readNpuProfilerDatabase(copy, p, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    ProgressSink progress;
    QVERIFY(loadTraceFile(copy, {}, progress, CancelToken()).isOk());
    QCOMPARE(sha256(copy), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
             QStringList{u"ascend_pytorch_profiler_0.db"_s});
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    // A name SQLite's URI syntax would misread ('?', '#', '%') still opens.
    const QString odd = dir.filePath(u"a?b#c%20.db"_s);
    QVERIFY(QFile::copy(npuDb(0), odd));
    RankProfile q;
    QVERIFY(!readNpuProfilerDatabase(odd, q, d, CancelToken()).error);
    QCOMPARE(q.kernels.kernels, p.kernels.kernels);
}

void tst_ProfilerDatabases::brokenDatabases()
{
    QTemporaryDir dir;
    // Tables of the right names with columns of the wrong types and rows that make no sense.
    const QString path = dir.filePath(u"msprof_0.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"broken"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"CREATE TABLE STRING_IDS (id INTEGER, value TEXT)"_s));
        QVERIFY(q.exec(u"INSERT INTO STRING_IDS VALUES (1, 'Add'), ('x', NULL)"_s));
        QVERIFY(q.exec(u"CREATE TABLE TASK (startNs TEXT, endNs TEXT, globalTaskId INTEGER)"_s));
        QVERIFY(q.exec(u"INSERT INTO TASK VALUES ('abc', 'def', 1), (10, 5, 2), (1, 9e300, 3)"_s));
        QVERIFY(q.exec(u"CREATE TABLE COMPUTE_TASK_INFO (globalTaskId INTEGER, opType BLOB)"_s));
        QVERIFY(q.exec(u"INSERT INTO COMPUTE_TASK_INFO VALUES (1, 1), (2, 99), (3, x'00ff')"_s));
        QVERIFY(q.exec(
            u"CREATE TABLE OVERLAP_ANALYSIS (startNs INTEGER, endNs INTEGER, type INTEGER)"_s));
        QVERIFY(q.exec(u"INSERT INTO OVERLAP_ANALYSIS VALUES (1, 2, 7), (5, 1, 0)"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"broken"_s);
    RankProfile p;
    Diagnostics d;
    const TableRead r = readNpuProfilerDatabase(path, p, d, CancelToken());
    QVERIFY(!r.error);
    QVERIFY(d.count(u"kernel_bad_time"_s) >= 2);
    ProgressSink progress;
    const Result<TraceDataset> t = loadTraceFile(path, {}, progress, CancelToken());
    QVERIFY2(t.isOk(), qPrintable(t.isFailed() ? t.error().toString() : QString()));
    QVERIFY(t.diagnostics().count(u"db_bad_row"_s) >= 2);
    // Not a database at all, and an analysis.db (no timeline): clear messages naming the file.
    const QString junk = dir.filePath(u"junk.db"_s);
    QFile j(junk);
    QVERIFY(j.open(QIODevice::WriteOnly));
    j.write("SQLite format 3\0garbage garbage garbage", 40);
    j.close();
    const Result<TraceDataset> bad = loadTraceFile(junk, {}, progress, CancelToken());
    QVERIFY(bad.isFailed());
    QCOMPARE(bad.error().file, junk);
    const Result<TraceDataset> analysis = loadTraceFile(analysisDb(0), {}, progress, CancelToken());
    QVERIFY(analysis.isFailed());
    QCOMPARE(analysis.error().code, ErrorCode::Unsupported);
    QVERIFY(analysis.error().found.contains(u"StepTraceTime"_s));
}

// The timeline reads cells through SQLite's C API (SqliteStatement), the Profile tab through
// QtSql's QVariant (sqliteInteger): one cell must give the same number either way.
void tst_ProfilerDatabases::statementCellsReadAsQtSqlValues()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"cells.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"cells"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"CREATE TABLE T (k INTEGER, v)"_s));
        QVERIFY(
            q.exec(u"INSERT INTO T VALUES (0, NULL), (1, 42), (2, -7), (3, 2.75), (4, ' 123 '), "
                   u"(5, '+5'), (6, '-9007199254740993'), (7, '9223372036854775807'), (8, '1e3'), "
                   u"(9, 'abc'), (10, ''), (11, 9.3e18), (12, x'3132'), (13, '12abc'), "
                   u"(14, '99999999999999999999'), (15, 'inf')"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"cells"_s);
    const SqliteReadOnly db(path);
    QVERIFY(db.isOpen());
    QSqlQuery viaQt(db.db());
    QVERIFY(!db.exec(viaQt, u"SELECT v FROM T ORDER BY k"_s));
    SqliteStatement viaC;
    QVERIFY(!db.prepare(viaC, u"SELECT v FROM T ORDER BY k"_s));
    int rows = 0;
    while (viaQt.next()) {
        QVERIFY(viaC.next());
        const QVariant v = viaQt.value(0);
        QCOMPARE(viaC.integer(0), sqliteInteger(v));
        QCOMPARE(viaC.isNull(0), v.isNull());
        QCOMPARE(viaC.real(0), v.toDouble());
        ++rows;
    }
    QCOMPARE(rows, 16);
    QVERIFY(!viaC.next());
    QVERIFY(viaC.error().isEmpty());
    // A statement SQLite cannot prepare fails with the file and the query, never crashes.
    SqliteStatement bad;
    const std::optional<Error> e = db.prepare(bad, u"SELECT nothing FROM NOWHERE"_s);
    QVERIFY(e);
    QCOMPARE(e->found, u"SELECT nothing FROM NOWHERE"_s);
    QVERIFY(!bad.next());
}

// The timeline's big tables are stepped on a pool thread in chunks (SqlitePrefetch): every row
// and cell must read as the statement stepped row by row reads it, across chunk ends (a count of
// rows, or megabytes of TEXT), with a thread to spare or none, and a reader leaving early stops it.
void tst_ProfilerDatabases::prefetchedRowsAsStatement()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"rows.db"_s);
    const QStringList kinds = {u"NULL"_s,
                               u"42"_s,
                               u"-7"_s,
                               u"2.75"_s,
                               u"' 123 '"_s,
                               u"'+5'"_s,
                               u"'-9007199254740993'"_s,
                               u"'1e3'"_s,
                               u"'abc'"_s,
                               u"''"_s,
                               u"9.3e18"_s,
                               u"x'3132'"_s,
                               u"x''"_s,
                               u"'99999999999999999999'"_s};
    const int rows = 20000;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"rows"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"CREATE TABLE T (k INTEGER, v, w)"_s));
        QVERIFY(db.transaction());
        for (int k = 0; k < rows; ++k) {
            // Now and then a 1 MB text: a chunk also ends on the bytes it holds.
            const QString w =
                k % 2500 == 7 ? u"printf('%.1000000c', 'x')"_s : kinds[(k * 7 + 3) % kinds.size()];
            QVERIFY(q.exec(
                u"INSERT INTO T VALUES (%1, %2, %3)"_s.arg(k).arg(kinds[k % kinds.size()], w)));
        }
        QVERIFY(db.commit());
        db.close();
    }
    QSqlDatabase::removeDatabase(u"rows"_s);
    const SqliteReadOnly db(path), bulk(path);
    QVERIFY(db.isOpen() && bulk.isOpen());
    const QString sql = u"SELECT k, v, w FROM T ORDER BY k"_s;
    auto compare = [&] {
        SqliteStatement one;
        SqlitePrefetch ahead;
        QVERIFY(!db.prepare(one, sql));
        QVERIFY(!ahead.start(bulk, sql));
        int n = 0;
        while (one.next()) {
            QVERIFY(ahead.next());
            for (int c = 0; c < 3; ++c) {
                QCOMPARE(ahead.isNull(c), one.isNull(c));
                QCOMPARE(ahead.integer(c), one.integer(c));
                const double a = ahead.real(c), b = one.real(c);
                QVERIFY(a == b || (std::isnan(a) && std::isnan(b)));
            }
            ++n;
        }
        QCOMPARE(n, rows);
        QVERIFY(!ahead.next());
        QVERIFY(ahead.error().isEmpty());
        // A reader that stops early: the pool thread stops with it (the destructor waits).
        SqlitePrefetch early;
        QVERIFY(!early.start(bulk, sql));
        QVERIFY(early.next());
        QCOMPARE(early.integer(0), std::optional<qint64>(0));
    };
    compare();
    // No thread to spare: the reader steps the statement itself.
    std::atomic<bool> done{false};
    WorkerPool::run(WorkerPool::size(), [&](int worker) {
        if (worker == 0) {
            compare();
            done = true;
        } else {
            while (!done)
                QThread::msleep(1);
        }
    });
    QVERIFY(done);
    // A statement SQLite cannot prepare fails with the query, never starts a thread.
    SqlitePrefetch bad;
    const std::optional<Error> e = bad.start(bulk, u"SELECT nothing FROM NOWHERE"_s);
    QVERIFY(e);
    QCOMPARE(e->found, u"SELECT nothing FROM NOWHERE"_s);
}

// A canceled load ends as canceled, through the row loop's poll or SQLite's progress handler.
void tst_ProfilerDatabases::timelineCanceled()
{
    CancelToken cancel = CancelToken::create();
    cancel.cancel();
    ProgressSink progress;
    const Result<TraceDataset> r = loadNpuProfilerDbTrace(npuDb(0), progress, cancel);
    QVERIFY(r.isCanceled());
}

QTEST_GUILESS_MAIN(tst_ProfilerDatabases)
#include "tst_profilerdatabases.moc"
