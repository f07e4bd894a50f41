#pragma once

#include <QString>

#include <optional>
#include <string_view>

namespace Twinscope::Core {

enum class PlogLevel : quint8 { Debug, Info, Warning, Error, Event, Trace };
constexpr int PlogLevelCount = 6;
QString plogLevelId(PlogLevel level); // "DEBUG", "INFO", ... as written in the log

// One host log line (docs/FORMATS.md §4.1), views into the caller's buffer:
//   [2026-03-19 15:04:57] [INFO] ASCENDCL(618,python3):2025-03-06-01:09:07.262.594 [op.cpp:342]618
//   text
// The bracketed wall-clock prefix is optional (wrappers and stdout captures add it).
struct PlogLine
{
    PlogLevel level = PlogLevel::Info;
    std::string_view module;
    qint64 pid = -1;
    std::string_view process;
    qint64 timeNs = -1;
    std::string_view source; // "device.cpp:342", may be empty
    qint64 tid = -1;
    std::string_view message;
    size_t plogLength = 0; // length from the level bracket on: what plog's line limit applies to
};

// line has no '\n' (a trailing '\r' is ignored). False when the line does not follow the grammar.
bool parsePlogLine(std::string_view line, PlogLine *out);

// "YYYY-MM-DD-HH:MM:SS.mmm.uuu" (the .uuu part optional) to ns since 1970, the clock read as UTC.
// consumed receives the characters used. nullopt when the text is not such a stamp.
std::optional<qint64> parsePlogTimestamp(std::string_view text, size_t *consumed = nullptr);

// What a user may type for --after: the plog form, "YYYY-MM-DD HH:MM:SS[.ffffff]" or the ISO 'T'
// form. nullopt when unreadable.
std::optional<qint64> parseUserTimestamp(const QString &text);

// ns since 1970 to "2025-03-06T01:09:07.262594" (µs, the plog resolution); empty for -1.
QString formatTimestampNs(qint64 ns);

} // namespace Twinscope::Core
