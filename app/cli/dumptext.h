#pragma once

#include "clicommand.h"
#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"

namespace Twinscope::App {

// What `twinscope-cli dumps` prints without --json; the JSON is core/export/dumpjson.h.

// The runs of a series (when there are several or they are labelled), then the shown run's
// pairs, first divergent tensor, NaN/Inf origin and changed arguments.
void printComparison(CliIo &io, const Core::DumpSeries &series, int shown);
// One line per run of a single-dump analysis: tensors, NaN/Inf, fp16 saturation, first overflow.
void printOverflow(CliIo &io, const Core::OverflowSeries &series, int shown);

} // namespace Twinscope::App
