#pragma once

#include "core/common/diagnostics.h"
#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli dumps --json` writes (docs/CLI.md): the keys are a contract with scripts.
// The tensors[] elements are compareRowJson (comparejson.h), shared with `ckpt`.

// Two dumps: the document but its arrays. comparisonJson of the shown run plus schemaVersion,
// warnings[], bench, npu, run and steps[] (dumpStepsJson), seconds. arguments[] (argumentJson) and
// tensors[] (compareRowJson) are written after it one element at a time (writeJsonStreamed in
// app/cli): 10^5 of them as QJsonArrays took GBs (issue #16).
QJsonObject dumpsCompareHeadJson(const DumpSeries &series,
                                 int shown,
                                 const QString &benchPath,
                                 const QString &npuPath,
                                 double seconds,
                                 const Diagnostics &diagnostics);
// One comparison but its arrays: bench_format, npu_format, statistics_mode, pairs, verdicts {pass,
// warning, error, unmatched}, unmatched_bench, unmatched_npu, first_divergent, nan_origin,
// changed_arguments, bytes_compared.
QJsonObject comparisonJson(const DumpComparison &comparison);
// One element of arguments[]: {name, op, type, bench, npu, changed}.
QJsonObject argumentJson(const DumpComparison &comparison, qsizetype index);
// steps[] {label, step, rank, pairs, errors, warnings, first_divergent, nan_origin}, one per run.
QJsonArray dumpStepsJson(const DumpSeries &series);

// One dump, no benchmark: the whole document. format, statistics_mode, run, overflow {origin,
// nonfinite_tensors, saturated_tensors, first_saturated}, steps[] {label, step, rank, tensors,
// overflow_origin}, bytes_read, tensors[] with statistics, plus schemaVersion, warnings[], path
// and seconds.
QJsonObject dumpsOverflowJson(const OverflowSeries &series,
                              int shown,
                              const QString &path,
                              double seconds,
                              const Diagnostics &diagnostics);
// The same without the command's keys (schemaVersion, warnings, path, seconds).
QJsonObject overflowJson(const OverflowSeries &series, int shown);

} // namespace Twinscope::Core
