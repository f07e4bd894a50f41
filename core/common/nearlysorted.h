#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>

namespace Twinscope::Core {

namespace NearlySortedDetail {

template<bool Stable, class It, class Compare>
void sort(It first, It last, Compare comp)
{
    const auto n = std::distance(first, last);
    if (n < 2)
        return;
    // A few sorted runs (tracks collected one after the other): merged in place.
    constexpr int MaxRuns = 16;
    It runEnds[MaxRuns];
    int runs = 0;
    for (It i = std::next(first); i != last && runs <= MaxRuns; ++i) {
        if (comp(*i, *std::prev(i))) {
            if (runs < MaxRuns)
                runEnds[runs] = i;
            ++runs;
        }
    }
    if (runs == 0)
        return;
    if (runs < MaxRuns) {
        for (int r = 0; r < runs; ++r) {
            const It end = r + 1 < runs ? runEnds[r + 1] : last;
            std::inplace_merge(first, runEnds[r], end, comp);
        }
        return;
    }
    // Local disorder (children written just before their parents): an insertion sort moves each
    // element a few places. It stops after a few times the element count of moves, and a full sort
    // finishes from there, so a range in no order costs one extra linear pass.
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
            if constexpr (Stable)
                std::stable_sort(first, last, comp);
            else
                std::sort(first, last, comp);
            return;
        }
    }
}

} // namespace NearlySortedDetail

// Sorts [first, last) by comp (a strict weak order), stably, in about linear time when the range
// is in order or nearly so: trace events mostly come in time order, with children written just
// before their parents or one track's events after another's. Neither the run merge nor the
// insertion pass moves an element past an equal one, and std::stable_sort finishes what they
// cannot.
template<class It, class Compare>
void sortNearlySorted(It first, It last, Compare comp)
{
    NearlySortedDetail::sort<true>(first, last, comp);
}

// The same for a comp under which no two distinct elements are equivalent (a total order, ties
// broken by an index) or equivalent elements are indistinguishable: stability cannot show, so a
// range in no order finishes with the faster std::sort.
template<class It, class Compare>
void sortNearlySortedTotal(It first, It last, Compare comp)
{
    NearlySortedDetail::sort<false>(first, last, comp);
}

} // namespace Twinscope::Core
