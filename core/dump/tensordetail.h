#pragma once

#include "dumpcompare.h"

#include <QStringList>

namespace Twinscope::Core {

// What the detail pane shows for one compared pair: histograms of the NPU values, the bench values
// and the element-wise error, and the k worst elements with their multi-dimensional indices.
// Computed in two streaming passes (ranges, then counts and a bounded top-k), so memory is O(chunk
// + k + bins).
struct TensorDetail
{
    struct Histogram
    {
        double lo = 0, hi = 0; // bin i covers [lo + i·w, lo + (i+1)·w)
        QList<qint64> counts;
    };
    struct Worst
    {
        qint64 index = 0; // row-major logical index
        QString position; // "[3, 17]"
        double npu = 0, bench = 0, absErr = 0;
    };
    Histogram npu, bench, error; // error = NPU − bench over finite pairs
    QList<Worst> worst;          // descending |error|; non-finite NPU values first
    qint64 nonFinite = 0;
};

Result<TensorDetail> computeTensorDetail(const DumpComparison &comparison,
                                         int row,
                                         int bins,
                                         int topK,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);

} // namespace Twinscope::Core
