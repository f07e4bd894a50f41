// Runs the real twinscope-cli on every chrome trace in the shared data and checks its counts and
// its top op against an independent reading of the same file with QJsonDocument.
#include "common/testdata.h"
#include "core/common/bytesource.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace {

QByteArray readMaybeGzip(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray bytes = f.readAll();
    if (bytes.startsWith("\x1f\x8b")) {
        Twinscope::Core::Diagnostics d;
        bytes = Twinscope::Core::inflateGzip(
                    std::string_view(bytes.constData(), size_t(bytes.size())), path, &d)
                    .data;
    }
    return bytes;
}

// Independent reading: QJsonDocument and doubles. Good enough for counts and for which name has
// the largest total; the loader itself parses times exactly.
struct Expected
{
    qint64 slices = 0;
    QString topName;
    double topTotalUs = 0;
    QHash<QString, double> totals;
};

Expected independent(const QByteArray &json)
{
    Expected ex;
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    const QJsonArray events =
        doc.isArray() ? doc.array() : doc.object().value(u"traceEvents"_s).toArray();
    auto number = [](const QJsonValue &v) {
        return v.isString() ? v.toString().toDouble() : v.toDouble();
    };
    auto key = [](const QJsonObject &e) {
        auto text = [](const QJsonValue &v) {
            return v.isString() ? v.toString() : QString::number(v.toDouble(), 'f', 0);
        };
        return text(e.value(u"pid"_s)) + u'/' + text(e.value(u"tid"_s));
    };
    struct Mark
    {
        double ts;
        QString name;
        bool begin;
        int order;
    };
    std::map<QString, std::vector<Mark>> beginEnd;
    std::map<QString, double> trackLast;
    int order = 0;
    // The profiler's "Overlap Analysis" pseudo-slices are not ops: the statistics leave them out
    // (they are still slices).
    QSet<QString> overlapPids;
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(u"ph"_s).toString() == u"M"_s &&
            e.value(u"name"_s).toString() == u"process_name"_s &&
            e.value(u"args"_s).toObject().value(u"name"_s).toString() == u"Overlap Analysis"_s)
            overlapPids.insert(key(e).section(u'/', 0, 0));
    }
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value(u"ph"_s).toString();
        if (!e.contains(u"ts"_s))
            continue;
        if (overlapPids.contains(key(e).section(u'/', 0, 0))) {
            ex.slices += ph == u"X"_s || ph == u"B"_s ? 1 : 0;
            continue;
        }
        const double ts = number(e.value(u"ts"_s));
        if (ph == u"X"_s) {
            const double dur = number(e.value(u"dur"_s));
            ++ex.slices;
            ex.totals[e.value(u"name"_s).toString()] += dur;
            double &last = trackLast[key(e)];
            last = std::max(last, ts + dur);
        } else if (ph == u"B"_s || ph == u"E"_s) {
            if (ph == u"B"_s)
                ++ex.slices;
            beginEnd[key(e)].push_back({ts, e.value(u"name"_s).toString(), ph == u"B"_s, order++});
            double &last = trackLast[key(e)];
            last = std::max(last, ts);
        }
    }
    for (auto &[track, marks] : beginEnd) {
        std::stable_sort(
            marks.begin(), marks.end(), [](const Mark &a, const Mark &b) { return a.ts < b.ts; });
        std::vector<Mark> open;
        for (const Mark &m : marks) {
            if (m.begin) {
                open.push_back(m);
            } else if (!open.empty()) {
                ex.totals[open.back().name] += m.ts - open.back().ts;
                open.pop_back();
            }
        }
        for (const Mark &m : open)
            ex.totals[m.name] += std::max(0.0, trackLast[track] - m.ts);
    }
    for (auto it = ex.totals.cbegin(); it != ex.totals.cend(); ++it) {
        if (it.value() > ex.topTotalUs || (it.value() == ex.topTotalUs && it.key() < ex.topName)) {
            ex.topTotalUs = it.value();
            ex.topName = it.key();
        }
    }
    return ex;
}

QJsonObject runCli(const QStringList &args, int *exitCode, QByteArray *err = nullptr)
{
    QProcess p;
    p.start(QStringLiteral(TWINSCOPE_CLI), args);
    if (!p.waitForFinished(120000))
        return {};
    *exitCode = p.exitCode();
    if (err)
        *err = p.readAllStandardError();
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

} // namespace

class TestCliTrace : public QObject
{
    Q_OBJECT

private slots:
    void everySharedTrace_data();
    void everySharedTrace();
    void repairedFiles_data();
    void repairedFiles();
    void notATrace_data();
    void notATrace();
    void usage();
    void opsScope();
    void severalFiles();
    void folderOfRanks();
    void stepsAndPhases();
    void separateRunsAligned();
    void folderListsSkipped();
};

void TestCliTrace::everySharedTrace_data()
{
    QTest::addColumn<QString>("path");
    const QStringList files = sharedFiles(u"trace"_s, {u"*.json"_s, u"*.json.gz"_s});
    for (const QString &path : files)
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    // After the rows: a failure here returns, and a data table without rows aborts in QFETCH.
    QVERIFY(files.size() >= 25);
}

void TestCliTrace::everySharedTrace()
{
    QFETCH(QString, path);
    int code = -1;
    const QJsonObject o = runCli({u"trace"_s, u"--json"_s, path}, &code);
    QCOMPARE(code, 0);
    QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
    for (const QString &k : {u"files"_s,
                             u"slices"_s,
                             u"instants"_s,
                             u"counter_samples"_s,
                             u"flows"_s,
                             u"processes"_s,
                             u"tracks"_s,
                             u"span_us"_s,
                             u"load_seconds"_s,
                             u"top"_s})
        QVERIFY2(o.contains(k), qPrintable(k));
    const QJsonObject file = o.value(u"files"_s).toArray().at(0).toObject();
    for (const QString &k : {u"path"_s, u"producer"_s, u"events_by_phase"_s, u"warnings"_s})
        QVERIFY2(file.contains(k), qPrintable(k));

    const Expected ex = independent(readMaybeGzip(path));
    QCOMPARE(qint64(o.value(u"slices"_s).toDouble()), ex.slices);
    const QJsonObject phases = file.value(u"events_by_phase"_s).toObject();
    QCOMPARE(qint64(o.value(u"slices"_s).toDouble()),
             qint64(phases.value(u"X"_s).toDouble() + phases.value(u"B"_s).toDouble()));
    const QJsonArray top = o.value(u"top"_s).toArray();
    if (ex.slices == 0) {
        QVERIFY(top.isEmpty());
        return;
    }
    QVERIFY(!top.isEmpty());
    const QJsonObject first = top.at(0).toObject();
    const double total = first.value(u"total_us"_s).toDouble();
    // Ties (and doubles) aside, the names must agree; with a tie the totals must.
    if (first.value(u"name"_s).toString() != ex.topName)
        QVERIFY2(qAbs(total - ex.topTotalUs) <= 1e-3 * std::max(1.0, ex.topTotalUs),
                 qPrintable(first.value(u"name"_s).toString() + u" vs "_s + ex.topName));
    QVERIFY2(qAbs(total - ex.topTotalUs) <= 1e-6 * std::max(1.0, ex.topTotalUs) + 0.01,
             qPrintable(QString::number(total, 'f', 3) + u" vs "_s +
                        QString::number(ex.topTotalUs, 'f', 3)));
    QVERIFY(first.value(u"count"_s).toDouble() >= 1);
    QVERIFY(first.value(u"self_us"_s).toDouble() <= total + 1e-9);
    QVERIFY(first.value(u"max_us"_s).toDouble() <= total + 1e-9);
}

void TestCliTrace::repairedFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("slices");
    const QString broken = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/broken/");
    QTest::newRow("truncated") << broken + u"truncated.json"_s << u"truncated"_s << 1 << 30;
    QTest::newRow("truncated gzip")
        << broken + u"truncated.json.gz"_s << u"truncated_gzip"_s << 1 << 34;
    QTest::newRow("trailing commas")
        << broken + u"trailing_comma.json"_s << u"trailing_comma"_s << 4 << 2;
    QTest::newRow("unmatched B/E")
        << broken + u"unmatched_be.json"_s << u"unmatched_begin"_s << 1 << 2;
}

void TestCliTrace::repairedFiles()
{
    // Repaired loads exit 0 and list each repair with its count and first location.
    QFETCH(QString, path);
    QFETCH(QString, kind);
    QFETCH(int, count);
    QFETCH(int, slices);
    int code = -1;
    const QJsonObject o = runCli({u"trace"_s, u"--json"_s, path}, &code);
    QCOMPARE(code, 0);
    QCOMPARE(o.value(u"slices"_s).toInt(), slices);
    bool found = false;
    for (const QJsonValue &w :
         o.value(u"files"_s).toArray().at(0).toObject().value(u"warnings"_s).toArray()) {
        const QJsonObject warning = w.toObject();
        if (warning.value(u"kind"_s).toString() != kind)
            continue;
        found = true;
        QCOMPARE(warning.value(u"count"_s).toInt(), count);
        QVERIFY(!warning.value(u"message"_s).toString().isEmpty());
        QVERIFY(warning.value(u"first"_s).toObject().value(u"offset"_s).toDouble() >= 0);
    }
    QVERIFY2(found, qPrintable(kind));
}

void TestCliTrace::notATrace_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("kernel_details csv")
        << sharedData(u"trace/mstt_advisor_kernel_details.csv"_s) << u"not a chrome trace"_s;
    QTest::newRow("missing") << QStringLiteral(TWINSCOPE_TEST_DATA "/trace/does_not_exist.json")
                             << u"does not exist"_s;
    QTest::newRow("truncated JSON object")
        << QStringLiteral(TWINSCOPE_TEST_DATA "/trace/broken/bad_syntax.json") << u"line 3"_s;
}

void TestCliTrace::notATrace()
{
    QFETCH(QString, path);
    QFETCH(QString, message);
    int code = -1;
    QByteArray err;
    runCli({u"trace"_s, u"--json"_s, path}, &code, &err);
    QCOMPARE(code, 3);
    QVERIFY2(QString::fromUtf8(err).contains(message), err.constData());
    QVERIFY(QString::fromUtf8(err).contains(QFileInfo(path).fileName()));
}

void TestCliTrace::usage()
{
    int code = -1;
    runCli({u"trace"_s}, &code);
    QCOMPARE(code, 2);
    runCli({u"trace"_s, u"--threads"_s, u"zero"_s, u"x.json"_s}, &code);
    QCOMPARE(code, 2);
}

// Issue #10: the profiler's Overlap Analysis pseudo-slices ("Free" ranked second at 67 %) are not
// ops; --ops picks host or device tracks, or all of them.
void TestCliTrace::opsScope()
{
    const QString path = sharedData(u"trace/mstt_advisor_trace_view.json"_s);
    auto names = [&](const QStringList &extra) {
        int code = -1;
        const QJsonObject o =
            runCli(QStringList{u"trace"_s, u"--json"_s} + extra + QStringList{path}, &code);
        QSet<QString> out;
        for (const QJsonValue &v : o.value(u"top"_s).toArray())
            out.insert(v.toObject().value(u"name"_s).toString());
        return code == 0 ? out : QSet<QString>{u"exit %1"_s.arg(code)};
    };
    const QSet<QString> byDefault = names({});
    const QSet<QString> all = names({u"--ops"_s, u"all"_s});
    const QSet<QString> host = names({u"--ops"_s, u"host"_s});
    const QSet<QString> device = names({u"--ops"_s, u"device"_s});
    QVERIFY(all.contains(u"Free"_s));
    for (const QSet<QString> *s : {&byDefault, &host, &device}) {
        QVERIFY(!s->isEmpty());
        QVERIFY(!s->contains(u"Free"_s) && !s->contains(u"Computing"_s));
    }
    QVERIFY2(!host.intersects(device), qPrintable(QStringList(host.values()).join(u", "_s)));
    QVERIFY(host.contains(u"ProfilerStep#1"_s));
    int code = -1;
    runCli({u"trace"_s, u"--ops"_s, u"kernels"_s, path}, &code);
    QCOMPARE(code, 2);
}

void TestCliTrace::severalFiles()
{
    const QString a = sharedData(u"trace/catapult_flow.json"_s);
    const QString b = sharedData(u"trace/catapult_big_trace.json"_s);
    int code = -1;
    const QJsonObject both = runCli({u"trace"_s, u"--json"_s, a, b}, &code);
    QCOMPARE(code, 0);
    const QJsonObject one = runCli({u"trace"_s, u"--json"_s, a}, &code);
    const QJsonObject two = runCli({u"trace"_s, u"--json"_s, b}, &code);
    QCOMPARE(both.value(u"files"_s).toArray().size(), 2);
    QCOMPARE(both.value(u"slices"_s).toDouble(),
             one.value(u"slices"_s).toDouble() + two.value(u"slices"_s).toDouble());
    QCOMPARE(both.value(u"tracks"_s).toDouble(),
             one.value(u"tracks"_s).toDouble() + two.value(u"tracks"_s).toDouble());
}

void TestCliTrace::folderOfRanks()
{
    // torch_npu layout: one *_ascend_pt folder per rank, each with
    // ASCEND_PROFILER_OUTPUT/trace_view.json.
    QTemporaryDir dir;
    const QString source = sharedData(u"trace/mstt_advisor_trace_view.json"_s);
    for (const QString &rank : {u"node0_rank0_ascend_pt"_s, u"node0_rank1_ascend_pt"_s}) {
        QVERIFY(QDir(dir.path()).mkpath(rank + u"/ASCEND_PROFILER_OUTPUT"_s));
        QVERIFY(
            QFile::copy(source, dir.filePath(rank + u"/ASCEND_PROFILER_OUTPUT/trace_view.json"_s)));
    }
    QVERIFY(QDir(dir.path()).mkpath(u"empty"_s));
    int code = -1;
    const QJsonObject both = runCli({u"trace"_s, u"--json"_s, dir.path()}, &code);
    QCOMPARE(code, 0);
    const QJsonObject one = runCli({u"trace"_s, u"--json"_s, source}, &code);
    QCOMPARE(both.value(u"files"_s).toArray().size(), 2);
    QCOMPARE(both.value(u"slices"_s).toDouble(), 2 * one.value(u"slices"_s).toDouble());
    runCli({u"trace"_s, u"--json"_s, dir.filePath(u"empty"_s)}, &code);
    QCOMPARE(code, 3);
}

// Issue #10: per file steps[] and phases{}, phases computed from device tasks (the same numbers
// tst_tracephases checks against the profiler's own Overlap Analysis), null with a reason when
// the trace has none.
void TestCliTrace::stepsAndPhases()
{
    int code = -1;
    const QJsonObject npu = runCli(
        {u"trace"_s, u"--json"_s, sharedData(u"trace/mstt_advisor_trace_view.json"_s)}, &code);
    QCOMPARE(code, 0);
    const QJsonObject f = npu.value(u"files"_s).toArray().at(0).toObject();
    const QJsonArray steps = f.value(u"steps"_s).toArray();
    QCOMPARE(steps.size(), 1);
    QCOMPARE(steps.at(0).toObject().value(u"name"_s).toString(), u"ProfilerStep#1"_s);
    QCOMPARE(steps.at(0).toObject().value(u"dur_us"_s).toDouble(), 14091.97);
    const QJsonObject phases = f.value(u"phases"_s).toObject();
    QCOMPARE(QStringList(phases.keys()),
             (QStringList{u"communication_not_overlapped_us"_s,
                          u"communication_us"_s,
                          u"computing_us"_s,
                          u"free_us"_s,
                          u"overlapped_us"_s}));
    QCOMPARE(phases.value(u"computing_us"_s).toDouble(), 1788.267);
    QVERIFY(f.contains(u"profiler_phases"_s));
    const QJsonObject cpu = runCli(
        {u"trace"_s, u"--json"_s, sharedData(u"trace/catapult_trivial_trace.json"_s)}, &code);
    QCOMPARE(code, 0);
    const QJsonObject c = cpu.value(u"files"_s).toArray().at(0).toObject();
    QVERIFY(c.value(u"phases"_s).isNull());
    QVERIFY(c.value(u"phases_reason"_s).toString().contains(u"no device tasks"_s));
    QCOMPARE(c.value(u"steps"_s).toArray().size(), 1);
    QVERIFY(c.value(u"steps"_s).toArray().at(0).toObject().value(u"name"_s).isNull());
    bool noSteps = false;
    for (const QJsonValue &w : cpu.value(u"warnings"_s).toArray())
        noSteps = noSteps || w.toObject().value(u"kind"_s).toString() == u"no_steps"_s;
    QVERIFY(noSteps);
}

// Two runs recorded 17 months apart meet at their first complete steps: the span is one run's
// length, not 4.7·10¹³ µs.
void TestCliTrace::separateRunsAligned()
{
    const QString gpu = sharedData(u"trace/hta_nccl_data.json.gz"_s);
    const QString npu = sharedData(u"trace/mstt_advisor_trace_view.json"_s);
    int code = -1;
    const QJsonObject both = runCli({u"trace"_s, u"--json"_s, gpu, npu}, &code);
    QCOMPARE(code, 0);
    const QJsonArray files = both.value(u"files"_s).toArray();
    const QJsonObject a = files.at(0).toObject(), b = files.at(1).toObject();
    QCOMPARE(a.value(u"run"_s).toInt(), 0);
    QCOMPARE(b.value(u"run"_s).toInt(), 1);
    QCOMPARE(a.value(u"offset_us"_s).toDouble(), 0.0);
    QCOMPARE(b.value(u"align"_s).toString(), u"first_step"_s);
    const double aStep =
        a.value(u"steps"_s).toArray().at(0).toObject().value(u"start_us"_s).toDouble();
    const double bStep =
        b.value(u"steps"_s).toArray().at(0).toObject().value(u"start_us"_s).toDouble();
    QVERIFY(std::abs(bStep + b.value(u"offset_us"_s).toDouble() - aStep) < 1.0);
    const double alone =
        runCli({u"trace"_s, u"--json"_s, gpu}, &code).value(u"span_us"_s).toDouble();
    QVERIFY(both.value(u"span_us"_s).toDouble() < 2 * alone);
}

void TestCliTrace::folderListsSkipped()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(sharedData(u"trace/hta_triton_example.json.gz"_s),
                        dir.filePath(u"w0.json.gz"_s)));
    QVERIFY(QFile::copy(sharedData(u"trace/mstt_advisor_kernel_details.csv"_s),
                        dir.filePath(u"kernel_details.csv"_s)));
    int code = -1;
    const QJsonObject out = runCli({u"trace"_s, u"--json"_s, dir.path()}, &code);
    QCOMPARE(code, 0);
    QCOMPARE(out.value(u"files"_s).toArray().size(), 1);
    const QJsonArray skipped = out.value(u"skipped"_s).toArray();
    QCOMPARE(skipped.size(), 1);
    QCOMPARE(skipped.at(0).toObject().value(u"path"_s).toString(),
             dir.filePath(u"kernel_details.csv"_s));
}

QTEST_GUILESS_MAIN(TestCliTrace)
#include "tst_clitrace.moc"
