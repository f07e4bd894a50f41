#pragma once

#include <QStringList>

namespace Twinscope::Core {

// The chrome traces of a profiling folder, one per rank or device, sorted by path:
// torch_npu's */ASCEND_PROFILER_OUTPUT/trace_view.json, Kineto's *.pt.trace.json[.gz],
// MindSpore's *timeline_display_*.json and CANN msprof's msprof_*.json (FORMATS.md §2–3).
// A path that is a file is returned as is.
QStringList findTraceFiles(const QString &path);

// A short group label for a trace file: "rank 3" from a rank or device folder name, else the file
// name. The dataset's own distributedInfo.rank, when present, wins over this.
QString traceGroupLabel(const QString &path);

} // namespace Twinscope::Core
