#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "divergencematrix.h"

namespace Twinscope::Core {

// The runs of an msprobe dump tree (dump_path/step{N}/rank{R}/dump.json): relative folder labels in
// natural order with their folders. A folder holding dump.json itself is one run labelled ".".
QList<QPair<QString, QString>> findDumpRuns(const QString &folder);

// Pairs the runs of two dump trees by relative folder and compares each pair (FORMATS.md §5.5);
// runs present on one side only are reported in diagnostics.
Result<DumpSeries> compareDumpSeries(const QString &benchFolder,
                                     const QString &npuFolder,
                                     const CompareOptions &options,
                                     ProgressSink &progress,
                                     const CancelToken &cancel);

} // namespace Twinscope::Core
