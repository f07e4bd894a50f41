#pragma once

#include "core/trace/tracediff.h"
#include "difftablemodel.h"

#include <memory>

namespace Twinscope::Core {

// The compared steps' numbers side by side: step time, Ascend's phases (with the trace's own
// Overlap Analysis numbers beside Twinscope's where the trace has them), the first step's extra
// time, the gap between steps, HTA's temporal breakdown and launch delays, the memory peak.
class PhaseDiffModel : public DiffTableModel
{
    Q_OBJECT

public:
    enum Column { Metric, Baseline, Target, Delta, ProfilerBaseline, ProfilerTarget, Count };
    enum Row {
        StepTime,
        Computing,
        Communication,
        NotOverlapped,
        Overlapped,
        Free,
        FirstStepExtra,
        GapBetweenSteps,
        IdleShare,
        ComputeShare,
        NonComputeShare,
        CommOverlapShare,
        LaunchDelayMedian,
        LaunchDelayP90,
        MemoryPeak,
        RowCount
    };

    explicit PhaseDiffModel(QObject *parent = nullptr);
    void setDiff(std::shared_ptr<const TraceDiff> diff);
    int rowCount(const QModelIndex &parent = {}) const override;

protected:
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    int columns() const override { return Count; }
    int decimals(int column) const override;
    QVariant other(int row, int column, int role) const override;

private:
    QVariant side(const TraceDiffSideSummary &s, int row, bool profiler) const;
    std::shared_ptr<const TraceDiff> m_diff;
};

} // namespace Twinscope::Core
