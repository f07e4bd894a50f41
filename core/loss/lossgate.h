#pragma once

#include "losscomparison.h"

#include <optional>

namespace Twinscope::Core {

// The loss acceptance gate for CI (issue #27): NPU ports accept a loss gap under a stated tolerance
// after a warm-up. Every common step from the first common step + warmup on is checked; the gate
// fails when one step's relative gap |B - A| / |A| passes tolerance, when a value is non-finite on
// either side (a NaN loss never passes), or when no step is left to check (a gate that checked
// nothing must not pass).
struct LossGate
{
    double tolerance = 0;
    qint64 warmup = 0;
    qsizetype checkedSteps = 0;
    std::optional<qint64> firstExceedingStep;
    double gapAtFirst = 0; // Inf for a non-finite value
    double maxGap = 0;     // over checked steps
    std::optional<qint64> maxGapStep;
    bool passed = false;
};

LossGate gateLossComparison(const LossComparison &comparison, double tolerance, qint64 warmup);

} // namespace Twinscope::Core
