#pragma once

#include <QtGlobal>

#include <string_view>
#include <vector>

namespace Twinscope::Core {

// One member of a JSON object, located by a shallow scan that never parses values.
struct JsonMember
{
    std::string_view key;   // between the quotes, still escaped
    std::string_view text;  // "key": value, from the key's opening quote to the value's end
    std::string_view value; // the value's text
    qint64 offset = 0;      // of the key's opening quote in the scanned text
};

struct JsonObjectScan
{
    std::vector<JsonMember> members;
    qint64 end = -1;     // one past the closing '}'
    qint64 errorAt = -1; // where the structure broke (unterminated string, missing ':' ...)
    const char *expected = "";
};

// Lists the members of the object whose '{' is at text[start]. Values are only skipped: strings
// with their escapes, brackets counted, scalars up to the next ',' '}' ']' or space. A big
// document is then parsed member by member, so memory follows the largest member instead of the
// whole document (a 117 MB msprobe dump.json took 1 GB as one simdjson DOM, issue #16). Whatever
// is malformed inside a value is left to the parser the caller hands each member to.
JsonObjectScan scanJsonObject(std::string_view text, size_t start);

} // namespace Twinscope::Core
