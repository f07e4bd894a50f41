#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>

namespace Twinscope::Core {

// Sorts [first, last) by comp (a strict weak order), in linear time when the range is already in
// order or nearly so. Trace events mostly come in time order, with children written just before
// their parents: an insertion sort moves each element a few places at most. It stops once it has
// moved more than a few times the element count, and a full sort finishes from there, so a range
// in no order at all costs one extra linear pass. Stable: equal elements keep their order
// (std::stable_sort finishes, and the insertion pass never moves an element past an equal one).
template<class It, class Compare>
void sortNearlySorted(It first, It last, Compare comp)
{
    const auto n = std::distance(first, last);
    if (n < 2)
        return;
    const std::size_t budget = std::size_t(n) * 4 + 1024;
    std::size_t moved = 0;
    for (It i = std::next(first); i != last; ++i) {
        if (!comp(*i, *std::prev(i)))
            continue;
        auto value = std::move(*i);
        It j = i;
        do {
            *j = std::move(*std::prev(j));
            --j;
        } while (j != first && comp(value, *std::prev(j)) && ++moved <= budget);
        *j = std::move(value);
        if (moved > budget) {
            std::stable_sort(first, last, comp);
            return;
        }
    }
}

} // namespace Twinscope::Core
