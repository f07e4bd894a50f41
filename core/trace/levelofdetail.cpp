#include "levelofdetail.h"

#include <algorithm>
#include <cmath>

namespace Twinscope::Core {

quint32 LevelOfDetail::firstEndingAfter(const TraceDataset &ds, const TraceLane &lane, qint64 ns)
{
    quint32 lo = lane.begin, hi = lane.end;
    while (lo < hi) {
        const quint32 mid = lo + (hi - lo) / 2;
        if (ds.sliceStart[mid] + ds.sliceDuration[mid] < ns)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

quint32 LevelOfDetail::nearestSlice(const TraceDataset &ds,
                                    const TraceLane &lane,
                                    qint64 ns,
                                    qint64 slackNs)
{
    quint32 best = UINT32_MAX;
    qint64 bestDistance = 0;
    for (quint32 i = firstEndingAfter(ds, lane, ns - slackNs);
         i < lane.end && ds.sliceStart[i] <= ns + slackNs;
         ++i) {
        const qint64 s = ds.sliceStart[i];
        const qint64 e = ds.sliceEnd(i);
        const qint64 distance = ns < s ? s - ns : (ns > e ? ns - e : 0);
        if (best == UINT32_MAX || distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
        if (distance == 0)
            break;
    }
    return best;
}

void LevelOfDetail::buildLane(const TraceDataset &ds,
                              const TraceLane &lane,
                              const TimeMapping &map,
                              std::vector<LodItem> *out)
{
    if (map.toNs <= map.fromNs || map.widthPx <= 0)
        return;
    const double nsPerPx = map.nsPerPx();
    // Pixel columns are clamped a little outside the view so huge spans do not overflow int.
    auto px = [&](qint64 ns) {
        const double x = double(ns - map.fromNs) / nsPerPx;
        return int(std::clamp(std::floor(x), -16.0, double(map.widthPx) + 16.0));
    };
    auto nsAt = [&](int x) {
        return map.fromNs + qint64(std::ceil(double(x) * nsPerPx));
    };
    const qint64 *start = ds.sliceStart.data();
    const qint64 *dur = ds.sliceDuration.data();
    quint32 i = firstEndingAfter(ds, lane, map.fromNs);
    const quint32 n = lane.end;
    while (i < n && start[i] < map.toNs) {
        const int x0 = px(start[i]);
        const int x1 = std::max(px(start[i] + dur[i]), x0 + 1);
        if (x1 - x0 >= MinWidthPx) {
            out->push_back(LodItem{x0, x1, i, 1});
            ++i;
            continue;
        }
        // Fold: absorb every span starting before the fold's right edge, then extend while the
        // next span is narrow and the gap to it is narrow too.
        int foldX1 = x1;
        const quint32 first = i;
        quint32 last = i;
        for (;;) {
            const qint64 edge = nsAt(foldX1);
            const quint32 j = quint32(std::lower_bound(start + i + 1, start + n, edge) - start);
            if (j > i + 1) {
                // spans i+1..j-1 start inside the fold; a wide one among them ends the fold early
                const quint32 k = j - 1;
                const int kx0 = px(start[k]);
                const int kx1 = std::max(px(start[k] + dur[k]), kx0 + 1);
                if (kx1 - kx0 >= MinWidthPx) {
                    last = k - 1;
                    foldX1 = std::max(foldX1, px(start[last] + dur[last]));
                    i = k;
                    break;
                }
                foldX1 = std::max(foldX1, kx1);
            }
            last = j - 1;
            i = j;
            if (i >= n || start[i] >= map.toNs)
                break;
            const int nx0 = px(start[i]);
            const int nx1 = std::max(px(start[i] + dur[i]), nx0 + 1);
            if (nx1 - nx0 >= MinWidthPx || nx0 - foldX1 >= MinWidthPx)
                break;
            foldX1 = std::max(foldX1, nx1);
        }
        if (last < first) { // only possible when the wide span directly follows: emit first alone
            out->push_back(LodItem{x0, x1, first, 1});
            i = first + 1;
            continue;
        }
        const quint32 count = last - first + 1;
        out->push_back(
            LodItem{x0, std::max(foldX1, x0 + 1), count == 1 ? first : LodItem::Folded, count});
    }
}

} // namespace Twinscope::Core
