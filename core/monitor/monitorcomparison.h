#pragma once

#include "monitordataset.h"

#include <optional>
#include <vector>

namespace Twinscope::Core {

// Two monitor runs (benchmark A, run under test B) aligned by rank, metric, module and step.
struct MonitorCompareOptions
{
    // The noise floor comes from the first earlySteps aligned steps; 0: 20 % of them, at least 5
    // and at most 50. A departure inside that window raises the floor instead of being found, so
    // the window stays short of where runs usually part.
    int earlySteps = 0;
    // A module's floor is factor x the largest gap it showed in the early steps, and at least
    // minFloor: two bit-identical runs (gap 0 early) must not flag the first rounding difference.
    double factor = 2.0;
    double minFloor = 1e-3;
    // Consecutive steps above the floor that make a departure (one noisy step does not).
    int k = 3;
};

// Where B's metric first leaves A's by more than the noise floor.
struct MonitorDeparture
{
    int rank = 0;
    QString metric; // "grad_reduced.norm"
    QString module;
    qint64 step = 0;
    double gap = 0;   // relative gap at that step
    double floor = 0; // the module's noise floor
};

// The gap of one rank: relative |b - a| / max(|a|, |b|) per aligned metric, step and module; a
// value present in one run only or finite in one only is an infinite gap.
struct MonitorRankGap
{
    int rank = 0;
    std::vector<qint64> steps;     // aligned (in both runs)
    QStringList modules;           // in both runs, A's order
    QStringList metrics;           // in both runs
    std::vector<float> gap;        // (metric * steps + step) * modules + module; NaN: no pair
    std::vector<float> floor;      // metric * modules + module
    std::vector<qint64> departure; // metric * modules + module: first departing step, or -1
    size_t index(int metric, int step, int module) const
    {
        return (size_t(metric) * steps.size() + size_t(step)) * size_t(modules.size()) +
               size_t(module);
    }
};

struct MonitorComparison
{
    MonitorCompareOptions options;
    int earlySteps = 0; // the window used
    std::vector<MonitorRankGap> ranks;
    // The first departure over every rank, metric and module: the earliest step; at one step the
    // largest gap over floor.
    std::optional<MonitorDeparture> first;
    // Each metric's own first departure (same rule), for "and then the parameters at step 38".
    std::vector<MonitorDeparture> firstPerMetric;
    QStringList onlyInA; // "rank 1", "grad_reduced.norm": what B lacks
    QStringList onlyInB;
};

MonitorComparison
compareMonitorRuns(const MonitorRun &a, const MonitorRun &b, const MonitorCompareOptions &options);

} // namespace Twinscope::Core
