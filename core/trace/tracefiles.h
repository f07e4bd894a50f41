#pragma once

#include "core/common/progress.h"

#include <QList>
#include <QStringList>

namespace Twinscope::Core {

// A file of a walked folder that is not loaded as a trace, and what the sniffer saw in it.
struct SkippedTraceFile
{
    QString path;
    QString kind; // the sniffer's kind id ("unknown", "loss", "trace" for a kernel_details.csv …)
    QString format; // the sniffer's format id, or empty
};

struct TraceFileScan
{
    QStringList traces; // sorted by path
    QList<SkippedTraceFile> skipped;
    bool canceled = false;
};

// The chrome traces under a path. A file stands for itself, whatever its name. A folder is walked
// (symlinks not followed, so a link loop cannot keep the walk going) and every file whose content
// the sniffer recognises as a chrome trace is kept, whatever its name: a Kineto trace written as
// "worker0.json" is found as surely as torch_npu's trace_view.json or msprof_*.json
// (docs/FORMATS.md §2–3). Everything else is listed as skipped, so the user can see what was left
// out.
TraceFileScan scanTraceFiles(const QString &path, const CancelToken &cancel = {});

// scanTraceFiles(path).traces.
QStringList findTraceFiles(const QString &path);

// A short group label for a trace file: "rank 3" from a rank or device folder name, else the file
// name. The dataset's own distributedInfo.rank, when present, wins over this.
QString traceGroupLabel(const QString &path);

} // namespace Twinscope::Core
