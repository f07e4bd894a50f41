#pragma once

#include "core/common/error.h"
#include "core/common/progress.h"
#include "monitordataset.h"

#include <optional>

namespace Twinscope::Core {

// msprobe's `data2db` output, `*.trend.db` (the Trend Analyzer's database; msprobe's public master,
// core/common/db_manager.py TrendSql): monitoring_targets (target_id, target_name, vpp_stage,
// micro_step), monitoring_metrics (metric_id, metric_name = the CSV prefix) and one table
// trend_data (rank, step, target_id, metric_id, <stats>), plus tags and global_stats that are not
// needed here. With data2db's default --micro_step true, `step` counts micro-steps over the run
// (its prefix sum), not training steps. Read-only through SqliteReadOnly; the tables must be
// real tables (a view would run its author's SQL) and the stat columns are taken by name from
// data2db's list, where the table has them.
bool isMonitorTrendDb(const QStringList &tables);

std::optional<Error> readMonitorTrendDb(const QString &path,
                                        MonitorCubeBuilder &builder,
                                        std::vector<MonitorFileUse> &files,
                                        Diagnostics &diagnostics,
                                        const CancelToken &cancel);

} // namespace Twinscope::Core
