#include "stepticker.h"

#include <algorithm>
#include <cmath>

namespace Twinscope::Widgets {

double StepTicker::getTickStep(const QCPRange &range)
{
    const double wanted = range.size() / double(std::max(1, tickCount()));
    if (!(wanted > 1.0) || !std::isfinite(wanted))
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(wanted)));
    const double mantissa = wanted / magnitude;
    // The nearest of 1, 2, 5 and 10 (on a log scale, as QCPAxisTicker rounds), whole numbers
    // only because magnitude >= 1 here.
    const double nice = mantissa < std::sqrt(2.0)    ? 1.0
                        : mantissa < std::sqrt(10.0) ? 2.0
                        : mantissa < std::sqrt(50.0) ? 5.0
                                                     : 10.0;
    return std::max(1.0, nice * magnitude);
}

int StepTicker::getSubTickCount(double tickStep)
{
    // Sub-ticks on whole steps only: none between steps 1 apart, one between 2, four between 5.
    const double mantissa = tickStep / std::pow(10.0, std::floor(std::log10(tickStep)));
    if (tickStep <= 1.0)
        return 0;
    if (mantissa < 1.5)
        return tickStep >= 10.0 ? 4 : 0;
    return mantissa < 3.0 ? 1 : 4;
}

} // namespace Twinscope::Widgets
