#include "lossgate.h"

#include <cmath>
#include <limits>

namespace Twinscope::Core {

LossGate gateLossComparison(const LossComparison &c, double tolerance, qint64 warmup)
{
    LossGate g;
    g.tolerance = tolerance;
    g.warmup = warmup;
    if (c.steps.empty())
        return g;
    // Steps, not points: a log every 10 steps with --warmup 100 skips 10 points.
    const qint64 from = c.steps.front() + warmup;
    for (size_t i = 0; i < c.steps.size(); ++i) {
        if (c.steps[i] < from)
            continue;
        ++g.checkedSteps;
        const double a = c.benchmark[i];
        const double b = c.test[i];
        double gap;
        if (!std::isfinite(a) || !std::isfinite(b))
            gap = std::numeric_limits<double>::infinity();
        else if (a == b)
            gap = 0;
        else
            gap =
                a != 0 ? std::fabs(b - a) / std::fabs(a) : std::numeric_limits<double>::infinity();
        if (!g.maxGapStep || gap > g.maxGap) {
            g.maxGap = gap;
            g.maxGapStep = c.steps[i];
        }
        if (gap > tolerance && !g.firstExceedingStep) {
            g.firstExceedingStep = c.steps[i];
            g.gapAtFirst = gap;
        }
    }
    g.passed = g.checkedSteps > 0 && !g.firstExceedingStep;
    return g;
}

} // namespace Twinscope::Core
