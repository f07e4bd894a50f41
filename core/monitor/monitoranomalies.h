#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "monitordataset.h"

#include <QByteArray>

#include <optional>
#include <vector>

namespace Twinscope::Core {

// msprobe's anomaly files (core/monitor/anomaly_processor.py):
// anomaly_detected/rank{N}/anomaly.json and the top-k anomaly_analyse.json, both one JSON object of
// "{tag}_step_{step}_call_{id}": {rank, step, micro_step, pp_stage, vpp_stage, call_id, tag_name,
// message, group_mates}. An entry that is no object or lacks tag_name is skipped and counted.
std::optional<Error> readMonitorAnomalies(const QString &path,
                                          const QByteArray &bytes,
                                          std::vector<MonitorAnomaly> *out,
                                          Diagnostics &diagnostics);

// The CSV prefix an anomaly tag's last part stands for ("post_grad" is written as grad_reduced),
// so an anomaly can be placed on the heatmap of its metric.
QString monitorPrefixOfTag(const QString &tagKind);

} // namespace Twinscope::Core
