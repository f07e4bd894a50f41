#include "core/trace/chrometraceloader.h"
#include "core/trace/tracealign.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

// A Kineto-style trace: an optional rank, a step mark at stepUs (none when negative) and one
// op at firstUs.
std::shared_ptr<const TraceDataset> trace(int rank, double firstUs, double stepUs, double lengthUs)
{
    QByteArray events = u"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":1,"
                        "\"tid\":1,\"ts\":%1,\"dur\":%2}"_s.arg(firstUs, 0, 'f', 3)
                            .arg(lengthUs, 0, 'f', 3)
                            .toUtf8();
    if (stepUs >= 0)
        events += u",{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#3\","
                  "\"pid\":1,\"tid\":2,\"ts\":%1,\"dur\":100}"_s.arg(stepUs, 0, 'f', 3)
                      .toUtf8();
    QByteArray json = "{";
    if (rank >= 0)
        json += u"\"distributedInfo\":{\"rank\":%1},"_s.arg(rank).toUtf8();
    json += "\"traceEvents\":[" + events + "]}";
    ProgressSink progress;
    const Result<TraceDataset> r =
        loadChromeTrace(Source::fromBytes(json, u"t.json"_s), {}, progress, CancelToken());
    return r.isOk() ? r.value() : nullptr;
}

} // namespace

class tst_TraceAlign : public QObject
{
    Q_OBJECT

private slots:
    void separateRunsMeetAtFirstStep();
    void ranksOfOneJobKeepTheirClock();
    void oneFolderIsOneRun();
    void firstEventFallbackAndAbsolute();
};

void tst_TraceAlign::separateRunsMeetAtFirstStep()
{
    // Two runs 10^13 µs apart; their steps start 50 and 500 µs after their first events.
    const std::vector<TraceAlignInput> in{{trace(-1, 1000, 1050, 2000), u"a.json"_s, {}},
                                          {trace(-1, 1e13, 1e13 + 500, 2000), u"b.json"_s, {}}};
    QVERIFY(in[0].dataset && in[1].dataset);
    const std::vector<int> runs = groupTraceRuns(in);
    QCOMPARE(runs, (std::vector<int>{0, 1}));
    const std::vector<qint64> offsets = traceAlignmentOffsets(in, runs, {});
    QCOMPARE(offsets[0], 0);
    QCOMPARE(offsets[1], qint64(1050000) - qint64(1e16 + 500000));
    TraceAlignMode used{};
    QCOMPARE(traceRunAnchorNs(in, runs, 1, TraceAlignMode::FirstStep, &used),
             qint64(1e16 + 500000));
    QCOMPARE(used, TraceAlignMode::FirstStep);
}

void tst_TraceAlign::ranksOfOneJobKeepTheirClock()
{
    // Ranks 0 and 1 overlap in time: one job. Rank 0 of another day is a second run.
    const std::vector<TraceAlignInput> in{{trace(0, 1000, 1100, 5000), u"r0.json"_s, {}},
                                          {trace(1, 1200, 1300, 5000), u"r1.json"_s, {}},
                                          {trace(0, 9e9, 9e9 + 10, 5000), u"old.json"_s, {}}};
    const std::vector<int> runs = groupTraceRuns(in);
    QCOMPARE(runs, (std::vector<int>{0, 0, 1}));
    const std::vector<qint64> offsets = traceAlignmentOffsets(in, runs, {});
    QCOMPARE(offsets[1], 0); // the job's common clock is kept
    QCOMPARE(offsets[2], qint64(1100000) - qint64(9e12 + 10000));
    // The same rank twice is two runs even when the times overlap (a re-run, not a job).
    const std::vector<TraceAlignInput> same{{trace(0, 1000, 1100, 5000), u"a.json"_s, {}},
                                            {trace(0, 1200, 1300, 5000), u"b.json"_s, {}}};
    QCOMPARE(groupTraceRuns(same), (std::vector<int>{0, 1}));
}

void tst_TraceAlign::oneFolderIsOneRun()
{
    const std::vector<TraceAlignInput> in{{trace(-1, 1000, 1100, 10), u"/p/job"_s, {}},
                                          {trace(-1, 5e9, 5e9 + 1, 10), u"/p/job"_s, {}},
                                          {trace(-1, 7e9, 7e9 + 1, 10), u"/p/other.json"_s, {}}};
    const std::vector<int> runs = groupTraceRuns(in);
    QCOMPARE(runs, (std::vector<int>{0, 0, 1}));
    const std::vector<qint64> offsets = traceAlignmentOffsets(in, runs, {});
    QCOMPARE(offsets[0], 0);
    QCOMPARE(offsets[1], 0);
    QVERIFY(offsets[2] != 0);
}

void tst_TraceAlign::firstEventFallbackAndAbsolute()
{
    const std::vector<TraceAlignInput> in{{trace(-1, 1000, 1100, 10), u"a"_s, {}},
                                          {trace(-1, 8000, -1, 10), u"b"_s, {}}};
    const std::vector<int> runs = groupTraceRuns(in);
    TraceAlignMode used{};
    QCOMPARE(traceRunAnchorNs(in, runs, 1, TraceAlignMode::FirstStep, &used), 8000000);
    QCOMPARE(used, TraceAlignMode::FirstEvent);
    QCOMPARE(traceAlignmentOffsets(in, runs, {})[1], 1100000 - 8000000);
    QCOMPARE(
        traceAlignmentOffsets(in, runs, {TraceAlignMode::FirstStep, TraceAlignMode::Absolute})[1],
        0);
    // Run 0 aligned at its first event: the others meet it there.
    QCOMPARE(traceAlignmentOffsets(
                 in, runs, {TraceAlignMode::FirstEvent, TraceAlignMode::FirstEvent})[1],
             1000000 - 8000000);
}

QTEST_GUILESS_MAIN(tst_TraceAlign)
#include "tst_tracealign.moc"
