#include "common/testdata.h"
#include "core/loss/losscomparison.h"
#include "core/loss/lossloader.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_LossComparison : public QObject
{
    Q_OBJECT

private slots:
    void troubleshooterPair_data();
    void troubleshooterPair();
    void deterministicVersusNonDeterministic();
    void diagnosis_data();
    void diagnosis();
    void nonFiniteDivergesAtOnce();
    void alignmentByStepWithOffsets();
    void relativeToBenchmark();
    void lossScaleDrops();
    void missingMetricMeansNoCommonSteps();
    void diagnosisOnlyForLosses_data();
    void diagnosisOnlyForLosses();
};

namespace {

const QString shared = sharedData(u"loss/"_s);

// Null when the file does not load (the reason goes to the test log): callers QVERIFY the result
// before they dereference it, so a missing fixture fails the test instead of crashing it.
std::shared_ptr<const LossRun> load(const QString &file)
{
    ProgressSink progress;
    const Result<LossRun> r = loadLossLog(Source::fromPath(shared + file), {}, progress, {});
    if (!r.isOk())
        qWarning("%s", qPrintable(r.error().toString()));
    return r.value();
}

LossSeries series(std::vector<qint64> steps, std::vector<double> values)
{
    LossSeries s;
    s.name = u"loss"_s;
    s.steps = std::move(steps);
    s.values = std::move(values);
    return s;
}

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

} // namespace

void tst_LossComparison::troubleshooterPair_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("atol");
    QTest::addColumn<qint64>("divergent"); // -1: none
    // METRICS.md §9.4 worked example: steps 3-6 exceed, 10-13 exceed, later runs are shorter.
    QTest::newRow("k=3") << 3 << 0.0 << qint64(3);
    QTest::newRow("k=5") << 5 << 0.0 << qint64(-1);
    QTest::newRow("k=4") << 4 << 0.0 << qint64(3);
    QTest::newRow("k=3 atol=1e-3") << 3 << 1e-3 << qint64(3);
    QTest::newRow("k=5 atol=1e-3") << 5 << 1e-3 << qint64(-1);
}

void tst_LossComparison::troubleshooterPair()
{
    QFETCH(int, k);
    QFETCH(double, atol);
    QFETCH(qint64, divergent);
    const auto gpu = load(u"troubleshooter_gpu_loss.txt"_s);
    const auto npu = load(u"troubleshooter_npu_loss.txt"_s);
    QVERIFY(gpu && npu);
    LossCompareOptions options;
    options.k = k;
    options.atol = atol;
    const LossComparison c = compareLossRuns(*gpu, *npu, {}, options);
    QCOMPARE(c.metric, u"lm loss"_s);
    QCOMPARE(c.alignedSteps(), 40);
    QCOMPARE(c.firstDiffStep, std::optional<qint64>(3));
    QCOMPARE(c.firstExceedingStep, std::optional<qint64>(3));
    QCOMPARE(c.longestExceedingRun, 4);
    if (divergent < 0) {
        QVERIFY(!c.firstDivergentStep);
        QCOMPARE(c.diagnosis.code, u"transient_differences"_s);
    } else {
        QCOMPARE(c.firstDivergentStep, std::optional<qint64>(divergent));
        QCOMPARE(c.diagnosis.code, u"fork_later"_s);
        QVERIFY(c.diagnosis.text.contains(u"3"_s));
    }
    // Checked with Python: max |npu - gpu| = 3.079, max relative to the GPU value
    // 0.22753120148150222.
    QVERIFY(std::fabs(c.maxAbsDiff - 3.079) < 1e-9);
    QVERIFY(std::fabs(c.maxRelDiff - 0.22753120148150222) < 1e-12);
    // Step 3: 10.59378 vs 12.35378, relative 0.142 (METRICS.md §9.4).
    QCOMPARE(c.steps[2], 3);
    QVERIFY(std::fabs(c.relDiff[2] - 0.14246651632132026) < 1e-12);
}

void tst_LossComparison::deterministicVersusNonDeterministic()
{
    const auto det = load(u"mindspeed_core_ms_pta_npu_qwen_sft_det.txt"_s);
    const auto nonDet = load(u"mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt"_s);
    QVERIFY(det && nonDet);
    const LossComparison c = compareLossRuns(*det, *nonDet, {}, {});
    QCOMPARE(c.alignedSteps(), 10);
    QVERIFY(!c.firstDivergentStep);
    QVERIFY(!c.firstExceedingStep);
    QCOMPARE(c.firstDiffStep, std::optional<qint64>(3)); // identical at steps 1-2
    QVERIFY(c.maxRelDiff < 1.6e-5);                      // METRICS.md: at most 1.5e-5 relative
    QVERIFY(c.maxRelDiff > 1.4e-5);
    QCOMPARE(c.diagnosis.code, u"curves_match"_s);
    QVERIFY(!c.noiseFloorHint.isEmpty());
    // Too tight a tolerance flags non-determinism: the hint says so.
    LossCompareOptions tight;
    tight.rtol = 1e-6;
    const LossComparison t = compareLossRuns(*det, *nonDet, {}, tight);
    QVERIFY(t.firstDivergentStep);
    QVERIFY(!t.noiseFloorHint.isEmpty());
}

void tst_LossComparison::diagnosis_data()
{
    QTest::addColumn<std::vector<double>>("benchmark");
    QTest::addColumn<std::vector<double>>("test");
    QTest::addColumn<QString>("code");
    QTest::addColumn<qint64>("divergent");
    QTest::newRow("first step") << std::vector<double>{5, 4, 3, 2, 1}
                                << std::vector<double>{6, 5, 4, 3, 2} << u"first_step_differs"_s
                                << qint64(1);
    QTest::newRow("second step") << std::vector<double>{5, 4, 3, 2, 1}
                                 << std::vector<double>{5, 5, 4, 3, 2} << u"second_step_differs"_s
                                 << qint64(2);
    QTest::newRow("fork later") << std::vector<double>{5, 4, 3, 2, 1}
                                << std::vector<double>{5, 4, 4, 3, 2} << u"fork_later"_s
                                << qint64(3);
    QTest::newRow("nan") << std::vector<double>{5, 4, 3, 2, 1}
                         << std::vector<double>{5, 4, 3, kNan, 1} << u"nonfinite"_s << qint64(4);
    QTest::newRow("match") << std::vector<double>{5, 4, 3, 2, 1}
                           << std::vector<double>{5, 4.001, 3.002, 2.001, 1.0} << u"curves_match"_s
                           << qint64(-1);
    QTest::newRow("transient") << std::vector<double>{5, 4, 3, 2, 1}
                               << std::vector<double>{5, 4, 3.5, 2, 1} << u"transient_differences"_s
                               << qint64(-1);
}

void tst_LossComparison::diagnosis()
{
    QFETCH(std::vector<double>, benchmark);
    QFETCH(std::vector<double>, test);
    QFETCH(QString, code);
    QFETCH(qint64, divergent);
    const std::vector<qint64> steps{1, 2, 3, 4, 5};
    const LossComparison c = compareLossSeries(series(steps, benchmark), series(steps, test), {});
    QCOMPARE(c.diagnosis.code, code);
    QVERIFY(!c.diagnosis.text.isEmpty());
    QCOMPARE(c.firstDivergentStep.value_or(-1), divergent);
}

void tst_LossComparison::nonFiniteDivergesAtOnce()
{
    const std::vector<qint64> steps{1, 2, 3, 4};
    // k = 3, yet one NaN on either side is a divergence at that step.
    LossComparison c =
        compareLossSeries(series(steps, {1, 1, 1, 1}), series(steps, {1, kInf, 1, 1}), {});
    QCOMPARE(c.firstDivergentStep, std::optional<qint64>(2));
    QCOMPARE(c.divergenceReason, ExceedReason::NonFiniteTest);
    c = compareLossSeries(series(steps, {1, 1, kNan, 1}), series(steps, {1, 1, 1, 1}), {});
    QCOMPARE(c.firstDivergentStep, std::optional<qint64>(3));
    QCOMPARE(c.divergenceReason, ExceedReason::NonFiniteBenchmark);
    // NaN on both sides exceeds but needs k consecutive steps like any difference.
    c = compareLossSeries(series(steps, {1, kNan, 1, 1}), series(steps, {1, kNan, 1, 1}), {});
    QVERIFY(!c.firstDivergentStep);
    QCOMPARE(c.firstExceedingStep, std::optional<qint64>(2));
    QVERIFY(!c.firstDiffStep);
    // A run of threshold exceedances that started earlier wins over a later NaN.
    c = compareLossSeries(
        series({1, 2, 3, 4}, {1, 1, 1, 1}), series({1, 2, 3, 4}, {1, 2, 2, kNan}), {});
    QCOMPARE(c.firstDivergentStep, std::optional<qint64>(2));
    QCOMPARE(c.divergenceReason, ExceedReason::Threshold);
}

void tst_LossComparison::alignmentByStepWithOffsets()
{
    // HF logs every 5 steps, Megatron every step: only common steps count (METRICS.md §9.1).
    const LossSeries a = series({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0.5});
    const LossSeries b = series({5, 10}, {5, 0.5});
    LossComparison c = compareLossSeries(a, b, {});
    QCOMPARE(c.steps, (std::vector<qint64>{5, 10}));
    QCOMPARE(c.benchmarkSteps, 10);
    QCOMPARE(c.testSteps, 2);
    QVERIFY(!c.firstDiffStep);
    // A run resumed at step 100 but logging from 0: offset 100 lines it up.
    const LossSeries resumed = series({0, 1, 2}, {5, 4, 3});
    const LossSeries original = series({100, 101, 102}, {5, 4, 3});
    LossCompareOptions o;
    o.testOffset = 100;
    c = compareLossSeries(original, resumed, o);
    QCOMPARE(c.alignedSteps(), 3);
    QCOMPARE(c.steps.front(), 100);
    QCOMPARE(c.diagnosis.code, u"curves_match"_s);
}

void tst_LossComparison::relativeToBenchmark()
{
    // |B - A| > atol + rtol*|A|: 10 vs 10.1 is 1 % of A exactly (not exceeding); 10.2 exceeds.
    const std::vector<qint64> steps{1, 2};
    LossComparison c = compareLossSeries(series(steps, {10, 10}), series(steps, {10.1, 10.2}), {});
    QCOMPARE(c.exceeds[0], ExceedReason::None);
    QCOMPARE(c.exceeds[1], ExceedReason::Threshold);
    QVERIFY(std::fabs(c.relDiff[1] - 0.02) < 1e-12);
    // A zero benchmark value: any difference is infinitely relative.
    c = compareLossSeries(series(steps, {0, 0}), series(steps, {0, 1}), {});
    QCOMPARE(c.relDiff[0], 0.0);
    QVERIFY(std::isinf(c.relDiff[1]));
}

void tst_LossComparison::lossScaleDrops()
{
    const std::vector<qint64> steps{1, 2, 3, 4};
    LossSeries scale = series(steps, {65536, 32768, 16384, 8192});
    scale.name = u"loss scale"_s;
    const LossComparison c =
        compareLossSeries(series(steps, {1, 1, 1, 1}), series(steps, {1, 1, 1, 1}), {}, &scale);
    QCOMPARE(c.diagnosis.code, u"loss_scale_drops"_s);
    LossSeries flat = series(steps, {1, 1, 1, 1}); // bf16 runs print "loss scale: 1.0" throughout
    const LossComparison f =
        compareLossSeries(series(steps, {1, 1, 1, 1}), series(steps, {1, 1, 1, 1}), {}, &flat);
    QCOMPARE(f.diagnosis.code, u"curves_match"_s);
}

void tst_LossComparison::missingMetricMeansNoCommonSteps()
{
    const auto gpu = load(u"troubleshooter_gpu_loss.txt"_s);
    const auto hf = load(u"hf_trainer_nsllm_trainer_state.json"_s);
    QVERIFY(gpu && hf);
    const LossComparison c = compareLossRuns(*gpu, *hf, {}, {});
    QCOMPARE(c.alignedSteps(), 0);
    QCOMPARE(c.diagnosis.code, u"no_common_steps"_s);
    QVERIFY(std::isnan(c.maxAbsDiff));
}

void tst_LossComparison::diagnosisOnlyForLosses_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("lossLike");
    // Megatron-format pair (tests/data/loss/good): B's loss forks at step 6 and each of its
    // iterations takes 40 ms longer; the learning rate is the same.
    QTest::newRow("lm loss") << u"lm loss"_s << u"fork_later"_s << true;
    // Validation at 5 (equal) and 10 (forked): the second common step differs.
    QTest::newRow("validation loss") << u"lm loss validation"_s << u"second_step_differs"_s << true;
    QTest::newRow("step time") << u"elapsed time per iteration (ms)"_s << u"metric_differs"_s
                               << false;
    QTest::newRow("learning rate") << u"learning rate"_s << u"metric_matches"_s << false;
}

void tst_LossComparison::diagnosisOnlyForLosses()
{
    QFETCH(QString, metric);
    QFETCH(QString, code);
    QFETCH(bool, lossLike);
    ProgressSink progress;
    const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/loss/good/");
    const Result<LossRun> a =
        loadLossLog(Source::fromPath(dir + u"megatron_validation_a.log"_s), {}, progress, {});
    const Result<LossRun> b =
        loadLossLog(Source::fromPath(dir + u"megatron_validation_b.log"_s), {}, progress, {});
    QVERIFY(a.isOk() && b.isOk());
    LossCompareOptions options;
    options.k = 1;
    const LossComparison c = compareLossRuns(*a.value(), *b.value(), metric, options);
    QCOMPARE(isLossLikeMetric(metric), lossLike);
    QCOMPARE(c.diagnosis.code, code);
    if (lossLike)
        return;
    // Advice about the forward pass, shuffling or checkpoints is for losses only.
    QVERIFY2(c.diagnosis.text.contains(u"is not a loss"_s), qPrintable(c.diagnosis.text));
    for (const QString &word : {u"forward"_s, u"shuffling"_s, u"checkpoint"_s, u"backward"_s})
        QVERIFY2(!c.diagnosis.text.contains(word), qPrintable(c.diagnosis.text));
}

QTEST_GUILESS_MAIN(tst_LossComparison)
#include "tst_losscomparison.moc"
