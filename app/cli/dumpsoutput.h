#pragma once

#include "clicommand.h"
#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Twinscope::App {

// What `twinscope-cli dumps` prints (docs/CLI.md): the keys are a contract with scripts.

// Keys of one comparison but its arrays: formats, pairs, verdicts, first_divergent, nan_origin ...
// arguments[] (argumentJson) and tensors[] (compareRowJson) are written one element at a time
// (writeJsonStreamed): 10^5 of them as QJsonArrays took GBs (issue #16).
QJsonObject comparisonJson(const Core::DumpComparison &c);
QJsonObject argumentJson(const Core::DumpComparison &c, qsizetype i);
// steps[] {label, step, rank, pairs, errors, warnings, first_divergent, nan_origin}.
QJsonArray stepsJson(const Core::DumpSeries &series);
void printComparison(CliIo &io, const Core::DumpSeries &series, int shown);

// Single-side analysis: tensors[] with statistics, overflow {origin, nonfinite_tensors,
// saturated_tensors, first_saturated}, steps[] for trees.
QJsonObject overflowJson(const Core::OverflowSeries &series, int shown);
void printOverflow(CliIo &io, const Core::OverflowSeries &series, int shown);

} // namespace Twinscope::App
