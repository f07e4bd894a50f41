#include "losscurvemath.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Twinscope::Core {

std::vector<double> smoothEma(const std::vector<double> &values, double weight)
{
    if (!(weight >= 0.0)) // NaN or negative
        weight = 0.0;
    weight = std::min(weight, 1.0);
    // TensorBoard returns a constant series as is, so float noise does not wiggle a flat line.
    bool constant = true;
    double firstFinite = std::numeric_limits<double>::quiet_NaN();
    for (double v : values) {
        if (!std::isfinite(v))
            continue;
        if (std::isnan(firstFinite))
            firstFinite = v;
        else if (v != firstFinite) {
            constant = false;
            break;
        }
    }
    if (constant)
        return values;
    std::vector<double> out(values.size());
    double last = 0.0;
    int k = 0;
    double weightPowK = 1.0;
    for (size_t i = 0; i < values.size(); ++i) {
        const double y = values[i];
        if (!std::isfinite(y)) {
            out[i] = y;
            continue;
        }
        last = last * weight + (1.0 - weight) * y;
        ++k;
        weightPowK *= weight;
        const double debias = weight == 1.0 ? 1.0 : 1.0 - weightPowK;
        out[i] = last / debias;
    }
    return out;
}

double quantileR7(std::vector<double> v, double p)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return !std::isfinite(x); }),
            v.end());
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(v.begin(), v.end());
    const double h = double(v.size() - 1) * std::clamp(p, 0.0, 1.0);
    const size_t lo = size_t(std::floor(h));
    const size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (h - double(lo)) * (v[hi] - v[lo]);
}

std::pair<double, double> robustRange(const std::vector<const std::vector<double> *> &series,
                                      double lowP,
                                      double highP,
                                      double reach)
{
    std::vector<double> all;
    for (const auto *s : series) {
        if (!s)
            continue;
        for (double v : *s) {
            if (std::isfinite(v))
                all.push_back(v);
        }
    }
    if (all.empty())
        return {1.0, 0.0};
    const auto [minIt, maxIt] = std::minmax_element(all.begin(), all.end());
    const double dataMin = *minIt;
    const double dataMax = *maxIt;
    double lo = quantileR7(all, lowP);
    double hi = quantileR7(std::move(all), highP);
    if (!(hi > lo))
        return {lo - 1.0, lo + 1.0};
    if (reach > 0.0) {
        const double span = hi - lo;
        lo = std::max(dataMin, lo - reach * span);
        hi = std::min(dataMax, hi + reach * span);
    }
    const double margin = (hi - lo) * 0.05;
    return {lo - margin, hi + margin};
}

DecimatedCurve decimateMinMax(const std::vector<double> &x,
                              const std::vector<double> &y,
                              double xMin,
                              double xMax,
                              int columns)
{
    DecimatedCurve out;
    const size_t n = std::min(x.size(), y.size());
    if (n == 0 || columns <= 0 || !(xMax > xMin))
        return out;
    size_t begin = size_t(std::lower_bound(x.begin(), x.begin() + qsizetype(n), xMin) - x.begin());
    size_t end = size_t(std::upper_bound(x.begin(), x.begin() + qsizetype(n), xMax) - x.begin());
    // One finite neighbour outside each side keeps the line running to the plot's edges.
    while (begin > 0) {
        --begin;
        if (std::isfinite(y[begin]))
            break;
    }
    while (end < n) {
        ++end;
        if (std::isfinite(y[end - 1]))
            break;
    }
    auto emit = [&](size_t i) {
        out.x.push_back(x[i]);
        out.y.push_back(y[i]);
    };
    if (end - begin <= size_t(columns) * 4) {
        for (size_t i = begin; i < end; ++i) {
            if (std::isfinite(y[i]))
                emit(i);
        }
        return out;
    }
    out.x.reserve(size_t(columns) * 4 + 2);
    out.y.reserve(size_t(columns) * 4 + 2);
    const double scale = double(columns) / (xMax - xMin);
    size_t i = begin;
    while (i < end) {
        if (!std::isfinite(y[i])) {
            ++i;
            continue;
        }
        const double c = std::floor((x[i] - xMin) * scale);
        size_t first = i, last = i, lo = i, hi = i;
        size_t j = i + 1;
        for (; j < end && std::floor((x[j] - xMin) * scale) == c; ++j) {
            if (!std::isfinite(y[j]))
                continue;
            last = j;
            if (y[j] < y[lo])
                lo = j;
            if (y[j] > y[hi])
                hi = j;
        }
        size_t picks[4] = {first, std::min(lo, hi), std::max(lo, hi), last};
        size_t previous = std::numeric_limits<size_t>::max();
        for (size_t p : picks) {
            if (p != previous)
                emit(p);
            previous = p;
        }
        i = j;
    }
    return out;
}

} // namespace Twinscope::Core
