#include "tracefindings.h"

#include "core/common/tr.h"
#include "core/trace/opstatistics.h"
#include "core/trace/taskclassify.h"
#include "core/trace/tracedataset.h"
#include "core/trace/tracephases.h"

#include <QHash>
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

// Kernel names can be hundreds of characters of template arguments.
QString shortName(const QString &name)
{
    constexpr int Max = 80;
    return name.size() <= Max ? name : name.left(Max - 1) + QChar(0x2026);
}

Finding baseFinding(const TraceEvidence &e)
{
    Finding f;
    f.guide = perfGuide();
    f.evidence = QJsonObject{{u"benchmark_file"_s, e.benchmarkFile}, {u"test_file"_s, e.testFile}};
    return f;
}

} // namespace

FindingList traceFindings(const TraceEvidence &e)
{
    FindingList out;
    if (!e.benchmark || !e.test)
        return out;
    const TraceSide a = describe(*e.benchmark);
    const TraceSide b = describe(*e.test);
    if (!a.usable || !b.usable || a.stepNs <= 0)
        return out;
    const double ratio = b.stepNs / a.stepNs;
    if (ratio < StepSlowerRatio) {
        Finding f = baseFinding(e);
        f.code = u"trace.steps_match"_s;
        f.severity = FindingSeverity::Clear;
        f.evidence.insert(u"benchmark_step_ns"_s, a.stepNs);
        f.evidence.insert(u"test_step_ns"_s, b.stepNs);
        f.evidence.insert(u"ratio"_s, ratio);
        f.text = Tr::tr("The step of the run under test (%1 ms) is not slower than the "
                        "benchmark's (%2 ms) by %3% or more.")
                     .arg(ms(b.stepNs), ms(a.stepNs), percent(StepSlowerRatio - 1.0));
        f.nextAction = Tr::tr("Nothing to do for speed.");
        out.push_back(std::move(f));
        return out;
    }
    const double gap = b.stepNs - a.stepNs;
    const double computeShare = (b.computingNs - a.computingNs) / gap;
    const double commShare = (b.communicationNs - a.communicationNs) / gap;
    const double freeShare = (b.freeNs - a.freeNs) / gap;
    {
        Finding f = baseFinding(e);
        f.code = u"trace.step_slower"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = ratio;
        f.evidence.insert(u"benchmark_step_ns"_s, a.stepNs);
        f.evidence.insert(u"test_step_ns"_s, b.stepNs);
        f.evidence.insert(u"steps"_s, double(b.steps));
        f.evidence.insert(u"ratio"_s, ratio);
        f.evidence.insert(u"computing_share"_s, computeShare);
        f.evidence.insert(u"communication_share"_s, commShare);
        f.evidence.insert(u"free_share"_s, freeShare);
        f.text = Tr::tr("A step takes %1 ms against the benchmark's %2 ms (%3×); of the gap, "
                        "computing is %4%, communication not overlapped %5%, device idle %6%.")
                     .arg(ms(b.stepNs), ms(a.stepNs), QLocale().toString(ratio, 'f', 2))
                     .arg(percent(computeShare), percent(commShare), percent(freeShare));
        if (computeShare >= commShare && computeShare >= freeShare)
            f.nextAction = Tr::tr("Computing dominates: start with the slower ops listed "
                                  "below, then check op-info for recompiles, AI CPU ops and "
                                  "TransData/Cast.");
        else if (commShare >= freeShare)
            f.nextAction = Tr::tr("Communication dominates: compare the collectives' sizes and "
                                  "bandwidth per rank and look for a slow rank or link.");
        else
            f.nextAction = Tr::tr("Device idle time dominates: the device waits for the host "
                                  "(launch overhead, synchronisations, data loading).");
        f.link.view = FindingLink::View::ProfileRow;
        f.link.file = e.testFile;
        out.push_back(std::move(f));
    }
    if (freeShare >= 0.2) {
        Finding f = baseFinding(e);
        f.code = u"trace.idle_grew"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = freeShare;
        f.evidence.insert(u"benchmark_free_ns"_s, a.freeNs);
        f.evidence.insert(u"test_free_ns"_s, b.freeNs);
        f.evidence.insert(u"share_of_gap"_s, freeShare);
        f.text = Tr::tr("The device idles %1 ms per step against the benchmark's %2 ms: %3% of "
                        "the gap is time the device waits.")
                     .arg(ms(b.freeNs), ms(a.freeNs), percent(freeShare));
        f.nextAction = Tr::tr("Find what the host does during the idle gaps in the timeline: "
                              "synchronisations (.item(), prints), data loading, slow op "
                              "launches; enable the task queue or graph mode.");
        f.link.view = FindingLink::View::TraceSlices;
        f.link.file = e.testFile;
        out.push_back(std::move(f));
    }
    struct Slower
    {
        QString name;
        double benchNs, testNs;
    };
    std::vector<Slower> slower;
    for (auto it = b.opNs.cbegin(); it != b.opNs.cend(); ++it) {
        const double before = a.opNs.value(it.key(), 0.0);
        if (before <= 0 || it.value() < OpSlowerRatio * before)
            continue;
        if (it.value() - before >= OpGapShare * gap)
            slower.push_back({it.key(), before, it.value()});
    }
    std::sort(slower.begin(), slower.end(), [](const Slower &x, const Slower &y) {
        return x.testNs - x.benchNs > y.testNs - y.benchNs;
    });
    if (slower.size() > size_t(MaxOpFindings))
        slower.resize(size_t(MaxOpFindings));
    for (const Slower &s : slower) {
        Finding f = baseFinding(e);
        const double share = (s.testNs - s.benchNs) / gap;
        f.code = u"trace.op_slower"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = share;
        f.evidence.insert(u"op"_s, s.name);
        f.evidence.insert(u"benchmark_ns"_s, s.benchNs);
        f.evidence.insert(u"test_ns"_s, s.testNs);
        f.evidence.insert(u"share_of_gap"_s, share);
        f.text = Tr::tr("%1 takes %2 ms per step against %3 ms (%4×): %5% of the gap.")
                     .arg(shortName(s.name), ms(s.testNs), ms(s.benchNs))
                     .arg(QLocale().toString(s.testNs / s.benchNs, 'f', 1), percent(share));
        f.nextAction = Tr::tr("Open its slices in both timelines and compare shapes, dtypes and "
                              "formats (op-info); check for an AI CPU kernel or extra "
                              "TransData, and profile the op alone.");
        f.link.view = FindingLink::View::TraceSlices;
        f.link.file = e.testFile;
        f.link.name = s.name;
        out.push_back(std::move(f));
    }
    if (b.computingNs > 0 && b.aicpuNs >= 0.01 * b.computingNs) {
        Finding f = baseFinding(e);
        f.code = u"trace.aicpu_time"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = b.aicpuNs / b.computingNs;
        f.evidence.insert(u"aicpu_ns"_s, b.aicpuNs);
        f.evidence.insert(u"computing_ns"_s, b.computingNs);
        f.text = Tr::tr("AI CPU tasks take %1 ms per step, %2% of the computing time.")
                     .arg(ms(b.aicpuNs), percent(b.aicpuNs / b.computingNs));
        f.nextAction = Tr::tr("Find the AI CPU ops in op-info and change their dtype or shape "
                              "so they run on the AI Core.");
        f.link.view = FindingLink::View::ProfileRow;
        f.link.file = e.testFile;
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace Twinscope::Core
