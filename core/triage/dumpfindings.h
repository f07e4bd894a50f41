#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct DumpSeries;
struct OverflowSeries;

// The findings of a dump comparison (issue #15): per run, the NaN/Inf origin (an overflow, with
// float16 saturation when the numbers say so) and the first divergent tensor (its op, whether it
// is the origin, its cosine and max error), each with the guide's next action and a link to its
// row. When no run diverges or gains NaN/Inf, one "nothing wrong here" finding names every run
// compared; it never stands beside a problem of the same series.
FindingList dumpFindings(const DumpSeries &series);

// float16 saturation (issue #12's single-side analysis of the run under test's dump): per run,
// the first tensor holding ±65504, the largest finite half, which is where an overflow starts even
// before anything is NaN. `pairs`, when the dumps were compared, gives the link its comparison row.
FindingList saturationFindings(const OverflowSeries &overflow, const DumpSeries *pairs);

} // namespace Twinscope::Core
