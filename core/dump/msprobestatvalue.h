#pragma once

#include <cmath>
#include <limits>
#include <simdjson.h>
#include <string_view>

namespace Twinscope::Core {

// One statistic of an msprobe dump.json (Max, Min, Mean, Norm) as a double: numbers, booleans and
// the words Python's json and msprobe write for non-finite values ("NaN", "Infinity", "inf"...);
// anything else is NaN. Shared by the dump reader and the module-tree reader so both read the
// same value from the same cell.
inline double msprobeStatValue(simdjson::dom::element v)
{
    double d;
    if (v.get_double().get(d) == simdjson::SUCCESS)
        return d;
    int64_t i;
    if (v.get_int64().get(i) == simdjson::SUCCESS)
        return double(i);
    uint64_t u;
    if (v.get_uint64().get(u) == simdjson::SUCCESS)
        return double(u);
    bool b;
    if (v.get_bool().get(b) == simdjson::SUCCESS)
        return b ? 1.0 : 0.0;
    std::string_view s;
    if (v.get_string().get(s) == simdjson::SUCCESS) {
        if (s == "Infinity" || s == "inf")
            return std::numeric_limits<double>::infinity();
        if (s == "-Infinity" || s == "-inf")
            return -std::numeric_limits<double>::infinity();
    }
    return std::nan("");
}

} // namespace Twinscope::Core
