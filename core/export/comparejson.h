#pragma once

#include "core/dump/dumpcompare.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace Twinscope::Core {

// The JSON of a tensor comparison that `twinscope-cli dumps` and `twinscope-cli ckpt` share
// (docs/CLI.md), so both commands give a compared pair the same keys.

// A number for JSON, which has no NaN/Inf: "not computed" is null; an infinite error is the string
// "inf"/"-inf" so it survives.
QJsonValue jsonNumber(double value);
QJsonArray shapeJson(const QList<qint64> &shape);
QJsonArray stringArray(const QStringList &list);
// {max, min, mean, norm}
QJsonObject statsJson(const TensorStats &stats);
// One element of tensors[]: name, index, npu_name, match, shape, dtype, npu_dtype, the metrics,
// NaN/Inf counts, nonfinite_gained, npu_stats/bench_stats, accuracy, verdict, reasons,
// divergent, origin, message (and stats in statistics mode).
QJsonObject compareRowJson(const DumpComparison &comparison, int row);
// first_divergent: {name, index, cosine, max_abs_err, kind, verdict, reasons} or null.
QJsonValue firstDivergentJson(const DumpComparison &comparison);

} // namespace Twinscope::Core
