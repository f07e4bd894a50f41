#include "tracefindings.h"

#include "core/common/tr.h"
#include "core/trace/kernelnames.h"
#include "core/trace/opstatistics.h"
#include "core/trace/taskclassify.h"
#include "core/trace/tracedataset.h"
#include "core/trace/tracediff.h"
#include "core/trace/tracediffside.h"
#include "core/trace/tracephases.h"

#include <QHash>
#include <QJsonArray>
#include <QLocale>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString perfGuide()
{
    return Tr::tr("PyTorch Network Model Porting and Training Guide: performance analysis");
}

// What one timeline says, per profiled step.
struct TraceSide
{
    bool usable = false;
    qint64 steps = 1;
    double stepNs = 0;
    double computingNs = 0, communicationNs = 0, freeNs = 0;
    double aicpuNs = 0;
    QHash<QString, double> opNs; // device op name -> time per step
};

// Profiled steps: distinct "ProfilerStep#N" / "Iteration N" names (host and device repeat them).
qint64 countSteps(const TraceDataset &d)
{
    QSet<quint32> names;
    for (size_t i = 0; i < d.sliceName.size(); ++i) {
        const std::string_view name = d.strings.view(d.sliceName[i]);
        if (name.starts_with("ProfilerStep#") || name.starts_with("Iteration "))
            names.insert(d.sliceName[i]);
    }
    return std::max<qint64>(1, names.size());
}

TraceSide describe(const TraceDataset &d)
{
    TraceSide s;
    const DeviceTaskSet tasks = classifyDeviceTasks(d);
    const TracePhaseIndex index(d, tasks);
    const TracePhasesResult phases = index.phases();
    if (!phases.phases || phases.phases->toNs <= phases.phases->fromNs)
        return s;
    s.usable = true;
    s.steps = countSteps(d);
    const double n = double(s.steps);
    const TracePhases &p = *phases.phases;
    s.stepNs = double(p.toNs - p.fromNs) / n;
    s.computingNs = double(p.computingNs) / n;
    s.communicationNs = double(p.communicationNotOverlappedNs) / n;
    s.freeNs = double(p.freeNs) / n;
    for (const DeviceTask &t : tasks.tasks) {
        if (t.engine == DeviceEngine::AiCpu)
            s.aicpuNs += double(d.sliceDuration[t.slice]) / n;
    }
    OpStatisticsQuery query;
    for (size_t t = 0; t < tasks.trackRoles.size(); ++t) {
        if (tasks.trackRoles[t] == TrackRole::Device)
            query.tracks.push_back(int(t));
    }
    if (query.tracks.empty())
        return s;
    for (const OpStatisticsRow &row : computeOpStatistics(d, query).rows)
        s.opNs[row.name] += double(row.totalNs) / n;
    return s;
}

QString ms(double ns)
{
    return QLocale().toString(ns / 1e6, 'f', 2);
}

QString percent(double share)
{
    return QLocale().toString(100.0 * share, 'f', 0);
}

// Kernel names can be hundreds of characters of template arguments: the text shows HTA's short
// name, the evidence the full one.
QString shortName(const QString &name)
{
    // Only kernel-like names: a framework op such as
    // "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__" reads as written.
    constexpr int Max = 80;
    return name.contains(u'<') || name.size() > Max ? shortKernelName(name) : name;
}

Finding baseFinding(const TraceEvidence &e)
{
    Finding f;
    f.guide = perfGuide();
    f.evidence = QJsonObject{{u"benchmark_file"_s, e.benchmarkFile}, {u"test_file"_s, e.testFile}};
    return f;
}

// What to do first, by the share of the gap that dominates.
QString stepAction(double computing, double communication, double idle)
{
    if (computing >= communication && computing >= idle)
        return Tr::tr("Computing dominates: start with the slower ops listed "
                      "below, then check op-info for recompiles, AI CPU ops and "
                      "TransData/Cast.");
    if (communication >= idle)
        return Tr::tr("Communication dominates: compare the collectives' sizes and "
                      "bandwidth per rank and look for a slow rank or link.");
    return Tr::tr("Device idle time dominates: the device waits for the host "
                  "(launch overhead, synchronisations, data loading).");
}

// One slower (or added: benchNs 0) device op, by name or by family.
struct SlowerOp
{
    QString name;   // the op the link opens
    QString family; // empty when matched by name
    double benchNs = 0, testNs = 0;
    QStringList benchmarkOps; // the family's ops on the benchmark side
};

Finding opFinding(const TraceEvidence &e, const SlowerOp &s, double gap)
{
    Finding f = baseFinding(e);
    const double share = (s.testNs - s.benchNs) / gap;
    f.code = u"trace.op_slower"_s;
    f.severity = FindingSeverity::Warning;
    f.weight = share;
    f.evidence.insert(u"op"_s, s.name);
    f.evidence.insert(u"benchmark_ns"_s, s.benchNs);
    f.evidence.insert(u"test_ns"_s, s.testNs);
    f.evidence.insert(u"share_of_gap"_s, share);
    QString what = shortName(s.name);
    if (!s.family.isEmpty()) {
        f.evidence.insert(u"family"_s, s.family);
        f.evidence.insert(u"benchmark_ops"_s, QJsonArray::fromStringList(s.benchmarkOps));
        what = Tr::tr("%1 (family %2)").arg(what, s.family);
    }
    if (s.benchNs > 0)
        f.text = Tr::tr("%1 takes %2 ms per step against %3 ms (%4×): %5% of the gap.")
                     .arg(what, ms(s.testNs), ms(s.benchNs))
                     .arg(QLocale().toString(s.testNs / s.benchNs, 'f', 1), percent(share));
    else
        f.text = Tr::tr("%1 takes %2 ms per step and has no counterpart in the benchmark: "
                        "%3% of the gap.")
                     .arg(what, ms(s.testNs), percent(share));
    f.nextAction = Tr::tr("Open its slices in both timelines and compare shapes, dtypes and "
                          "formats (op-info); check for an AI CPU kernel or extra "
                          "TransData, and profile the op alone.");
    f.link.view = FindingLink::View::TraceSlices;
    f.link.file = e.testFile;
    f.link.name = s.name;
    return f;
}

// Ops matched by name: slowdowns between runs of one platform.
std::vector<SlowerOp> slowerByName(const TraceSide &a, const TraceSide &b, double gap)
{
    std::vector<SlowerOp> slower;
    for (auto it = b.opNs.cbegin(); it != b.opNs.cend(); ++it) {
        const double before = a.opNs.value(it.key(), 0.0);
        if (isSyncSymptomName(it.key()) || before <= 0 || it.value() < OpSlowerRatio * before)
            continue;
        if (it.value() - before >= OpGapShare * gap)
            slower.push_back({it.key(), {}, before, it.value(), {}});
    }
    std::sort(slower.begin(), slower.end(), [](const SlowerOp &x, const SlowerOp &y) {
        return x.testNs - x.benchNs > y.testNs - y.benchNs;
    });
    return slower;
}

// The diff's op rows of one level. Device rows paired across platforms: a family whose ops carry
// different names on the two sides (a CUDA kernel against an Ascend op), slower, or one the
// benchmark lacks; a family with a name on both sides is one platform's: slowerByName() names its
// op exactly (a family sums the forward and backward kernels, and would blur which one slowed).
// Framework rows (host-only traces) by name. Symptoms (synchronisations) are never named.
std::vector<SlowerOp> slowerInDiff(const TraceDiff &diff, double gap, OpLevel level)
{
    std::vector<SlowerOp> slower;
    for (const OpDiffRow &row : diff.ops) {
        if (row.level != level || row.symptom || row.deltaNs() < OpGapShare * gap)
            continue;
        if (row.state != OpDiffState::Added &&
            (row.state != OpDiffState::Slower || row.ratio() < OpSlowerRatio))
            continue;
        if (level == OpLevel::Device) {
            const bool shared =
                std::any_of(row.targetNames.cbegin(),
                            row.targetNames.cend(),
                            [&](const QString &name) { return row.baselineNames.contains(name); });
            if (shared)
                continue;
        }
        // The link opens slices by name: a family row's most expensive op on the test side.
        slower.push_back({row.targetNames.value(0, row.name),
                          row.family,
                          row.baselineNs,
                          row.targetNs,
                          row.baselineNames});
    }
    return slower;
}

bool isComputing(StepCategory c)
{
    switch (c) {
    case StepCategory::FormatConversion:
    case StepCategory::CopyBottleneck:
    case StepCategory::ComputeAiCpu:
    case StepCategory::ComputeAiVector:
    case StepCategory::ComputeAiCore:
    case StepCategory::Compute:
    case StepCategory::Memory:
        return true;
    default:
        return false;
    }
}

// The step_slower text, shares and action from the diff's categories, which partition the step:
// the largest few are named with their delta and share of the gap.
void describeGapByCategory(const TraceDiff &diff, Finding &f)
{
    constexpr int MaxNamed = 3;
    double computing = 0, communication = 0, idle = 0;
    QJsonArray categories;
    QStringList named;
    for (const TraceCategoryDiffRow &row : diff.categories) { // sorted by |delta|
        const double share = diff.shareOfGap(row.deltaNs());
        if (isComputing(row.category))
            computing += share;
        else if (row.category == StepCategory::Communication)
            communication += share;
        else // idle, host, data loading: the device waits
            idle += share;
        if (row.deltaNs() == 0)
            continue;
        categories.append(QJsonObject{{u"category"_s, stepCategoryId(row.category)},
                                      {u"benchmark_ns"_s, row.baselineNs},
                                      {u"test_ns"_s, row.targetNs},
                                      {u"share_of_gap"_s, share}});
        if (named.size() < MaxNamed) {
            const QString delta = (row.deltaNs() > 0 ? u"+"_s : QString()) +
                                  QLocale().toString(row.deltaNs() / 1e3, 'f', 0);
            named << Tr::tr("%1 %2 µs (%3%)")
                         .arg(stepCategoryName(row.category), delta, percent(share));
        }
    }
    const double a = diff.baseline.stepNs, b = diff.target.stepNs;
    f.evidence.insert(u"computing_share"_s, computing);
    f.evidence.insert(u"communication_share"_s, communication);
    f.evidence.insert(u"free_share"_s, idle);
    f.evidence.insert(u"categories"_s, categories);
    f.text =
        Tr::tr("A step takes %1 ms against the benchmark's %2 ms (%3×); the gap by "
               "category: %4.")
            .arg(
                ms(b), ms(a), QLocale().toString(a > 0 ? b / a : 0.0, 'f', 2), named.join(u"; "_s));
    f.nextAction = stepAction(computing, communication, idle);
}

} // namespace

std::shared_ptr<const TraceDiff> diffTraceEvidence(const TraceEvidence &e,
                                                   const CancelToken &cancel)
{
    if (!e.benchmark || !e.test)
        return nullptr;
    TraceDiffSide sides[2];
    sides[0].path = e.benchmarkFile;
    sides[0].ranks.push_back(profileTraceRank(e.benchmarkFile, e.benchmark));
    sides[1].path = e.testFile;
    sides[1].ranks.push_back(profileTraceRank(e.testFile, e.test));
    TraceDiffOptions options;
    // The default step model (steady steps), as Compare and tracediff count them.
    const Result<TraceDiff> r = compareTraceSides(sides[0], sides[1], options, cancel);
    return r.isOk() ? r.value() : nullptr;
}

FindingList traceFindings(const TraceEvidence &e)
{
    FindingList out;
    if (!e.benchmark || !e.test)
        return out;
    const TraceSide a = describe(*e.benchmark);
    const TraceSide b = describe(*e.test);
    // The diff's steady steps where it has them (the one step model, as Compare and tracediff
    // count them), so that the ratio and its shares agree everywhere; a host-only pair has no
    // device phases but its diff still has steps.
    const TraceDiff *diff = e.diff && e.diff->baseline.stepNs > 0 ? e.diff.get() : nullptr;
    if (!diff && (!a.usable || !b.usable || a.stepNs <= 0))
        return out;
    const double benchStepNs = diff ? diff->baseline.stepNs : a.stepNs;
    const double testStepNs = diff ? diff->target.stepNs : b.stepNs;
    const double ratio = testStepNs / benchStepNs;
    auto addSteps = [diff](Finding &f) {
        if (!diff)
            return;
        f.evidence.insert(u"steps"_s, double(diff->target.chosen.size()));
        f.evidence.insert(u"benchmark_steps_used"_s,
                          QJsonArray::fromStringList(diff->baseline.usedStepNames()));
        f.evidence.insert(u"test_steps_used"_s,
                          QJsonArray::fromStringList(diff->target.usedStepNames()));
        f.evidence.insert(u"step_policy"_s, traceStepChoiceId(diff->target.choice));
    };
    if (ratio < StepSlowerRatio) {
        Finding f = baseFinding(e);
        f.code = u"trace.steps_match"_s;
        f.severity = FindingSeverity::Clear;
        f.evidence.insert(u"benchmark_step_ns"_s, benchStepNs);
        f.evidence.insert(u"test_step_ns"_s, testStepNs);
        f.evidence.insert(u"ratio"_s, ratio);
        addSteps(f);
        f.text = Tr::tr("The step of the run under test (%1 ms) is not slower than the "
                        "benchmark's (%2 ms) by %3% or more.")
                     .arg(ms(testStepNs), ms(benchStepNs), percent(StepSlowerRatio - 1.0));
        f.nextAction = Tr::tr("Nothing to do for speed.");
        out.push_back(std::move(f));
        return out;
    }
    const double gap = testStepNs - benchStepNs;
    // The device's idle time over the same steps: the diff's phases where both sides have device
    // tasks, else the trace's own (whole trace, per step).
    double benchFreeNs = a.freeNs, testFreeNs = b.freeNs;
    double freeShare = 0;
    if (diff && diff->baseline.phases.phases && diff->target.phases.phases) {
        benchFreeNs = double(diff->baseline.phases.phases->freeNs);
        testFreeNs = double(diff->target.phases.phases->freeNs);
        freeShare = (testFreeNs - benchFreeNs) / gap;
    } else if (!diff && a.usable && b.usable) {
        const double phaseGap = b.stepNs - a.stepNs;
        freeShare = phaseGap > 0 ? (b.freeNs - a.freeNs) / phaseGap : 0.0;
    }
    {
        Finding f = baseFinding(e);
        f.code = u"trace.step_slower"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = ratio;
        f.evidence.insert(u"benchmark_step_ns"_s, benchStepNs);
        f.evidence.insert(u"test_step_ns"_s, testStepNs);
        f.evidence.insert(u"steps"_s, double(b.steps));
        f.evidence.insert(u"ratio"_s, ratio);
        addSteps(f);
        if (diff) {
            describeGapByCategory(*diff, f);
        } else {
            const double computeShare = (b.computingNs - a.computingNs) / gap;
            const double commShare = (b.communicationNs - a.communicationNs) / gap;
            f.evidence.insert(u"computing_share"_s, computeShare);
            f.evidence.insert(u"communication_share"_s, commShare);
            f.evidence.insert(u"free_share"_s, freeShare);
            f.text = Tr::tr("A step takes %1 ms against the benchmark's %2 ms (%3×); of the gap, "
                            "computing is %4%, communication not overlapped %5%, device idle %6%.")
                         .arg(ms(b.stepNs), ms(a.stepNs), QLocale().toString(ratio, 'f', 2))
                         .arg(percent(computeShare), percent(commShare), percent(freeShare));
            f.nextAction = stepAction(computeShare, commShare, freeShare);
        }
        f.link.view = FindingLink::View::ProfileRow;
        f.link.file = e.testFile;
        out.push_back(std::move(f));
    }
    if (freeShare >= 0.2) {
        Finding f = baseFinding(e);
        f.code = u"trace.idle_grew"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = freeShare;
        f.evidence.insert(u"benchmark_free_ns"_s, benchFreeNs);
        f.evidence.insert(u"test_free_ns"_s, testFreeNs);
        f.evidence.insert(u"share_of_gap"_s, freeShare);
        f.text = Tr::tr("The device idles %1 ms per step against the benchmark's %2 ms: %3% of "
                        "the gap is time the device waits.")
                     .arg(ms(testFreeNs), ms(benchFreeNs), percent(freeShare));
        f.nextAction = Tr::tr("Find what the host does during the idle gaps in the timeline: "
                              "synchronisations (.item(), prints), data loading, slow op "
                              "launches; enable the task queue or graph mode.");
        f.link.view = FindingLink::View::TraceSlices;
        f.link.file = e.testFile;
        out.push_back(std::move(f));
    }
    std::vector<SlowerOp> slower;
    if (a.usable && b.usable)
        slower = slowerByName(a, b, gap);
    if (diff) {
        // Without device tasks on either side the framework ops are all there is.
        const OpLevel level = a.usable || b.usable ? OpLevel::Device : OpLevel::Framework;
        const std::vector<SlowerOp> paired = slowerInDiff(*diff, gap, level);
        slower.insert(slower.end(), paired.begin(), paired.end());
        std::stable_sort(slower.begin(), slower.end(), [](const SlowerOp &x, const SlowerOp &y) {
            return x.testNs - x.benchNs > y.testNs - y.benchNs;
        });
    }
    if (slower.size() > size_t(MaxOpFindings))
        slower.resize(size_t(MaxOpFindings));
    for (const SlowerOp &s : slower)
        out.push_back(opFinding(e, s, gap));
    const double aicpuNs =
        diff ? double(diff->target.categories[StepCategory::ComputeAiCpu]) : b.aicpuNs;
    const double computingNs = diff && diff->target.phases.phases
                                   ? double(diff->target.phases.phases->computingNs)
                                   : b.computingNs;
    if (computingNs > 0 && aicpuNs >= 0.01 * computingNs) {
        Finding f = baseFinding(e);
        f.code = u"trace.aicpu_time"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = aicpuNs / computingNs;
        f.evidence.insert(u"aicpu_ns"_s, aicpuNs);
        f.evidence.insert(u"computing_ns"_s, computingNs);
        f.text = Tr::tr("AI CPU tasks take %1 ms per step, %2% of the computing time.")
                     .arg(ms(aicpuNs), percent(aicpuNs / computingNs));
        f.nextAction = Tr::tr("Find the AI CPU ops in op-info and change their dtype or shape "
                              "so they run on the AI Core.");
        f.link.view = FindingLink::View::ProfileRow;
        f.link.file = e.testFile;
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace Twinscope::Core
