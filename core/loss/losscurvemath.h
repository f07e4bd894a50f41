#pragma once

#include <QtGlobal>

#include <utility>
#include <vector>

namespace Twinscope::Core {

// TensorBoard's "classic" debiased EMA (METRICS.md §9.2): non-finite points pass through unchanged
// and do not advance the average; a constant series is returned as is; weight is clipped to [0, 1].
std::vector<double> smoothEma(const std::vector<double> &values, double weight);

// R-7 quantile (d3, numpy's default) of the finite values; NaN when there are none.
double quantileR7(std::vector<double> finiteValues, double p);

// Outlier-robust y range (METRICS.md §9.3): [Q(0.05), Q(0.95)] of the finite values with a 5 %
// margin, or ±1 around a constant. first > second when there is no finite value. reach > 0 lets the
// range grow to data lying within reach x (Q95 - Q5) of the quantiles: the first steps of a loss
// curve and the fork under study are then kept, while a spike far away still is not.
std::pair<double, double> robustRange(const std::vector<const std::vector<double> *> &series,
                                      double lowP = 0.05,
                                      double highP = 0.95,
                                      double reach = 0.0);

// Per-pixel min/max decimation (DESIGN.md §5): x must be ascending. Keeps at most the first, min,
// max and last point of each pixel column (so a column's extremes and the line's entry/exit
// survive) over [xMin, xMax] plus one neighbour outside on each side; NaN/Inf values are left out
// (they are drawn as markers). Fewer points than 4 x columns are returned as they are.
struct DecimatedCurve
{
    std::vector<double> x;
    std::vector<double> y;
};
DecimatedCurve decimateMinMax(const std::vector<double> &x,
                              const std::vector<double> &y,
                              double xMin,
                              double xMax,
                              int columns);

} // namespace Twinscope::Core
