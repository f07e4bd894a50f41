#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct CheckpointComparison;

// The findings of two checkpoints (issue #15): the first parameter whose values (or, in update
// mode, whose updates) diverge, with the name mapping rule that paired it. Checkpoints that agree
// give no finding.
FindingList checkpointFindings(const CheckpointComparison &comparison);

} // namespace Twinscope::Core
