#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "divergencematrix.h"

namespace Twinscope::Core {

// The runs of an msprobe dump tree (dump_path/step{N}/rank{R}/dump.json): relative folder labels in
// natural order with their folders. A folder holding dump.json itself is one run labelled ".".
QList<QPair<QString, QString>> findDumpRuns(const QString &folder);

// The step and rank a run label names: "step1/rank3" -> {1, 3}; msprobe's "rank" without a number
// (a single process) is rank 0; -1 where the label has no such part.
struct RunId
{
    int step = -1;
    int rank = -1;
};
RunId runId(const QString &label);
// The run to show first: the first (in label order) that diverges or gains NaN/Inf, else 0.
int firstDivergingRun(const DumpSeries &series);

// Whether a run passes --step/--rank style filters (empty lists pass everything).
bool runSelected(const QString &label, const QList<int> &steps, const QList<int> &ranks);

// Pairs the runs of two dump trees by relative folder and compares each pair (docs/FORMATS.md
// §5.5); runs present on one side only are reported in diagnostics. steps/ranks select runs (empty:
// all).
Result<DumpSeries> compareDumpSeries(const QString &benchFolder,
                                     const QString &npuFolder,
                                     const CompareOptions &options,
                                     ProgressSink &progress,
                                     const CancelToken &cancel,
                                     const QList<int> &steps = {},
                                     const QList<int> &ranks = {});

} // namespace Twinscope::Core
