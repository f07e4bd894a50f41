#pragma once

#include "core/dump/dumpcompare.h"

#include <QIODevice>

namespace Twinscope::Core {

// Writes a comparison as msprobe's compare-result CSV (FORMATS.md §5.8): the ptdbg columns first,
// then the newer msprobe ones, so existing spreadsheets and scripts that map columns by header keep
// working. Statistics-mode comparisons use msprobe's statistics header (Max diff ...
// NormRelativeErr).
bool writeCompareCsv(const DumpComparison &comparison, QIODevice *out);

} // namespace Twinscope::Core
