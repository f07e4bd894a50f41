#pragma once

#include "timelineoffsets.h"

#include <QString>

#include <vector>

namespace Twinscope::Widgets {

// Search over slice names: which name ids match, per file, and the matching slices in time order.
// Painting asks isHit() per drawn slice, so hits are an overlay and never change the geometry.
class TimelineSearch
{
public:
    // Substring (case-insensitive) or regex; returns the hit count, or -1 for an invalid regex.
    // An empty text clears the search.
    qint64 run(const std::vector<TimelineInput> &inputs,
               const TimelineOffsets &offsets,
               const QString &text,
               bool regex);
    void clear();
    // True while a search with at least one hit is on: the painter then fades the rest.
    bool isActive() const { return !m_hits.empty(); }
    bool isHit(int dataset, quint32 name) const;
    qint64 hitCount() const { return qint64(m_hits.size()); }
    int current() const { return m_current; }
    // Steps to the next (or previous) hit, wrapping around; invalid when there are none.
    TimelineSliceRef step(bool backwards);

private:
    std::vector<std::vector<bool>> m_hitNames; // per file, per name id
    std::vector<TimelineSliceRef> m_hits;      // in display-time order
    int m_current = -1;
};

} // namespace Twinscope::Widgets
