#include "timelinerows.h"

#include <algorithm>

namespace Twinscope::Widgets {

void TimelineRows::build(const std::vector<TimelineInput> &inputs, const QSet<quint64> &collapsed)
{
    m_rows.clear();
    m_trackFirstRow.assign(inputs.size(), {});
    int y = 0;
    bool groupCollapsed = false;
    for (int d = 0; d < int(inputs.size()); ++d) {
        const Core::TraceDataset &ds = *inputs[size_t(d)].dataset;
        m_trackFirstRow[size_t(d)].assign(ds.tracks.size(), -1);
        const int group = inputs[size_t(d)].group;
        if (group >= 0 && (d == 0 || inputs[size_t(d - 1)].group != group)) {
            TimelineRow header;
            header.kind = TimelineRow::Kind::GroupHeader;
            header.dataset = d;
            header.y = y;
            header.height = HeaderHeight;
            m_rows.push_back(header);
            y += HeaderHeight;
            groupCollapsed = collapsed.contains(groupKey(d));
        } else if (group < 0) {
            groupCollapsed = false;
        }
        if (groupCollapsed)
            continue;
        for (int p = 0; p < int(ds.processes.size()); ++p) {
            const Core::TraceProcess &proc = ds.processes[size_t(p)];
            // Processes with nothing to draw (metadata only) are left out.
            bool any = false;
            for (const int t : proc.tracks) {
                const Core::TraceTrack &tr = ds.tracks[size_t(t)];
                any = any || tr.sliceEnd > tr.sliceBegin || tr.instantEnd > tr.instantBegin ||
                      tr.counterEnd > tr.counterBegin;
            }
            if (!any)
                continue;
            TimelineRow header;
            header.kind = TimelineRow::Kind::ProcessHeader;
            header.dataset = d;
            header.process = p;
            header.y = y;
            header.height = HeaderHeight;
            m_rows.push_back(header);
            y += HeaderHeight;
            if (collapsed.contains(processKey(d, p)))
                continue;
            for (const int t : proc.tracks) {
                const Core::TraceTrack &tr = ds.tracks[size_t(t)];
                TimelineRow row;
                row.dataset = d;
                row.process = p;
                row.track = t;
                row.firstOfTrack = true;
                if (tr.kind == Core::TraceTrackKind::Counter) {
                    if (tr.counterEnd == tr.counterBegin)
                        continue;
                    row.kind = TimelineRow::Kind::Counter;
                    row.y = y;
                    row.height = CounterHeight;
                    m_trackFirstRow[size_t(d)][size_t(t)] = int(m_rows.size());
                    m_rows.push_back(row);
                    y += CounterHeight;
                    continue;
                }
                if (tr.lanes.empty()) {
                    if (tr.instantEnd == tr.instantBegin)
                        continue;
                    row.kind = TimelineRow::Kind::Instants;
                    row.y = y;
                    row.height = LaneHeight;
                    m_trackFirstRow[size_t(d)][size_t(t)] = int(m_rows.size());
                    m_rows.push_back(row);
                    y += LaneHeight;
                    continue;
                }
                m_trackFirstRow[size_t(d)][size_t(t)] = int(m_rows.size());
                for (int l = 0; l < int(tr.lanes.size()); ++l) {
                    row.kind = TimelineRow::Kind::Lane;
                    row.lane = l;
                    row.y = y;
                    row.height = LaneHeight;
                    row.firstOfTrack = l == 0;
                    m_rows.push_back(row);
                    y += LaneHeight;
                }
                // Instants of a slice track get a row of their own under its lanes: drawn on
                // the top lane they hid the names there ("ProfilerStep#5").
                if (tr.instantEnd > tr.instantBegin) {
                    row.kind = TimelineRow::Kind::Instants;
                    row.lane = -1;
                    row.y = y;
                    row.height = InstantHeight;
                    row.firstOfTrack = false;
                    m_rows.push_back(row);
                    y += InstantHeight;
                }
            }
        }
    }
    m_height = y;
}

int TimelineRows::rowAt(int y) const
{
    auto it = std::upper_bound(
        m_rows.begin(), m_rows.end(), y, [](int v, const TimelineRow &r) { return v < r.y; });
    if (it == m_rows.begin())
        return -1;
    --it;
    return y < it->y + it->height ? int(it - m_rows.begin()) : -1;
}

int TimelineRows::firstRowOfTrack(int dataset, int track) const
{
    if (dataset < 0 || dataset >= int(m_trackFirstRow.size()) || track < 0 ||
        track >= int(m_trackFirstRow[size_t(dataset)].size()))
        return -1;
    return m_trackFirstRow[size_t(dataset)][size_t(track)];
}

QList<QPair<int, int>> TimelineRows::tracksBetween(int y0, int y1) const
{
    QList<QPair<int, int>> tracks;
    for (const TimelineRow &r : m_rows) {
        if (r.track < 0 || r.y + r.height < y0 || r.y > y1)
            continue;
        const QPair<int, int> key(r.dataset, r.track);
        if (!tracks.contains(key))
            tracks.append(key);
    }
    return tracks;
}

int TimelineRows::rowOfLane(int dataset, int track, int lane) const
{
    const int first = firstRowOfTrack(dataset, track);
    if (first < 0)
        return -1;
    const int row = first + std::max(0, lane);
    if (row >= int(m_rows.size()) || m_rows[size_t(row)].track != track ||
        m_rows[size_t(row)].dataset != dataset)
        return first;
    return row;
}

} // namespace Twinscope::Widgets
