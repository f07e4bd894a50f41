#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "tracedataset.h"

#include <QString>

#include <limits>
#include <vector>

namespace Twinscope::Core {

struct OpStatisticsQuery
{
    enum class GroupBy { Name, NameAndCategory, Category };
    // Which tracks count when `tracks` is empty (issue #10): the profiler's "Overlap Analysis"
    // pseudo-slices (Computing, Free, …) are derived from the others and would rank beside real
    // ops, so they are left out unless asked for. Device covers device tasks and HCCL tracks.
    enum class Scope { ExcludeOverlap, All, Host, Device };
    Scope scope = Scope::ExcludeOverlap;
    qint64 fromNs = std::numeric_limits<qint64>::min();
    qint64 toNs = std::numeric_limits<qint64>::max();
    std::vector<int> tracks; // empty: every track
    GroupBy groupBy = GroupBy::Name;
    bool includeAsync = false; // async spans are not ops and do not nest, so no self time
};

struct OpStatisticsRow
{
    QString name;     // empty when grouped by category
    QString category; // the first category seen for a name grouping
    qint64 count = 0;
    qint64 totalNs = 0;
    qint64 selfNs = 0;
    qint64 minNs = 0;
    qint64 maxNs = 0;
    double averageNs() const { return count > 0 ? double(totalNs) / double(count) : 0.0; }
};

// Per-name (or per-category) statistics over a time range × track subset. Durations are clipped to
// the range; self time is a slice's clipped duration minus that of its direct children.
struct OpStatistics
{
    std::vector<OpStatisticsRow> rows; // sorted by totalNs, largest first
    qint64 rangeNs = 0;                // the range's length (the trace's extent when unbounded)
    qint64 slices = 0;
    double share(const OpStatisticsRow &row) const
    {
        return rangeNs > 0 ? double(row.totalNs) / double(rangeNs) : 0.0;
    }
};

// Polls cancel between tracks and every PollRecords slices; progress follows the tracks done.
Result<OpStatistics> computeOpStatistics(const TraceDataset &dataset,
                                         const OpStatisticsQuery &query,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);
// The same, for callers with nothing to cancel (tests, small ranges).
OpStatistics computeOpStatistics(const TraceDataset &dataset, const OpStatisticsQuery &query = {});

// Several files (ranks) as one table: rows with the same name and category (or the same name alone,
// for GroupBy::Name) are summed; rangeNs is the sum of the ranges, so a share is the fraction of
// all ranks' time.
OpStatistics
mergeOpStatistics(const std::vector<OpStatistics> &parts,
                  OpStatisticsQuery::GroupBy groupBy = OpStatisticsQuery::GroupBy::NameAndCategory);

// MindSpore names every op instance after its scope and graph position
// ("Default/network-WithLossCell/_backbone-AlexNet/Cast-op239", "Slice-op188"): the op type is
// the last path component without the "-op<N>" suffix ("Cast", "Slice"). Other names (PyTorch
// ops, kernels, Python frames with file paths) are their own type and stay as they are.
QString opTypeOfName(const QString &name);
// The table by op type: rows whose names have one op type (and the same category) are summed, as
// mergeOpStatistics sums ranks.
OpStatistics groupByOpType(const OpStatistics &statistics);

} // namespace Twinscope::Core
