#include "plogline.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Reads exactly n digits at s[*i]; false if any is missing.
bool digits(std::string_view s, size_t *i, int n, int *out)
{
    int v = 0;
    for (int k = 0; k < n; ++k, ++*i) {
        if (*i >= s.size() || !isDigit(s[*i]))
            return false;
        v = v * 10 + (s[*i] - '0');
    }
    *out = v;
    return true;
}

bool expect(std::string_view s, size_t *i, char c)
{
    if (*i >= s.size() || s[*i] != c)
        return false;
    ++*i;
    return true;
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

qint64 toNs(int y, int mo, int d, int h, int mi, int s, qint64 subNs)
{
    return ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60 * 1000000000LL +
           qint64(s) * 1000000000LL + subNs;
}

bool validDate(int y, int mo, int d, int h, int mi, int s)
{
    return y >= 1970 && y <= 2200 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 &&
           mi <= 59 && s <= 60;
}

qint64 readInt(std::string_view s, size_t *i, bool *ok)
{
    qint64 v = 0;
    const size_t start = *i;
    while (*i < s.size() && isDigit(s[*i]) && *i - start < 18)
        v = v * 10 + (s[(*i)++] - '0');
    *ok = *i > start;
    return v;
}

} // namespace

QString plogLevelId(PlogLevel level)
{
    switch (level) {
    case PlogLevel::Debug:
        return u"DEBUG"_s;
    case PlogLevel::Info:
        return u"INFO"_s;
    case PlogLevel::Warning:
        return u"WARNING"_s;
    case PlogLevel::Error:
        return u"ERROR"_s;
    case PlogLevel::Event:
        return u"EVENT"_s;
    case PlogLevel::Trace:
        return u"TRACE"_s;
    }
    return {};
}

std::optional<qint64> parsePlogTimestamp(std::string_view s, size_t *consumed)
{
    size_t i = 0;
    int y, mo, d, h, mi, sec, ms = 0, us = 0;
    if (!digits(s, &i, 4, &y) || !expect(s, &i, '-') || !digits(s, &i, 2, &mo) ||
        !expect(s, &i, '-') || !digits(s, &i, 2, &d) || !expect(s, &i, '-') ||
        !digits(s, &i, 2, &h) || !expect(s, &i, ':') || !digits(s, &i, 2, &mi) ||
        !expect(s, &i, ':') || !digits(s, &i, 2, &sec))
        return std::nullopt;
    if (!validDate(y, mo, d, h, mi, sec))
        return std::nullopt;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits(s, &i, 3, &ms))
            return std::nullopt;
        if (i < s.size() && s[i] == '.') {
            ++i;
            if (!digits(s, &i, 3, &us))
                return std::nullopt;
        }
    }
    if (consumed)
        *consumed = i;
    return toNs(y, mo, d, h, mi, sec, qint64(ms) * 1000000 + qint64(us) * 1000);
}

bool parsePlogLine(std::string_view line, PlogLine *out)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    // Optional "[2026-03-19 15:04:57] " wall-clock prefix.
    if (i + 1 < line.size() && line[i] == '[' && isDigit(line[i + 1])) {
        const size_t close = line.find(']', i);
        if (close == std::string_view::npos || close - i > 40)
            return false;
        i = close + 1;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
    }
    if (i >= line.size() || line[i] != '[')
        return false;
    const size_t levelStart = i;
    const size_t levelEnd = line.find(']', i);
    if (levelEnd == std::string_view::npos || levelEnd - i > 8)
        return false;
    const std::string_view level = line.substr(i + 1, levelEnd - i - 1);
    if (level == "INFO")
        out->level = PlogLevel::Info;
    else if (level == "DEBUG")
        out->level = PlogLevel::Debug;
    else if (level == "WARNING" || level == "WARN")
        out->level = PlogLevel::Warning;
    else if (level == "ERROR")
        out->level = PlogLevel::Error;
    else if (level == "EVENT")
        out->level = PlogLevel::Event;
    else if (level == "TRACE")
        out->level = PlogLevel::Trace;
    else
        return false;
    i = levelEnd + 1;
    if (i >= line.size() || line[i] != ' ')
        return false;
    while (i < line.size() && line[i] == ' ')
        ++i;
    const size_t moduleStart = i;
    while (i < line.size() &&
           ((line[i] >= 'A' && line[i] <= 'Z') || line[i] == '_' || isDigit(line[i])))
        ++i;
    if (i == moduleStart || i >= line.size() || line[i] != '(')
        return false;
    out->module = line.substr(moduleStart, i - moduleStart);
    ++i;
    bool ok = false;
    out->pid = readInt(line, &i, &ok);
    if (!ok || !expect(line, &i, ','))
        return false;
    const size_t procEnd = line.find(')', i);
    if (procEnd == std::string_view::npos)
        return false;
    out->process = line.substr(i, procEnd - i);
    i = procEnd + 1;
    if (!expect(line, &i, ':'))
        return false;
    size_t used = 0;
    const auto ts = parsePlogTimestamp(line.substr(i), &used);
    if (!ts)
        return false;
    out->timeNs = *ts;
    i += used;
    out->source = {};
    out->tid = -1;
    if (i + 1 < line.size() && line[i] == ' ' && line[i + 1] == '[') {
        const size_t close = line.find(']', i + 2);
        if (close != std::string_view::npos) {
            out->source = line.substr(i + 2, close - i - 2);
            i = close + 1;
            out->tid = readInt(line, &i, &ok);
            if (!ok)
                out->tid = -1;
        }
    }
    if (i < line.size() && line[i] == ' ')
        ++i;
    out->message = line.substr(i);
    out->plogLength = line.size() - levelStart;
    return true;
}

std::optional<qint64> parseUserTimestamp(const QString &text)
{
    const QByteArray utf8 = text.trimmed().toUtf8();
    const std::string_view s(utf8.constData(), size_t(utf8.size()));
    size_t used = 0;
    if (auto ts = parsePlogTimestamp(s, &used); ts && used == s.size())
        return ts;
    // "YYYY-MM-DD HH:MM:SS[.ffffff]" or with 'T'.
    size_t i = 0;
    int y, mo, d, h, mi, sec;
    if (!digits(s, &i, 4, &y) || !expect(s, &i, '-') || !digits(s, &i, 2, &mo) ||
        !expect(s, &i, '-') || !digits(s, &i, 2, &d))
        return std::nullopt;
    if (i >= s.size() || (s[i] != ' ' && s[i] != 'T'))
        return std::nullopt;
    ++i;
    if (!digits(s, &i, 2, &h) || !expect(s, &i, ':') || !digits(s, &i, 2, &mi) ||
        !expect(s, &i, ':') || !digits(s, &i, 2, &sec) || !validDate(y, mo, d, h, mi, sec))
        return std::nullopt;
    qint64 sub = 0;
    if (i < s.size() && s[i] == '.') {
        ++i;
        qint64 scale = 100000000;
        const size_t start = i;
        while (i < s.size() && isDigit(s[i]) && i - start < 9) {
            sub += (s[i] - '0') * scale;
            scale /= 10;
            ++i;
        }
        if (i == start)
            return std::nullopt;
    }
    if (i != s.size())
        return std::nullopt;
    return toNs(y, mo, d, h, mi, sec, sub);
}

QString formatTimestampNs(qint64 ns)
{
    if (ns < 0)
        return {};
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC);
    return t.toString(u"yyyy-MM-ddTHH:mm:ss"_s) + u'.' +
           QString::number((ns / 1000) % 1000000).rightJustified(6, u'0');
}

} // namespace Twinscope::Core
