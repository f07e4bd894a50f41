#include "common/testdata.h"
#include "core/trace/tracediffpipeline.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

const QString pairs = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/");

QJsonObject truth(const QString &pair)
{
    QFile f(pairs + pair + u"/truth.json"_s);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject();
}

Result<TraceDiffAnalysis>
compare(const QString &baseline, const QString &target, TraceDiffOptions options = {})
{
    TraceDiffInput input;
    input.baseline = baseline;
    input.target = target;
    input.options = options;
    ProgressSink progress;
    return runTraceDiffPipeline(input, progress, CancelToken());
}

const OpDiffRow *find(const std::vector<OpDiffRow> &rows, OpLevel level, const QString &name)
{
    for (const OpDiffRow &r : rows) {
        if (r.level == level && r.name == name)
            return &r;
    }
    return nullptr;
}

const TraceCategoryDiffRow *find(const std::vector<TraceCategoryDiffRow> &rows, StepCategory c)
{
    for (const TraceCategoryDiffRow &r : rows) {
        if (r.category == c)
            return &r;
    }
    return nullptr;
}

// A torch_npu-style pair written by the test itself, with other magnitudes than the committed
// pair (so the ranking is not tuned to one file): 5 layers of matmul (AI Core) 60 µs, gelu 20 µs,
// dropout 15 µs, add 10 µs (AI Vector), device tasks back to back from 10 µs into each of 3 steps;
// a 250 µs all-reduce. Planted in the target: matmul 3×, one 6 µs TransData after each matmul,
// aten::dropout (8 µs on the host) and its kernel removed, the all-reduce moved from beside the
// first layer (hidden) to after the last one (exposed).
struct InTestPair
{
    static constexpr int layers = 5;
    static constexpr double matmulUs = 60, geluUs = 20, dropoutUs = 15, addUs = 10;
    static constexpr double transdataUs = 6, hostDropoutUs = 8, allreduceUs = 250;
};

QByteArray inTestTrace(bool target)
{
    using P = InTestPair;
    QJsonArray ev;
    auto meta = [&](const char *what, int pid, int tid, const QString &name) {
        ev.append(QJsonObject{{u"ph"_s, u"M"_s},
                              {u"name"_s, QString::fromLatin1(what)},
                              {u"pid"_s, pid},
                              {u"tid"_s, tid},
                              {u"args"_s, QJsonObject{{u"name"_s, name}}}});
    };
    auto slice = [&](int pid,
                     int tid,
                     const QString &name,
                     double ts,
                     double dur,
                     const QString &cat,
                     const QJsonObject &args) {
        ev.append(QJsonObject{{u"ph"_s, u"X"_s},
                              {u"pid"_s, pid},
                              {u"tid"_s, tid},
                              {u"name"_s, name},
                              {u"ts"_s, ts},
                              {u"dur"_s, dur},
                              {u"cat"_s, cat},
                              {u"args"_s, args}});
    };
    meta("process_name", 10, 0, u"python"_s);
    meta("thread_name", 10, 10, u"pt_main_thread"_s);
    meta("process_name", 20, 0, u"Ascend Hardware"_s);
    meta("thread_name", 20, 3, u"Stream 3"_s);
    meta("process_name", 30, 0, u"HCCL"_s);
    meta("thread_name", 30, 1, u"Communication"_s);
    auto task = [&](const QString &name, double ts, double dur, const char *type) {
        slice(20,
              3,
              name,
              ts,
              dur,
              QString(),
              QJsonObject{{u"Task Type"_s, QString::fromLatin1(type)}});
    };
    for (int step = 0; step < 3; ++step) {
        const double start = 1e9 + step * 5000.0;
        double host = start + 1, device = start + 10;
        double allreduceAt = device;
        for (int l = 0; l < P::layers; ++l) {
            auto op = [&](const QString &aten, double hostUs) {
                slice(10, 10, aten, host, hostUs, u"cpu_op"_s, {});
                host += hostUs + 1;
            };
            op(u"aten::linear"_s, 9);
            task(u"aclnnMm_MatMulCommon_MatMulV2"_s,
                 device,
                 P::matmulUs * (target ? 3 : 1),
                 "AI_CORE");
            device += P::matmulUs * (target ? 3 : 1);
            if (target) {
                task(u"trans_TransData_%1"_s.arg(l), device, P::transdataUs, "AI_CORE");
                device += P::transdataUs;
            }
            op(u"aten::gelu"_s, 7);
            task(u"aclnnGelu_GeluAiCore_Gelu"_s, device, P::geluUs, "AI_VECTOR_CORE");
            device += P::geluUs;
            if (!target) {
                op(u"aten::dropout"_s, P::hostDropoutUs);
                task(u"aclnnDropoutDoMask_DropOutDoMask"_s, device, P::dropoutUs, "AI_VECTOR_CORE");
                device += P::dropoutUs;
            }
            op(u"aten::add"_s, 6);
            task(u"aclnnAdd_AddAiCore_Add"_s, device, P::addUs, "AI_VECTOR_CORE");
            device += P::addUs;
        }
        if (target)
            allreduceAt = device;
        slice(30, 1, u"hcom_allReduce__1_0_1"_s, allreduceAt, P::allreduceUs, QString(), {});
        const double end = std::max(device, allreduceAt + P::allreduceUs) + 10;
        slice(10, 10, u"ProfilerStep#%1"_s.arg(step + 1), start, end - start, u"cpu_op"_s, {});
    }
    return QJsonDocument(ev).toJson(QJsonDocument::Compact);
}

} // namespace

class tst_TraceDiff : public QObject
{
    Q_OBJECT

private slots:
    void plantedDifferences_data();
    void plantedDifferences();
    void plantedCategories_data();
    void plantedCategories();
    void pairGeneratedInTest();
    void familiesMeetAcrossPlatforms();
    void sameRunIsSame();
    void swapNegates();
    void stepChoices();
    void noStepsNoDeviceTasks();
    void badMappingFile();
};

void tst_TraceDiff::plantedDifferences_data()
{
    QTest::addColumn<QString>("pair");
    QTest::newRow("NPU vs NPU") << u"npu_npu"_s;
    QTest::newRow("GPU vs NPU") << u"gpu_npu"_s;
}

// Issue #10's acceptance line: one kernel family 3× slower, an extra TransData per layer, one op
// removed — ranked first in ops[], every other row the same.
void tst_TraceDiff::plantedDifferences()
{
    QFETCH(QString, pair);
    const QJsonObject t = truth(pair);
    QVERIFY(!t.isEmpty());
    const int layers = t.value(u"layers"_s).toInt();
    const double matmulUs = t.value(u"matmul_us"_s).toDouble();
    const Result<TraceDiffAnalysis> r =
        compare(pairs + pair + u"/baseline.json"_s, pairs + pair + u"/target.json"_s);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const std::vector<OpDiffRow> &ops = r.value()->diff->ops;
    QVERIFY(ops.size() >= 8);

    // 1. The matmul family, 3× slower, has the largest impact.
    const OpDiffRow &first = ops.front();
    QCOMPARE(first.name, u"matmul"_s);
    QCOMPARE(first.family, u"matmul"_s);
    QCOMPARE(first.level, OpLevel::Device);
    QCOMPARE(first.state, OpDiffState::Slower);
    QVERIFY(std::abs(first.ratio() - t.value(u"matmul_factor"_s).toDouble()) < 0.1);
    QVERIFY(std::abs(first.deltaNs() / 1000.0 - layers * matmulUs * 2.0) <
            0.05 * layers * matmulUs * 2.0);
    QCOMPARE(first.baselineCount, double(layers));

    // 2. The removed op, at both levels; 3. the extra TransData, once per layer.
    const OpDiffRow *dropout = find(ops, OpLevel::Device, u"dropout"_s);
    const OpDiffRow *atenDropout = find(ops, OpLevel::Framework, u"aten::dropout"_s);
    const OpDiffRow *transdata = find(ops, OpLevel::Device, u"transdata"_s);
    QVERIFY(dropout && atenDropout && transdata);
    QCOMPARE(dropout->state, OpDiffState::Removed);
    QCOMPARE(atenDropout->state, OpDiffState::Removed);
    QCOMPARE(atenDropout->baselineCount, double(layers));
    QCOMPARE(transdata->state, OpDiffState::Added);
    QCOMPARE(transdata->targetCount, double(layers));
    QVERIFY(std::abs(transdata->targetNs / 1000.0 -
                     layers * t.value(u"transdata_us"_s).toDouble()) < 0.05 * layers * 8);

    // The planted rows are the top of the ranking; everything the generator kept equal is "same"
    // and ranks below them (host ops of the two collectives differ in name only: GPU vs NPU).
    QSet<QString> planted{u"device/matmul"_s,
                          u"device/dropout"_s,
                          u"framework/aten::dropout"_s,
                          u"device/transdata"_s};
    if (pair == u"gpu_npu"_s)
        planted += {u"framework/nccl:all_reduce"_s, u"framework/HcclAllreduce"_s};
    double smallestPlanted = 1e300;
    for (size_t i = 0; i < ops.size(); ++i) {
        const QString key = opLevelId(ops[i].level) + u'/' + ops[i].name;
        if (i < size_t(planted.size())) {
            QVERIFY2(planted.contains(key), qPrintable(key));
            smallestPlanted = std::min(smallestPlanted, std::abs(ops[i].deltaNs()));
        } else {
            QVERIFY2(!planted.contains(key), qPrintable(key));
            QCOMPARE(ops[i].state, OpDiffState::Same);
            QVERIFY(std::abs(ops[i].deltaNs()) <= smallestPlanted);
        }
    }
    // The step gap is the planted work: 2 × matmul + TransData − dropout + the exposed all-reduce.
    const TraceDiff &d = *r.value()->diff;
    QVERIFY(d.target.stepNs > 2.0 * d.baseline.stepNs);
}

void tst_TraceDiff::plantedCategories_data()
{
    plantedDifferences_data();
}

// Communication made exposed shows as not-overlapped communication in the phases and as the
// "communication" category; the categories rank like the ops. Against a GPU, whose kernels have no
// engine split, the NPU's AI Core/Vector/CPU time meets the GPU's in one "compute" row.
void tst_TraceDiff::plantedCategories()
{
    QFETCH(QString, pair);
    const QJsonObject t = truth(pair);
    const int layers = t.value(u"layers"_s).toInt();
    const double allreduceUs = t.value(u"allreduce_us"_s).toDouble();
    const double matmulUs = t.value(u"matmul_us"_s).toDouble();
    const Result<TraceDiffAnalysis> r =
        compare(pairs + pair + u"/baseline.json"_s, pairs + pair + u"/target.json"_s);
    QVERIFY(r.isOk());
    const TraceDiff &d = *r.value()->diff;
    QVERIFY(d.baseline.phases.phases && d.target.phases.phases);
    const TracePhases &b = *d.baseline.phases.phases, &tp = *d.target.phases.phases;
    // Baseline: the all-reduce hides behind the second half of the layers.
    QVERIFY(b.overlappedNs > 0.9 * allreduceUs * 1000);
    QVERIFY(b.communicationNotOverlappedNs < 0.1 * allreduceUs * 1000);
    // Target: all of it is exposed.
    QVERIFY(tp.overlappedNs == 0);
    QVERIFY(std::abs(tp.communicationNotOverlappedNs - allreduceUs * 1000) <
            0.02 * allreduceUs * 1000);

    const std::vector<TraceCategoryDiffRow> &c = d.categories;
    QVERIFY(c.size() >= 4);
    const bool gpu = pair == u"gpu_npu"_s;
    QCOMPARE(r.diagnostics().count(u"engines_folded"_s), gpu ? 1 : 0);
    // The 3× matmul: alone on AI Core NPU vs NPU, less the removed dropout in "compute" vs a GPU.
    QCOMPARE(c[0].category, gpu ? StepCategory::Compute : StepCategory::ComputeAiCore);
    const double matmulGapNs = layers * matmulUs * 2.0 * 1000;
    QVERIFY(c[0].deltaNs() > 0.8 * matmulGapNs && c[0].deltaNs() < 1.05 * matmulGapNs);
    QCOMPARE(c[1].category, StepCategory::Communication); // exposed
    QVERIFY(std::abs(c[1].deltaNs() - 0.9 * allreduceUs * 1000) < 0.15 * allreduceUs * 1000);
    const TraceCategoryDiffRow *conversion = find(c, StepCategory::FormatConversion);
    QVERIFY(conversion);
    QVERIFY(std::abs(conversion->deltaNs() -
                     layers * t.value(u"transdata_us"_s).toDouble() * 1000) < 0.05 * layers * 8000);
    // Nothing planted elsewhere: every other category moves less than the smallest planted one.
    for (const TraceCategoryDiffRow &row : c) {
        QVERIFY2(!gpu || (row.category != StepCategory::ComputeAiCore &&
                          row.category != StepCategory::ComputeAiVector),
                 qPrintable(stepCategoryId(row.category)));
        if (row.category != StepCategory::ComputeAiCore &&
            row.category != StepCategory::ComputeAiVector &&
            row.category != StepCategory::Compute && row.category != StepCategory::Communication &&
            row.category != StepCategory::FormatConversion)
            QVERIFY2(std::abs(row.deltaNs()) < std::abs(conversion->deltaNs()),
                     qPrintable(stepCategoryId(row.category)));
    }
    if (!gpu) { // against a GPU the dropout's share is inside "compute" above
        const TraceCategoryDiffRow *vector = find(c, StepCategory::ComputeAiVector);
        QVERIFY(vector && vector->deltaNs() < 0); // dropout's kernels are gone
    }
    // A partition: each side's categories add up to its step.
    double sumB = 0, sumT = 0;
    for (const TraceCategoryDiffRow &row : c) {
        sumB += row.baselineNs;
        sumT += row.targetNs;
    }
    QVERIFY(std::abs(sumB - d.baseline.stepNs) < 2.0);
    QVERIFY(std::abs(sumT - d.target.stepNs) < 2.0);
    // The shares of the step gap add up to 1.
    double share = 0;
    for (const TraceCategoryDiffRow &row : c)
        share += d.shareOfGap(row.deltaNs());
    QVERIFY(std::abs(share - 1.0) < 0.01);
    // Memory peaks 20 % higher on the target.
    QVERIFY(d.baseline.peakBytes && d.target.peakBytes);
    QVERIFY(std::abs(double(*d.target.peakBytes) / double(*d.baseline.peakBytes) -
                     t.value(u"memory_factor"_s).toDouble()) < 0.01);
}

// Issue #10's first acceptance line on a pair the test writes (InTestPair): ops[] ranks the 3×
// matmul, the removed dropout at both levels and the added TransData first and calls the rest
// "same"; categories[] ranks AI Core, exposed communication, AI Vector (the lost dropout) and
// format conversion first, with the planted sizes.
void tst_TraceDiff::pairGeneratedInTest()
{
    using P = InTestPair;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const bool target : {false, true}) {
        QFile f(dir.filePath(target ? u"target.json"_s : u"baseline.json"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(inTestTrace(target));
    }
    const Result<TraceDiffAnalysis> r =
        compare(dir.filePath(u"baseline.json"_s), dir.filePath(u"target.json"_s));
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const TraceDiff &d = *r.value()->diff;
    const auto near = [](double ns, double us) {
        return std::abs(ns / 1000.0 - us) < 0.01 * us + 0.01;
    };

    const std::vector<OpDiffRow> &ops = d.ops;
    QVERIFY(ops.size() > 4);
    QCOMPARE(opLevelId(ops[0].level) + u'/' + ops[0].name, u"device/matmul"_s);
    QCOMPARE(ops[0].state, OpDiffState::Slower);
    QVERIFY(near(ops[0].deltaNs(), P::layers * P::matmulUs * 2));
    QCOMPARE(opLevelId(ops[1].level) + u'/' + ops[1].name, u"device/dropout"_s);
    QCOMPARE(ops[1].state, OpDiffState::Removed);
    QVERIFY(near(-ops[1].deltaNs(), P::layers * P::dropoutUs));
    QCOMPARE(opLevelId(ops[2].level) + u'/' + ops[2].name, u"framework/aten::dropout"_s);
    QCOMPARE(ops[2].state, OpDiffState::Removed);
    QVERIFY(near(-ops[2].deltaNs(), P::layers * P::hostDropoutUs));
    QCOMPARE(opLevelId(ops[3].level) + u'/' + ops[3].name, u"device/transdata"_s);
    QCOMPARE(ops[3].state, OpDiffState::Added);
    QCOMPARE(ops[3].targetCount, double(P::layers));
    QVERIFY(near(ops[3].deltaNs(), P::layers * P::transdataUs));
    for (size_t i = 4; i < ops.size(); ++i) {
        QCOMPARE(ops[i].state, OpDiffState::Same);
        QVERIFY2(std::abs(ops[i].deltaNs()) < 1000, qPrintable(ops[i].name));
    }

    const std::vector<TraceCategoryDiffRow> &c = d.categories;
    QVERIFY(c.size() >= 4);
    QCOMPARE(c[0].category, StepCategory::ComputeAiCore);
    QVERIFY(near(c[0].deltaNs(), P::layers * P::matmulUs * 2));
    QCOMPARE(c[1].category, StepCategory::Communication);
    QVERIFY(near(c[1].deltaNs(), P::allreduceUs));
    QCOMPARE(c[2].category, StepCategory::ComputeAiVector);
    QVERIFY(near(-c[2].deltaNs(), P::layers * P::dropoutUs));
    QCOMPARE(c[3].category, StepCategory::FormatConversion);
    QVERIFY(near(c[3].deltaNs(), P::layers * P::transdataUs));
    for (size_t i = 4; i < c.size(); ++i)
        QVERIFY2(std::abs(c[i].deltaNs()) < 1000, qPrintable(stepCategoryId(c[i].category)));
    // The phases say the same: the all-reduce hidden in the baseline, exposed in the target.
    QVERIFY(d.baseline.phases.phases && d.target.phases.phases);
    QVERIFY(near(d.baseline.phases.phases->overlappedNs, P::allreduceUs));
    QVERIFY(near(d.target.phases.phases->communicationNotOverlappedNs, P::allreduceUs));
}

void tst_TraceDiff::familiesMeetAcrossPlatforms()
{
    const Result<TraceDiffAnalysis> r =
        compare(pairs + u"gpu_npu/baseline.json"_s, pairs + u"gpu_npu/target.json"_s);
    QVERIFY(r.isOk());
    const auto &ops = r.value()->diff->ops;
    const OpDiffRow *mm = find(ops, OpLevel::Device, u"matmul"_s);
    QVERIFY(mm);
    QCOMPARE(mm->baselineNames, QStringList{u"ampere_sgemm_128x64_tn"_s});
    QCOMPARE(mm->targetNames, QStringList{u"aclnnMm_MatMulCommon_MatMulV2"_s});
    const OpDiffRow *ar = find(ops, OpLevel::Device, u"all_reduce"_s);
    QVERIFY(ar);
    QCOMPARE(ar->state, OpDiffState::Same);
    QVERIFY(ar->baselineNames.front().startsWith(u"ncclDevKernel_AllReduce"_s));
    QVERIFY(ar->targetNames.front().startsWith(u"hcom_allReduce"_s));
    // The phases of the CUDA side come from HTA's kernel rules: nccl communicates.
    QVERIFY(r.value()->diff->baseline.phases.phases->communicationNs > 0);
}

// Nothing is wrong here: a run against itself.
void tst_TraceDiff::sameRunIsSame()
{
    const QString b = pairs + u"npu_npu/baseline.json"_s;
    const Result<TraceDiffAnalysis> r = compare(b, b);
    QVERIFY(r.isOk());
    const TraceDiff &d = *r.value()->diff;
    QCOMPARE(d.baseline.stepNs, d.target.stepNs);
    for (const OpDiffRow &o : d.ops) {
        QCOMPARE(o.state, OpDiffState::Same);
        QCOMPARE(o.deltaNs(), 0.0);
    }
    for (const TraceCategoryDiffRow &c : d.categories)
        QCOMPARE(c.deltaNs(), 0.0);
}

void tst_TraceDiff::swapNegates()
{
    const QString b = pairs + u"npu_npu/baseline.json"_s, t = pairs + u"npu_npu/target.json"_s;
    const Result<TraceDiffAnalysis> r = compare(b, t);
    QVERIFY(r.isOk());
    const Result<TraceDiff> swapped =
        compareTraceSides(*r.value()->target, *r.value()->baseline, TraceDiffOptions{});
    QVERIFY(swapped.isOk());
    QCOMPARE(swapped.value()->ops.front().name, u"matmul"_s);
    QCOMPARE(swapped.value()->ops.front().state, OpDiffState::Faster);
    QCOMPARE(swapped.value()->ops.front().deltaNs(), -r.value()->diff->ops.front().deltaNs());
    QCOMPARE(find(swapped.value()->ops, OpLevel::Device, u"transdata"_s)->state,
             OpDiffState::Removed);
}

void tst_TraceDiff::stepChoices()
{
    const QString b = pairs + u"npu_npu/baseline.json"_s, t = pairs + u"npu_npu/target.json"_s;
    TraceDiffOptions all;
    all.choice = TraceStepChoice::All;
    const Result<TraceDiffAnalysis> r = compare(b, t, all);
    QVERIFY(r.isOk());
    const TraceDiff &d = *r.value()->diff;
    QCOMPARE(int(d.baseline.steps.size()), truth(u"npu_npu"_s).value(u"baseline_steps"_s).toInt());
    QCOMPARE(d.baseline.chosen.size(), d.baseline.steps.size());
    // Per step on average: one matmul per layer and step.
    QCOMPARE(d.ops.front().baselineCount, double(truth(u"npu_npu"_s).value(u"layers"_s).toInt()));
    TraceDiffOptions second;
    second.choice = TraceStepChoice::Index;
    second.stepIndex = 1;
    const Result<TraceDiffAnalysis> s = compare(b, t, second);
    QVERIFY(s.isOk());
    QCOMPARE(s.value()->diff->baseline.steps[1].name, u"ProfilerStep#2"_s);
    QCOMPARE(s.value()->diff->baseline.chosen, std::vector<int>{1});
    second.stepIndex = 99;
    const Result<TraceDiffAnalysis> bad = compare(b, t, second);
    QVERIFY(bad.isFailed());
    QCOMPARE(bad.error().code, ErrorCode::Unsupported);
    QVERIFY(bad.error().message.contains(u"99"_s));
}

// Bad input: a trace without steps is one step (said), one without device tasks has no phases
// (said, with the reason), and producers that differ compare fine.
void tst_TraceDiff::noStepsNoDeviceTasks()
{
    const Result<TraceDiffAnalysis> r = compare(sharedData(u"trace/catapult_trivial_trace.json"_s),
                                                pairs + u"npu_npu/target.json"_s);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const TraceDiff &d = *r.value()->diff;
    QVERIFY(!d.baseline.stepsDetected);
    QCOMPARE(int(d.baseline.steps.size()), 1);
    QVERIFY(!d.baseline.phases.phases);
    QVERIFY(!d.baseline.phases.reason.isEmpty());
    QVERIFY(d.target.phases.phases);
    QCOMPARE(r.diagnostics().count(u"no_steps"_s), 1);
    QCOMPARE(r.diagnostics().count(u"no_device_tasks"_s), 1);
    // Every op of the target is new against a trace without any.
    for (const OpDiffRow &o : d.ops)
        QVERIFY(o.state == OpDiffState::Added || o.state == OpDiffState::Removed);
}

void tst_TraceDiff::badMappingFile()
{
    QTemporaryDir dir;
    const QString map = dir.filePath(u"map.json"_s);
    QFile f(map);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"sgemm\": \"matmul\",\n  \"[unclosed\": \"x\"\n}\n");
    f.close();
    TraceDiffInput input;
    input.baseline = pairs + u"npu_npu/baseline.json"_s;
    input.target = pairs + u"npu_npu/target.json"_s;
    input.familyFile = map;
    ProgressSink progress;
    const Result<TraceDiffAnalysis> r = runTraceDiffPipeline(input, progress, CancelToken());
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().line, 3);
    QCOMPARE(r.error().file, map);
}

QTEST_GUILESS_MAIN(tst_TraceDiff)
#include "tst_tracediff.moc"
