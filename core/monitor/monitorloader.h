#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "monitordataset.h"

namespace Twinscope::Core {

// Loads one monitor run from what the user points at:
//  - msprobe's output folder (MONITOR_OUTPUT_DIR, default ./monitor_output) holding per-rank
//    folders "{time}-rank{N}-{id}" of v1 CSVs "{prefix}_{start}-{end}.csv", or "rank_N" folders of
//    v2 CSVs "{module,weight_grad,optimizer,param,cc}_step*.csv", and anomaly_detected/;
//  - one such rank folder;
//  - a monitor_metrics.db (csv2db), or a folder holding only that.
// Every entry looked at is listed in MonitorRun::files with why it was read or left. A file that
// fails is a counted warning (the rest still loads); the load fails only when nothing loads.
Result<MonitorRun>
loadMonitorRun(const QString &path, ProgressSink &progress, const CancelToken &cancel);

// The v1 file-name rule, "{prefix}_{start}-{end}.csv": the prefix, or empty for another name.
QString monitorV1Prefix(const QString &fileName);
// The v2 rule, "{kind}_step*.csv" for the five kinds: the kind, or empty.
QString monitorV2Kind(const QString &fileName);
// A v1 rank folder "{time}-rank{N}-{id}" (msprobe's OUTPUT_DIR_PATTERN) or a v2 "rank_N"/"rankN":
// the rank, or -1.
int monitorRankOfFolder(const QString &folderName);

} // namespace Twinscope::Core
