#pragma once

#include "profilereaders.h"

namespace Twinscope::Core {

// Profiler SQLite exports, read through QtSql's QSQLITE driver, read-only. The layouts read are the
// public ones: CANN's msprof_*.db and torch_npu's ascend_pytorch_profiler_*.db (STRING_IDS, TASK,
// COMPUTE_TASK_INFO, COMMUNICATION_OP, STEP_TIME; "Profile Data File Reference (DB)") and
// msprof-analyze's analysis.db / cluster_analysis.db (StepTraceTime, CommAnalyzerTime,
// CommAnalyzerBandwidth, CommAnalyzerMatrix and their Cluster* forms; tables_config.py). A
// database with none of them is refused with a message that lists the tables it has.
TableRead readProfileDatabase(const QString &path,
                              RankProfile &rank,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel);
TableRead readClusterDatabase(const QString &path,
                              std::map<int, RankProfile> &ranks,
                              std::vector<MatrixLink> &matrix,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel);

} // namespace Twinscope::Core
