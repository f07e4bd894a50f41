#pragma once

#include "core/common/diagnostics.h"
#include "core/loss/lossgate.h"
#include "core/monitor/monitorpipeline.h"

#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli monitor --json` writes (docs/CLI.md): the keys are a contract with scripts.
// schemaVersion, runs[] (monitorRunJson), warnings[]; with two runs comparison
// (monitorComparisonJson); with --gate, gate {passed}.
QJsonObject monitorJson(const MonitorAnalysis &analysis, const Diagnostics &diagnostics);
// path, layout, ranks[] {rank, steps, first_step, last_step, modules, metrics[]}, anomalies[]
// {rank, step, micro_step, module, prefix, stat, rule, message, file}, files[] {path, reason,
// read, rows}, warnings[].
QJsonObject monitorRunJson(const MonitorRun &run, const Diagnostics &diagnostics);
// early_steps, factor, min_floor, k, ranks[] (aligned rank numbers), first_departure (null or
// {rank, metric, module, step, gap, floor}), first_per_metric[], only_in_a[], only_in_b[].
QJsonObject monitorComparisonJson(const MonitorComparison &comparison);
// `loss --gate`: tolerance, warmup, checked_steps, first_exceeding_step, gap_at_first, max_gap,
// max_gap_step, passed (null for numbers that do not exist, Inf included).
QJsonObject lossGateJson(const LossGate &gate);

} // namespace Twinscope::Core
