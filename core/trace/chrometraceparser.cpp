#include "chrometraceparser.h"

#include "core/common/tr.h"
#include "tracetime.h"

#include <QLocale>

#include <cstring>
#include <string>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

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
constexpr CharClass s_class;

enum class Fail { None, Eof, Syntax };

// One parser per chunk; all state is local, so chunks run on any thread.
class EventReader
{
public:
    explicit EventReader(std::string_view text) : m_p(text.data()), m_n(qint64(text.size())) {}

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
        qint64 i = start;
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
                *escaped = std::memchr(m_p + start, '\\', size_t(at - start)) != nullptr;
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
            case 'n': m_scratch.push_back('\n'); break;
            case 't': m_scratch.push_back('\t'); break;
            case 'r': m_scratch.push_back('\r'); break;
            case 'b': m_scratch.push_back('\b'); break;
            case 'f': m_scratch.push_back('\f'); break;
            case 'u': {
                auto hex = [&](size_t at, uint32_t *v) {
                    if (at + 4 > raw.size())
                        return false;
                    uint32_t r = 0;
                    for (size_t k = at; k < at + 4; ++k) {
                        const char h = raw[k];
                        r <<= 4;
                        if (h >= '0' && h <= '9') r |= uint32_t(h - '0');
                        else if (h >= 'a' && h <= 'f') r |= uint32_t(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F') r |= uint32_t(h - 'A' + 10);
                        else return false;
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
                if (cp >= 0xD800 && cp < 0xDC00 && i + 2 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
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
            default: m_scratch.push_back(e); break; // \" \\ \/
            }
        }
        return m_scratch;
    }

    bool readString(std::string_view *out)
    {
        bool escaped = false;
        if (!readStringRaw(out, &escaped))
            return false;
        if (escaped)
            *out = unescape(*out);
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
        if (!numeric && *token != "true" && *token != "false" && *token != "null" && *token != "NaN"
            && *token != "Infinity") {
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
    const char *m_p;
    qint64 m_n;
    std::string m_scratch;
};

quint32 internCached(TraceStringTable &table, std::string_view text, std::string &lastText, quint32 &lastId)
{
    if (lastId != UINT32_MAX && text == lastText)
        return lastId;
    lastId = table.intern(text);
    lastText.assign(text);
    return lastId;
}

class ChunkParser
{
public:
    ChunkParser(std::string_view text, TraceChunk *chunk)
        : m_text(text), m_r(text), m_chunk(chunk)
    {}

    void run(const TraceChunkOptions &options);

private:
    bool readEvent();
    bool readIdentity(quint32 *id, std::string &last, quint32 &lastId);
    bool readId(quint64 *id);
    bool readTime(qint64 *ns, quint8 hasFlag, quint8 badFlag, RawEvent *event);
    void readCounterArgs(const RawEvent &event);
    void readMetaArgs(const RawEvent &event);

    std::string_view m_text;
    EventReader m_r;
    TraceChunk *m_chunk;
    std::string m_lastPid, m_lastTid, m_lastCat, m_lastName;
    quint32 m_lastPidId = UINT32_MAX, m_lastTidId = UINT32_MAX, m_lastCatId = UINT32_MAX,
            m_lastNameId = UINT32_MAX;
};

bool ChunkParser::readIdentity(quint32 *id, std::string &last, quint32 &lastId)
{
    std::string_view v;
    if (m_r.peek() == '"') {
        if (!m_r.readString(&v))
            return false;
    } else if (m_r.peek() == '{' || m_r.peek() == '[') {
        return m_r.skipValue(); // not an identity; treated as missing
    } else {
        if (!m_r.readScalar(&v))
            return false;
        if (v == "null")
            v = {};
    }
    *id = internCached(m_chunk->strings, v, last, lastId);
    return true;
}

bool ChunkParser::readId(quint64 *id)
{
    std::string_view v;
    if (m_r.peek() == '"') {
        if (!m_r.readString(&v))
            return false;
    } else if (m_r.peek() == '{' || m_r.peek() == '[') {
        return m_r.skipValue();
    } else if (!m_r.readScalar(&v)) {
        return false;
    }
    quint64 value = 0;
    bool numeric = !v.empty() && v.size() <= 18;
    for (const char c : v) {
        if (c < '0' || c > '9') {
            numeric = false;
            break;
        }
        value = value * 10 + quint64(c - '0');
    }
    *id = numeric ? value : (RawIdStringTag | m_chunk->strings.intern(v));
    return true;
}

bool ChunkParser::readTime(qint64 *ns, quint8 hasFlag, quint8 badFlag, RawEvent *event)
{
    std::string_view v;
    const char c = m_r.peek();
    if (c == '"') {
        if (!m_r.readString(&v))
            return false;
    } else if (c == '{' || c == '[') {
        event->flags |= badFlag;
        return m_r.skipValue();
    } else {
        if (!m_r.readScalar(&v))
            return false;
        if (v == "null")
            return true; // missing
    }
    if (parseMicrosToNanos(v, ns) == TimeParse::Ok)
        event->flags = quint8((event->flags | hasFlag) & ~badFlag);
    else
        event->flags |= badFlag;
    return true;
}

bool ChunkParser::readEvent()
{
    RawEvent e;
    e.offset = m_r.pos;
    ++m_r.pos; // '{'
    m_r.skipWs();
    if (m_r.peek() == '}') {
        ++m_r.pos;
    } else {
        for (;;) {
            m_r.skipWs();
            if (m_r.peek() != '"')
                return m_r.error("a quoted key");
            std::string_view key;
            if (!m_r.readString(&key))
                return false;
            // the key may live in the scratch buffer; copy the few bytes that matter
            char k[12] = {};
            const size_t klen = key.size();
            if (klen < sizeof(k))
                std::memcpy(k, key.data(), klen);
            m_r.skipWs();
            if (m_r.peek() != ':')
                return m_r.error("':'");
            ++m_r.pos;
            m_r.skipWs();
            const std::string_view kv(k, klen < sizeof(k) ? klen : 0);
            bool ok = true;
            if (kv == "ph" || kv == "s" || kv == "bp") {
                std::string_view v;
                if (m_r.peek() == '"') {
                    ok = m_r.readString(&v);
                    if (ok && kv == "ph")
                        e.phase = v.size() == 1 ? v[0] : '?';
                    else if (ok && kv == "s")
                        e.scope = v.empty() ? 0 : v[0];
                    else if (ok && v == "e")
                        e.flags |= RawFlag::BindEnclosing;
                } else {
                    ok = m_r.skipValue();
                    if (kv == "ph")
                        e.phase = '?';
                }
            } else if (kv == "ts") {
                ok = readTime(&e.ts, RawFlag::HasTs, RawFlag::BadTs, &e);
            } else if (kv == "dur") {
                ok = readTime(&e.dur, RawFlag::HasDur, RawFlag::BadDur, &e);
            } else if (kv == "pid") {
                ok = readIdentity(&e.pid, m_lastPid, m_lastPidId);
                e.flags |= RawFlag::HasPid;
            } else if (kv == "tid") {
                ok = readIdentity(&e.tid, m_lastTid, m_lastTidId);
                e.flags |= RawFlag::HasTid;
            } else if (kv == "name") {
                ok = readIdentity(&e.name, m_lastName, m_lastNameId);
            } else if (kv == "cat") {
                ok = readIdentity(&e.category, m_lastCat, m_lastCatId);
            } else if (kv == "id") {
                ok = readId(&e.id);
                e.flags |= RawFlag::HasId;
            } else if (kv == "id2") {
                // {"local": x} or {"global": x}: the inner value is the identity
                ok = m_r.peek() == '{';
                if (ok) {
                    const qint64 at = m_r.pos;
                    ok = m_r.skipValue();
                    if (ok) {
                        e.id = RawIdStringTag
                                | m_chunk->strings.intern(m_text.substr(size_t(at), size_t(m_r.pos - at)));
                        e.flags |= RawFlag::HasId;
                    }
                } else {
                    ok = m_r.skipValue();
                }
            } else if (kv == "args") {
                e.argsOffset = m_r.pos;
                ok = m_r.skipValue();
                const qint64 len = m_r.pos - e.argsOffset;
                e.argsLength = quint32(std::min<qint64>(len, UINT32_MAX));
                if (m_r.m_trailingCommas > 0) {
                    m_chunk->diagnostics.add(u"trailing_comma"_s,
                                             Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                             Location{e.argsOffset, -1, {}}, Severity::Warning,
                                             m_r.m_trailingCommas);
                    m_r.m_trailingCommas = 0;
                }
            } else {
                ok = m_r.skipValue();
            }
            if (!ok)
                return false;
            m_r.skipWs();
            const char c = m_r.peek();
            if (c == ',') {
                ++m_r.pos;
                m_r.skipWs();
                if (m_r.peek() == '}') {
                    m_chunk->diagnostics.add(u"trailing_comma"_s,
                                             Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                             Location{m_r.pos, -1, {}});
                    ++m_r.pos;
                    break;
                }
                continue;
            }
            if (c == '}') {
                ++m_r.pos;
                break;
            }
            return m_r.error("',' or '}'");
        }
    }
    ++m_chunk->phaseCounts[uchar(e.phase) & 0x7f];
    if (e.phase == 'C')
        readCounterArgs(e);
    else if (e.phase == 'M')
        readMetaArgs(e);
    else
        m_chunk->events.push_back(e);
    return true;
}

void ChunkParser::readCounterArgs(const RawEvent &event)
{
    if (event.argsOffset < 0 || !(event.flags & RawFlag::HasTs))
        return;
    EventReader r(m_text.substr(0, size_t(event.argsOffset + event.argsLength)));
    r.pos = event.argsOffset;
    if (r.peek() != '{')
        return;
    ++r.pos;
    for (;;) {
        r.skipWs();
        if (r.peek() != '"')
            return;
        std::string_view key;
        if (!r.readString(&key))
            return;
        const quint32 series = m_chunk->strings.intern(key);
        r.skipWs();
        if (r.peek() != ':')
            return;
        ++r.pos;
        r.skipWs();
        std::string_view v;
        bool numeric = false;
        if (r.peek() == '"') {
            numeric = r.readString(&v);
        } else if (r.peek() == '{' || r.peek() == '[') {
            if (!r.skipValue())
                return;
        } else {
            numeric = r.readScalar(&v);
            if (!numeric && r.fail != Fail::None)
                return;
        }
        if (numeric) {
            bool ok = false;
            const double value = QByteArray::fromRawData(v.data(), qsizetype(v.size())).toDouble(&ok);
            if (ok || v == "NaN") {
                RawCounter c;
                c.ts = event.ts;
                c.value = ok ? value : qQNaN();
                c.pid = event.pid;
                c.name = event.name;
                c.id = event.id;
                c.series = series;
                c.order = quint32(m_chunk->counters.size());
                m_chunk->counters.push_back(c);
            }
        }
        r.skipWs();
        if (r.peek() != ',')
            return;
        ++r.pos;
    }
}

void ChunkParser::readMetaArgs(const RawEvent &event)
{
    RawMeta m;
    m.pid = event.pid;
    m.tid = event.tid;
    m.kind = event.name;
    if (event.argsOffset >= 0) {
        EventReader r(m_text.substr(0, size_t(event.argsOffset + event.argsLength)));
        r.pos = event.argsOffset;
        if (r.peek() == '{') {
            ++r.pos;
            for (;;) {
                r.skipWs();
                if (r.peek() != '"')
                    break;
                std::string_view key;
                if (!r.readString(&key))
                    break;
                const std::string k(key);
                r.skipWs();
                if (r.peek() != ':')
                    break;
                ++r.pos;
                r.skipWs();
                if (r.peek() == '"' && (k == "name" || k == "labels")) {
                    std::string_view v;
                    if (!r.readString(&v))
                        break;
                    m.text = m_chunk->strings.intern(v);
                } else if (r.peek() != '"' && r.peek() != '{' && r.peek() != '[' && k == "sort_index") {
                    std::string_view v;
                    if (!r.readScalar(&v))
                        break;
                    m.hasNumber = parseInt64(v, &m.number);
                } else if (!r.skipValue()) {
                    break;
                }
                r.skipWs();
                if (r.peek() != ',')
                    break;
                ++r.pos;
            }
        }
    }
    m_chunk->metas.push_back(m);
}

void releasePages(const char *base, qint64 from, qint64 to)
{
#ifdef __linux__
    static const long page = sysconf(_SC_PAGESIZE);
    const quintptr b = (quintptr(base) + quintptr(from) + quintptr(page) - 1) & ~quintptr(page - 1);
    const quintptr e = (quintptr(base) + quintptr(to)) & ~quintptr(page - 1);
    if (e > b)
        madvise(reinterpret_cast<void *>(b), e - b, MADV_DONTNEED);
#else
    Q_UNUSED(base);
    Q_UNUSED(from);
    Q_UNUSED(to);
#endif
}

void ChunkParser::run(const TraceChunkOptions &options)
{
    m_chunk->begin = options.begin;
    m_r.pos = options.begin;
    bool expectEvent = true; // at the start or after a comma
    bool afterComma = false;
    qint64 reported = m_r.pos;
    qint64 released = m_r.pos;
    quint32 sinceCheck = 0;
    for (;;) {
        m_r.skipWs();
        if (m_r.atEnd()) {
            m_chunk->stop = TraceChunk::Stop::Truncated;
            m_chunk->endPos = m_r.pos;
            break;
        }
        const char c = m_r.peek();
        if (c == ',') {
            if (expectEvent) // ",," or "[,": an empty element, skipped like a trailing comma
                m_chunk->diagnostics.add(u"trailing_comma"_s,
                                         Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                         Location{m_r.pos, -1, {}});
            ++m_r.pos;
            expectEvent = true;
            afterComma = true;
            continue;
        }
        if (c == ']') {
            if (afterComma)
                m_chunk->diagnostics.add(u"trailing_comma"_s,
                                         Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                         Location{m_r.pos, -1, {}});
            m_chunk->stop = TraceChunk::Stop::ArrayEnd;
            m_chunk->endPos = m_r.pos + 1;
            break;
        }
        if (c != '{' || !expectEvent) {
            m_r.error(expectEvent ? "'{' or ']'" : "',' or ']'");
            m_chunk->stop = TraceChunk::Stop::Malformed;
            m_chunk->errorOffset = m_r.pos;
            m_chunk->expected = QString::fromLatin1(m_r.expected);
            m_chunk->found = QString::fromLatin1(&c, 1);
            m_chunk->endPos = m_r.pos;
            break;
        }
        if (options.stopAt >= 0 && m_r.pos >= options.stopAt) {
            m_chunk->stop = TraceChunk::Stop::ReachedLimit;
            m_chunk->landed = m_r.pos == options.stopAt;
            m_chunk->endPos = m_r.pos;
            break;
        }
        const qint64 eventStart = m_r.pos;
        if (!readEvent()) {
            if (m_r.fail == Fail::Eof) {
                m_chunk->stop = TraceChunk::Stop::Truncated;
                m_chunk->endPos = eventStart;
            } else {
                m_chunk->stop = TraceChunk::Stop::Malformed;
                m_chunk->errorOffset = m_r.failAt;
                m_chunk->expected = QString::fromLatin1(m_r.expected);
                const std::string_view rest = m_text.substr(size_t(m_r.failAt), 12);
                m_chunk->found = QString::fromUtf8(rest.data(), qsizetype(rest.size()));
                m_chunk->endPos = eventStart;
            }
            break;
        }
        expectEvent = false;
        afterComma = false;
        if (++sinceCheck >= 16384) {
            sinceCheck = 0;
            if (options.cancel && options.cancel->isCanceled()) {
                m_chunk->stop = TraceChunk::Stop::Canceled;
                break;
            }
            if (options.bytesDone) {
                options.bytesDone->fetch_add(m_r.pos - reported, std::memory_order_relaxed);
                reported = m_r.pos;
            }
            // Parsed bytes of a file mapping are dropped from memory: they are read again only for
            // the args of a selected slice, through the file.
            if (options.releaseMappedPages && m_r.pos - released > (64 << 20)) {
                releasePages(m_text.data(), released, m_r.pos);
                released = m_r.pos;
            }
        }
    }
    if (options.bytesDone)
        options.bytesDone->fetch_add(m_r.pos - reported, std::memory_order_relaxed);
    if (options.releaseMappedPages)
        releasePages(m_text.data(), released, m_r.pos);
}

} // namespace

void parseTraceChunk(std::string_view text, const TraceChunkOptions &options, TraceChunk *chunk)
{
    ChunkParser parser(text, chunk);
    parser.run(options);
}

qint64 guessEventBoundary(std::string_view text, qint64 from, qint64 limit)
{
    const qint64 n = std::min<qint64>(qint64(text.size()), limit);
    for (qint64 i = from; i < n; ++i) {
        const void *q = std::memchr(text.data() + i, '{', size_t(n - i));
        if (!q)
            return -1;
        i = static_cast<const char *>(q) - text.data();
        qint64 j = i - 1;
        while (j >= 0 && s_class.ws[uchar(text[size_t(j)])])
            --j;
        if (j < 0 || text[size_t(j)] != ',')
            continue;
        --j;
        while (j >= 0 && s_class.ws[uchar(text[size_t(j)])])
            --j;
        if (j >= 0 && text[size_t(j)] == '}')
            return i;
    }
    return -1;
}

namespace {

// Reads one top-level member "key": value; returns false at '}' / end / error.
bool readTopMember(EventReader &r, std::string_view text, TraceEnvelope *env, bool *isEvents)
{
    *isEvents = false;
    r.skipWs();
    if (r.peek() != '"')
        return r.error("a quoted key");
    std::string_view keyView;
    if (!r.readString(&keyView))
        return false;
    const std::string key(keyView);
    r.skipWs();
    if (r.peek() != ':')
        return r.error("':'");
    ++r.pos;
    r.skipWs();
    if (key == "traceEvents" && r.peek() == '[') {
        *isEvents = true;
        return true;
    }
    if (key == "displayTimeUnit" && r.peek() == '"') {
        std::string_view v;
        if (!r.readString(&v))
            return false;
        env->displayTimeUnit = QString::fromUtf8(v.data(), qsizetype(v.size()));
        return true;
    }
    if (key == "baseTimeNanoseconds") {
        std::string_view v;
        const bool ok = r.peek() == '"' ? r.readString(&v) : r.readScalar(&v);
        if (!ok)
            return false;
        env->hasBaseTime = parseInt64(v, &env->baseTimeNs);
        return true;
    }
    if (key == "schemaVersion" || key == "deviceProperties")
        env->kineto = true;
    if (key == "distributedInfo" && r.peek() == '{') {
        const qint64 at = r.pos;
        if (!r.skipValue())
            return false;
        // small object: find "rank": <int>
        const std::string_view obj = text.substr(size_t(at), size_t(r.pos - at));
        const size_t k = obj.find("\"rank\"");
        if (k != std::string_view::npos) {
            size_t i = obj.find(':', k);
            if (i != std::string_view::npos) {
                ++i;
                while (i < obj.size() && s_class.ws[uchar(obj[i])])
                    ++i;
                size_t j = i;
                while (j < obj.size() && obj[j] >= '0' && obj[j] <= '9')
                    ++j;
                qint64 rank = -1;
                if (j > i && parseInt64(obj.substr(i, j - i), &rank) && rank < INT_MAX)
                    env->rank = int(rank);
            }
        }
        return true;
    }
    return r.skipValue();
}

} // namespace

TraceEnvelope scanTraceEnvelope(std::string_view text)
{
    TraceEnvelope env;
    EventReader r(text);
    if (text.size() >= 3 && uchar(text[0]) == 0xEF && uchar(text[1]) == 0xBB && uchar(text[2]) == 0xBF)
        r.pos = 3;
    r.skipWs();
    auto fail = [&](const char *expected) {
        env.errorOffset = r.fail != Fail::None ? r.failAt : r.pos;
        env.expected = QString::fromLatin1(r.fail != Fail::None ? r.expected : expected);
        const std::string_view found = text.substr(size_t(std::min<qint64>(env.errorOffset, qint64(text.size()))), 12);
        env.found = QString::fromUtf8(found.data(), qsizetype(found.size()));
        return env;
    };
    if (r.peek() == '[') {
        env.arrayBegin = r.pos + 1;
        return env;
    }
    if (r.peek() != '{')
        return fail("'[' or '{'");
    env.objectForm = true;
    ++r.pos;
    for (;;) {
        bool isEvents = false;
        r.skipWs();
        if (r.peek() == '}')
            return fail("\"traceEvents\"");
        if (!readTopMember(r, text, &env, &isEvents))
            return fail("\"traceEvents\"");
        if (isEvents) {
            env.arrayBegin = r.pos + 1;
            return env;
        }
        r.skipWs();
        if (r.peek() == ',') {
            ++r.pos;
            continue;
        }
        return fail("','");
    }
}

bool scanTraceTail(std::string_view text, qint64 from, TraceEnvelope *envelope, qint64 *junkAt)
{
    EventReader r(text);
    r.pos = from;
    if (envelope->objectForm) {
        for (;;) {
            r.skipWs();
            const char c = r.peek();
            if (c == '}') {
                ++r.pos;
                break;
            }
            if (c == ',') {
                ++r.pos;
                r.skipWs();
                if (r.peek() == '}')
                    continue; // trailing comma
                bool isEvents = false;
                TraceEnvelope ignored = *envelope;
                const qint64 before = r.pos;
                if (!readTopMember(r, text, &ignored, &isEvents) || isEvents) {
                    *junkAt = isEvents ? before : (r.fail != Fail::None ? r.failAt : r.pos);
                    return false;
                }
                envelope->displayTimeUnit = ignored.displayTimeUnit;
                envelope->baseTimeNs = ignored.baseTimeNs;
                envelope->hasBaseTime = ignored.hasBaseTime;
                envelope->rank = ignored.rank;
                envelope->kineto = ignored.kineto;
                continue;
            }
            *junkAt = r.pos;
            return false;
        }
    }
    r.skipWs();
    if (!r.atEnd()) {
        *junkAt = r.pos;
        return false;
    }
    return true;
}

} // namespace Twinscope::Core
