#pragma once

#include "timelineframe.h"
#include "timelineoffsets.h"

#include <utility>
#include <vector>

class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// Flow arrows (host op -> device kernel and the like): those of the selected slice, or every flow
// touching the window. An overlay: it reads the rows and the zoom and changes no cached geometry.
class TimelineFlows
{
public:
    // Painting every flow stops at this many: beyond it the arrows hide the slices anyway.
    static constexpr size_t MaximumShown = 20000;

    void setShowAll(bool all) { m_showAll = all; }
    bool showAll() const { return m_showAll; }

    // (file, flow index) pairs to draw for this window and selection.
    std::vector<std::pair<int, quint32>> collect(const std::vector<TimelineInput> &inputs,
                                                 const TimelineOffsets &offsets,
                                                 const TimelineZoomControl &zoom,
                                                 TimelineSliceRef selection) const;
    void paint(QPainter &p,
               const TimelineFrame &frame,
               const std::vector<TimelineInput> &inputs,
               const TimelineRows &rows,
               const TimelineOffsets &offsets,
               TimelineSliceRef selection,
               const QPalette &palette) const;

private:
    bool m_showAll = false;
};

} // namespace Twinscope::Widgets
