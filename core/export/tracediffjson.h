#pragma once

#include "core/common/diagnostics.h"
#include "core/trace/tracediff.h"

#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli tracediff --json` writes (docs/CLI.md). Exactly these keys: a contract
// checked outside the project (issue #10).

// The document: schemaVersion, baseline and target (traceDiffSideJson), categories[] {name,
// baseline_us, target_us, delta_us}, ops[] {name, family, level, state, baseline_count,
// target_count, baseline_us, target_us, delta_us}, memory {baseline_peak_bytes,
// target_peak_bytes}, warnings[].
QJsonObject traceDiffJson(const TraceDiff &diff, const Diagnostics &diagnostics);
// {path, steps, step_us, phases} of one side; phases as `trace --json` writes them (tracejson.h).
QJsonObject traceDiffSideJson(const TraceDiffSideSummary &side);

} // namespace Twinscope::Core
