#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct LossComparison;

// The findings of a loss comparison (one adapter per kind of evidence, issue #15): the
// comparison's own diagnosis (METRICS.md §9.5) said as a finding, with the step it rests on, the
// reasoning and the guide's next action. Two runs within the det/non-det noise floor give one
// "nothing wrong here" finding (FindingSeverity::Clear) and nothing else.
// benchmarkFile/testFile name the logs in the evidence and the link.
FindingList lossFindings(const LossComparison &comparison,
                         const QString &benchmarkFile,
                         const QString &testFile);

} // namespace Twinscope::Core
