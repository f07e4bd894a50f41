#pragma once

#include <QString>

#include <cstdint>
#include <string_view>

namespace Twinscope::Core {

// Chrome-trace times are microsecond decimals, often since the epoch (~1.7e15 µs), where a double
// resolves only 0.25 µs. They are parsed from their text to int64 nanoseconds, never through a
// double (docs/DESIGN.md §4, docs/FORMATS.md §1).
enum class TimeParse { Ok, NotANumber, NonFinite, Overflow };

// Parses a JSON number token (or the text of a quoted number) in microseconds into nanoseconds,
// rounded half away from zero at the nanosecond. Accepts an exponent ("1e-06", "1.5E3").
// NaN/Infinity tokens give NonFinite.
TimeParse parseMicrosToNanos(std::string_view text, qint64 *nanos);

// Parses a plain decimal integer (baseTimeNanoseconds, sort indices); false on junk or overflow.
bool parseInt64(std::string_view text, qint64 *value);

// "1.234 ms", "56 ns", "2.5 s": the unit adapts to the magnitude. Not translated (unit symbols).
QString formatDurationNs(qint64 ns);

// One unit and one precision for times shown side by side (the ticks of a ruler), so that they
// never mix "0 ns" with "2.000 ms": the unit of the largest magnitude (ns, µs, ms or s) and just
// enough decimals to tell values resolutionNs apart.
struct TimeScale
{
    qint64 unitNs = 1;
    int decimals = 0;
    // Digits a label needs before and after the point: a ruler far from its origin with a fine
    // step would need many ("69764.9500002 s") and labels relative to a base instead.
    int significantDigits(qint64 maxMagnitudeNs) const;
};
TimeScale timeScaleFor(qint64 maxMagnitudeNs, qint64 resolutionNs);
// ns in that scale's unit: "1.5 s", "500 ms"; a plus sign on request for offsets ("+200 ns").
QString formatTimeNs(qint64 ns, const TimeScale &scale, bool plusSign = false);

} // namespace Twinscope::Core
