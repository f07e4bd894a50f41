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
//
// Rows are kept while they fit in compareResultRowBudget(the file's bytes), counted as they are
// built (tensors, row, names, op, message, metrics); the rows past that, or past maxRows when it
// is set (> 0, --max-rows), are read and counted but not kept: one rows_capped warning with their
// count (issue #30: a 59 MB .xlsx inflates to 2 M rows, 1.7 GB held).
Result<DumpComparison> loadCompareResult(const Source &source,
                                         ProgressSink &progress,
                                         const CancelToken &cancel,
                                         qint64 maxRows = 0);

// Bytes the rows of an imported compare result may take: max(4 x fileBytes, 512 MiB) (the memory
// bound of docs/RELIABILITY.md) less 128 MiB for the program and the reader's buffers.
qint64 compareResultRowBudget(qint64 fileBytes);

// The same on a table already read (fuzzers, tests). Fails when the header has no NPU Name and
// Bench Name columns.
// cancel is polled every 1 024 rows (issue #31: 2 x 10^5 rows take seconds).
Result<DumpComparison> compareResultFromTable(const ResultTable &table,
                                              const QString &name,
                                              const CancelToken &cancel = {});

// True when a header row is a compare result's (NPU Name and Bench Name columns).
bool isCompareResultHeader(const QStringList &header);

} // namespace Twinscope::Core
