#pragma once

#include "dumpcompare.h"

#include <QStringList>

namespace Twinscope::Core {

// What the detail pane shows for one compared pair: histograms of the NPU values, the bench values and
// the element-wise error, and the k worst elements with their multi-dimensional indices. Computed in
// two streaming passes (ranges, then counts and a bounded top-k), so memory is O(chunk + k + bins).
struct TensorDetail
{
    struct Histogram
    {
        double lo = 0, hi = 0; // bin i covers [lo + i·w, lo + (i+1)·w)
        QList<qint64> counts;
    };
    struct Worst
    {
        qint64 index = 0;  // row-major logical index
        QString position;  // "[3, 17]"
        double npu = 0, bench = 0, absErr = 0;
    };
    Histogram npu, bench, error; // error = NPU − bench over finite pairs
    QList<Worst> worst;          // descending |error|; non-finite NPU values first
    qint64 nonFinite = 0;
};

Result<TensorDetail> computeTensorDetail(const DumpComparison &comparison, int row, int bins, int topK,
                                         ProgressSink &progress, const CancelToken &cancel);

// The per-layer divergence heatmap's data (METRICS.md §8): rows = tensors in bench execution order
// (unmatched bench tensors in place, unmatched NPU tensors appended), columns = metrics scaled to
// badness 0 (good) .. 1 (bad) on a log scale between a "clean" and a "broken" value; NaN = no value
// (unmatched, or not computed) and is drawn grey.
struct DivergenceMatrix
{
    QStringList columns;      // translated metric names
    QStringList rowLabels;    // tensor names
    QList<int> rowToRow;      // matrix row -> comparison row (-1 for unmatched)
    QList<double> badness;    // rows × columns, row-major
    int rowCount() const { return int(rowLabels.size()); }
    int columnCount() const { return int(columns.size()); }
    double at(int r, int c) const { return badness[qsizetype(r) * columns.size() + c]; }
};

DivergenceMatrix buildDivergenceMatrix(const DumpComparison &comparison);

} // namespace Twinscope::Core
