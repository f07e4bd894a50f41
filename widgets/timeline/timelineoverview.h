#pragma once

#include "timelineframe.h"
#include "timelineoffsets.h"

#include <vector>

class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// The strip above the ruler: how busy the whole trace is over time, with the visible window
// marked, so the user sees where the work is and where they are. Built once per layout (one pass
// over top-level spans); painting reads the cached buckets.
class TimelineOverview
{
public:
    static constexpr int Height = 16;
    // Fine enough for a 4K-wide plot at about one bucket per 4 columns, and a cheap build.
    static constexpr int Buckets = 1024;

    // Busy time of every thread track's top lane per bucket of the trace, normalised to 0..1.
    void build(const std::vector<TimelineInput> &inputs,
               const TimelineOffsets &offsets,
               qint64 traceFromNs,
               qint64 traceToNs);
    const std::vector<float> &activity() const { return m_activity; }
    // The display time under widget x when the strip spans the whole trace.
    static qint64 timeAt(const TimelineFrame &frame, double x);
    void paint(QPainter &p, const TimelineFrame &frame, const QPalette &palette) const;

private:
    std::vector<float> m_activity;
};

} // namespace Twinscope::Widgets
