#pragma once

#include "core/common/error.h"
#include "monitordataset.h"

#include <QByteArray>

#include <optional>

namespace Twinscope::Core {

// One monitor CSV as msprobe's CSV writer leaves it (pytorch/monitor/data_writers.py): a header
// `vpp_stage, name, step, [micro_step], <ops...>[, shape, dtype]` and one row per module and step.
// Columns are found by name, so ops in any order and any subset work; every column that is not a
// key (vpp_stage, name, step, micro_step) nor a description (shape, dtype) is a statistic. Its
// metric is "{prefix}.{column}". A row without a name or a usable step is skipped and counted; a
// value that is no number ("nan", the writer's fill for a missing value) is stored as NaN.
struct MonitorCsvInput
{
    QString path;
    QString prefix; // grad_reduced, actv, exp_avg ... (v1) or module, weight_grad ... (v2)
    int rank = 0;
};

// Adds the file's cells to builder; *rows counts the rows read. Fails when the header lacks the
// name or step column (the error names the file and the columns it has).
std::optional<Error> readMonitorCsv(const MonitorCsvInput &input,
                                    const QByteArray &bytes,
                                    MonitorCubeBuilder &builder,
                                    Diagnostics &diagnostics,
                                    qint64 *rows);

// The module key of a CSV row or an anomaly tag: the name, with ":{micro_step}" when that is not 0
// and "{vpp_stage}:" in front when that is not 0 (msprobe's tags read "{vpp}:{name}:{micro}").
QString monitorModuleKey(const QString &name, qint64 vppStage, qint64 microStep);

} // namespace Twinscope::Core
