#pragma once

#include "core/common/error.h"
#include "core/common/progress.h"
#include "monitordataset.h"

#include <optional>

namespace Twinscope::Core {

// msprobe's csv2db output, monitor_metrics.db (core/monitor/db_utils.py): monitoring_targets
// (target_id, target_name, vpp_stage, micro_step), monitoring_metrics (metric_id, metric_name =
// the CSV prefix), metric_stats (metric_id, stat_name) and one table per metric and step
// partition, metric_{id}_step_{start}_{end} (rank, step, target_id, <stats>). Read-only through
// SqliteReadOnly; stat columns are taken only where metric_stats names them, the table has them
// and they are plain identifiers (they go into SQL text).
bool isMonitorMetricsDb(const QStringList &tables);

std::optional<Error> readMonitorMetricsDb(const QString &path,
                                          MonitorCubeBuilder &builder,
                                          std::vector<MonitorFileUse> &files,
                                          Diagnostics &diagnostics,
                                          const CancelToken &cancel);

} // namespace Twinscope::Core
