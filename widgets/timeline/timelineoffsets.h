#pragma once

#include "timelinerows.h"

#include <utility>
#include <vector>

namespace Twinscope::Widgets {

// Per-file clock offsets (ranks rarely share a clock): display ns = trace ns + offset. User state,
// so it lives here and never in a dataset (docs/DESIGN.md §1).
class TimelineOffsets
{
public:
    void reset(size_t files) { m_offsets.assign(files, 0); }
    // False when the file index is out of range.
    bool set(int dataset, qint64 offsetNs);
    qint64 of(int dataset) const
    {
        return dataset >= 0 && dataset < int(m_offsets.size()) ? m_offsets[size_t(dataset)] : 0;
    }
    // Display time of a slice's start.
    qint64 sliceStart(const std::vector<TimelineInput> &inputs, TimelineSliceRef slice) const;
    // First and last display ns over all files with events; 0..1000 when there are none.
    std::pair<qint64, qint64> extent(const std::vector<TimelineInput> &inputs) const;
    // MindStudio Insight's L/R: the offset for target's file that makes target start where base
    // starts on screen.
    qint64 alignmentOffset(const std::vector<TimelineInput> &inputs,
                           TimelineSliceRef base,
                           TimelineSliceRef target) const;

private:
    std::vector<qint64> m_offsets;
};

} // namespace Twinscope::Widgets
