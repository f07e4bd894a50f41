#include "phasediffmodel.h"

#include "core/common/plaintooltip.h"

namespace Twinscope::Core {

namespace {

// Mean over ranks of a per-rank number; invalid when no rank has it.
template<typename T, typename F>
QVariant meanOver(const std::vector<T> &perRank, F value)
{
    double sum = 0;
    int n = 0;
    for (const T &x : perRank) {
        if (const std::optional<double> v = value(x)) {
            sum += *v;
            ++n;
        }
    }
    return n > 0 ? QVariant(sum / n) : QVariant();
}

} // namespace

PhaseDiffModel::PhaseDiffModel(QObject *parent)
    : DiffTableModel(parent)
{}

void PhaseDiffModel::setDiff(std::shared_ptr<const TraceDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

int PhaseDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_diff ? 0 : RowCount;
}

QVariant PhaseDiffModel::side(const TraceDiffSideSummary &s, int row, bool profiler) const
{
    const std::optional<TracePhases> phases = profiler ? s.profilerPhases : s.phases.phases;
    auto phase = [&phases](qint64 TracePhases::*member) {
        return phases ? QVariant(double((*phases).*member) / 1000.0) : QVariant();
    };
    if (profiler && (row < Computing || row > Free))
        return {};
    auto share = [&s](qint64 TemporalBreakdown::*member) {
        return meanOver(s.temporal, [member](const TemporalBreakdown &t) -> std::optional<double> {
            if (!t.valid || t.spanNs <= 0)
                return std::nullopt;
            return 100.0 * double(t.*member) / double(t.spanNs);
        });
    };
    switch (row) {
    case StepTime:
        return s.stepNs / 1000.0;
    case Computing:
        return phase(&TracePhases::computingNs);
    case Communication:
        return phase(&TracePhases::communicationNs);
    case NotOverlapped:
        return phase(&TracePhases::communicationNotOverlappedNs);
    case Overlapped:
        return phase(&TracePhases::overlappedNs);
    case Free:
        return phase(&TracePhases::freeNs);
    case FirstStepExtra:
        return s.steps.size() >= 2 ? QVariant(s.firstStepExtraNs / 1000.0) : QVariant();
    case GapBetweenSteps: {
        if (s.steps.size() < 2)
            return {};
        double gaps = 0;
        for (size_t k = 1; k < s.steps.size(); ++k)
            gaps += s.steps[k].gapBeforeNs;
        return gaps / double(s.steps.size() - 1) / 1000.0;
    }
    case IdleShare:
        return share(&TemporalBreakdown::idleNs);
    case ComputeShare:
        return share(&TemporalBreakdown::computeNs);
    case NonComputeShare:
        return share(&TemporalBreakdown::nonComputeNs);
    case CommOverlapShare:
        return meanOver(s.temporal, [](const TemporalBreakdown &t) -> std::optional<double> {
            return t.valid ? std::optional<double>(t.overlapPercent) : std::nullopt;
        });
    case LaunchDelayMedian:
    case LaunchDelayP90: {
        const double q = row == LaunchDelayMedian ? 0.5 : 0.9;
        return meanOver(s.latency, [q](const LaunchLatency &l) -> std::optional<double> {
            return l.count() > 0 ? std::optional<double>(double(l.quantileNs(q)) / 1000.0)
                                 : std::nullopt;
        });
    }
    case MemoryPeak:
        return s.peakBytes ? QVariant(double(*s.peakBytes) / (1024.0 * 1024.0)) : QVariant();
    }
    return {};
}

QVariant PhaseDiffModel::value(int row, int column) const
{
    switch (column) {
    case Metric:
        switch (row) {
        case StepTime:
            return tr("Step time (µs)");
        case Computing:
            return tr("Computing (µs)");
        case Communication:
            return tr("Communication (µs)");
        case NotOverlapped:
            return tr("Communication, not overlapped (µs)");
        case Overlapped:
            return tr("Overlapped (µs)");
        case Free:
            return tr("Free (µs)");
        case FirstStepExtra:
            return tr("First step's extra time: compile, warm-up (µs)");
        case GapBetweenSteps:
            return tr("Gap between steps: data loading (µs)");
        case IdleShare:
            return tr("Device idle (% of the busy span)");
        case ComputeShare:
            return tr("Device computing (% of the busy span)");
        case NonComputeShare:
            return tr("Device communicating or copying only (% of the busy span)");
        case CommOverlapShare:
            return tr("Communication overlapped by compute (%)");
        case LaunchDelayMedian:
            return tr("Launch delay, median (µs)");
        case LaunchDelayP90:
            return tr("Launch delay, 90th percentile (µs)");
        case MemoryPeak:
            return tr("Device memory peak (MiB)");
        }
        return {};
    case Baseline:
        return side(m_diff->baseline, row, false);
    case Target:
        return side(m_diff->target, row, false);
    case Delta: {
        const QVariant b = side(m_diff->baseline, row, false);
        const QVariant t = side(m_diff->target, row, false);
        return b.isValid() && t.isValid() ? QVariant(t.toDouble() - b.toDouble()) : QVariant();
    }
    case ProfilerBaseline:
        return side(m_diff->baseline, row, true);
    case ProfilerTarget:
        return side(m_diff->target, row, true);
    }
    return {};
}

QString PhaseDiffModel::columnTitle(int column) const
{
    switch (column) {
    case Metric:
        return tr("Per compared step");
    case Baseline:
        return tr("Baseline");
    case Target:
        return tr("Target");
    case Delta:
        return tr("Delta");
    case ProfilerBaseline:
        return tr("Baseline (profiler)");
    case ProfilerTarget:
        return tr("Target (profiler)");
    }
    return {};
}

QString PhaseDiffModel::columnToolTip(int column) const
{
    if (column == ProfilerBaseline || column == ProfilerTarget)
        return tr("The profiler's own numbers: the trace's \"Overlap Analysis\" slices in the "
                  "compared steps (\"–\" when the trace has none). Twinscope's columns are "
                  "computed from the raw device tasks.");
    return {};
}

int PhaseDiffModel::decimals(int) const
{
    return 1;
}

QVariant PhaseDiffModel::other(int row, int column, int role) const
{
    if (role == Qt::ToolTipRole && column >= Baseline && column <= Target && row >= Computing &&
        row <= Free) {
        const TraceDiffSideSummary &s = column == Baseline ? m_diff->baseline : m_diff->target;
        if (!s.phases.phases)
            return plainToolTip(s.phases.reason);
    }
    return {};
}

} // namespace Twinscope::Core
