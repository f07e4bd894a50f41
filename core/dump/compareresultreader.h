#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "dumpcompare.h"
#include "resulttable.h"

namespace Twinscope::Core {

// An msprobe or ptdbg compare result (docs/FORMATS.md §5.8: ptdbg CSV, msprobe CSV, msprobe 8.x
// .xlsx) opened as a comparison: both sides' tensors from its name, dtype, shape and statistics
// columns (format "compare_result", no tensor data), each row's metrics from its columns, and its
// verdict as the file gives it: a red row (msprobe's highlight) or Accuracy Reached "No" is an
// error, a yellow row or Result "Warning" a warning, "Unmatched" unmatched. msprobe's messages in
// Err_message become the row's reasons; the first divergent tensor and the NaN/Inf origin follow
// from these verdicts as for a live comparison (markDivergence). Columns are mapped by header
// text, so ptdbg's, msprobe 1.x's and 8.x's layouts all read.
Result<DumpComparison>
loadCompareResult(const Source &source, ProgressSink &progress, const CancelToken &cancel);

// The same on a table already read (fuzzers, tests). Fails when the header has no NPU Name and
// Bench Name columns.
// cancel is polled every 1 024 rows (issue #31: 2 x 10^5 rows take seconds).
Result<DumpComparison> compareResultFromTable(const ResultTable &table,
                                              const QString &name,
                                              const CancelToken &cancel = {});

// True when a header row is a compare result's (NPU Name and Bench Name columns).
bool isCompareResultHeader(const QStringList &header);

} // namespace Twinscope::Core
