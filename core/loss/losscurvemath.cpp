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
    const double h = double(v.size() - 1) * std::clamp(p, 0.0, 1.0);
    const size_t lo = size_t(std::floor(h));
    // Two selections instead of a sort: O(n) for the 10 M values of a long run.
    std::nth_element(v.begin(), v.begin() + qsizetype(lo), v.end());
    const double a = v[lo];
    if (lo + 1 >= v.size())
        return a;
    const double b = *std::min_element(v.begin() + qsizetype(lo) + 1, v.end());
    return a + (h - double(lo)) * (b - a);
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

namespace {

void buildLevel(const std::vector<double> &y,
                size_t block,
                std::vector<qint64> *mins,
                std::vector<qint64> *maxs)
{
    const size_t blocks = y.size() / block;
    mins->assign(blocks, -1);
    maxs->assign(blocks, -1);
    for (size_t b = 0; b < blocks; ++b) {
        qint64 lo = -1;
        qint64 hi = -1;
        for (size_t i = b * block; i < (b + 1) * block; ++i) {
            if (!std::isfinite(y[i]))
                continue;
            if (lo < 0 || y[i] < y[size_t(lo)])
                lo = qint64(i);
            if (hi < 0 || y[i] > y[size_t(hi)])
                hi = qint64(i);
        }
        (*mins)[b] = lo;
        (*maxs)[b] = hi;
    }
}

} // namespace

MinMaxPyramid::MinMaxPyramid(const std::vector<double> &y)
    : m_size(y.size())
{
    buildLevel(y, Small, &m_smallMin, &m_smallMax);
    buildLevel(y, Large, &m_largeMin, &m_largeMax);
}

bool MinMaxPyramid::extremes(
    const std::vector<double> &y, size_t begin, size_t end, size_t *lo, size_t *hi) const
{
    bool found = false;
    // Strict comparisons in index order keep the first occurrence, as a plain scan would.
    auto consider = [&](qint64 minIndex, qint64 maxIndex) {
        if (minIndex < 0)
            return;
        if (!found) {
            *lo = size_t(minIndex);
            *hi = size_t(maxIndex);
            found = true;
            return;
        }
        if (y[size_t(minIndex)] < y[*lo])
            *lo = size_t(minIndex);
        if (y[size_t(maxIndex)] > y[*hi])
            *hi = size_t(maxIndex);
    };
    size_t i = begin;
    while (i < end) {
        if (i % Large == 0 && i + Large <= end && i / Large < m_largeMin.size()) {
            consider(m_largeMin[i / Large], m_largeMax[i / Large]);
            i += Large;
        } else if (i % Small == 0 && i + Small <= end && i / Small < m_smallMin.size()) {
            consider(m_smallMin[i / Small], m_smallMax[i / Small]);
            i += Small;
        } else {
            if (std::isfinite(y[i]))
                consider(qint64(i), qint64(i));
            ++i;
        }
    }
    return found;
}

DecimatedCurve decimateMinMax(const std::vector<double> &x,
                              const std::vector<double> &y,
                              double xMin,
                              double xMax,
                              int columns,
                              const MinMaxPyramid *pyramid)
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
    auto column = [&](size_t i) {
        return std::floor((x[i] - xMin) * scale);
    };
    // Binary search per column pays off once columns hold many points.
    const bool blocks =
        pyramid && pyramid->isEmpty() == false && end - begin > size_t(columns) * 64;
    size_t i = begin;
    while (i < end) {
        if (!std::isfinite(y[i])) {
            ++i;
            continue;
        }
        const double c = column(i);
        size_t first = i, last = i, lo = i, hi = i;
        size_t j = i + 1;
        if (blocks) {
            j = size_t(std::partition_point(
                           x.begin() + qsizetype(i) + 1,
                           x.begin() + qsizetype(end),
                           [&](const double &v) { return std::floor((v - xMin) * scale) <= c; }) -
                       x.begin());
            pyramid->extremes(y, i, j, &lo, &hi);
            last = j - 1;
            while (last > i && !std::isfinite(y[last]))
                --last;
        } else {
            for (; j < end && column(j) == c; ++j) {
                if (!std::isfinite(y[j]))
                    continue;
                last = j;
                if (y[j] < y[lo])
                    lo = j;
                if (y[j] > y[hi])
                    hi = j;
            }
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
