#include "launchlatency.h"

#include "intervalset.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace Twinscope::Core {

double LaunchLatency::meanNs() const
{
    if (delaysNs.empty())
        return 0.0;
    return double(std::accumulate(delaysNs.begin(), delaysNs.end(), qint64(0))) /
           double(delaysNs.size());
}

qint64 LaunchLatency::quantileNs(double q) const
{
    if (delaysNs.empty())
        return 0;
    const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * double(delaysNs.size()));
    const size_t i = size_t(std::max(1.0, rank)) - 1;
    return delaysNs[std::min(i, delaysNs.size() - 1)];
}

LaunchLatency
computeLaunchLatency(const TraceDataset &ds, const DeviceTaskSet &tasks, qint64 fromNs, qint64 toNs)
{
    LaunchLatency out;
    std::vector<bool> isTask(ds.sliceStart.size(), false);
    for (const DeviceTask &t : tasks.tasks)
        isTask[t.slice] = true;
    for (const TraceFlow &f : ds.flows) {
        if (f.toSlice == TraceFlow::Unbound || f.fromSlice == TraceFlow::Unbound ||
            f.toSlice >= isTask.size() || !isTask[f.toSlice] || isTask[f.fromSlice])
            continue;
        const qint64 start = ds.sliceStart[f.toSlice];
        if (start < fromNs || start >= toNs)
            continue;
        out.delaysNs.push_back(std::max<qint64>(0, start - ds.sliceEnd(f.fromSlice)));
    }
    std::sort(out.delaysNs.begin(), out.delaysNs.end());
    return out;
}

TemporalBreakdown computeTemporalBreakdown(const TraceDataset &ds,
                                           const DeviceTaskSet &tasks,
                                           qint64 fromNs,
                                           qint64 toNs)
{
    TemporalBreakdown out;
    std::vector<std::pair<qint64, qint64>> all, compute, comm;
    for (const DeviceTask &t : tasks.tasks) {
        const std::pair<qint64, qint64> span(std::max(ds.sliceStart[t.slice], fromNs),
                                             std::min(ds.sliceEnd(t.slice), toNs));
        if (span.second < span.first || t.kind == DeviceTaskKind::Other)
            continue;
        all.push_back(span);
        if (t.kind == DeviceTaskKind::Compute)
            compute.push_back(span);
        else if (t.kind == DeviceTaskKind::Communication)
            comm.push_back(span);
    }
    if (all.empty())
        return out;
    const IntervalSet busy = IntervalSet::fromSpans(std::move(all));
    const IntervalSet computing = IntervalSet::fromSpans(std::move(compute));
    const IntervalSet communicating = IntervalSet::fromSpans(std::move(comm));
    out.valid = true;
    out.spanNs = busy.last() - busy.first();
    out.idleNs = out.spanNs - busy.length();
    out.computeNs = computing.length();
    out.nonComputeNs = busy.length() - out.computeNs;
    if (communicating.length() > 0)
        out.overlapPercent = 100.0 *
                             double(IntervalSet::intersect(communicating, computing).length()) /
                             double(communicating.length());
    return out;
}

} // namespace Twinscope::Core
