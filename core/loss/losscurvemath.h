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

// Per-pixel min/max decimation (docs/DESIGN.md §5): x must be ascending. Keeps at most the first,
// min, max and last point of each pixel column (so a column's extremes and the line's entry/exit
// survive) over [xMin, xMax] plus one neighbour outside on each side; NaN/Inf values are left out
// (they are drawn as markers). Fewer points than 4 x columns are returned as they are.
struct DecimatedCurve
{
    std::vector<double> x;
    std::vector<double> y;
};
// Block minima/maxima of a curve's values (first index of each extreme per 64 and 4096 points,
// NaN/Inf ignored): lets decimateMinMax find a pixel column's extremes in O(log n) blocks instead
// of touching every point, so a full view of 10 M steps costs about as much as a zoomed one.
class MinMaxPyramid
{
public:
    MinMaxPyramid() = default;
    explicit MinMaxPyramid(const std::vector<double> &y);
    bool isEmpty() const { return m_size == 0; }
    // First indices of the smallest and largest finite value in [begin, end); false when none.
    bool
    extremes(const std::vector<double> &y, size_t begin, size_t end, size_t *lo, size_t *hi) const;

private:
    static constexpr size_t Small = 64;
    static constexpr size_t Large = 4096;
    size_t m_size = 0;
    std::vector<qint64> m_smallMin, m_smallMax, m_largeMin, m_largeMax; // -1: no finite value
};

DecimatedCurve decimateMinMax(const std::vector<double> &x,
                              const std::vector<double> &y,
                              double xMin,
                              double xMax,
                              int columns,
                              const MinMaxPyramid *pyramid = nullptr);

} // namespace Twinscope::Core
