#include "common/testdata.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/opstatistics.h"
#include "core/trace/tracetime.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

const QString Good = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/good/");
const QString Broken = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/broken/");
const QString Shared = sharedData(u"trace/"_s);

Result<TraceDataset> load(const Source &source, int threads = 1, qint64 minChunk = 16 << 20)
{
    ProgressSink progress;
    ChromeTraceOptions o;
    o.threads = threads;
    o.minChunkBytes = minChunk;
    return loadChromeTrace(source, o, progress, CancelToken());
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

qint64 threadSlices(const TraceDataset &ds)
{
    qint64 n = 0;
    for (const quint16 f : ds.sliceFlags)
        n += (f & TraceSliceFlag::AsyncSlice) ? 0 : 1;
    return n;
}

// Slices on the tracks of the profiler's "Overlap Analysis" process.
qint64 overlapSlices(const TraceDataset &ds)
{
    qint64 n = 0;
    for (const TraceTrack &t : ds.tracks) {
        if (t.kind == TraceTrackKind::Thread && t.process >= 0 &&
            ds.processes[size_t(t.process)].name == u"Overlap Analysis"_s)
            n += qint64(t.sliceEnd - t.sliceBegin);
    }
    return n;
}

// Lanes hold disjoint spans sorted by start (1 ns of rounding noise allowed): the timeline's
// binary searches depend on it.
bool lanesAreDisjoint(const TraceDataset &ds, QString *why)
{
    for (size_t t = 0; t < ds.tracks.size(); ++t) {
        for (const TraceLane &l : ds.tracks[t].lanes) {
            for (quint32 i = l.begin + 1; i < l.end; ++i) {
                if (ds.sliceStart[i] < ds.sliceStart[i - 1] ||
                    ds.sliceStart[i] < ds.sliceEnd(i - 1) - 1) {
                    *why = ds.trackDisplayName(int(t)) + u" slice "_s + QString::number(i);
                    return false;
                }
            }
        }
    }
    return true;
}

int processIndex(const TraceDataset &ds, const QString &name)
{
    for (int p = 0; p < int(ds.processes.size()); ++p) {
        if (ds.processes[size_t(p)].name == name)
            return p;
    }
    return -1;
}

} // namespace

class TestChromeTraceLoader : public QObject
{
    Q_OBJECT

private slots:
    void timestamps_data();
    void timestamps();
    void fixtures_data();
    void fixtures();
    void smallObjectSemantics();
    void argsOnDemand();
    void sharedTraces_data();
    void sharedTraces();
    void nanosecondPrecision();
    void escapesAtEveryOffset();
    void ascendTraceView();
    void unclosedSlices();
    void parallelMatchesSerial_data();
    void parallelMatchesSerial();
    void prefixSweep_data();
    void prefixSweep();
    void statisticsSelfTime();
    void statisticsRange();
    void statisticsMerge();
    void progress();
    void cancel();
    void inputsUnchanged();
};

void TestChromeTraceLoader::timestamps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("status");
    QTest::addColumn<qint64>("nanos");
    const int ok = int(TimeParse::Ok);
    QTest::newRow("integer") << u"1623143089861"_s << ok << qint64(1623143089861000);
    QTest::newRow("epoch with 3 decimals")
        << u"1712195495519689.047"_s << ok << qint64(1712195495519689047);
    QTest::newRow("4 decimals rounds")
        << u"1704161511420306.4915"_s << ok << qint64(1704161511420306492);
    QTest::newRow("float noise") << u"56635864652.490005"_s << ok << qint64(56635864652490);
    QTest::newRow("fraction") << u"1.1"_s << ok << qint64(1100);
    QTest::newRow("exponent") << u"1e-06"_s << ok << qint64(0);
    QTest::newRow("exponent 2") << u"1.5E3"_s << ok << qint64(1500000);
    QTest::newRow("negative") << u"-2.5"_s << ok << qint64(-2500);
    QTest::newRow("zero") << u"0.000"_s << ok << qint64(0);
    QTest::newRow("nan") << u"NaN"_s << int(TimeParse::NonFinite) << qint64(0);
    QTest::newRow("infinity") << u"-Infinity"_s << int(TimeParse::NonFinite) << qint64(0);
    QTest::newRow("text") << u"abc"_s << int(TimeParse::NotANumber) << qint64(0);
    QTest::newRow("empty") << QString() << int(TimeParse::NotANumber) << qint64(0);
    QTest::newRow("junk after") << u"12x"_s << int(TimeParse::NotANumber) << qint64(0);
    QTest::newRow("overflow") << u"9999999999999999999"_s << int(TimeParse::Overflow) << qint64(0);
    // The edges of the short-token path (16 integer digits, 3 decimals) and what falls past them.
    QTest::newRow("largest short") << u"9223372036854775.807"_s << ok << qint64(INT64_MAX);
    QTest::newRow("short overflow")
        << u"9223372036854775.808"_s << int(TimeParse::Overflow) << qint64(0);
    QTest::newRow("17 digits") << u"12345678901234567"_s << int(TimeParse::Overflow) << qint64(0);
    QTest::newRow("2 decimals") << u"5.12"_s << ok << qint64(5120);
    QTest::newRow("negative fraction") << u"-0.5"_s << ok << qint64(-500);
    QTest::newRow("leading zeros") << u"0007.001"_s << ok << qint64(7001);
    QTest::newRow("point, no decimals") << u"3."_s << ok << qint64(3000);
    QTest::newRow("bare point") << u"."_s << int(TimeParse::NotANumber) << qint64(0);
    QTest::newRow("minus only") << u"-"_s << int(TimeParse::NotANumber) << qint64(0);
    QTest::newRow("plus sign") << u"+4"_s << ok << qint64(4000);
    QTest::newRow("junk after decimals") << u"1.5x"_s << int(TimeParse::NotANumber) << qint64(0);
}

void TestChromeTraceLoader::timestamps()
{
    QFETCH(QString, text);
    QFETCH(int, status);
    QFETCH(qint64, nanos);
    const QByteArray utf8 = text.toUtf8();
    qint64 got = 0;
    QCOMPARE(int(parseMicrosToNanos(std::string_view(utf8.constData(), size_t(utf8.size())), &got)),
             status);
    if (status == int(TimeParse::Ok))
        QCOMPARE(got, nanos);
}

void TestChromeTraceLoader::fixtures_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<qint64>("slices");
    QTest::addColumn<QStringList>("warnings"); // "kind=count"

    QTest::newRow("good object") << Good + u"small_object.json"_s << true << QString() << QString()
                                 << qint64(-1) << qint64(6)
                                 << QStringList{u"unsupported_phase=1"_s};
    QTest::newRow("good gzip") << Good + u"small_object.json.gz"_s << true << QString() << QString()
                               << qint64(-1) << qint64(6) << QStringList{u"unsupported_phase=1"_s};
    QTest::newRow("good bare array") << Good + u"bare_array.json"_s << true << QString()
                                     << QString() << qint64(-1) << qint64(60) << QStringList{};
    QTest::newRow("empty") << Broken + u"empty.json"_s << false << u"empty_file"_s << u"empty"_s
                           << qint64(-1) << qint64(0) << QStringList{};
    QTest::newRow("wrong magic") << Broken + u"wrong_magic.json.gz"_s << false
                                 << u"unknown_format"_s << u"50 4B 03 04"_s << qint64(-1)
                                 << qint64(0) << QStringList{};
    QTest::newRow("truncated gzip")
        << Broken + u"truncated.json.gz"_s << true << QString() << QString() << qint64(-1)
        << qint64(34) << QStringList{u"truncated_gzip=1"_s, u"truncated=1"_s};
    QTest::newRow("truncated json")
        << Broken + u"truncated.json"_s << true << QString() << QString() << qint64(-1)
        << qint64(30) << QStringList{u"truncated=1"_s};
    QTest::newRow("trailing commas")
        << Broken + u"trailing_comma.json"_s << true << QString() << QString() << qint64(-1)
        << qint64(2) << QStringList{u"trailing_comma=4"_s};
    QTest::newRow("unmatched B/E")
        << Broken + u"unmatched_be.json"_s << true << QString() << QString() << qint64(-1)
        << qint64(2) << QStringList{u"unmatched_begin=1"_s, u"unmatched_end=1"_s};
    QTest::newRow("bad types") << Broken + u"bad_types.json"_s << true << QString() << QString()
                               << qint64(-1) << qint64(2)
                               << QStringList{u"missing_ts=2"_s,
                                              u"bad_dur=1"_s,
                                              u"negative_dur=1"_s,
                                              u"unsupported_phase=1"_s,
                                              u"odd_pid_tid=2"_s};
    QTest::newRow("junk after") << Broken + u"junk_after.json"_s << true << QString() << QString()
                                << qint64(-1) << qint64(1) << QStringList{u"trailing_junk=1"_s};
    QTest::newRow("bad UTF-8 and raw tab")
        << Broken + u"bad_utf8.json"_s << true << QString() << QString() << qint64(-1) << qint64(3)
        << QStringList{u"invalid_utf8=1"_s, u"control_characters=1"_s};
    QTest::newRow("duplicate keys")
        << Broken + u"duplicate_key.json"_s << true << QString() << QString() << qint64(-1)
        << qint64(2) << QStringList{u"duplicate_key=2"_s};
    QTest::newRow("partial overlap") << Broken + u"overlap.json"_s << true << QString() << QString()
                                     << qint64(-1) << qint64(3) << QStringList{u"overlap=1"_s};
    QTest::newRow("no traceEvents")
        << Broken + u"no_trace_events.json"_s << false << u"unknown_format"_s << u"traceEvents"_s
        << qint64(1) << qint64(0) << QStringList{};
    QTest::newRow("bad syntax object")
        << Broken + u"bad_syntax.json"_s << false << u"malformed"_s << u"expected ',' or '}'"_s
        << qint64(3) << qint64(0) << QStringList{};
    QTest::newRow("bad syntax array")
        << Broken + u"bad_syntax_array.json"_s << false << u"malformed"_s
        << u"expected ',' or ']'"_s << qint64(2) << qint64(0) << QStringList{};
    QTest::newRow("missing file") << Broken + u"missing.json"_s << false << u"not_found"_s
                                  << u"exist"_s << qint64(-1) << qint64(0) << QStringList{};
    QTest::newRow("csv") << Shared + u"mstt_compute_advice_kernel_details_small.csv"_s << false
                         << u"unknown_format"_s << u"not a chrome trace"_s << qint64(1) << qint64(0)
                         << QStringList{};
}

void TestChromeTraceLoader::fixtures()
{
    QFETCH(QString, path);
    QFETCH(bool, ok);
    QFETCH(QString, code);
    QFETCH(QString, message);
    QFETCH(qint64, line);
    QFETCH(qint64, slices);
    QFETCH(QStringList, warnings);
    const Result<TraceDataset> r = load(Source::fromPath(path));
    QCOMPARE(r.isOk(), ok);
    if (!ok) {
        QCOMPARE(errorCodeId(r.error().code), code);
        QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
        QCOMPARE(r.error().file, path);
        if (line >= 0) {
            QCOMPARE(r.error().line, line);
            QVERIFY(r.error().offset >= 0);
        }
        return;
    }
    QCOMPARE(threadSlices(*r.value()), slices);
    QCOMPARE(r.diagnostics().entries().size(), warnings.size());
    for (const QString &w : warnings) {
        const QString kind = w.section(u'=', 0, 0);
        QCOMPARE(r.diagnostics().count(kind), w.section(u'=', 1).toLongLong());
    }
    QString why;
    QVERIFY2(lanesAreDisjoint(*r.value(), &why), qPrintable(why));
}

void TestChromeTraceLoader::smallObjectSemantics()
{
    const Result<TraceDataset> r = load(Source::fromPath(Good + u"small_object.json"_s));
    QVERIFY(r.isOk());
    const TraceDataset &ds = *r.value();
    // baseTimeNanoseconds comes after traceEvents and is added to every timestamp.
    QCOMPARE(ds.baseTimeNs, qint64(1700000000000000000));
    QCOMPARE(ds.firstNs, qint64(1700000000000000000) + 1000000);
    QCOMPARE(ds.displayTimeUnit, u"ns"_s);
    // Process order follows process_sort_index: Device (-1) before Host (pid 1, index 1).
    QCOMPARE(ds.processes.size(), size_t(2));
    QCOMPARE(ds.processes[0].name, u"Device"_s);
    QCOMPARE(ds.processes[1].name, u"Host"_s);
    // Host main thread: step (depth 0) holds matmul (depth 1) holds launch (depth 2); add at
    // depth 1.
    const int host = processIndex(ds, u"Host"_s);
    int main = -1;
    for (const int t : ds.processes[size_t(host)].tracks) {
        if (ds.trackDisplayName(t) == u"main"_s)
            main = t;
    }
    QVERIFY(main >= 0);
    const TraceTrack &mt = ds.tracks[size_t(main)];
    QCOMPARE(mt.lanes.size(), size_t(3));
    QCOMPARE(mt.lanes[0].end - mt.lanes[0].begin, 1u);
    QCOMPARE(mt.lanes[1].end - mt.lanes[1].begin, 2u);
    QCOMPARE(ds.strings.string(ds.sliceName[mt.lanes[2].begin]), u"launch"_s);
    QCOMPARE(mt.instantEnd - mt.instantBegin, 1u);
    // Flow: s inside "launch" on the host, f with bp:"e" inside "kernel" on the device.
    QCOMPARE(ds.flows.size(), size_t(1));
    QCOMPARE(ds.strings.string(ds.sliceName[ds.flows[0].fromSlice]), u"launch"_s);
    QCOMPARE(ds.strings.string(ds.sliceName[ds.flows[0].toSlice]), u"kernel"_s);
    QCOMPARE(ds.sliceDuration[ds.flows[0].toSlice], qint64(4250));
    // Counters: one track per series.
    int counterTracks = 0;
    for (const TraceTrack &t : ds.tracks)
        counterTracks += t.kind == TraceTrackKind::Counter ? 1 : 0;
    QCOMPARE(counterTracks, 2);
    QCOMPARE(ds.counterTs.size(), size_t(4));
    // Async span req: 8 µs on its own track.
    bool async = false;
    for (size_t i = 0; i < ds.sliceFlags.size(); ++i) {
        if (ds.sliceFlags[i] & TraceSliceFlag::AsyncSlice) {
            async = true;
            QCOMPARE(ds.sliceDuration[i], qint64(8000));
        }
    }
    QVERIFY(async);
    QCOMPARE(ds.eventsByPhase.value(u"P"_s), qint64(1));
}

void TestChromeTraceLoader::argsOnDemand()
{
    for (const QString &file : {u"small_object.json"_s, u"small_object.json.gz"_s}) {
        const Result<TraceDataset> r = load(Source::fromPath(Good + file));
        QVERIFY(r.isOk());
        const TraceDataset &ds = *r.value();
        bool found = false;
        for (quint32 i = 0; i < quint32(ds.sliceCount()); ++i) {
            if (ds.strings.string(ds.sliceName[i]) != u"matmul"_s)
                continue;
            const QByteArray args = ds.sliceArgs(i);
            const QJsonObject o = QJsonDocument::fromJson(args).object();
            QCOMPARE(o.value(u"note"_s).toString(), u"a \"quoted\" }, {  text"_s);
            found = true;
        }
        QVERIFY(found);
    }
}

void TestChromeTraceLoader::sharedTraces_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : sharedFiles(u"trace"_s, {u"*.json"_s, u"*.json.gz"_s}))
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestChromeTraceLoader::sharedTraces()
{
    QFETCH(QString, path);
    const Result<TraceDataset> r = load(Source::fromPath(path), 2);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const TraceDataset &ds = *r.value();
    QString why;
    QVERIFY2(lanesAreDisjoint(ds, &why), qPrintable(why));
    QVERIFY(ds.lastNs >= ds.firstNs);
    QVERIFY(ds.sliceStart.size() * 38 <= size_t(ds.memoryBytes()));
    // Every bound flow end lies inside (or, for f without bp:"e", at the start of) its slice.
    for (const TraceFlow &f : ds.flows) {
        if (f.fromSlice != TraceFlow::Unbound) {
            QVERIFY(ds.sliceStart[f.fromSlice] <= f.fromNs);
            QVERIFY(ds.sliceEnd(f.fromSlice) >= f.fromNs);
        }
    }
    // Statistics of every track cover every thread slice once; by default the profiler's
    // "Overlap Analysis" pseudo-slices are left out, and host + device make up the rest.
    OpStatisticsQuery all;
    all.scope = OpStatisticsQuery::Scope::All;
    QCOMPARE(computeOpStatistics(ds, all).slices, threadSlices(ds));
    const OpStatistics stats = computeOpStatistics(ds);
    QCOMPARE(stats.slices, threadSlices(ds) - overlapSlices(ds));
    OpStatisticsQuery host, device;
    host.scope = OpStatisticsQuery::Scope::Host;
    device.scope = OpStatisticsQuery::Scope::Device;
    QCOMPARE(computeOpStatistics(ds, host).slices + computeOpStatistics(ds, device).slices,
             stats.slices);
    for (const OpStatisticsRow &row : stats.rows)
        QVERIFY2(row.name != u"Free"_s && row.name != u"Computing"_s, qPrintable(row.name));
    for (const OpStatisticsRow &row : stats.rows) {
        QVERIFY(row.selfNs <= row.totalNs);
        QVERIFY(row.minNs <= row.maxNs);
        QVERIFY(row.maxNs <= row.totalNs);
    }
}

// The string scan reads 16 bytes at a time for the first quote or backslash (issue #28): an
// escaped quote or backslash at every offset of a name across those blocks, and a name ending
// right at a block edge, must decode as before.
void TestChromeTraceLoader::escapesAtEveryOffset()
{
    QByteArray json = "[";
    QStringList expected;
    for (int at = 0; at < 40; ++at) {
        for (const char *escape : {"\\\"", "\\\\", "\\u00e9"}) {
            const QByteArray head(at, 'a');
            const QByteArray name = head + escape + "z";
            json +=
                "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(expected.size()) +
                ",\"dur\":0.5,\"name\":\"" + name + "\"},";
            const QString decoded = QString::fromLatin1(head) +
                                    (escape[1] == '"'    ? u"\""_s
                                     : escape[1] == '\\' ? u"\\"_s
                                                         : u"\u00e9"_s) +
                                    u"z"_s;
            expected << decoded;
        }
        const QByteArray plain(at, 'b'); // no escape: the scan ends at the quote
        json += "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(expected.size()) +
                ",\"dur\":0.5,\"name\":\"" + plain + "\"},";
        expected << QString::fromLatin1(plain);
    }
    json.chop(1);
    json += "]";
    const Result<TraceDataset> r = load(Source::fromBytes(json, u"escapes.json"_s));
    QVERIFY(r.isOk());
    const TraceDataset &ds = *r.value();
    QCOMPARE(qsizetype(ds.sliceName.size()), expected.size());
    // One thread track, slices in time order: slice i is the i-th event.
    for (qsizetype i = 0; i < expected.size(); ++i)
        QCOMPARE(ds.strings.string(ds.sliceName[size_t(i)]), expected[i]);
}

void TestChromeTraceLoader::nanosecondPrecision()
{
    // Read exactly, the HTA ns trace has no partial overlaps; through doubles it shows 668
    // (docs/FORMATS.md §1).
    const Result<TraceDataset> r = load(
        Source::fromPath(Shared + u"hta_ns_resolution_rank-0.Apr_03_18_51_38.1102.pt.trace.json"_s),
        2);
    QVERIFY(r.isOk());
    QCOMPARE(r.diagnostics().count(u"overlap"_s), qint64(0));
    const Result<TraceDataset> ns = load(Source::fromPath(Shared + u"catapult_nanoseconds.json"_s));
    QVERIFY(ns.isOk());
    bool found = false;
    for (quint32 i = 0; i < quint32(ns.value()->sliceCount()); ++i) {
        if (ns.value()->strings.string(ns.value()->sliceName[i]) == u"us1"_s) {
            QCOMPARE(ns.value()->sliceDuration[i], qint64(1100));
            found = true;
        }
    }
    QVERIFY(found);
    // baseTimeNanoseconds: absolute ns = base + ts * 1000.
    const Result<TraceDataset> nccl = load(Source::fromPath(Shared + u"hta_nccl_data.json.gz"_s));
    QVERIFY(nccl.isOk());
    QCOMPARE(nccl.value()->baseTimeNs, qint64(1711964646000000000));
    QVERIFY(nccl.value()->firstNs > qint64(1711964646000000000));
}

void TestChromeTraceLoader::ascendTraceView()
{
    const Result<TraceDataset> r =
        load(Source::fromPath(Shared + u"mstt_advisor_trace_view.json"_s));
    QVERIFY(r.isOk());
    const TraceDataset &ds = *r.value();
    QCOMPARE(ds.producer, u"torch_npu"_s);
    const int python = processIndex(ds, u"Python"_s);
    const int cann = processIndex(ds, u"CANN"_s);
    const int npu = processIndex(ds, u"Ascend Hardware"_s);
    QVERIFY(python >= 0 && cann >= 0 && npu >= 0);
    // Host-to-device flows: from a Python or CANN slice to an Ascend Hardware slice.
    int hostToDevice = 0;
    for (const TraceFlow &f : ds.flows) {
        if (f.fromSlice == TraceFlow::Unbound || f.toSlice == TraceFlow::Unbound)
            continue;
        const int from = ds.tracks[size_t(f.fromTrack)].process;
        const int to = ds.tracks[size_t(f.toTrack)].process;
        if ((from == python || from == cann) && to == npu)
            ++hostToDevice;
    }
    QVERIFY2(hostToDevice > 100, qPrintable(QString::number(hostToDevice)));
    // The pid above 2^32 survives as text.
    bool bigPid = false;
    for (const TraceProcess &p : ds.processes)
        bigPid = bigPid || ds.strings.string(p.pid) == u"4376751100"_s;
    QVERIFY(bigPid);
}

void TestChromeTraceLoader::unclosedSlices()
{
    const Result<TraceDataset> r =
        load(Source::fromPath(Shared + u"catapult_main_thread_has_unclosed_slices.json"_s));
    QVERIFY(r.isOk());
    QCOMPARE(r.diagnostics().count(u"unmatched_begin"_s), qint64(4));
    qint64 flagged = 0;
    for (const quint16 f : r.value()->sliceFlags)
        flagged += (f & TraceSliceFlag::DidNotFinish) ? 1 : 0;
    QCOMPARE(flagged, qint64(4));
    const Result<TraceDataset> lthi =
        load(Source::fromPath(Shared + u"catapult_lthi_cats.json.gz"_s));
    QVERIFY(lthi.isOk());
    QCOMPARE(lthi.diagnostics().count(u"unmatched_begin"_s), qint64(1));
    QCOMPARE(lthi.diagnostics().count(u"unmatched_end"_s), qint64(1));
    QCOMPARE(lthi.diagnostics().count(u"missing_dur"_s), qint64(13));
}

void TestChromeTraceLoader::parallelMatchesSerial_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("hta ns trace") << readAll(
        Shared + u"hta_ns_resolution_rank-0.Apr_03_18_51_38.1102.pt.trace.json"_s);
    QTest::newRow("ascend trace view") << readAll(Shared + u"mstt_advisor_trace_view.json"_s);
    // Strings full of "}, {" make most boundary guesses wrong; the chain check must catch them.
    QByteArray tricky = "[";
    for (int i = 0; i < 4000; ++i) {
        tricky += "{\"ph\": \"X\", \"name\": \"n" + QByteArray::number(i % 7) +
                  "\", \"pid\": 1, \"tid\": " + QByteArray::number(i % 3) +
                  ", \"ts\": " + QByteArray::number(i * 10) + ", \"dur\": 5, " +
                  "\"args\": {\"s\": \"}, {\\\"ph\\\": \\\"X\\\"}, {\", \"a\": [{}, {\"b\": \"}, "
                  "{\"}]}},\n";
    }
    tricky.chop(2);
    tricky += "]";
    QTest::newRow("tricky strings") << tricky;
}

void TestChromeTraceLoader::parallelMatchesSerial()
{
    QFETCH(QByteArray, bytes);
    QVERIFY(!bytes.isEmpty());
    const Result<TraceDataset> one = load(Source::fromBytes(bytes, u"serial"_s), 1);
    const Result<TraceDataset> many = load(Source::fromBytes(bytes, u"parallel"_s), 2, 4096);
    QVERIFY(one.isOk() && many.isOk());
    const TraceDataset &a = *one.value();
    const TraceDataset &b = *many.value();
    QCOMPARE(a.sliceStart, b.sliceStart);
    QCOMPARE(a.sliceDuration, b.sliceDuration);
    QCOMPARE(a.sliceFlags, b.sliceFlags);
    QCOMPARE(a.flows.size(), b.flows.size());
    QCOMPARE(a.instantTs, b.instantTs);
    QCOMPARE(a.counterValue, b.counterValue);
    QCOMPARE(a.tracks.size(), b.tracks.size());
    for (size_t i = 0; i < a.sliceName.size(); ++i)
        QCOMPARE(a.strings.view(a.sliceName[i]), b.strings.view(b.sliceName[i]));
    QCOMPARE(a.eventsByPhase, b.eventsByPhase);
}

void TestChromeTraceLoader::prefixSweep_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("object form") << Good + u"small_object.json"_s;
    QTest::newRow("bare array") << Good + u"bare_array.json"_s;
    QTest::newRow("ascend trace view") << Shared + u"mstt_advisor_trace_view.json"_s;
    QTest::newRow("gzip") << Good + u"small_object.json.gz"_s;
}

void TestChromeTraceLoader::prefixSweep()
{
    QFETCH(QString, path);
    const QByteArray full = readAll(path);
    const Result<TraceDataset> whole = load(Source::fromBytes(full, path));
    QVERIFY(whole.isOk());
    const qint64 all = whole.value()->sliceCount();
    const int cuts = 100;
    qint64 previous = -1;
    int loaded = 0;
    for (int k = 0; k <= cuts; ++k) {
        const qsizetype n = full.size() * k / cuts;
        const Result<TraceDataset> r = load(Source::fromBytes(full.left(n), path), 2, 512);
        if (r.isFailed()) {
            // A cut that leaves no event array fails cleanly, with a location.
            QVERIFY(!r.error().message.isEmpty());
            continue;
        }
        QVERIFY(r.isOk());
        ++loaded;
        const qint64 slices = r.value()->sliceCount();
        QVERIFY(slices <= all);
        if (k < cuts && !path.endsWith(u".gz"_s)) {
            QVERIFY2(r.diagnostics().count(u"truncated"_s) == 1, qPrintable(QString::number(n)));
            // Longer prefixes never keep fewer thread slices (unclosed B/E aside, none here).
            QVERIFY(slices >= previous);
        }
        previous = slices;
        QString why;
        QVERIFY2(lanesAreDisjoint(*r.value(), &why), qPrintable(why));
    }
    QVERIFY(loaded > cuts / 2);
    QCOMPARE(previous, all);
}

void TestChromeTraceLoader::statisticsSelfTime()
{
    const Result<TraceDataset> r = load(Source::fromPath(Good + u"small_object.json"_s));
    QVERIFY(r.isOk());
    const OpStatistics s = computeOpStatistics(*r.value());
    auto row = [&](const QString &name) {
        for (const OpStatisticsRow &x : s.rows) {
            if (x.name == name)
                return x;
        }
        return OpStatisticsRow();
    };
    // step 10 µs holds matmul 3 µs and add 2 µs; matmul holds launch 1 µs.
    QCOMPARE(row(u"step"_s).totalNs, qint64(10000));
    QCOMPARE(row(u"step"_s).selfNs, qint64(5000));
    QCOMPARE(row(u"matmul"_s).selfNs, qint64(2000));
    QCOMPARE(row(u"launch"_s).selfNs, qint64(1000));
    QCOMPARE(row(u"io"_s).totalNs, qint64(6000));
    QCOMPARE(row(u"kernel"_s).totalNs, qint64(4250));
    QCOMPARE(s.rows.front().name, u"step"_s);
    OpStatisticsQuery byCategory;
    byCategory.groupBy = OpStatisticsQuery::GroupBy::Category;
    const OpStatistics c = computeOpStatistics(*r.value(), byCategory);
    for (const OpStatisticsRow &x : c.rows) {
        if (x.category == u"op"_s) {
            QCOMPARE(x.count, qint64(2));
            QCOMPARE(x.totalNs, qint64(5000));
        }
    }
}

void TestChromeTraceLoader::statisticsMerge()
{
    const Result<TraceDataset> a = load(Source::fromPath(Good + u"small_object.json"_s));
    const Result<TraceDataset> b = load(Source::fromPath(Shared + u"catapult_flow_simple.json"_s));
    QVERIFY(a.isOk() && b.isOk());
    const OpStatistics sa = computeOpStatistics(*a.value());
    const OpStatistics sb = computeOpStatistics(*b.value());
    const OpStatistics twice = mergeOpStatistics({sa, sa});
    QCOMPARE(twice.rows.size(), sa.rows.size());
    QCOMPARE(twice.rows.front().totalNs, 2 * sa.rows.front().totalNs);
    QCOMPARE(twice.rows.front().maxNs, sa.rows.front().maxNs);
    QCOMPARE(twice.rangeNs, 2 * sa.rangeNs);
    const OpStatistics both = mergeOpStatistics({sa, sb});
    QCOMPARE(both.slices, sa.slices + sb.slices);
    for (size_t i = 1; i < both.rows.size(); ++i)
        QVERIFY(both.rows[i - 1].totalNs >= both.rows[i].totalNs);
}

void TestChromeTraceLoader::statisticsRange()
{
    const Result<TraceDataset> r = load(Source::fromPath(Good + u"small_object.json"_s));
    QVERIFY(r.isOk());
    const TraceDataset &ds = *r.value();
    OpStatisticsQuery q;
    q.fromNs = ds.firstNs + 1000000 + 2000; // 1002 µs relative
    q.toNs = ds.firstNs + 1000000 + 6000;
    // shift: firstNs is 1000 µs after base
    q.fromNs = ds.firstNs + 2000;
    q.toNs = ds.firstNs + 6000;
    const OpStatistics s = computeOpStatistics(ds, q);
    QCOMPARE(s.rangeNs, qint64(4000));
    for (const OpStatisticsRow &x : s.rows) {
        QVERIFY(x.totalNs <= x.count * 4000);
        if (x.name == u"step"_s) {
            QCOMPARE(x.totalNs, qint64(4000));
            // matmul clipped to 1002..1004.5 = 2.5 µs; add 1005..1006 = 1 µs
            QCOMPARE(x.selfNs, qint64(500));
        }
    }
    // Track subset: only the device track.
    OpStatisticsQuery device;
    for (int t = 0; t < int(ds.tracks.size()); ++t) {
        if (ds.tracks[size_t(t)].process == processIndex(ds, u"Device"_s))
            device.tracks.push_back(t);
    }
    const OpStatistics d = computeOpStatistics(ds, device);
    QCOMPARE(d.rows.size(), size_t(1));
    QCOMPARE(d.rows[0].name, u"kernel"_s);
}

void TestChromeTraceLoader::progress()
{
    QList<int> seen;
    ProgressSink sink([&](int permille, const QString &stage) {
        QVERIFY(!stage.isEmpty());
        seen << permille;
    });
    ChromeTraceOptions o;
    o.threads = 1;
    const Result<TraceDataset> r = loadChromeTrace(
        Source::fromPath(Shared + u"kineto_resnet50_nw0_worker0.1623143089861.pt.trace.json.gz"_s),
        o,
        sink,
        CancelToken());
    QVERIFY(r.isOk());
    QVERIFY(seen.size() >= 3);
    QCOMPARE(seen.last(), 1000);
    for (int i = 1; i < seen.size(); ++i)
        QVERIFY(seen[i] >= seen[i - 1]);
}

void TestChromeTraceLoader::cancel()
{
    CancelToken token = CancelToken::create();
    token.cancel();
    ProgressSink progress;
    const Result<TraceDataset> r = loadChromeTrace(
        Source::fromPath(Shared + u"hta_ns_resolution_rank-0.Apr_03_18_51_38.1102.pt.trace.json"_s),
        ChromeTraceOptions(),
        progress,
        token);
    QVERIFY(r.isCanceled());
    QVERIFY(!r.value());
}

void TestChromeTraceLoader::inputsUnchanged()
{
    // Loading never writes: the fixtures hash the same afterwards.
    const QStringList files = QDir(Broken).entryList(QDir::Files);
    for (const QString &f : files) {
        const QByteArray before =
            QCryptographicHash::hash(readAll(Broken + f), QCryptographicHash::Sha256);
        (void)load(Source::fromPath(Broken + f), 2, 64);
        QCOMPARE(QCryptographicHash::hash(readAll(Broken + f), QCryptographicHash::Sha256), before);
    }
}

QTEST_GUILESS_MAIN(TestChromeTraceLoader)
#include "tst_chrometraceloader.moc"
