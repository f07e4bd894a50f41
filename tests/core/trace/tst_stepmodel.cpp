// The one step model (issue #23): which steps count, the warm-up, the unfinished stub; and the
// readable kernel names and synchronisation symptoms the comparison shows.
#include "core/trace/kernelnames.h"
#include "core/trace/opdiff.h"
#include "core/trace/stepmodel.h"

#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

// Steps of the given lengths (µs), back to back; complete unless listed in open.
TraceSteps steps(const std::vector<qint64> &us, const std::vector<int> &open = {})
{
    TraceSteps s;
    s.detected = true;
    qint64 t = 0;
    for (size_t k = 0; k < us.size(); ++k) {
        TraceStep step;
        step.name = u"ProfilerStep#%1"_s.arg(k);
        step.number = qint64(k);
        step.startNs = t;
        step.endNs = t + us[k] * 1000;
        step.complete = std::find(open.begin(), open.end(), int(k)) == open.end();
        t = step.endNs + 10000;
        s.steps.push_back(step);
    }
    return s;
}

} // namespace

class tst_StepModel : public QObject
{
    Q_OBJECT

private slots:
    void warmupAndStubExcluded()
    {
        // Kineto's last ProfilerStep is a closed 48 µs slice: it must not pull the mean down.
        const TraceSteps s = steps({90000, 54000, 54090, 54045, 48});
        const StepModel m = buildStepModel(s);
        QCOMPARE(m.warmup, 0);
        QCOMPARE(m.steady, (std::vector<int>{1, 2, 3}));
        QCOMPARE(m.unfinished, (std::vector<int>{4}));
        QVERIFY(m.roles[0] == StepRole::Warmup);
        QVERIFY(m.roles[4] == StepRole::Unfinished);
        QCOMPARE(m.steadyMeanNs(s), 54045.0 * 1000);
    }
    void aShortLastStepAmongShortStepsCounts()
    {
        // 60 % of the median is a short step, not a stub.
        const StepModel m = buildStepModel(steps({100, 100, 100, 60}));
        QCOMPARE(m.steady, (std::vector<int>{1, 2, 3}));
        QVERIFY(m.unfinished.empty());
    }
    void openMarksDoNotCount()
    {
        const StepModel m = buildStepModel(steps({100, 100, 100}, {2}));
        QCOMPARE(m.unfinished, (std::vector<int>{2}));
        QCOMPARE(m.warmup, 0);
        QCOMPARE(m.steady, (std::vector<int>{1}));
    }
    void theOnlyStepIsTheSteadyState()
    {
        const StepModel m = buildStepModel(steps({100}));
        QCOMPARE(m.warmup, -1);
        QCOMPARE(m.steady, (std::vector<int>{0}));
        // A trace without marks is one whole-trace step.
        TraceSteps whole;
        whole.steps.push_back(TraceStep{{}, -1, 0, 5000, true});
        const StepModel w = buildStepModel(whole);
        QCOMPARE(w.steady, (std::vector<int>{0}));
        QCOMPARE(w.warmup, -1);
        QVERIFY(!w.marks);
    }
    void describedInHeaders()
    {
        QCOMPARE(describeUsedSteps({u"ProfilerStep#1"_s, u"ProfilerStep#2"_s, u"ProfilerStep#3"_s},
                                   u"ProfilerStep#0"_s,
                                   {u"ProfilerStep#4"_s}),
                 u"ProfilerStep#1 – ProfilerStep#3 (3 steps); excluded: warm-up ProfilerStep#0, "
                 "unfinished ProfilerStep#4"_s);
        QCOMPARE(describeUsedSteps({QString()}, {}, {}), u"the whole trace (no step marks)"_s);
    }
    void kernelNamesShortenAsHta()
    {
        QCOMPARE(
            shortKernelName(u"void at::native::vectorized_elementwise_kernel<4, "
                            "at::native::AddFunctor<float>, at::detail::Array<char*, 3> >(int, "
                            "at::native::AddFunctor<float>, at::detail::Array<char*, 3>)"_s),
            u"vectorized_elementwise_kernel"_s);
        QCOMPARE(shortKernelName(u"aten::linear"_s), u"aten::linear"_s);
        QCOMPARE(shortKernelName(u"MatMulV2"_s), u"MatMulV2"_s);
    }
    void distinctNamesKeepTheDifferingArgument()
    {
        const QString five = u"void fbgemm_gpu::split_embedding_backward_codegen_sgd_kernel<float, "
                             "float, float, 5ul>(at::PackedTensorAccessor64<float, 1>, int)"_s;
        const QString two = u"void fbgemm_gpu::split_embedding_backward_codegen_sgd_kernel<float, "
                            "float, float, 2ul>(at::PackedTensorAccessor64<float, 1>, int)"_s;
        const QStringList out = distinctShortNames({five, two, u"MatMulV2"_s});
        QCOMPARE(out[0], u"split_embedding_backward_codegen_sgd_kernel<…, 5ul>"_s);
        QCOMPARE(out[1], u"split_embedding_backward_codegen_sgd_kernel<…, 2ul>"_s);
        QCOMPARE(out[2], u"MatMulV2"_s);
        QVERIFY(out[0] != out[1]);
    }
    void synchronisationsAreSymptoms()
    {
        for (const QString &name : {u"aten::item"_s,
                                    u"aten::_local_scalar_dense"_s,
                                    u"cudaStreamSynchronize"_s,
                                    u"cudaDeviceSynchronize"_s,
                                    u"aclrtSynchronizeStream"_s})
            QVERIFY2(isSyncSymptomName(name), qPrintable(name));
        for (const QString &name :
             {u"aten::mm"_s, u"D2DCopywithStreamSynchronize"_s, u"cudaLaunchKernel"_s})
            QVERIFY2(!isSyncSymptomName(name), qPrintable(name));
    }
    void symptomsRankBelowCauses()
    {
        OpTotals b, t;
        b.rows.push_back({u"aten::item"_s, OpLevel::Framework, 10, 1000000});
        t.rows.push_back({u"aten::item"_s, OpLevel::Framework, 10, 30000000});
        b.rows.push_back({u"aten::mm"_s, OpLevel::Framework, 10, 1000000});
        t.rows.push_back({u"aten::mm"_s, OpLevel::Framework, 10, 5000000});
        const std::vector<OpDiffRow> rows = diffOps(b, 1.0, t, 1.0, OpFamilyMap());
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0].name, u"aten::mm"_s);
        QVERIFY(!rows[0].symptom);
        QCOMPARE(rows[1].name, u"aten::item"_s);
        QVERIFY(rows[1].symptom);
    }
};

QTEST_GUILESS_MAIN(tst_StepModel)
#include "tst_stepmodel.moc"
