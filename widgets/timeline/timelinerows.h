#pragma once

#include "core/trace/tracedataset.h"

#include <QList>
#include <QPair>
#include <QSet>

#include <memory>
#include <vector>

namespace Twinscope::Widgets {

// One horizontal band of the timeline: a process header, one lane of a slice track, a counter
// track, or the instants of a track (a track of its own, or a row under a slice track's lanes). y
// is in content coordinates (before scrolling).
struct TimelineRow
{
    // GroupHeader heads one run (a file, or a folder of ranks) when several files are open.
    enum class Kind { ProcessHeader, Lane, Counter, Instants, GroupHeader };
    Kind kind = Kind::Lane;
    int dataset = 0;
    int process = -1;
    int track = -1;
    int lane = -1;
    int y = 0;
    int height = 0;
    bool firstOfTrack = false;
};

// One slice of one of the open files (dataset = index into the view's inputs).
struct TimelineSliceRef
{
    int dataset = -1;
    quint32 slice = UINT32_MAX;
    bool isValid() const { return dataset >= 0 && slice != UINT32_MAX; }
};

struct TimelineInput
{
    TimelineInput(std::shared_ptr<const Core::TraceDataset> data = {}, QString name = {})
        : dataset(std::move(data))
        , label(std::move(name))
    {}

    std::shared_ptr<const Core::TraceDataset> dataset;
    QString label; // file name or rank; shown in process headers when several files are open
    // Consecutive inputs with the same group >= 0 sit under one collapsible header: a run (a file,
    // or the ranks of one folder), titled with its full path; alignText is drawn at the header's
    // right end ("Align: first step ▾") and clicking it asks for the run's alignment.
    int group = -1;
    QString groupTitle;
    QString groupTooltip;
    QString alignText;
};

// Row layout: processes in sort-index order, each with its thread tracks (one row per lane),
// async tracks and counter tracks; collapsed processes keep only their header.
class TimelineRows
{
public:
    static constexpr int HeaderHeight = 22;
    static constexpr int LaneHeight = 18;
    static constexpr int CounterHeight = 34;
    static constexpr int InstantHeight = 12; // the instants row under a slice track's lanes

    void build(const std::vector<TimelineInput> &inputs, const QSet<quint64> &collapsed);
    const std::vector<TimelineRow> &rows() const { return m_rows; }
    int contentHeight() const { return m_height; }
    // Index of the row at content y, or -1.
    int rowAt(int y) const;
    // Row of a slice's lane (for selection and flow arrows), or -1 when hidden.
    int rowOfLane(int dataset, int track, int lane) const;
    int firstRowOfTrack(int dataset, int track) const;
    // (dataset, track) of every row touching content y0..y1, once each, top to bottom.
    QList<QPair<int, int>> tracksBetween(int y0, int y1) const;

    static quint64 processKey(int dataset, int process)
    {
        return (quint64(quint32(dataset)) << 32) | quint32(process);
    }
    // The collapse key of the group whose first input is dataset.
    static quint64 groupKey(int dataset) { return processKey(dataset, -1); }

private:
    std::vector<TimelineRow> m_rows;
    int m_height = 0;
    // (dataset, track) -> first row index, for lookups during painting
    std::vector<std::vector<int>> m_trackFirstRow;
};

} // namespace Twinscope::Widgets
