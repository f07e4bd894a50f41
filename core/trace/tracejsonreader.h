#pragma once

#include <QtGlobal>

#include <cstring>
#include <string>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <string_view>

namespace Twinscope::Core::TraceJson {

// Internal to the chrome-trace loader: the tolerant JSON primitives its readers share. Positions
// are byte offsets into one text; a failure records where it happened and whether the text simply
// ended there (a cut-off file) or held something unexpected (malformed JSON).
struct CharClass
{
    bool ws[256] = {};
    bool scalar[256] = {}; // characters of number, true/false/null and NaN/Infinity tokens
    constexpr CharClass()
    {
        ws[int(' ')] = ws[int('\t')] = ws[int('\n')] = ws[int('\r')] = true;
        for (const char c : std::string_view("0123456789+-.eEtrufalsnNIiyT"))
            scalar[int(uchar(c))] = true;
    }
};
inline constexpr CharClass s_class;

enum class Fail { None, Eof, Syntax };

// One parser per chunk; all state is local, so chunks run on any thread.
class Reader
{
public:
    explicit Reader(std::string_view text)
        : m_p(text.data())
        , m_n(qint64(text.size()))
    {}

    qint64 pos = 0;
    Fail fail = Fail::None;
    qint64 failAt = -1;
    const char *expected = "";

    char peek() const { return pos < m_n ? m_p[pos] : '\0'; }
    bool atEnd() const { return pos >= m_n; }
    void skipWs()
    {
        while (pos < m_n && s_class.ws[uchar(m_p[pos])])
            ++pos;
    }
    bool error(const char *what)
    {
        if (fail == Fail::None) {
            fail = atEnd() ? Fail::Eof : Fail::Syntax;
            failAt = pos;
            expected = what;
        }
        return false;
    }

    // At '"': sets *raw to the bytes between the quotes and *escaped when a backslash occurs.
    bool readStringRaw(std::string_view *raw, bool *escaped)
    {
        const qint64 start = ++pos;
        // One pass for the first '"' or '\\' (most strings have no escape): a second memchr for
        // the backslash and a call per short key cost more than the scan itself.
        qint64 i = findQuoteOrBackslash(start);
        if (i < m_n && m_p[i] == '"') {
            *raw = std::string_view(m_p + start, size_t(i - start));
            *escaped = false;
            pos = i + 1;
            return true;
        }
        // An escape: the closing quote is the first one after an even run of backslashes.
        for (;;) {
            const void *q = i < m_n ? std::memchr(m_p + i, '"', size_t(m_n - i)) : nullptr;
            if (!q) {
                pos = m_n;
                return error("\"");
            }
            const qint64 at = static_cast<const char *>(q) - m_p;
            qint64 backslashes = 0;
            while (at - 1 - backslashes >= start && m_p[at - 1 - backslashes] == '\\')
                ++backslashes;
            if (backslashes % 2 == 0) {
                *raw = std::string_view(m_p + start, size_t(at - start));
                *escaped = true;
                pos = at + 1;
                return true;
            }
            i = at + 1;
        }
    }

    // Decodes JSON escapes into m_scratch (invalid ones are kept as written).
    std::string_view unescape(std::string_view raw)
    {
        m_scratch.clear();
        for (size_t i = 0; i < raw.size(); ++i) {
            const char c = raw[i];
            if (c != '\\' || i + 1 >= raw.size()) {
                m_scratch.push_back(c);
                continue;
            }
            const char e = raw[++i];
            switch (e) {
            case 'n':
                m_scratch.push_back('\n');
                break;
            case 't':
                m_scratch.push_back('\t');
                break;
            case 'r':
                m_scratch.push_back('\r');
                break;
            case 'b':
                m_scratch.push_back('\b');
                break;
            case 'f':
                m_scratch.push_back('\f');
                break;
            case 'u': {
                auto hex = [&](size_t at, uint32_t *v) {
                    if (at + 4 > raw.size())
                        return false;
                    uint32_t r = 0;
                    for (size_t k = at; k < at + 4; ++k) {
                        const char h = raw[k];
                        r <<= 4;
                        if (h >= '0' && h <= '9')
                            r |= uint32_t(h - '0');
                        else if (h >= 'a' && h <= 'f')
                            r |= uint32_t(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F')
                            r |= uint32_t(h - 'A' + 10);
                        else
                            return false;
                    }
                    *v = r;
                    return true;
                };
                uint32_t cp = 0;
                if (!hex(i + 1, &cp)) {
                    m_scratch.push_back('\\');
                    m_scratch.push_back('u');
                    break;
                }
                i += 4;
                if (cp >= 0xD800 && cp < 0xDC00 && i + 2 < raw.size() && raw[i + 1] == '\\' &&
                    raw[i + 2] == 'u') {
                    uint32_t lo = 0;
                    if (hex(i + 3, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        i += 6;
                    }
                }
                if (cp >= 0xD800 && cp < 0xE000)
                    cp = 0xFFFD; // a lone surrogate cannot be UTF-8
                if (cp < 0x80) {
                    m_scratch.push_back(char(cp));
                } else if (cp < 0x800) {
                    m_scratch.push_back(char(0xC0 | (cp >> 6)));
                    m_scratch.push_back(char(0x80 | (cp & 0x3F)));
                } else if (cp < 0x10000) {
                    m_scratch.push_back(char(0xE0 | (cp >> 12)));
                    m_scratch.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
                    m_scratch.push_back(char(0x80 | (cp & 0x3F)));
                } else {
                    m_scratch.push_back(char(0xF0 | (cp >> 18)));
                    m_scratch.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
                    m_scratch.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
                    m_scratch.push_back(char(0x80 | (cp & 0x3F)));
                }
                break;
            }
            default:
                m_scratch.push_back(e);
                break; // \" \\ \/
            }
        }
        return m_scratch;
    }

    // limit: the caller keeps at most this many bytes, so a huge escaped string is only decoded as
    // far as that needs (an escape is at most 6 bytes for each byte it decodes to).
    bool readString(std::string_view *out, size_t limit = std::string_view::npos)
    {
        bool escaped = false;
        if (!readStringRaw(out, &escaped))
            return false;
        if (escaped) {
            if (limit != std::string_view::npos && out->size() / 6 > limit)
                *out = out->substr(0, limit * 6);
            *out = unescape(*out);
        }
        return true;
    }

    // A number, true/false/null or NaN/Infinity token.
    bool readScalar(std::string_view *token)
    {
        const qint64 start = pos;
        while (pos < m_n && s_class.scalar[uchar(m_p[pos])])
            ++pos;
        if (pos == start)
            return error("a JSON value");
        if (pos >= m_n)
            return error("',' or '}'"); // a token cut by the end of the file
        *token = std::string_view(m_p + start, size_t(pos - start));
        const char c = token->front();
        const bool numeric = (c >= '0' && c <= '9') || c == '-' || c == '+';
        if (!numeric && *token != "true" && *token != "false" && *token != "null" &&
            *token != "NaN" && *token != "Infinity") {
            pos = start;
            return error("a JSON value");
        }
        return true;
    }

    // Skips any value; iterative so deep nesting cannot overflow the stack.
    bool skipValue()
    {
        std::string stack; // expected closers
        for (;;) {
            skipWs();
            const char c = peek();
            if (c == '"') {
                std::string_view s;
                bool escaped = false;
                if (!readStringRaw(&s, &escaped))
                    return false;
                if (!stack.empty() && stack.back() == '}') {
                    // inside an object a string is a key or a value; keys are followed by ':'
                    skipWs();
                    if (peek() == ':') {
                        ++pos;
                        continue;
                    }
                }
            } else if (c == '{' || c == '[') {
                stack.push_back(c == '{' ? '}' : ']');
                ++pos;
                skipWs();
                if (peek() == stack.back()) {
                    ++pos;
                    stack.pop_back();
                } else {
                    continue;
                }
            } else if (c == '\0' && atEnd()) {
                return error("a JSON value");
            } else if (c == '}' || c == ']') {
                return error("a JSON value");
            } else {
                std::string_view t;
                if (!readScalar(&t))
                    return false;
            }
            // after a value: close containers or continue with ','
            for (;;) {
                if (stack.empty())
                    return true;
                skipWs();
                const char d = peek();
                if (d == ',') {
                    ++pos;
                    skipWs();
                    if (peek() == stack.back()) { // trailing comma inside args: tolerated
                        ++m_trailingCommas;
                        ++pos;
                        stack.pop_back();
                        continue;
                    }
                    break;
                }
                if (d == stack.back()) {
                    ++pos;
                    stack.pop_back();
                    continue;
                }
                return error(stack.back() == '}' ? "',' or '}'" : "',' or ']'");
            }
        }
    }

    qint64 m_trailingCommas = 0;

private:
    // The offset of the first '"' or '\\' at or after from, or m_n.
    qint64 findQuoteOrBackslash(qint64 from) const
    {
        qint64 i = from;
#ifdef __SSE2__
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        for (; i + 16 <= m_n; i += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(m_p + i));
            const int mask = _mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
            if (mask != 0)
                return i + __builtin_ctz(unsigned(mask));
        }
#endif
        for (; i < m_n; ++i) {
            if (m_p[i] == '"' || m_p[i] == '\\')
                return i;
        }
        return m_n;
    }

    const char *m_p;
    qint64 m_n;
    std::string m_scratch;
};

} // namespace Twinscope::Core::TraceJson
