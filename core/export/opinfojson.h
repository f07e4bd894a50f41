#pragma once

#include "core/common/diagnostics.h"
#include "core/opinfo/opinfoanalysis.h"

#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli opinfo --json` writes (docs/CLI.md): the keys are a contract with scripts.
// The document: schemaVersion, files[], compile_events, truncated_records, op_types[] {type,
// count, signatures, truncated, after_cutoff, new_after_cutoff, first_ts, last_ts, shapes, dtypes,
// formats}, transdata and cast {count, share, signatures[] {signature, count, private_formats}},
// recompiled[] {type, signatures, compiles, after_cutoff, new_after_cutoff, varying_dims,
// dim_values, remedy}, cutoff {ts, source, after_cutoff}, errors[] {module, level, count, first,
// first_ts, file, line}, aicpu_fallbacks[] {op, count, first, file, line}, markers, lines,
// unparsed_lines, from_summary, from_profiler, warnings[]. Times are plog timestamps, null when
// unknown.
QJsonObject opInfoJson(const OpInfoDataset &dataset,
                       const OpInfoReport &report,
                       const Diagnostics &diagnostics);

} // namespace Twinscope::Core
