#include "tracediff.h"

#include "core/common/tr.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace Twinscope::Core {

namespace {

using Window = std::pair<qint64, qint64>;

// The step of a rank that matches each of rank 0's steps: the same number when both carry numbers
// (ranks of one job number their steps alike; the first step with that number), else the same
// position. Found once per rank through a map: a search per step made a trace of thousands of
// steps quadratic (it was a third of a 2 x 1 GB comparison, issue #28).
std::vector<const TraceStep *> matchingSteps(const TraceSteps &rank0, const TraceSteps &rank)
{
    std::unordered_map<qint64, const TraceStep *> byNumber;
    for (const TraceStep &s : rank.steps)
        byNumber.try_emplace(s.number, &s);
    std::vector<const TraceStep *> out(rank0.steps.size(), nullptr);
    for (size_t k = 0; k < rank0.steps.size(); ++k) {
        const TraceStep &want = rank0.steps[k];
        if (want.number >= 0) {
            if (const auto it = byNumber.find(want.number); it != byNumber.end()) {
                out[k] = it->second;
                continue;
            }
        }
        out[k] = k < rank.steps.size() ? &rank.steps[k] : nullptr;
    }
    return out;
}

void addPhases(TracePhases &sum, const TracePhases &p)
{
    sum.computingNs += p.computingNs;
    sum.communicationNs += p.communicationNs;
    sum.communicationNotOverlappedNs += p.communicationNotOverlappedNs;
    sum.overlappedNs += p.overlappedNs;
    sum.freeNs += p.freeNs;
}

TracePhases dividePhases(TracePhases p, double n)
{
    auto div = [n](qint64 v) {
        return qint64(std::llround(double(v) / n));
    };
    p.computingNs = div(p.computingNs);
    p.communicationNs = div(p.communicationNs);
    p.communicationNotOverlappedNs = div(p.communicationNotOverlappedNs);
    p.overlappedNs = div(p.overlappedNs);
    p.freeNs = div(p.freeNs);
    return p;
}

StepCategoryTimes divideCategories(const StepCategoryTimes &sum, double n)
{
    StepCategoryTimes out;
    for (size_t c = 0; c < sum.ns.size(); ++c)
        out.ns[c] = qint64(std::llround(double(sum.ns[c]) / n));
    return out;
}

struct SideWork
{
    TraceDiffSideSummary summary;
    std::vector<std::vector<Window>> windows; // per rank: the compared steps
};

std::optional<SideWork>
summarise(const TraceDiffSide &side, const TraceDiffOptions &options, QString *error)
{
    SideWork w;
    TraceDiffSideSummary &s = w.summary;
    s.path = side.path;
    s.ranks = int(side.ranks.size());
    const TraceSteps &rank0 = *side.ranks.front().steps;
    s.stepsDetected = rank0.detected;
    std::vector<std::vector<const TraceStep *>> matched;
    for (const TraceRankProfile &r : side.ranks)
        matched.push_back(matchingSteps(rank0, *r.steps));
    // Every step, averaged over the ranks that have it.
    for (size_t k = 0; k < rank0.steps.size(); ++k) {
        TraceStepRow row;
        row.name = rank0.steps[k].name;
        row.startNs = rank0.steps[k].startNs;
        row.complete = rank0.steps[k].complete;
        if (k > 0)
            row.gapBeforeNs =
                double(std::max<qint64>(0, rank0.steps[k].startNs - rank0.steps[k - 1].endNs));
        int ranks = 0, withPhases = 0, withProfiler = 0;
        TracePhases phases, profiler;
        StepCategoryTimes categories;
        for (size_t ri = 0; ri < side.ranks.size(); ++ri) {
            const TraceRankProfile &r = side.ranks[ri];
            const TraceStep *step = matched[ri][k];
            if (!step)
                continue;
            ++ranks;
            row.durationNs += double(step->durationNs());
            const TracePhasesResult p = r.phases->phases(step->startNs, step->endNs);
            if (p.phases) {
                addPhases(phases, *p.phases);
                ++withPhases;
            } else if (row.phases.reason.isEmpty()) {
                row.phases.reason = p.reason;
            }
            if (const auto own = profilerOverlapPhases(*r.dataset, step->startNs, step->endNs)) {
                addPhases(profiler, *own);
                ++withProfiler;
            }
            const StepCategoryTimes c = r.categories->times(step->startNs, step->endNs);
            for (size_t i = 0; i < c.ns.size(); ++i)
                categories.ns[i] += c.ns[i];
            if (const auto peak = r.memory->peakAllocated(step->startNs, step->endNs))
                row.peakBytes = row.peakBytes ? std::max(*row.peakBytes, *peak) : *peak;
        }
        if (ranks > 0) {
            row.durationNs /= ranks;
            row.categories = divideCategories(categories, ranks);
        }
        if (withPhases > 0)
            row.phases.phases = dividePhases(phases, withPhases);
        if (withProfiler > 0)
            row.profilerPhases = dividePhases(profiler, withProfiler);
        s.steps.push_back(std::move(row));
    }
    // The compared steps, by the one step model.
    s.model = buildStepModel(rank0);
    s.choice = options.choice;
    for (size_t k = 0; k < s.steps.size() && k < s.model.roles.size(); ++k)
        s.steps[k].role = s.model.roles[k];
    switch (options.choice) {
    case TraceStepChoice::Steady:
        s.chosen = s.model.steady;
        break;
    case TraceStepChoice::Index:
        if (options.stepIndex < 0 || options.stepIndex >= int(rank0.steps.size())) {
            *error = Tr::tr("%1 has %n step(s); step %2 (counting from 0) is not one of them.",
                            nullptr,
                            int(rank0.steps.size()))
                         .arg(side.path)
                         .arg(options.stepIndex);
            return std::nullopt;
        }
        s.chosen.push_back(options.stepIndex);
        break;
    case TraceStepChoice::All:
        for (int k = 0; k < int(s.steps.size()); ++k) {
            if (s.steps[size_t(k)].role != StepRole::Unfinished)
                s.chosen.push_back(k);
        }
        break;
    }
    // No complete step at all (a profiler stopped inside its only step): what there is.
    if (s.chosen.empty())
        for (int k = 0; k < int(s.steps.size()); ++k)
            s.chosen.push_back(k);
    // Means over the compared steps.
    TracePhases phases, profiler;
    StepCategoryTimes categories;
    int withPhases = 0, withProfiler = 0;
    for (const int k : s.chosen) {
        const TraceStepRow &row = s.steps[size_t(k)];
        s.stepNs += row.durationNs;
        for (size_t i = 0; i < categories.ns.size(); ++i)
            categories.ns[i] += row.categories.ns[i];
        if (row.phases.phases) {
            addPhases(phases, *row.phases.phases);
            ++withPhases;
        } else if (s.phases.reason.isEmpty()) {
            s.phases.reason = row.phases.reason;
        }
        if (row.profilerPhases) {
            addPhases(profiler, *row.profilerPhases);
            ++withProfiler;
        }
        if (row.peakBytes)
            s.peakBytes = s.peakBytes ? std::max(*s.peakBytes, *row.peakBytes) : *row.peakBytes;
    }
    const double n = double(s.chosen.size());
    s.stepNs /= n;
    s.categories = divideCategories(categories, n);
    if (withPhases > 0) {
        s.phases.phases = dividePhases(phases, withPhases);
        s.phases.reason.clear();
    }
    if (withProfiler > 0)
        s.profilerPhases = dividePhases(profiler, withProfiler);
    // The warm-up's extra time against the median steady step.
    if (s.model.warmup >= 0 && !s.model.steady.empty()) {
        std::vector<double> rest;
        for (const int k : s.model.steady)
            rest.push_back(s.steps[size_t(k)].durationNs);
        std::sort(rest.begin(), rest.end());
        s.firstStepExtraNs =
            std::max(0.0, s.steps[size_t(s.model.warmup)].durationNs - rest[(rest.size() - 1) / 2]);
    }
    // Per rank: the compared windows, and HTA's temporal breakdown and launch delays over them.
    for (size_t ri = 0; ri < side.ranks.size(); ++ri) {
        const TraceRankProfile &r = side.ranks[ri];
        std::vector<Window> windows;
        for (const int k : s.chosen) {
            if (const TraceStep *step =
                    k < int(matched[ri].size()) ? matched[ri][size_t(k)] : nullptr)
                windows.emplace_back(step->startNs, step->endNs);
        }
        qint64 from = 0, to = 0;
        if (!windows.empty()) {
            from = windows.front().first;
            to = windows.front().second;
            for (const Window &x : windows) {
                from = std::min(from, x.first);
                to = std::max(to, x.second);
            }
        }
        s.temporal.push_back(computeTemporalBreakdown(*r.dataset, *r.tasks, from, to));
        s.latency.push_back(computeLaunchLatency(*r.dataset, *r.tasks, from, to));
        w.windows.push_back(std::move(windows));
    }
    return w;
}

// Whether a side's compute is split by Ascend engine (an NPU run).
bool splitsEngines(const StepCategoryTimes &c)
{
    return c[StepCategory::ComputeAiCore] + c[StepCategory::ComputeAiVector] +
               c[StepCategory::ComputeAiCpu] >
           0;
}

StepCategoryTimes foldedEngines(StepCategoryTimes c)
{
    for (const StepCategory e :
         {StepCategory::ComputeAiCore, StepCategory::ComputeAiVector, StepCategory::ComputeAiCpu}) {
        c[StepCategory::Compute] += c[e];
        c[e] = 0;
    }
    return c;
}

OpTotals sideOps(const TraceDiffSide &side, const SideWork &work, double *pairs)
{
    OpTotals all;
    *pairs = 0;
    for (size_t r = 0; r < side.ranks.size(); ++r) {
        const TraceRankProfile &rank = side.ranks[r];
        OpTotals t = collectOps(*rank.dataset, *rank.tasks, work.windows[r]);
        *pairs += double(work.windows[r].size());
        all.rows.insert(all.rows.end(),
                        std::make_move_iterator(t.rows.begin()),
                        std::make_move_iterator(t.rows.end()));
    }
    return all;
}

} // namespace

QString traceStepChoiceId(TraceStepChoice choice)
{
    switch (choice) {
    case TraceStepChoice::Steady:
        return QStringLiteral("steady");
    case TraceStepChoice::Index:
        return QStringLiteral("index");
    case TraceStepChoice::All:
        return QStringLiteral("all");
    }
    return {};
}

QStringList TraceDiffSideSummary::usedStepNames() const
{
    QStringList out;
    for (const int k : chosen)
        out << steps[size_t(k)].name;
    return out;
}

QString TraceDiffSideSummary::warmupStepName() const
{
    const int w = model.warmup;
    // An explicit step excludes nothing: the user named it.
    if (choice == TraceStepChoice::Index || w < 0 ||
        std::find(chosen.begin(), chosen.end(), w) != chosen.end())
        return {};
    return steps[size_t(w)].name;
}

QStringList TraceDiffSideSummary::unfinishedStepNames() const
{
    QStringList out;
    if (choice == TraceStepChoice::Index)
        return out;
    for (const int k : model.unfinished) {
        if (std::find(chosen.begin(), chosen.end(), k) == chosen.end())
            out << steps[size_t(k)].name;
    }
    return out;
}

QString TraceDiffSideSummary::usedStepsText() const
{
    return describeUsedSteps(usedStepNames(), warmupStepName(), unfinishedStepNames());
}

double TraceDiff::shareOfGap(double deltaNs) const
{
    const double gap = target.stepNs - baseline.stepNs;
    return gap != 0 ? deltaNs / gap : 0.0;
}

Result<TraceDiff> compareTraceSides(const TraceDiffSide &baseline,
                                    const TraceDiffSide &target,
                                    const TraceDiffOptions &options,
                                    const CancelToken &cancel)
{
    if (baseline.ranks.empty() || target.ranks.empty())
        return Result<TraceDiff>::failed(
            Error::make(ErrorCode::NotFound,
                        Tr::tr("Both sides of a comparison need a loaded trace."),
                        baseline.ranks.empty() ? baseline.path : target.path));
    QString error;
    std::optional<SideWork> b = summarise(baseline, options, &error);
    if (!b)
        return Result<TraceDiff>::failed(Error::make(ErrorCode::Unsupported, error, baseline.path));
    std::optional<SideWork> t = summarise(target, options, &error);
    if (!t)
        return Result<TraceDiff>::failed(Error::make(ErrorCode::Unsupported, error, target.path));
    if (cancel.isCanceled())
        return Result<TraceDiff>::canceled();
    auto diff = std::make_shared<TraceDiff>();
    diff->baseline = std::move(b->summary);
    diff->target = std::move(t->summary);
    // A GPU's kernels have no engine split: against an NPU, AI Core + AI Vector + AI CPU meet the
    // GPU's compute in one row, or a slower matmul would read as "+AI Core, −compute".
    const bool foldEngines =
        splitsEngines(diff->baseline.categories) != splitsEngines(diff->target.categories);
    const StepCategoryTimes bCat =
        foldEngines ? foldedEngines(diff->baseline.categories) : diff->baseline.categories;
    const StepCategoryTimes tCat =
        foldEngines ? foldedEngines(diff->target.categories) : diff->target.categories;
    for (int c = 0; c < StepCategoryCount; ++c) {
        TraceCategoryDiffRow row;
        row.category = StepCategory(c);
        row.baselineNs = double(bCat.ns[size_t(c)]);
        row.targetNs = double(tCat.ns[size_t(c)]);
        if (row.baselineNs != 0 || row.targetNs != 0)
            diff->categories.push_back(row);
    }
    std::stable_sort(diff->categories.begin(),
                     diff->categories.end(),
                     [](const TraceCategoryDiffRow &x, const TraceCategoryDiffRow &y) {
                         return std::abs(x.deltaNs()) > std::abs(y.deltaNs());
                     });
    double bPairs = 0, tPairs = 0;
    const OpTotals bOps = sideOps(baseline, *b, &bPairs);
    const OpTotals tOps = sideOps(target, *t, &tPairs);
    if (cancel.isCanceled())
        return Result<TraceDiff>::canceled();
    const OpFamilyMap builtIn = options.families ? OpFamilyMap() : OpFamilyMap::builtIn();
    diff->ops = diffOps(bOps,
                        bPairs > 0 ? 1.0 / bPairs : 0.0,
                        tOps,
                        tPairs > 0 ? 1.0 / tPairs : 0.0,
                        options.families ? *options.families : builtIn);
    Diagnostics d;
    if (foldEngines)
        d.add(QStringLiteral("engines_folded"),
              Tr::tr("Only one side splits device compute into AI Core, AI Vector and AI CPU: "
                     "the categories compare them together as compute."),
              {},
              Severity::Info);
    for (const TraceDiffSideSummary *s : {&diff->baseline, &diff->target}) {
        if (!s->stepsDetected)
            d.add(QStringLiteral("no_steps"),
                  Tr::tr("A trace without step marks is compared as one step."),
                  Location{-1, -1, s->path},
                  Severity::Info);
        if (!s->phases.phases)
            d.add(QStringLiteral("no_device_tasks"),
                  s->phases.reason,
                  Location{-1, -1, s->path},
                  Severity::Warning);
    }
    return Result<TraceDiff>::ok(std::move(diff), std::move(d));
}

} // namespace Twinscope::Core
