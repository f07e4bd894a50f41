#include "xlsxsheetscan.h"

#include <cstring>

namespace Twinscope::Core {

namespace {

// Deeper nesting is left to QXmlStreamReader: a worksheet is 4 to 6 levels deep, and the stack of
// open names stays small.
constexpr size_t MaxDepth = 256;

// Past this much unread text (one tag or text run not yet closed), QXmlStreamReader reads the part.
constexpr size_t MaxPending = 1 << 20;

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isNameStart(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

// The length of the name at p (letters, digits, . - _, and ':' where allowColon), 0 when none.
size_t nameLength(const char *p, const char *end, bool allowColon)
{
    if (p == end || !isNameStart(*p))
        return 0;
    const char *q = p + 1;
    while (q < end && (isNameChar(*q) || (allowColon && *q == ':')))
        ++q;
    return size_t(q - p);
}

bool validChar(uint u)
{
    return u == 0x9 || u == 0xA || u == 0xD || (u >= 0x20 && u <= 0xD7FF) ||
           (u >= 0xE000 && u <= 0xFFFD) || (u >= 0x10000 && u <= 0x10FFFF);
}

void setLatin1(QString *out, std::string_view s)
{
    out->resize(qsizetype(s.size()));
    QChar *d = out->data();
    for (size_t i = 0; i < s.size(); ++i)
        d[i] = QChar(char16_t(uchar(s[i])));
}

} // namespace

// The text of a run or an attribute value with references replaced, line ends normalised (and, in
// attributes, white space made spaces), as XML 1.0 §2.11, §3.3.3 and §4.6 say. False for what
// the scanner leaves to QXmlStreamReader.
bool XlsxSheetScanner::decode(std::string_view raw, QString *out, bool attribute)
{
    out->resize(qsizetype(raw.size())); // a reference is never shorter than what it stands for
    QChar *d = out->data();
    qsizetype n = 0;
    const size_t size = raw.size();
    for (size_t i = 0; i < size; ++i) {
        const uchar c = uchar(raw[i]);
        if (c >= 0x20 && c < 0x80 && c != '&' && c != '<' && c != ']') {
            d[n++] = QChar(char16_t(c));
            continue;
        }
        if (c >= 0x80 || c == '<')
            return false;
        if (c == ']') {
            if (!attribute && raw.substr(i, 3) == "]]>")
                return false;
            d[n++] = QChar(char16_t(c));
        } else if (c == '\t' || c == '\n') {
            d[n++] = attribute ? QChar(u' ') : QChar(char16_t(c));
        } else if (c == '\r') {
            if (i + 1 < size && raw[i + 1] == '\n')
                ++i;
            d[n++] = attribute ? QChar(u' ') : QChar(u'\n');
        } else if (c == '&') {
            const size_t semi = raw.find(';', i + 1);
            if (semi == std::string_view::npos || semi - i > 12)
                return false;
            const std::string_view ref = raw.substr(i + 1, semi - i - 1);
            uint u = 0;
            if (ref == "amp")
                u = '&';
            else if (ref == "lt")
                u = '<';
            else if (ref == "gt")
                u = '>';
            else if (ref == "quot")
                u = '"';
            else if (ref == "apos")
                u = '\'';
            else if (ref.size() >= 2 && ref[0] == '#') {
                const bool hex = ref[1] == 'x';
                const std::string_view digits = ref.substr(hex ? 2 : 1);
                if (digits.empty() || digits.size() > 7)
                    return false;
                for (char ch : digits) {
                    uint v;
                    if (ch >= '0' && ch <= '9')
                        v = uint(ch - '0');
                    else if (hex && ch >= 'a' && ch <= 'f')
                        v = uint(ch - 'a' + 10);
                    else if (hex && ch >= 'A' && ch <= 'F')
                        v = uint(ch - 'A' + 10);
                    else
                        return false;
                    u = u * (hex ? 16 : 10) + v;
                }
                if (!validChar(u))
                    return false;
            } else {
                return false;
            }
            if (u > 0xFFFF) {
                d[n++] = QChar::highSurrogate(u);
                d[n++] = QChar::lowSurrogate(u);
            } else {
                d[n++] = QChar(char16_t(u));
            }
            i = semi;
        } else {
            return false; // other control characters
        }
    }
    out->resize(n);
    return true;
}

bool XlsxSheetScanner::text(std::string_view raw, bool atEnd)
{
    Q_UNUSED(atEnd);
    if (m_stack.empty()) { // before or after the root: white space only
        for (char c : raw)
            if (!isSpace(c))
                return false;
        return true;
    }
    if (!decode(raw, &m_text, false))
        return false;
    m_sink->characters(m_text);
    return true;
}

// <?xml version="1.0" encoding="UTF-8" standalone="yes"?>, each part but the version optional.
XlsxSheetScanner::Step XlsxSheetScanner::declaration(size_t *pos)
{
    const size_t close = m_buf.find("?>");
    if (close == std::string::npos)
        return m_buf.size() > 4096 ? Step::Fallback : Step::More;
    std::string_view rest(m_buf.data() + 5, close - 5);
    const char *names[] = {"version", "encoding", "standalone"};
    int next = 0;
    while (true) {
        size_t ws = 0;
        while (ws < rest.size() && isSpace(rest[ws]))
            ++ws;
        rest.remove_prefix(ws);
        if (rest.empty())
            break;
        if (ws == 0)
            return Step::Fallback;
        const size_t eq = rest.find('=');
        if (eq == std::string_view::npos || rest.size() < eq + 3)
            return Step::Fallback;
        const std::string_view name = rest.substr(0, eq);
        const char quote = rest[eq + 1];
        if (quote != '"' && quote != '\'')
            return Step::Fallback;
        const size_t end = rest.find(quote, eq + 2);
        if (end == std::string_view::npos)
            return Step::Fallback;
        const std::string_view value = rest.substr(eq + 2, end - eq - 2);
        if (next == 0 && name != "version")
            return Step::Fallback;
        while (next < 3 && name != names[next])
            ++next;
        if (next == 3)
            return Step::Fallback;
        if (next == 0 && value != "1.0")
            return Step::Fallback;
        if (next == 1 && value != "UTF-8" && value != "utf-8")
            return Step::Fallback;
        if (next == 2 && value != "yes" && value != "no")
            return Step::Fallback;
        ++next;
        rest.remove_prefix(end + 1);
    }
    if (next == 0) // no version
        return Step::Fallback;
    *pos = close + 2;
    return Step::Done;
}

bool XlsxSheetScanner::declared(std::string_view prefix) const
{
    for (const Prefix &d : m_prefixes)
        if (d.name == prefix)
            return true;
    return false;
}

// The element at this depth has closed: its declarations go out of scope.
void XlsxSheetScanner::leave(size_t depth)
{
    while (!m_prefixes.empty() && m_prefixes.back().depth >= depth)
        m_prefixes.pop_back();
}

XlsxSheetScanner::Step XlsxSheetScanner::tag(size_t *pos)
{
    const char *begin = m_buf.data() + *pos;
    const char *end = m_buf.data() + m_buf.size();
    const char *p = begin + 1;
    if (p == end)
        return Step::More;
    if (*p == '/') {
        ++p;
        const size_t len = nameLength(p, end, true);
        const char *q = p + len;
        while (q < end && isSpace(*q))
            ++q;
        if (q == end)
            return Step::More;
        if (len == 0 || *q != '>' || m_stack.empty())
            return Step::Fallback;
        const std::string &open = m_stack.back();
        if (open.size() != len || std::memcmp(open.data(), p, len) != 0)
            return Step::Fallback;
        const std::string_view qualified(p, len);
        setLatin1(&m_name, qualified.substr(qualified.find(':') + 1)); // npos + 1 == 0
        m_stack.pop_back();
        leave(m_stack.size());
        m_sink->end(m_name);
        *pos = size_t(q + 1 - m_buf.data());
        return Step::Done;
    }
    if (m_rootSeen && m_stack.empty()) // a second root, or a comment or PI after it
        return Step::Fallback;
    const size_t len = nameLength(p, end, true);
    if (p + len == end)
        return Step::More;
    if (len == 0)
        return Step::Fallback; // <! <? and what is not a name
    const std::string_view name(p, len);
    p += len;
    struct Attribute
    {
        std::string_view name, value;
    };
    Attribute attrs[32];
    int count = 0;
    bool empty = false;
    while (true) {
        const char *ws = p;
        while (p < end && isSpace(*p))
            ++p;
        if (p == end)
            return Step::More;
        if (*p == '>') {
            ++p;
            break;
        }
        if (*p == '/') {
            if (p + 1 == end)
                return Step::More;
            if (p[1] != '>')
                return Step::Fallback;
            p += 2;
            empty = true;
            break;
        }
        if (p == ws || count == 32)
            return Step::Fallback;
        const size_t alen = nameLength(p, end, true);
        const char *q = p + alen;
        while (q < end && isSpace(*q))
            ++q;
        if (q == end)
            return Step::More;
        if (alen == 0 || *q != '=')
            return Step::Fallback;
        ++q;
        while (q < end && isSpace(*q))
            ++q;
        if (q == end)
            return Step::More;
        if (*q != '"' && *q != '\'')
            return Step::Fallback;
        const char *close = static_cast<const char *>(std::memchr(q + 1, *q, size_t(end - q - 1)));
        if (!close)
            return Step::More;
        attrs[count++] = {std::string_view(p, alen),
                          std::string_view(q + 1, size_t(close - q - 1))};
        p = close + 1;
    }

    // Namespaces: xmlns:p declarations in scope while their element is open; every prefix used
    // (on the element or its attributes) declared.
    const size_t depth = m_stack.size();
    for (int i = 0; i < count; ++i) {
        const std::string_view a = attrs[i].name;
        const size_t colon = a.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view prefix = a.substr(0, colon), local = a.substr(colon + 1);
        if (local.empty() || local.find(':') != std::string_view::npos || !isNameStart(local[0]))
            return Step::Fallback;
        if (prefix == "xmlns") {
            if (local == "xml" || local == "xmlns" || attrs[i].value.empty())
                return Step::Fallback;
            m_prefixes.push_back({std::string(local), depth});
        }
    }
    std::string_view localName = name;
    if (const size_t colon = name.find(':'); colon != std::string_view::npos) {
        const std::string_view prefix = name.substr(0, colon);
        localName = name.substr(colon + 1);
        if (localName.empty() || localName.find(':') != std::string_view::npos ||
            !isNameStart(localName[0]) || prefix == "xml" || prefix == "xmlns" || !declared(prefix))
            return Step::Fallback;
    }
    QStringView t, r, s;
    for (int i = 0; i < count; ++i) {
        const std::string_view a = attrs[i].name;
        const size_t colon = a.find(':');
        const std::string_view local = colon == std::string_view::npos ? a : a.substr(colon + 1);
        if (colon != std::string_view::npos) {
            const std::string_view prefix = a.substr(0, colon);
            if (prefix != "xml" && prefix != "xmlns" && !declared(prefix))
                return Step::Fallback;
        }
        for (int j = 0; j < i; ++j) { // the same local name twice: left to QXmlStreamReader
            const std::string_view b = attrs[j].name;
            const size_t bc = b.find(':');
            if ((bc == std::string_view::npos ? b : b.substr(bc + 1)) == local)
                return Step::Fallback;
        }
        QString *into = a == "t" ? &m_t : a == "r" ? &m_r : a == "s" ? &m_s : &m_text;
        if (!decode(attrs[i].value, into, true))
            return Step::Fallback;
        if (into == &m_t)
            t = m_t;
        else if (into == &m_r)
            r = m_r;
        else if (into == &m_s)
            s = m_s;
    }
    setLatin1(&m_name, localName);
    m_rootSeen = true;
    m_sink->start(m_name, t, r, s);
    if (empty) {
        m_sink->end(m_name);
        leave(depth);
    } else {
        if (m_stack.size() >= MaxDepth)
            return Step::Fallback;
        m_stack.emplace_back(name);
    }
    *pos = size_t(p - m_buf.data());
    return Step::Done;
}

XlsxSheetScanner::Step XlsxSheetScanner::parse()
{
    size_t pos = 0;
    const size_t n = m_buf.size();
    if (!m_started) {
        if (n < 6)
            return Step::More;
        if (m_buf.compare(0, 5, "<?xml") == 0 && isSpace(m_buf[5])) {
            const Step s = declaration(&pos);
            if (s != Step::Done)
                return s;
        }
        m_started = true;
    }
    Step result = Step::Done;
    while (pos < n) {
        if (m_buf[pos] == '<') {
            const Step s = tag(&pos);
            if (s == Step::Fallback)
                return s;
            if (s == Step::More) {
                result = Step::More;
                break;
            }
        } else {
            const size_t lt = m_buf.find('<', pos);
            if (lt == std::string::npos) {
                result = Step::More;
                break;
            }
            if (!text(std::string_view(m_buf.data() + pos, lt - pos), false))
                return Step::Fallback;
            pos = lt;
        }
    }
    m_buf.erase(0, pos);
    if (m_buf.size() > MaxPending)
        return Step::Fallback;
    return result;
}

XlsxSheetScanner::Status XlsxSheetScanner::feed(std::string_view chunk)
{
    m_buf.append(chunk);
    return parse() == Step::Fallback ? Status::Fallback : Status::More;
}

bool XlsxSheetScanner::finish()
{
    if (!m_started && m_buf.size() < 6) { // a tiny part: no declaration to read
        m_started = true;
        if (parse() == Step::Fallback)
            return false;
    }
    // What is left is a text run after the last tag (or a tag cut off): white space after the
    // root is all a complete document may have there.
    if (!m_buf.empty()) {
        if (!m_stack.empty() || !text(m_buf, true))
            return false;
        m_buf.clear();
    }
    return m_started && m_rootSeen && m_stack.empty();
}

} // namespace Twinscope::Core
