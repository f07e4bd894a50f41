#include "intervalset.h"

#include "core/common/nearlysorted.h"

#include <algorithm>

namespace Twinscope::Core {

void IntervalSet::finish()
{
    // A union is reserved for both inputs; overlapping intervals merge into fewer.
    if (m_start.capacity() > 2 * m_start.size() + 64) {
        m_start.shrink_to_fit();
        m_end.shrink_to_fit();
    }
    m_prefix.assign(m_start.size() + 1, 0);
    for (size_t i = 0; i < m_start.size(); ++i)
        m_prefix[i + 1] = m_prefix[i] + (m_end[i] - m_start[i]);
}

IntervalSet IntervalSet::fromSpans(std::vector<std::pair<qint64, qint64>> spans)
{
    // Device tasks mostly come sorted by start already: a nearly sorted list costs one pass where
    // the sort of millions of spans was the largest sort of a comparison (issue #28).
    sortNearlySortedTotal(spans.begin(), spans.end(), std::less<>());
    return fromSortedSpans(spans);
}

IntervalSet IntervalSet::fromSortedSpans(const std::vector<std::pair<qint64, qint64>> &spans)
{
    IntervalSet out; // not reserved: millions of overlapping spans often merge into a few
    for (const auto &[s, e] : spans)
        out.append(s, e);
    out.finish();
    return out;
}

IntervalSet IntervalSet::unite(const IntervalSet &a, const IntervalSet &b)
{
    IntervalSet out;
    out.reserve(a.size() + b.size());
    size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j >= b.size() || (i < a.size() && a.m_start[i] <= b.m_start[j])) {
            out.append(a.m_start[i], a.m_end[i]);
            ++i;
        } else {
            out.append(b.m_start[j], b.m_end[j]);
            ++j;
        }
    }
    out.finish();
    return out;
}

IntervalSet IntervalSet::intersect(const IntervalSet &a, const IntervalSet &b)
{
    IntervalSet out;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const qint64 s = std::max(a.m_start[i], b.m_start[j]);
        const qint64 e = std::min(a.m_end[i], b.m_end[j]);
        if (s < e) {
            out.m_start.push_back(s); // pieces of disjoint sets: already disjoint and sorted
            out.m_end.push_back(e);
        }
        if (a.m_end[i] < b.m_end[j])
            ++i;
        else
            ++j;
    }
    out.finish();
    return out;
}

IntervalSet IntervalSet::subtract(const IntervalSet &a, const IntervalSet &b)
{
    IntervalSet out;
    size_t j = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        qint64 s = a.m_start[i];
        const qint64 e = a.m_end[i];
        while (j < b.size() && b.m_end[j] <= s)
            ++j;
        size_t k = j;
        while (s < e && k < b.size() && b.m_start[k] < e) {
            if (b.m_start[k] > s) {
                out.m_start.push_back(s);
                out.m_end.push_back(b.m_start[k]);
            }
            s = std::max(s, b.m_end[k]);
            ++k;
        }
        if (s < e) {
            out.m_start.push_back(s);
            out.m_end.push_back(e);
        }
    }
    out.finish();
    return out;
}

qint64 IntervalSet::lengthIn(qint64 from, qint64 to) const
{
    if (from >= to || m_start.empty())
        return 0;
    // Disjoint and sorted, so the ends are sorted too.
    const size_t i = size_t(
        std::partition_point(m_end.begin(), m_end.end(), [from](qint64 e) { return e <= from; }) -
        m_end.begin());
    const size_t j = size_t(
        std::partition_point(m_start.begin(), m_start.end(), [to](qint64 s) { return s < to; }) -
        m_start.begin());
    if (i >= j)
        return 0;
    qint64 total = m_prefix[j] - m_prefix[i];
    if (m_start[i] < from)
        total -= from - m_start[i];
    if (m_end[j - 1] > to)
        total -= m_end[j - 1] - to;
    return total;
}

} // namespace Twinscope::Core
