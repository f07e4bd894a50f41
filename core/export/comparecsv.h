#pragma once

#include "core/dump/dumpcompare.h"

#include <QIODevice>

namespace Twinscope::Core {

// Writes a comparison as msprobe 8.3.3's compare result (docs/FORMATS.md §5.8) in CSV: its header
// (tensor mode: ... Cosine, EucDist, MaxAbsErr ... Accuracy Reached or Not, Err_message,
// Data_name; statistics mode: ... Max diff ... NormRelativeErr ... Result, Err_message) and its
// spelling of values (Nan, inf, -inf, N/A, unsupported, True/False, percentages), the statistics
// from dump.json where the dump has them. The differences are listed in METRICS.md §4.5.
bool writeCompareCsv(const DumpComparison &comparison, QIODevice *out);

} // namespace Twinscope::Core
