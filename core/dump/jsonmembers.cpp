#include "jsonmembers.h"

#include <cstring>

namespace Twinscope::Core {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

class Scanner
{
public:
    explicit Scanner(std::string_view text)
        : m_text(text)
    {}

    size_t pos = 0;

    bool atEnd() const { return pos >= m_text.size(); }
    char peek() const { return atEnd() ? '\0' : m_text[pos]; }
    void skipSpace()
    {
        while (!atEnd() && isSpace(m_text[pos]))
            ++pos;
    }
    // At '"': moves past the closing quote (a quote preceded by an odd run of backslashes is
    // escaped).
    bool skipString()
    {
        const size_t start = ++pos;
        size_t i = start;
        for (;;) {
            const void *q = i < m_text.size()
                                ? std::memchr(m_text.data() + i, '"', m_text.size() - i)
                                : nullptr;
            if (!q)
                return false;
            const size_t at = size_t(static_cast<const char *>(q) - m_text.data());
            size_t backslashes = 0;
            while (at - backslashes > start && m_text[at - 1 - backslashes] == '\\')
                ++backslashes;
            if (backslashes % 2 == 0) {
                pos = at + 1;
                return true;
            }
            i = at + 1;
        }
    }
    // Skips one value of any kind; iterative, so nesting depth costs no stack.
    bool skipValue()
    {
        const char c = peek();
        if (c == '"')
            return skipString();
        if (c != '{' && c != '[') {
            const size_t start = pos;
            while (!atEnd() && !isSpace(m_text[pos]) && m_text[pos] != ',' && m_text[pos] != '}' &&
                   m_text[pos] != ']')
                ++pos;
            return pos > start;
        }
        qint64 depth = 0;
        while (!atEnd()) {
            const char d = m_text[pos];
            if (d == '"') {
                if (!skipString())
                    return false;
                continue;
            }
            ++pos;
            if (d == '{' || d == '[') {
                ++depth;
            } else if (d == '}' || d == ']') {
                if (--depth == 0)
                    return true;
            }
        }
        return false;
    }

private:
    std::string_view m_text;
};

} // namespace

JsonObjectScan scanJsonObject(std::string_view text, size_t start)
{
    JsonObjectScan out;
    Scanner s(text);
    s.pos = start;
    auto fail = [&](const char *expected) {
        out.errorAt = qint64(s.pos);
        out.expected = expected;
        return out;
    };
    if (s.peek() != '{')
        return fail("{");
    ++s.pos;
    s.skipSpace();
    if (s.peek() == '}') {
        out.end = qint64(++s.pos);
        return out;
    }
    for (;;) {
        s.skipSpace();
        if (s.peek() != '"')
            return fail("a quoted key");
        JsonMember m;
        const size_t keyStart = s.pos;
        if (!s.skipString())
            return fail("\"");
        m.key = text.substr(keyStart + 1, s.pos - keyStart - 2);
        m.offset = qint64(keyStart);
        s.skipSpace();
        if (s.peek() != ':')
            return fail(":");
        ++s.pos;
        s.skipSpace();
        const size_t valueStart = s.pos;
        if (!s.skipValue())
            return fail("a value");
        m.value = text.substr(valueStart, s.pos - valueStart);
        m.text = text.substr(keyStart, s.pos - keyStart);
        out.members.push_back(m);
        s.skipSpace();
        if (s.peek() == ',') {
            ++s.pos;
            continue;
        }
        if (s.peek() == '}') {
            out.end = qint64(++s.pos);
            return out;
        }
        return fail(", or }");
    }
}

} // namespace Twinscope::Core
