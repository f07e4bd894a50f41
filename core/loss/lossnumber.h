#pragma once

#include <QtGlobal>

#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

namespace Twinscope::Core::LossNumber {

inline bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n';
}

inline std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

// Parses the number at the start of s and returns how many characters it used (0: none). Accepts
// what training logs print (docs/FORMATS.md §6): decimals, E-notation, nan/NaN/NAN,
// inf/INF/-inf/Infinity. Out-of-range literals (1e999) become ±Inf or ±0 as Python would read them.
inline size_t parsePrefix(std::string_view s, double *out)
{
    const char *begin = s.data();
    const char *end = begin + s.size();
    const char *p = begin;
    if (p < end && *p == '+')
        ++p;
    double value = 0;
    const auto r = std::from_chars(p, end, value);
    if (r.ptr == p)
        return 0;
    if (r.ec == std::errc::result_out_of_range) {
        const bool negative = *p == '-';
        const std::string_view text(p, size_t(r.ptr - p));
        const size_t e = text.find_first_of("eE");
        const bool tiny = e != std::string_view::npos && e + 1 < text.size() && text[e + 1] == '-';
        value = tiny ? (negative ? -0.0 : 0.0)
                     : (negative ? -std::numeric_limits<double>::infinity()
                                 : std::numeric_limits<double>::infinity());
    } else if (r.ec != std::errc()) {
        return 0;
    }
    *out = value;
    return size_t(r.ptr - begin);
}

// The whole of s (trimmed) is one number, optionally followed by whitespace and a remark such as
// Ray's "[repeated 5x across cluster]".
inline bool parseValue(std::string_view s, double *out)
{
    s = trim(s);
    const size_t used = parsePrefix(s, out);
    return used > 0 && (used == s.size() || isSpace(s[used]));
}

inline bool parseStep(std::string_view s, qint64 *out)
{
    s = trim(s);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), *out);
    if (r.ec == std::errc() && r.ptr == s.data() + s.size())
        return true;
    // "10.0" in CSV files written by pandas: accept integral decimals only.
    double d = 0;
    if (parseValue(s, &d) && std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) {
        *out = qint64(d);
        return true;
    }
    return false;
}

} // namespace Twinscope::Core::LossNumber
