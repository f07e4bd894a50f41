#include "tracetime.h"

#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// 128 bits hold 30 significant digits times 10^8 without overflow checks on every digit.
__extension__ typedef unsigned __int128 U128;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

TimeParse parseMicrosToNanos(std::string_view text, qint64 *nanos)
{
    // The common token ("1704161511420306.491", "5.008", "12"): at most 16 integer digits and 3
    // decimals, so the nanoseconds fit a uint64 and no rounding is needed. It is a third of the
    // time-parsing cost of a trace; everything else takes the exact path below.
    {
        const char *p = text.data();
        const char *end = p + text.size();
        const bool negative = p < end && *p == '-';
        p += negative;
        const char *digitsBegin = p;
        quint64 whole = 0;
        while (p < end && isDigit(*p) && p - digitsBegin < 16)
            whole = whole * 10 + quint64(*p++ - '0');
        if (p > digitsBegin && (p == end || *p == '.')) {
            quint64 fraction = 0;
            int decimals = 0;
            if (p < end) {
                ++p; // '.'
                while (p < end && isDigit(*p) && decimals < 3) {
                    fraction = fraction * 10 + quint64(*p++ - '0');
                    ++decimals;
                }
            }
            if (p == end && (decimals > 0 || text.back() != '.')) {
                for (int k = decimals; k < 3; ++k)
                    fraction *= 10;
                const quint64 ns = whole * 1000 + fraction;
                if (ns <= quint64(INT64_MAX)) {
                    *nanos = negative ? -qint64(ns) : qint64(ns);
                    return TimeParse::Ok;
                }
            }
        }
    }
    size_t i = 0;
    const size_t n = text.size();
    while (i < n && (text[i] == ' ' || text[i] == '\t'))
        ++i;
    bool negative = false;
    if (i < n && (text[i] == '-' || text[i] == '+')) {
        negative = text[i] == '-';
        ++i;
    }
    if (i < n && (text[i] == 'N' || text[i] == 'I'))
        return (text.substr(i) == "NaN" || text.substr(i) == "Infinity") ? TimeParse::NonFinite
                                                                         : TimeParse::NotANumber;
    // Collect significant digits as an unsigned integer plus a decimal exponent, so
    // "1704161511420306.491" becomes 1704161511420306491 × 10^-3 exactly. Digits beyond 19 only
    // matter for rounding.
    U128 mantissa = 0;
    int exponent = 0; // power of ten applied to mantissa
    int digits = 0;   // significant digits kept
    bool sawDigit = false;
    bool dropped = false; // a nonzero digit was dropped beyond the precision kept
    int firstDropped = -1;
    auto take = [&](char c, bool fraction) {
        sawDigit = true;
        if (digits < 30) {
            if (mantissa != 0 || c != '0')
                ++digits;
            mantissa = mantissa * 10 + unsigned(c - '0');
            if (fraction)
                --exponent;
        } else {
            if (firstDropped < 0)
                firstDropped = c - '0';
            else if (c != '0')
                dropped = true;
            if (!fraction)
                ++exponent;
        }
    };
    while (i < n && isDigit(text[i]))
        take(text[i++], false);
    if (i < n && text[i] == '.') {
        ++i;
        while (i < n && isDigit(text[i]))
            take(text[i++], true);
    }
    if (!sawDigit)
        return TimeParse::NotANumber;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < n && (text[i] == '-' || text[i] == '+')) {
            expNegative = text[i] == '-';
            ++i;
        }
        if (i >= n || !isDigit(text[i]))
            return TimeParse::NotANumber;
        int e = 0;
        while (i < n && isDigit(text[i])) {
            if (e < 100000)
                e = e * 10 + (text[i] - '0');
            ++i;
        }
        exponent += expNegative ? -e : e;
    }
    while (i < n && (text[i] == ' ' || text[i] == '\t'))
        ++i;
    if (i != n)
        return TimeParse::NotANumber;
    (void)dropped;
    // µs -> ns: three more powers of ten.
    exponent += 3;
    if (mantissa == 0) {
        *nanos = 0;
        return TimeParse::Ok;
    }
    constexpr U128 limit = U128(INT64_MAX);
    if (exponent >= 0) {
        if (exponent > 19)
            return TimeParse::Overflow;
        for (int k = 0; k < exponent; ++k) {
            mantissa *= 10;
            if (mantissa > limit)
                return TimeParse::Overflow;
        }
    } else {
        int shift = -exponent;
        if (shift > 38) {
            *nanos = 0;
            return TimeParse::Ok;
        }
        U128 lastDigit = 0;
        for (int k = 0; k < shift; ++k) {
            lastDigit = mantissa % 10;
            mantissa /= 10;
        }
        if (lastDigit >= 5)
            ++mantissa; // half away from zero; float noise like 12.9999999 µs lands on 13 000 ns
    }
    if (firstDropped >= 5 && exponent >= 0)
        ++mantissa;
    if (mantissa > limit)
        return TimeParse::Overflow;
    *nanos = negative ? -qint64(mantissa) : qint64(mantissa);
    return TimeParse::Ok;
}

bool parseInt64(std::string_view text, qint64 *value)
{
    size_t i = 0;
    bool negative = false;
    if (i < text.size() && text[i] == '-') {
        negative = true;
        ++i;
    }
    if (i >= text.size())
        return false;
    U128 v = 0;
    for (; i < text.size(); ++i) {
        if (!isDigit(text[i]))
            return false;
        v = v * 10 + unsigned(text[i] - '0');
        if (v > U128(INT64_MAX))
            return false;
    }
    *value = negative ? -qint64(v) : qint64(v);
    return true;
}

QString formatDurationNs(qint64 ns)
{
    const double a = ns < 0 ? -double(ns) : double(ns);
    const QLocale c = QLocale::c();
    if (a < 1e3)
        return QString::number(ns) + u" ns"_s;
    if (a < 1e6)
        return c.toString(double(ns) / 1e3, 'f', a < 1e4 ? 3 : 2) + u" µs"_s;
    if (a < 1e9)
        return c.toString(double(ns) / 1e6, 'f', a < 1e7 ? 3 : 2) + u" ms"_s;
    return c.toString(double(ns) / 1e9, 'f', 3) + u" s"_s;
}

namespace {

const char16_t *unitSymbol(qint64 unitNs)
{
    switch (unitNs) {
    case 1'000'000'000:
        return u"s";
    case 1'000'000:
        return u"ms";
    case 1'000:
        return u"µs";
    default:
        return u"ns";
    }
}

int integerDigits(qint64 v)
{
    int n = 1;
    for (v = v < 0 ? -v : v; v >= 10; v /= 10)
        ++n;
    return n;
}

} // namespace

TimeScale timeScaleFor(qint64 maxMagnitudeNs, qint64 resolutionNs)
{
    const qint64 a = maxMagnitudeNs < 0 ? -maxMagnitudeNs : maxMagnitudeNs;
    TimeScale s;
    s.unitNs = a >= 1'000'000'000 ? 1'000'000'000
               : a >= 1'000'000   ? 1'000'000
               : a >= 1'000       ? 1'000
                                  : 1;
    // Decimals: the smallest count that shows a multiple of the resolution exactly.
    qint64 r = std::max<qint64>(1, resolutionNs < 0 ? -resolutionNs : resolutionNs);
    for (qint64 unit = s.unitNs; unit > 1 && r % unit != 0; unit /= 10)
        ++s.decimals;
    return s;
}

int TimeScale::significantDigits(qint64 maxMagnitudeNs) const
{
    return integerDigits(maxMagnitudeNs / unitNs) + decimals;
}

QString formatTimeNs(qint64 ns, const TimeScale &scale, bool plusSign)
{
    // Integer arithmetic: a double loses the ns digits of times far from the origin.
    const qint64 whole = ns / scale.unitNs;
    qint64 fraction = (ns < 0 ? -ns : ns) % scale.unitNs;
    QString text = (ns < 0 && whole == 0) ? u"-0"_s : QString::number(whole);
    if (plusSign && ns >= 0)
        text.prepend(u'+');
    if (scale.decimals > 0) {
        qint64 divisor = scale.unitNs;
        for (int i = 0; i < scale.decimals; ++i)
            divisor /= 10;
        fraction /= std::max<qint64>(1, divisor);
        text += u'.' + QString::number(fraction).rightJustified(scale.decimals, u'0');
    }
    text += u' ';
    text += QStringView(unitSymbol(scale.unitNs));
    return text;
}

} // namespace Twinscope::Core
