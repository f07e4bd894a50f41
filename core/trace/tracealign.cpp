#include "tracealign.h"

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString traceAlignModeId(TraceAlignMode mode)
{
    switch (mode) {
    case TraceAlignMode::FirstStep:
        return u"first_step"_s;
    case TraceAlignMode::FirstEvent:
        return u"first_event"_s;
    case TraceAlignMode::Absolute:
        return u"absolute"_s;
    }
    return {};
}

std::vector<int> groupTraceRuns(const std::vector<TraceAlignInput> &inputs)
{
    std::vector<int> run(inputs.size(), -1);
    int next = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (run[i] >= 0)
            continue;
        run[i] = next;
        // Grow the run to a fixed point: a file joins when it shares the input path with a
        // member, or when both are ranks (distinct ids) whose extents overlap.
        for (bool grew = true; grew;) {
            grew = false;
            for (size_t j = 0; j < inputs.size(); ++j) {
                if (run[j] >= 0)
                    continue;
                for (size_t k = 0; k < inputs.size(); ++k) {
                    if (run[k] != next)
                        continue;
                    const TraceDataset *a = inputs[j].dataset.get();
                    const TraceDataset *b = inputs[k].dataset.get();
                    const bool sameInput = inputs[j].input == inputs[k].input;
                    const bool ranks = a && b && a->rank >= 0 && b->rank >= 0 &&
                                       a->rank != b->rank && a->firstNs <= b->lastNs &&
                                       b->firstNs <= a->lastNs;
                    if (sameInput || ranks) {
                        run[j] = next;
                        grew = true;
                        break;
                    }
                }
            }
        }
        ++next;
    }
    return run;
}

qint64 traceRunAnchorNs(const std::vector<TraceAlignInput> &inputs,
                        const std::vector<int> &runs,
                        int run,
                        TraceAlignMode mode,
                        TraceAlignMode *used)
{
    std::optional<qint64> step, first;
    for (size_t i = 0; i < inputs.size() && i < runs.size(); ++i) {
        if (runs[i] != run || !inputs[i].dataset)
            continue;
        const TraceDataset &ds = *inputs[i].dataset;
        if (ds.lastNs > ds.firstNs || ds.sliceCount() > 0)
            first = first ? std::min(*first, ds.firstNs) : ds.firstNs;
        if (mode == TraceAlignMode::FirstEvent)
            continue;
        const TraceSteps steps = inputs[i].steps ? *inputs[i].steps : findTraceSteps(ds);
        const std::optional<TraceStep> s = steps.firstComplete();
        if (steps.detected && s)
            step = step ? std::min(*step, s->startNs) : s->startNs;
    }
    if (step) {
        if (used)
            *used = mode;
        return *step;
    }
    if (used)
        *used = mode == TraceAlignMode::Absolute ? mode : TraceAlignMode::FirstEvent;
    return first.value_or(0);
}

std::vector<qint64> traceAlignmentOffsets(const std::vector<TraceAlignInput> &inputs,
                                          const std::vector<int> &runs,
                                          const std::vector<TraceAlignMode> &modes)
{
    std::vector<qint64> offsets(inputs.size(), 0);
    if (inputs.empty())
        return offsets;
    auto modeOf = [&modes](int run) {
        return run >= 0 && run < int(modes.size()) ? modes[size_t(run)] : TraceAlignMode::FirstStep;
    };
    // The reference: run 0 at its own anchor (its first step, else its first event).
    const TraceAlignMode refMode = modeOf(0) == TraceAlignMode::FirstEvent
                                       ? TraceAlignMode::FirstEvent
                                       : TraceAlignMode::FirstStep;
    const qint64 ref = traceRunAnchorNs(inputs, runs, 0, refMode);
    int maxRun = 0;
    for (const int r : runs)
        maxRun = std::max(maxRun, r);
    std::vector<qint64> runOffset(size_t(maxRun) + 1, 0);
    for (int r = 1; r <= maxRun; ++r) {
        if (modeOf(r) == TraceAlignMode::Absolute)
            continue;
        runOffset[size_t(r)] = ref - traceRunAnchorNs(inputs, runs, r, modeOf(r));
    }
    for (size_t i = 0; i < inputs.size() && i < runs.size(); ++i)
        offsets[i] = runs[i] >= 0 ? runOffset[size_t(runs[i])] : 0;
    return offsets;
}

} // namespace Twinscope::Core
