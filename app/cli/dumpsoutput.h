#pragma once

#include "clicommand.h"
#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Twinscope::App {

// What `twinscope-cli dumps` prints (docs/CLI.md): the keys are a contract with scripts.

// Keys of one comparison: formats, pairs, verdicts, first_divergent, nan_origin, arguments,
// tensors[] ...
QJsonObject comparisonJson(const Core::DumpComparison &c);
// steps[] {label, step, rank, pairs, errors, warnings, first_divergent, nan_origin}.
QJsonArray stepsJson(const Core::DumpSeries &series);
void printComparison(CliIo &io, const Core::DumpSeries &series, int shown);

// Single-side analysis: tensors[] with statistics, overflow {origin, nonfinite_tensors,
// saturated_tensors, first_saturated}, steps[] for trees.
QJsonObject overflowJson(const Core::OverflowSeries &series, int shown);
void printOverflow(CliIo &io, const Core::OverflowSeries &series, int shown);

} // namespace Twinscope::App
