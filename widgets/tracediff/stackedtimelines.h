#pragma once

#include "core/trace/tracediffside.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace Twinscope::Widgets {

class MemoryTrackView;
class TimelineView;

// The compare view's two timelines, baseline above target, each with its memory track. Zoom and
// pan are shared (a change in one view's visible range is applied to the other), and each run is
// shifted so that its compared step starts at 0: the steps line up whatever the runs' clocks.
class StackedTimelines : public QWidget
{
    Q_OBJECT

public:
    explicit StackedTimelines(QWidget *parent = nullptr);

    // stepStartNs: where each run's compared step starts on rank 0's clock.
    void setSides(std::shared_ptr<const Core::TraceDiffSide> baseline,
                  qint64 baselineStepStartNs,
                  std::optional<qint64> baselinePeak,
                  std::shared_ptr<const Core::TraceDiffSide> target,
                  qint64 targetStepStartNs,
                  std::optional<qint64> targetPeak);
    // Shows [0, lengthNs] of both: the longer compared step, with a margin.
    void showStep(qint64 lengthNs);
    // Highlights the ops named in each list in its run (as search hits).
    void highlight(const QStringList &baselineNames, const QStringList &targetNames);
    void clear();

    TimelineView *baseline() const { return m_views[0]; }
    TimelineView *target() const { return m_views[1]; }

private:
    void sync(int from, qint64 fromNs, qint64 toNs);

    TimelineView *m_views[2] = {};
    MemoryTrackView *m_memory[2] = {};
    QLabel *m_titles[2] = {};
    bool m_syncing = false;
};

} // namespace Twinscope::Widgets
