#include "common/testdata.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/traceargs.h"
#include "core/trace/tracephases.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

std::shared_ptr<const TraceDataset> loadBytes(const QByteArray &json, const QString &name)
{
    ProgressSink progress;
    const Result<TraceDataset> r = loadChromeTrace(
        Source::fromBytes(json, name), ChromeTraceOptions{}, progress, CancelToken());
    return r.isOk() ? r.value() : nullptr;
}

// Exact µs text -> ns, independent of the loader (3 fraction digits, as these files write them;
// msprof's float noise such as 56635865752.490005 rounds at the ns like the loader does).
qint64 usToNs(const QJsonValue &v)
{
    if (v.isDouble())
        return qRound64(v.toDouble() * 1000.0);
    QString s = v.toString();
    const qsizetype dot = s.indexOf(u'.');
    QString frac = dot < 0 ? QString() : s.mid(dot + 1);
    const QString whole = dot < 0 ? s : s.left(dot);
    qint64 ns = whole.toLongLong() * 1000 + (frac + u"000"_s).left(3).toLongLong();
    if (frac.size() > 3 && frac[3] >= u'5')
        ++ns;
    return ns;
}

QByteArray slice(const QString &name, int pid, int tid, double ts, double dur, const QString &args)
{
    return u"{\"ph\":\"X\",\"name\":\"%1\",\"pid\":%2,\"tid\":%3,\"ts\":%4,\"dur\":%5%6}"_s
        .arg(name)
        .arg(pid)
        .arg(tid)
        .arg(ts, 0, 'f', 3)
        .arg(dur, 0, 'f', 3)
        .arg(args.isEmpty() ? QString() : u",\"args\":"_s + args)
        .toUtf8();
}

QByteArray meta(const char *what, int pid, int tid, const QString &name)
{
    return u"{\"ph\":\"M\",\"name\":\"%1\",\"pid\":%2,\"tid\":%3,\"args\":{\"name\":\"%4\"}}"_s
        .arg(QString::fromLatin1(what))
        .arg(pid)
        .arg(tid)
        .arg(name)
        .toUtf8();
}

QByteArray array(const QList<QByteArray> &events)
{
    QByteArray out = "[";
    for (qsizetype i = 0; i < events.size(); ++i)
        out += (i ? ",\n" : "") + events[i];
    return out + "]";
}

QByteArray task(const QString &name, double ts, double dur, const QString &type, int stream = 2)
{
    return slice(name, 3, stream, ts, dur, u"{\"Task Type\":\"%1\"}"_s.arg(type));
}

} // namespace

class tst_TracePhases : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithOverlapAnalysis_data();
    void agreesWithOverlapAnalysis();
    void overlapArithmetic();
    void windowClipping();
    void noDeviceTasks();
    void cudaKernels();
    void ascendTaskTypes_data();
    void ascendTaskTypes();
    void argsMembers();
    void profilerNumbersReadBack();
};

void tst_TracePhases::agreesWithOverlapAnalysis_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("CANN msprof device0")
        << sharedData(u"trace/cann_msprof_PROF_000001_device0_msprof_0_2_1.json"_s);
    QTest::newRow("torch_npu trace_view") << sharedData(u"trace/mstt_advisor_trace_view.json"_s);
}

// Issue #10's acceptance line: with the profiler's "Overlap Analysis" process removed from the
// input, the phases computed from raw device tasks agree with the sums of the removed slices
// within 2 %.
void tst_TracePhases::agreesWithOverlapAnalysis()
{
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
    const QJsonArray events = QJsonDocument::fromJson(f.readAll()).array();
    QVERIFY(!events.isEmpty());
    QSet<qint64> overlapPids;
    QMap<QPair<qint64, qint64>, QString> threadNames;
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(u"ph"_s).toString() != u"M"_s)
            continue;
        const QString name = e.value(u"args"_s).toObject().value(u"name"_s).toString();
        const qint64 pid = e.value(u"pid"_s).toVariant().toLongLong();
        if (e.value(u"name"_s).toString() == u"process_name"_s && name == u"Overlap Analysis"_s)
            overlapPids.insert(pid);
        if (e.value(u"name"_s).toString() == u"thread_name"_s)
            threadNames[{pid, e.value(u"tid"_s).toVariant().toLongLong()}] = name;
    }
    QVERIFY(!overlapPids.isEmpty());
    QMap<QString, qint64> expected;
    QJsonArray kept;
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        const qint64 pid = e.value(u"pid"_s).toVariant().toLongLong();
        if (!overlapPids.contains(pid)) {
            kept.append(e);
            continue;
        }
        if (e.value(u"ph"_s).toString() == u"X"_s)
            expected[threadNames.value({pid, e.value(u"tid"_s).toVariant().toLongLong()})] +=
                usToNs(e.value(u"dur"_s));
    }
    QVERIFY(expected.value(u"Computing"_s) > 0);
    QVERIFY(expected.contains(u"Free"_s));
    const auto ds = loadBytes(QJsonDocument(kept).toJson(QJsonDocument::Compact), file);
    QVERIFY(ds);
    for (const TraceProcess &p : ds->processes)
        QVERIFY(p.name != u"Overlap Analysis"_s);
    QVERIFY(!profilerOverlapPhases(*ds));
    const TracePhasesResult r = computeTracePhases(*ds);
    QVERIFY2(r.phases, qPrintable(r.reason));
    const TracePhases &p = *r.phases;
    const QList<QPair<QString, qint64>> computed{
        {u"Computing"_s, p.computingNs},
        {u"Communication"_s, p.communicationNs},
        {u"Communication(Not Overlapped)"_s, p.communicationNotOverlappedNs},
        {u"Free"_s, p.freeNs}};
    for (const auto &[name, ns] : computed) {
        const qint64 want = expected.value(name);
        const double tolerance = 0.02 * double(std::max<qint64>(want, 1));
        qInfo("%s: computed %.3f us, Overlap Analysis %.3f us",
              qPrintable(name),
              double(ns) / 1000.0,
              double(want) / 1000.0);
        QVERIFY2(std::abs(double(ns - want)) <= tolerance,
                 qPrintable(u"%1: %2 ns against %3 ns"_s.arg(name).arg(ns).arg(want)));
    }
    QCOMPARE(p.overlappedNs, p.communicationNs - p.communicationNotOverlappedNs);
}

// Hand-made: AI Core 0–10 and 20–30 µs, an HCCL op 5–25 µs, a memory copy 40–45 µs, AI Core
// 50–60 µs. Computing 30, Communication 20, overlapped 10 (5–10, 20–25), not overlapped 10,
// Free over 0–60 = 60 − 30 − 10 = 20 (25–50 minus nothing: the copy does not count).
void tst_TracePhases::overlapArithmetic()
{
    const auto ds = loadBytes(array({meta("process_name", 3, 0, u"Ascend Hardware"_s),
                                     meta("process_name", 7, 0, u"HCCL"_s),
                                     meta("thread_name", 7, 1, u"Communication"_s),
                                     task(u"MatMulV2"_s, 1000, 10, u"AI_CORE"_s),
                                     task(u"Add"_s, 1020, 10, u"AI_VECTOR_CORE"_s),
                                     task(u"MEMCPY_ASYNC"_s, 1040, 5, u"MEMCPY_ASYNC"_s),
                                     task(u"Cast"_s, 1050, 10, u"AI_CORE"_s),
                                     task(u"NOTIFY_WAIT"_s, 1005, 20, u"NOTIFY_WAIT"_s, 9),
                                     slice(u"hcom_allReduce__1"_s, 7, 1, 1005, 20, {})}),
                              u"phases.json"_s);
    QVERIFY(ds);
    const TracePhasesResult r = computeTracePhases(*ds);
    QVERIFY(r.phases);
    QCOMPARE(r.phases->computingNs, 30000);
    QCOMPARE(r.phases->communicationNs, 20000);
    QCOMPARE(r.phases->overlappedNs, 10000);
    QCOMPARE(r.phases->communicationNotOverlappedNs, 10000);
    QCOMPARE(r.phases->freeNs, 20000);
    QCOMPARE(r.phases->fromNs, 1000000);
    QCOMPARE(r.phases->toNs, 1060000);
}

void tst_TracePhases::windowClipping()
{
    const auto ds = loadBytes(array({meta("process_name", 3, 0, u"Ascend Hardware"_s),
                                     task(u"A"_s, 100, 10, u"AI_CORE"_s),
                                     task(u"B"_s, 200, 10, u"AI_CORE"_s),
                                     task(u"C"_s, 300, 10, u"AI_CORE"_s)}),
                              u"clip.json"_s);
    QVERIFY(ds);
    const DeviceTaskSet tasks = classifyDeviceTasks(*ds);
    const TracePhaseIndex index(*ds, tasks);
    // 105..205 µs: 5 µs of A, 5 of B, free 90.
    TracePhasesResult r = index.phases(105000, 205000);
    QVERIFY(r.phases);
    QCOMPARE(r.phases->computingNs, 10000);
    QCOMPARE(r.phases->freeNs, 90000);
    // A window before the first task: nothing busy, nothing free (the profiler's Free slices
    // lie between busy intervals only).
    r = index.phases(0, 90000);
    QVERIFY(r.phases);
    QCOMPARE(r.phases->computingNs, 0);
    QCOMPARE(r.phases->freeNs, 0);
    // The whole trace.
    r = index.phases();
    QCOMPARE(r.phases->computingNs, 30000);
    QCOMPARE(r.phases->freeNs, 180000);
}

void tst_TracePhases::noDeviceTasks()
{
    const auto cpu = loadBytes(
        array({meta("process_name", 1, 0, u"python"_s), slice(u"aten::add"_s, 1, 1, 10, 5, {})}),
        u"cpu.json"_s);
    QVERIFY(cpu);
    TracePhasesResult r = computeTracePhases(*cpu);
    QVERIFY(!r.phases);
    QVERIFY(r.reason.contains(u"no device tasks"_s));
    // A real CPU-only Kineto trace (HTA's rank-34 sample).
    ProgressSink progress;
    const Result<TraceDataset> real = loadChromeTrace(
        Source::fromPath(sharedData(u"trace/hta_cpu_only_rank-34.pt.trace.json.gz"_s)),
        {},
        progress,
        CancelToken());
    QVERIFY(real.isOk());
    r = computeTracePhases(*real.value());
    QVERIFY(!r.phases);
    QVERIFY(!r.reason.isEmpty());
}

// CUDA follows HTA: nccl kernels communicate, memcpy/memset move memory, other kernels compute.
void tst_TracePhases::cudaKernels()
{
    auto k = [](const char *cat, const QString &name, double ts, double dur, int stream) {
        return u"{\"ph\":\"X\",\"cat\":\"%1\",\"name\":\"%2\",\"pid\":0,\"tid\":%3,\"ts\":%4,\"dur\":%5}"_s
            .arg(QString::fromLatin1(cat), name)
            .arg(stream)
            .arg(ts)
            .arg(dur)
            .toUtf8();
    };
    const auto ds =
        loadBytes(array({k("kernel", u"volta_sgemm_128x64_nn"_s, 0, 10, 7),
                         k("kernel", u"ncclDevKernel_AllReduce_Sum_f32_RING_LL"_s, 5, 20, 28),
                         k("gpu_memcpy", u"Memcpy HtoD (Pageable -> Device)"_s, 30, 10, 7),
                         k("kernel", u"elementwise"_s, 40, 10, 7),
                         k("cpu_op", u"aten::mm"_s, 0, 50, 99)}),
                  u"cuda.json"_s);
    QVERIFY(ds);
    const DeviceTaskSet tasks = classifyDeviceTasks(*ds);
    QCOMPARE(tasks.platform, u"cuda"_s);
    QCOMPARE(qsizetype(tasks.tasks.size()), 4);
    const TracePhasesResult r = computeTracePhases(*ds);
    QVERIFY(r.phases);
    QCOMPARE(r.phases->computingNs, 20000);
    QCOMPARE(r.phases->communicationNs, 20000);
    QCOMPARE(r.phases->overlappedNs, 5000);
    QCOMPARE(r.phases->communicationNotOverlappedNs, 15000);
    QCOMPARE(r.phases->freeNs, 50000 - 20000 - 15000); // 25–40: the copy is free time
}

void tst_TracePhases::ascendTaskTypes_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("engine");
    const int compute = int(DeviceTaskKind::Compute), comm = int(DeviceTaskKind::Communication),
              memory = int(DeviceTaskKind::Memory), other = int(DeviceTaskKind::Other);
    const int unknown = int(DeviceEngine::Unknown), core = int(DeviceEngine::AiCore),
              vec = int(DeviceEngine::AiVector), cpu = int(DeviceEngine::AiCpu);
    QTest::newRow("AI_CORE") << u"AI_CORE"_s << u"Default/Conv2D-op8"_s << compute << core;
    QTest::newRow("MIX_AIV") << u"MIX_AIV"_s << u"FlashAttentionScore"_s << compute << vec;
    QTest::newRow("AI_CPU") << u"AI_CPU"_s << u"aclnnCast_CastAiCpu_Cast"_s << compute << cpu;
    QTest::newRow("NOTIFY_WAIT") << u"NOTIFY_WAIT"_s << u"NOTIFY_WAIT"_s << comm << unknown;
    QTest::newRow("REDUCE") << u"REDUCE_ASYNC_V2"_s << u"REDUCE_ASYNC_V2"_s << comm << unknown;
    QTest::newRow("MEMCPY") << u"MEMCPY_ASYNC"_s << u"MEMCPY_ASYNC"_s << memory << unknown;
    QTest::newRow("EVENT") << u"EVENT_RECORD"_s << u"EVENT_RECORD"_s << other << unknown;
    // Older torch_npu writes "Other" for every task: the name decides.
    QTest::newRow("Other op") << u"Other"_s << u"aclnnAdd_AddAiCore_Add"_s << compute << core;
    QTest::newRow("Other op, no engine")
        << u"Other"_s << u"Conv2DBackpropFilter6_MemSet"_s << compute << unknown;
    QTest::newRow("Other copy") << u"Other"_s << u"MEMCPY_ASYNC"_s << memory << unknown;
    QTest::newRow("no type") << QString() << u"NOTIFY_RECORD"_s << comm << unknown;
}

void tst_TracePhases::ascendTaskTypes()
{
    QFETCH(QString, type);
    QFETCH(QString, name);
    QFETCH(int, kind);
    QFETCH(int, engine);
    const QByteArray t = type.toUtf8(), n = name.toUtf8();
    DeviceTaskKind k{};
    DeviceEngine e{};
    classifyAscendTask(std::string_view(t.constData(), size_t(t.size())),
                       std::string_view(n.constData(), size_t(n.size())),
                       &k,
                       &e);
    QCOMPARE(int(k), kind);
    QCOMPARE(int(e), engine);
}

void tst_TracePhases::argsMembers()
{
    const std::string_view a = R"({"Model Id": 4294967295, "Task Type": "AI_CORE",
        "nested": {"Task Type": "no"}, "esc\"aped": 1, "Input Dims": [[1, 2], []],
        "quoted": "12.5", "s": "a\"b"})";
    QCOMPARE(argsString(a, "Task Type"), std::optional<QString>(u"AI_CORE"_s));
    QCOMPARE(argsNumber(a, "Model Id"), std::optional<double>(4294967295.0));
    QCOMPARE(argsNumber(a, "quoted"), std::optional<double>(12.5));
    QCOMPARE(argsString(a, "s"), std::optional<QString>(u"a\"b"_s));
    QCOMPARE(QString::fromUtf8(argsMember(a, "Input Dims").value_or("").data(),
                               qsizetype(argsMember(a, "Input Dims").value_or("").size())),
             u"[[1, 2], []]"_s);
    QVERIFY(!argsMember(a, "absent"));
    QVERIFY(!argsString(a, "Model Id"));
    // Several numbers in one pass give what argsNumber gives one at a time; the nested and the
    // escaped keys are not top-level matches.
    std::vector<std::optional<double>> values{42.0};
    argsNumbers(a, {"quoted", "absent", "Model Id", "Task Type", "esc\"aped"}, &values);
    QCOMPARE(values.size(), size_t(5));
    QCOMPARE(values[0], std::optional<double>(12.5));
    QVERIFY(!values[1]);
    QCOMPARE(values[2], std::optional<double>(4294967295.0));
    QVERIFY(!values[3]); // a string, not a number
    QVERIFY(!values[4]);
    argsNumbers("{\"quoted\": 3, \"b\": [", {"quoted", "b"}, &values);
    QCOMPARE(values[0], std::optional<double>(3.0)); // found before the damage
    QVERIFY(!values[1]);
    // Broken text never throws and finds nothing past the damage.
    QVERIFY(!argsMember("{\"a\": [1, ", "b"));
    QVERIFY(!argsMember("[1]", "a"));
    QVERIFY(!argsMember("", "a"));
}

// The profiler's own numbers are read back beside ours, never instead of them.
void tst_TracePhases::profilerNumbersReadBack()
{
    ProgressSink progress;
    const Result<TraceDataset> r =
        loadChromeTrace(Source::fromPath(sharedData(u"trace/mstt_advisor_trace_view.json"_s)),
                        {},
                        progress,
                        CancelToken());
    QVERIFY(r.isOk());
    const std::optional<TracePhases> profiler = profilerOverlapPhases(*r.value());
    QVERIFY(profiler);
    // 274 slices: 1788.2505 µs in the JSON text, 1788.267 µs once each dur is rounded to whole ns.
    QCOMPARE(profiler->computingNs, 1788267);
    QCOMPARE(profiler->communicationNs, 0);
    const TracePhasesResult own = computeTracePhases(*r.value());
    QVERIFY(own.phases);
    QVERIFY(std::abs(own.phases->computingNs - profiler->computingNs) <= 1000);
}

QTEST_GUILESS_MAIN(tst_TracePhases)
#include "tst_tracephases.moc"
