#include "jsonprefixscanner.h"

#include <cctype>

namespace Twinscope::Core {

bool JsonPrefixShape::has(const QString &key) const
{
    return member(key) != nullptr;
}

const JsonPrefixShape::Member *JsonPrefixShape::member(const QString &key) const
{
    for (const Member &m : members) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

namespace {

// Reads a JSON string starting at text[pos] == '"'; returns the index after the closing quote, or
// npos when the prefix ends inside it. Escapes are kept raw: keys we look for have none.
size_t readString(std::string_view text, size_t pos, std::string *out)
{
    size_t i = pos + 1;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\\') {
            if (out && i + 1 < text.size())
                out->push_back(text[i + 1]);
            i += 2;
            continue;
        }
        if (c == '"')
            return i + 1;
        if (out && out->size() < 256)
            out->push_back(c);
        ++i;
    }
    return std::string_view::npos;
}

size_t skipSpace(std::string_view text, size_t i)
{
    while (i < text.size() && std::isspace(uchar(text[i])))
        ++i;
    return i;
}

} // namespace

JsonPrefixShape scanJsonPrefix(std::string_view text)
{
    JsonPrefixShape shape;
    size_t i = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        i = 3;
    i = skipSpace(text, i);
    if (i >= text.size() || (text[i] != '{' && text[i] != '['))
        return shape;
    shape.top = text[i];
    const size_t docStart = i;

    // JSON lines: does the first line close the value it opens?
    {
        int depth = 0;
        size_t j = i;
        bool closed = false;
        while (j < text.size() && text[j] != '\n') {
            const char c = text[j];
            if (c == '"') {
                j = readString(text, j, nullptr);
                if (j == std::string_view::npos)
                    break;
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    closed = true;
                    ++j;
                    break;
                }
            }
            ++j;
        }
        if (closed && j != std::string_view::npos) {
            size_t k = j;
            while (k < text.size() && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r'))
                ++k;
            if (k < text.size() && text[k] == '\n') {
                shape.firstLineIsComplete = true;
                k = skipSpace(text, k);
                shape.secondLineStartsValue = k < text.size() && (text[k] == '{' || text[k] == '[');
            }
        }
    }

    // Walk to the object whose members we want: the top object, or the first element of the array.
    i = docStart + 1;
    if (shape.top == '[') {
        i = skipSpace(text, i);
        if (i >= text.size())
            return shape;
        shape.firstElementStart = text[i];
        if (text[i] != '{')
            return shape;
        ++i;
    }
    // Inside the object at depth 1. Record keys at depth 1 and, for object values, keys at depth 2.
    int depth = 1;
    JsonPrefixShape::Member *current = nullptr;
    bool expectKey = true;
    while (i < text.size() && depth > 0) {
        const char c = text[i];
        if (c == '"') {
            std::string s;
            const size_t end = readString(text, i, &s);
            if (end == std::string_view::npos)
                break;
            size_t after = skipSpace(text, end);
            const bool isKey = after < text.size() && text[after] == ':';
            if (depth == 1 && isKey && expectKey) {
                shape.members.append({QString::fromUtf8(s.data(), qsizetype(s.size())), 0, {}, {}});
                current = &shape.members.last();
                after = skipSpace(text, after + 1);
                if (after < text.size())
                    current->valueStart = text[after];
                expectKey = false;
                i = after;
                continue;
            }
            if (current && depth >= 2) {
                if (depth == 2 && isKey && current->valueStart == '{' &&
                    current->childKeys.size() < 64)
                    current->childKeys.append(QString::fromUtf8(s.data(), qsizetype(s.size())));
                else if (current->firstStringInValue.isEmpty() && !isKey)
                    current->firstStringInValue = QString::fromUtf8(s.data(), qsizetype(s.size()));
            }
            i = end;
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == ',' && depth == 1) {
            expectKey = true;
        }
        ++i;
    }
    return shape;
}

} // namespace Twinscope::Core
