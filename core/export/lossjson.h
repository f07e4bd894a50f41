#pragma once

#include "core/common/diagnostics.h"
#include "core/loss/losspipeline.h"

#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli loss --json` writes (docs/CLI.md): the keys are a contract with scripts.

// The document: schemaVersion, metric, runs[] (lossRunJson), warnings[]; with two runs also the
// comparison: aligned_steps, first_diff_step, first_exceeding_step, first_divergent_step,
// divergence_reason, longest_exceeding_run, max_abs_diff, max_rel_diff, rtol, atol, k,
// diagnosis {code, text}, noise_floor_hint. Steps and numbers that do not exist are null (JSON
// has no NaN/Inf). Every run of analysis must have loaded (the command stops at the first error).
QJsonObject lossJson(const LossAnalysis &analysis,
                     const LossCompareOptions &compare,
                     const Diagnostics &diagnostics);
// One element of runs[]: path, format, metric, steps, metrics[], first_step, last_step,
// nonfinite_steps[], lines, unparsed_lines and the run's own warnings[] (without Info entries).
QJsonObject lossRunJson(const LossRun &run, const Diagnostics &diagnostics, const QString &metric);

} // namespace Twinscope::Core
