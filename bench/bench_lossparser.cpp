// Loss-log parsing and loss-plot frame benchmarks (docs/PERFORMANCE.md, "Loss logs").
//   bench_lossparser                         QBENCHMARK results plus MB/s lines
//   TWINSCOPE_LOSS_BENCH_FILE=/tmp/m.log ...  also writes the generated log for the Python baseline
#include "core/loss/lossloader.h"
#include "widgets/loss/lossplotview.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;
using namespace Twinscope::Widgets;

class bench_LossParser : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parseMegatron1MThroughput();
    void parseMegatron1M();
    void plotFrame10M_data();
    void plotFrame10M();
    void plotReplotOnly();
    void cleanupTestCase();

private:
    QByteArray m_log;
    std::unique_ptr<LossPlotView> m_view;
};

namespace {

constexpr int Lines = 1'000'000;

// A MindSpeed SFT line as in data/loss/mindspeed_core_ms_pta_npu_qwen_sft_det.txt (16-decimal
// values, bracketed time, padded iteration); one line in ten is interleaved noise as in real
// stdout.
QByteArray generateMegatronLog()
{
    QByteArray out;
    out.reserve(qsizetype(Lines) * 380);
    char buf[640];
    int step = 0;
    for (int line = 0; line < Lines; ++line) {
        if (line % 10 == 9) {
            const int n = std::snprintf(
                buf,
                sizeof buf,
                "[Rank %d] (after %d iterations) memory (MB) | allocated: 12480.07421875 | "
                "max allocated: 14014.271484375 | reserved: 13212.0 | max reserved: 14216.0\n",
                line % 8,
                step);
            out.append(buf, n);
            continue;
        }
        ++step;
        const double loss = 9.8 / std::sqrt(1.0 + step * 1e-3) + 1e-3 * std::sin(step);
        const double gradNorm = 20.0 / (1.0 + step * 1e-4) + 0.1 * std::cos(step);
        const int n = std::snprintf(buf,
                                    sizeof buf,
                                    " [2025-05-06 15:54:26] iteration %8d/ %8d | consumed samples: "
                                    "%12d | elapsed time per iteration "
                                    "(ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | "
                                    "learning rate: %E | global batch size: "
                                    "%5d | lm loss: %.16f | loss scale: 1.0 | grad norm: %.16f | "
                                    "number of skipped iterations: %3d | "
                                    "number of nan iterations: %3d |\n",
                                    step,
                                    Lines,
                                    step * 128,
                                    22849.3 + (step % 7),
                                    299.9 - (step % 5) * 0.1,
                                    1.235606e-06 * (1 + step % 3),
                                    128,
                                    loss,
                                    gradNorm,
                                    0,
                                    0);
        out.append(buf, n);
    }
    return out;
}

std::shared_ptr<const LossRun> syntheticRun(qint64 points, double shift)
{
    auto run = std::make_shared<LossRun>();
    LossSeries s;
    s.name = u"lm loss"_s;
    s.steps.resize(size_t(points));
    s.values.resize(size_t(points));
    for (qint64 i = 0; i < points; ++i) {
        s.steps[size_t(i)] = i + 1;
        s.values[size_t(i)] =
            9.8 / std::sqrt(1.0 + double(i) * 1e-4) + shift + 0.05 * std::sin(double(i) * 0.37);
    }
    run->series.push_back(std::move(s));
    return run;
}

} // namespace

void bench_LossParser::initTestCase()
{
    m_log = generateMegatronLog();
    const QByteArray file = qgetenv("TWINSCOPE_LOSS_BENCH_FILE");
    if (!file.isEmpty()) {
        QFile f(QString::fromLocal8Bit(file));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(m_log), m_log.size());
    }
}

void bench_LossParser::parseMegatron1MThroughput()
{
    // Best of three outside QBENCHMARK gives the MB/s figure; QBENCHMARK reports its own time
    // below.
    qint64 bestNs = std::numeric_limits<qint64>::max();
    for (int i = 0; i < 3; ++i) {
        QElapsedTimer t;
        t.start();
        ProgressSink progress;
        const Result<LossRun> r =
            loadLossLog(Source::fromBytes(m_log, u"megatron_1M.log"_s), {}, progress, {});
        bestNs = std::min(bestNs, t.nsecsElapsed());
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->find(u"lm loss"_s)->size(), qsizetype(Lines - Lines / 10));
        QCOMPARE(r.value()->lines, qint64(Lines));
    }
    const double mb = double(m_log.size()) / 1e6;
    qInfo("megatron 1M lines: %.1f MB in %.3f s = %.0f MB/s (best of 3)",
          mb,
          double(bestNs) / 1e9,
          mb / (double(bestNs) / 1e9));
}

void bench_LossParser::parseMegatron1M()
{
    QBENCHMARK
    {
        ProgressSink progress;
        const Result<LossRun> r =
            loadLossLog(Source::fromBytes(m_log, u"megatron_1M.log"_s), {}, progress, {});
        QVERIFY(r.isOk());
    }
}

void bench_LossParser::plotFrame10M_data()
{
    QTest::addColumn<double>("fraction"); // visible share of the steps
    QTest::newRow("full view") << 1.0;
    QTest::newRow("1 %") << 0.01;
    QTest::newRow("0.01 %") << 0.0001;
}

void bench_LossParser::plotFrame10M()
{
    QFETCH(double, fraction);
    constexpr qint64 PerRun = 5'000'000; // two runs: a 10 M-point overlay
    if (!m_view) {
        m_log.clear(); // the parser benchmark is done; keep memory for the curves
        m_view = std::make_unique<LossPlotView>();
        m_view->resize(1920, 1080);
        m_view->show(); // a hidden widget gets no resize event: it would paint at 640x480
        QElapsedTimer t;
        t.start();
        m_view->setRuns({{u"A"_s, syntheticRun(PerRun, 0.0), 0, true, {}},
                         {u"B"_s, syntheticRun(PerRun, 0.01), 0, true, {}}},
                        u"lm loss"_s);
        m_view->replot(QCustomPlot::rpImmediateRefresh);
        qInfo("setRuns (EMA, min/max pyramids) for 2 x %lld points: %.0f ms",
              PerRun,
              double(t.nsecsElapsed()) / 1e6);
    }
    const double width = double(PerRun) * fraction;
    double start = 1.0;
    // One frame = pan by 1 % of the visible width (re-decimate all four curves) + replot.
    QBENCHMARK
    {
        start += width * 0.01;
        if (start + width > double(PerRun))
            start = 1.0;
        m_view->xAxis->setRange(start, start + width);
        m_view->replot(QCustomPlot::rpImmediateRefresh);
    }
    QVERIFY(m_view->drawnPointCount() < 4 * 4 * 1920 + 16);
}

void bench_LossParser::plotReplotOnly()
{
    // Painting alone, without re-decimation: what a frame costs QCustomPlot at 1920x1080.
    QVERIFY(m_view);
    m_view->xAxis->setRange(1.0, 5'000'000.0);
    QBENCHMARK
    {
        m_view->replot(QCustomPlot::rpImmediateRefresh);
    }
}

void bench_LossParser::cleanupTestCase()
{
    m_view.reset();
}

QTEST_MAIN(bench_LossParser)
#include "bench_lossparser.moc"
