#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct DumpSeries;

// The findings of a dump comparison (issue #15): per run, the NaN/Inf origin (an overflow, with
// float16 saturation when the numbers say so) and the first divergent tensor (its op, whether it
// is the origin, its cosine and max error), each with the guide's next action and a link to its
// row. A run where every pair passes gives one "nothing wrong here" finding.
FindingList dumpFindings(const DumpSeries &series);

} // namespace Twinscope::Core
