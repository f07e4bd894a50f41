#pragma once

#include <QtGlobal>

#include <algorithm>
#include <utility>
#include <vector>

namespace Twinscope::Core {

// A set of time as sorted, disjoint [start, end) intervals with prefix sums, so that the length
// inside any window costs two binary searches. The phase breakdown and the step categories are
// built from these once per trace and then asked once per step.
class IntervalSet
{
public:
    IntervalSet() = default;
    // The union of the spans (any order; touching spans merge, as msprof-analyze's
    // merge_continuous_intervals does).
    static IntervalSet fromSpans(std::vector<std::pair<qint64, qint64>> spans);
    // The same for spans already sorted by start: no sort.
    static IntervalSet fromSortedSpans(const std::vector<std::pair<qint64, qint64>> &spans);

    static IntervalSet unite(const IntervalSet &a, const IntervalSet &b);
    static IntervalSet intersect(const IntervalSet &a, const IntervalSet &b);
    static IntervalSet subtract(const IntervalSet &a, const IntervalSet &b);

    // Total length of the set inside [from, to).
    qint64 lengthIn(qint64 from, qint64 to) const;
    qint64 length() const { return m_prefix.empty() ? 0 : m_prefix.back(); }
    bool isEmpty() const { return m_start.empty(); }
    size_t size() const { return m_start.size(); }
    qint64 first() const { return m_start.front(); }
    qint64 last() const { return m_end.back(); }
    qint64 start(size_t i) const { return m_start[i]; }
    qint64 end(size_t i) const { return m_end[i]; }

private:
    // Called once per span of every set operation: inline, so a merge of millions of spans is a
    // loop rather than a call per span.
    void append(qint64 s, qint64 e)
    {
        if (e < s)
            e = s;
        if (!m_end.empty() && s <= m_end.back()) {
            m_end.back() = std::max(m_end.back(), e);
            return;
        }
        m_start.push_back(s);
        m_end.push_back(e);
    }
    void reserve(size_t n)
    {
        m_start.reserve(n);
        m_end.reserve(n);
    }
    void finish();

    std::vector<qint64> m_start, m_end;
    std::vector<qint64> m_prefix; // m_prefix[i] = total length of intervals [0, i)
};

} // namespace Twinscope::Core
