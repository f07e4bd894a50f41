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

// Whether two trace files look like ranks of one run, to be merged into one timeline, rather than
// two runs to compare (issue #23). Ranks of one run: both name a rank in distributedInfo and the
// ranks differ (the same rank twice is two runs); without it, their names are the same once
// numbers are set aside ("worker0.1623….pt.trace.json" and "worker1.1623….pt.trace.json",
// rank0_ascend_pt/…/trace_view.json and rank1_ascend_pt/…/trace_view.json) and they lie in one
// folder or in sibling folders named alike. Anything else is two runs ("baseline.json" and
// "target.json").
bool looksLikeRanksOfOneRun(const QString &a, const QString &b);

} // namespace Twinscope::Core
