#pragma once

#include "tracedataset.h"

#include <vector>

namespace Twinscope::Core {

// One drawable item of a lane at the current zoom, in integer pixel columns [x0, x1).
struct LodItem
{
    static constexpr quint32 Folded = UINT32_MAX;
    int x0 = 0;
    int x1 = 0;
    quint32 slice = Folded; // the slice, or Folded for a run of narrow spans shown as one
    quint32 count = 1;      // spans covered
};

// Time to pixel mapping for one frame: pure arithmetic, shared by the builder, the view and tests.
struct TimeMapping
{
    qint64 fromNs = 0;
    qint64 toNs = 1;
    int widthPx = 1;

    double nsPerPx() const { return double(toNs - fromNs) / double(widthPx > 0 ? widthPx : 1); }
    double x(qint64 ns) const { return double(ns - fromNs) / nsPerPx(); }
    qint64 ns(double x) const { return fromNs + qint64(x * nsPerPx()); }
};

// Level-of-detail builder for one lane (docs/DESIGN.md §5): binary-search the first span ending
// after the range start, emit spans at least MinWidthPx wide, and fold runs of narrower spans and
// gaps into one item, jumping over them with lower_bound so the work per lane is bounded by the
// width in pixels, not by the number of spans.
class LevelOfDetail
{
public:
    // 3 px: narrower spans are unreadable; Tracy folds there too.
    static constexpr int MinWidthPx = 3;

    static void buildLane(const TraceDataset &dataset,
                          const TraceLane &lane,
                          const TimeMapping &map,
                          std::vector<LodItem> *out);
    // The first slice of the lane ending at or after ns (lanes are disjoint, so ends are sorted).
    static quint32 firstEndingAfter(const TraceDataset &dataset, const TraceLane &lane, qint64 ns);
    // Hit testing: the slice of the lane closest to ns (0 when ns lies inside it) among those
    // within slackNs, or UINT32_MAX. The slack lets thin spans be clicked.
    static quint32
    nearestSlice(const TraceDataset &dataset, const TraceLane &lane, qint64 ns, qint64 slackNs);
};

} // namespace Twinscope::Core
