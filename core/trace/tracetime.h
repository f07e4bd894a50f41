#pragma once

#include <QString>

#include <cstdint>
#include <string_view>

namespace Twinscope::Core {

// Chrome-trace times are microsecond decimals, often since the epoch (~1.7e15 µs), where a double
// resolves only 0.25 µs. They are parsed from their text to int64 nanoseconds, never through a
// double (DESIGN.md §4, FORMATS.md §1).
enum class TimeParse { Ok, NotANumber, NonFinite, Overflow };

// Parses a JSON number token (or the text of a quoted number) in microseconds into nanoseconds,
// rounded half away from zero at the nanosecond. Accepts an exponent ("1e-06", "1.5E3").
// NaN/Infinity tokens give NonFinite.
TimeParse parseMicrosToNanos(std::string_view text, qint64 *nanos);

// Parses a plain decimal integer (baseTimeNanoseconds, sort indices); false on junk or overflow.
bool parseInt64(std::string_view text, qint64 *value);

// "1.234 ms", "56 ns", "2.5 s": the unit adapts to the magnitude. Not translated (unit symbols).
QString formatDurationNs(qint64 ns);

} // namespace Twinscope::Core
