#include "monitorcomparison.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

float relativeGap(bool hasA, float a, bool hasB, float b)
{
    if (!hasA || !hasB)
        return std::numeric_limits<float>::quiet_NaN(); // no pair: not compared
    const bool finA = std::isfinite(a);
    const bool finB = std::isfinite(b);
    if (!finA || !finB) {
        // NaN in both, or the same infinity: no gap; non-finite on one side only: the largest.
        const bool same = (std::isnan(a) && std::isnan(b)) || (!finA && !finB && a == b);
        return same ? 0.0f : std::numeric_limits<float>::infinity();
    }
    const float scale = std::max(std::fabs(a), std::fabs(b));
    return scale > 0 ? std::fabs(b - a) / scale : 0.0f;
}

bool better(const MonitorDeparture &d, const std::optional<MonitorDeparture> &than)
{
    if (!than)
        return true;
    if (d.step != than->step)
        return d.step < than->step;
    const double r = d.gap / std::max(d.floor, 1e-30);
    const double t = than->gap / std::max(than->floor, 1e-30);
    return r > t;
}

} // namespace

MonitorComparison
compareMonitorRuns(const MonitorRun &a, const MonitorRun &b, const MonitorCompareOptions &options)
{
    MonitorComparison out;
    out.options = options;
    for (const MonitorRank &ra : a.ranks)
        if (!b.findRank(ra.rank))
            out.onlyInA << u"rank %1"_s.arg(ra.rank);
    for (const MonitorRank &rb : b.ranks)
        if (!a.findRank(rb.rank))
            out.onlyInB << u"rank %1"_s.arg(rb.rank);
    std::vector<std::optional<MonitorDeparture>> perMetric;
    QStringList perMetricNames;
    for (const MonitorRank &ra : a.ranks) {
        const MonitorRank *rbp = b.findRank(ra.rank);
        if (!rbp)
            continue;
        const MonitorRank &rb = *rbp;
        MonitorRankGap g;
        g.rank = ra.rank;
        std::vector<int> stepA, stepB, modA, modB, metA, metB;
        std::set_intersection(ra.steps.begin(),
                              ra.steps.end(),
                              rb.steps.begin(),
                              rb.steps.end(),
                              std::back_inserter(g.steps));
        for (qint64 s : g.steps) {
            stepA.push_back(ra.stepIndex(s));
            stepB.push_back(rb.stepIndex(s));
        }
        QHash<QString, int> bModules;
        for (int i = 0; i < int(rb.modules.size()); ++i)
            bModules.insert(rb.modules[i], i);
        for (int i = 0; i < int(ra.modules.size()); ++i)
            if (const auto it = bModules.constFind(ra.modules[i]); it != bModules.constEnd()) {
                g.modules << ra.modules[i];
                modA.push_back(i);
                modB.push_back(*it);
            }
        for (int i = 0; i < int(ra.metrics.size()); ++i) {
            const int j = rb.metricIndex(ra.metrics[i]);
            if (j < 0) {
                if (!out.onlyInA.contains(ra.metrics[i]))
                    out.onlyInA << ra.metrics[i];
                continue;
            }
            g.metrics << ra.metrics[i];
            metA.push_back(i);
            metB.push_back(j);
        }
        for (const QString &m : rb.metrics)
            if (ra.metricIndex(m) < 0 && !out.onlyInB.contains(m))
                out.onlyInB << m;
        const size_t nS = g.steps.size();
        const size_t nM = size_t(g.modules.size());
        const size_t nX = size_t(g.metrics.size());
        int early = options.earlySteps > 0 ? options.earlySteps
                                           : std::clamp(int(nS / 5), std::min(5, int(nS)), 50);
        early = std::min(early, int(nS));
        out.earlySteps = early;
        g.gap.assign(nX * nS * nM, std::numeric_limits<float>::quiet_NaN());
        g.floor.assign(nX * nM, float(options.minFloor));
        g.departure.assign(nX * nM, -1);
        for (size_t x = 0; x < nX; ++x) {
            for (size_t s = 0; s < nS; ++s)
                for (size_t m = 0; m < nM; ++m) {
                    const size_t ia = ra.index(metA[x], stepA[s], modA[m]);
                    const size_t ib = rb.index(metB[x], stepB[s], modB[m]);
                    g.gap[g.index(int(x), int(s), int(m))] =
                        relativeGap(ra.present[ia], ra.values[ia], rb.present[ib], rb.values[ib]);
                }
            int px = int(perMetricNames.indexOf(g.metrics[qsizetype(x)]));
            if (px < 0) {
                px = int(perMetricNames.size());
                perMetricNames << g.metrics[qsizetype(x)];
                perMetric.emplace_back();
            }
            for (size_t m = 0; m < nM; ++m) {
                // The floor: the largest finite early gap, scaled. An infinite early gap (a NaN in
                // one run from the start) is a departure at once, not noise.
                float maxEarly = 0;
                for (int s = 0; s < early; ++s) {
                    const float v = g.gap[g.index(int(x), s, int(m))];
                    if (std::isfinite(v))
                        maxEarly = std::max(maxEarly, v);
                }
                const float floor =
                    std::max(float(options.minFloor), float(options.factor) * maxEarly);
                g.floor[x * nM + m] = floor;
                int run = 0;
                for (size_t s = 0; s < nS; ++s) {
                    const float v = g.gap[g.index(int(x), int(s), int(m))];
                    // NaN (no pair) neither breaks nor extends a run.
                    if (std::isnan(v))
                        continue;
                    run = v > floor ? run + 1 : 0;
                    if (run >= std::max(1, options.k)) {
                        // The departure starts where the run began.
                        size_t start = s;
                        for (int back = run - 1; back > 0; --start)
                            if (!std::isnan(g.gap[g.index(int(x), int(start - 1), int(m))]))
                                --back;
                        const MonitorDeparture d{g.rank,
                                                 g.metrics[qsizetype(x)],
                                                 g.modules[qsizetype(m)],
                                                 g.steps[start],
                                                 double(g.gap[g.index(int(x), int(start), int(m))]),
                                                 double(floor)};
                        g.departure[x * nM + m] = d.step;
                        if (better(d, perMetric[size_t(px)]))
                            perMetric[size_t(px)] = d;
                        if (better(d, out.first))
                            out.first = d;
                        break;
                    }
                }
            }
        }
        out.ranks.push_back(std::move(g));
    }
    for (const auto &d : perMetric)
        if (d)
            out.firstPerMetric.push_back(*d);
    std::sort(out.firstPerMetric.begin(),
              out.firstPerMetric.end(),
              [](const MonitorDeparture &x, const MonitorDeparture &y) {
                  return x.step != y.step ? x.step < y.step : x.metric < y.metric;
              });
    return out;
}

} // namespace Twinscope::Core
