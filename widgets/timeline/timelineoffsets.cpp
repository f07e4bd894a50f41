#include "timelineoffsets.h"

#include <algorithm>

namespace Twinscope::Widgets {

bool TimelineOffsets::set(int dataset, qint64 offsetNs)
{
    if (dataset < 0 || dataset >= int(m_offsets.size()))
        return false;
    m_offsets[size_t(dataset)] = offsetNs;
    return true;
}

qint64 TimelineOffsets::sliceStart(const std::vector<TimelineInput> &inputs,
                                   TimelineSliceRef slice) const
{
    return inputs[size_t(slice.dataset)].dataset->sliceStart[slice.slice] + of(slice.dataset);
}

std::pair<qint64, qint64> TimelineOffsets::extent(const std::vector<TimelineInput> &inputs) const
{
    bool any = false;
    qint64 from = 0, to = 1000;
    for (size_t d = 0; d < inputs.size(); ++d) {
        const Core::TraceDataset &ds = *inputs[d].dataset;
        if (ds.lastNs < ds.firstNs)
            continue;
        const qint64 f = ds.firstNs + of(int(d));
        const qint64 l = ds.lastNs + of(int(d));
        from = any ? std::min(from, f) : f;
        to = any ? std::max(to, l) : l;
        any = true;
    }
    return {from, to};
}

qint64 TimelineOffsets::alignmentOffset(const std::vector<TimelineInput> &inputs,
                                        TimelineSliceRef base,
                                        TimelineSliceRef target) const
{
    return sliceStart(inputs, base) -
           inputs[size_t(target.dataset)].dataset->sliceStart[target.slice];
}

} // namespace Twinscope::Widgets
