#include "chrometraceparser.h"

#include "core/common/tr.h"
#include "tracejsonreader.h"
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

// The event keys the loader reads. Their bits in a mask notice a key given twice in one event.
enum class EventKey : quint8 { Other, Ph, S, Bp, Ts, Dur, Pid, Tid, Name, Cat, Id, Id2, Args };

// One switch on length and first byte instead of a string compare per known key: every key of
// every event goes through here.
EventKey eventKeyOf(std::string_view key)
{
    auto is = [&](std::string_view k) {
        return key == k;
    };
    switch (key.size()) {
    case 1:
        return key[0] == 's' ? EventKey::S : EventKey::Other;
    case 2:
        switch (key[0]) {
        case 'p':
            return key[1] == 'h' ? EventKey::Ph : EventKey::Other;
        case 'b':
            return key[1] == 'p' ? EventKey::Bp : EventKey::Other;
        case 't':
            return key[1] == 's' ? EventKey::Ts : EventKey::Other;
        case 'i':
            return key[1] == 'd' ? EventKey::Id : EventKey::Other;
        default:
            return EventKey::Other;
        }
    case 3:
        switch (key[0]) {
        case 'd':
            return is("dur") ? EventKey::Dur : EventKey::Other;
        case 'p':
            return is("pid") ? EventKey::Pid : EventKey::Other;
        case 't':
            return is("tid") ? EventKey::Tid : EventKey::Other;
        case 'c':
            return is("cat") ? EventKey::Cat : EventKey::Other;
        case 'i':
            return is("id2") ? EventKey::Id2 : EventKey::Other;
        default:
            return EventKey::Other;
        }
    case 4:
        return is("name") ? EventKey::Name : is("args") ? EventKey::Args : EventKey::Other;
    default:
        return EventKey::Other;
    }
}

using namespace TraceJson;
using EventReader = TraceJson::Reader;

// Consecutive events mostly repeat the previous pid, tid and category: compared with the string
// already in the table, which copies nothing when they do not.
quint32 internCached(TraceStringTable &table, std::string_view text, quint32 &lastId)
{
    if (lastId != UINT32_MAX && text == table.view(lastId))
        return lastId;
    lastId = table.intern(text);
    return lastId;
}

// Index of the first byte that is not valid UTF-8, or -1.
qint64 firstInvalidUtf8(std::string_view s)
{
    const auto *p = reinterpret_cast<const uchar *>(s.data());
    const size_t n = s.size();
    for (size_t i = 0; i < n;) {
        const uchar c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        size_t len = 0;
        quint32 cp = 0;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else {
            return qint64(i);
        }
        if (i + len > n)
            return qint64(i);
        for (size_t k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return qint64(i);
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        // overlong forms, surrogates and values past U+10FFFF are not UTF-8 either
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            (cp >= 0xD800 && cp < 0xE000) || cp > 0x10FFFF)
            return qint64(i);
        i += len;
    }
    return -1;
}

class ChunkParser
{
public:
    ChunkParser(std::string_view text, TraceChunk *chunk)
        : m_text(text)
        , m_r(text)
        , m_chunk(chunk)
    {}

    void run(const TraceChunkOptions &options);

private:
    bool readEvent();
    bool readIdentity(quint32 *id, quint32 &lastId, const char *key, qint64 eventOffset);
    bool readId(quint64 *id);
    void checkText(std::string_view text);
    std::string_view clip(std::string_view text, qint64 at);
    // An offset into the window as an offset into the whole text.
    qint64 at(qint64 local) const { return m_base + local; }
    bool readTime(qint64 *ns, quint8 hasFlag, quint8 badFlag, RawEvent *event);
    void readCounterArgs(const RawEvent &event);
    void readMetaArgs(const RawEvent &event);

    std::string_view m_text;
    EventReader m_r;
    TraceChunk *m_chunk;
    qint64 m_base = 0;
    std::string m_clipped;
    // Warnings of the event being read: kept once it is complete, dropped when the text ends
    // inside it (a stream reads it again once more text has come). Strings it interned whose
    // checks were dropped with it are checked again when they are next seen.
    Diagnostics m_eventDiag;
    std::vector<quint32> m_rechecked; // taken out of m_chunk->unchecked by the event being read
    quint32 m_lastPidId = UINT32_MAX, m_lastTidId = UINT32_MAX, m_lastCatId = UINT32_MAX,
            m_lastNameId = UINT32_MAX;
};

bool ChunkParser::readIdentity(quint32 *id, quint32 &lastId, const char *key, qint64 eventOffset)
{
    std::string_view v;
    // pid and tid are numbers or strings; anything else is kept as before (empty, or the word)
    // but said, since events of one thread may otherwise land on a track of their own unnoticed.
    auto odd = [&] {
        if (key)
            m_eventDiag.add(
                u"odd_pid_tid"_s,
                Tr::tr("Events whose pid or tid is an object, an array, null or a boolean were "
                       "put on a track with an empty (or true/false) id."),
                Location{at(eventOffset), -1, QString::fromLatin1(key)});
    };
    const qint64 from = m_r.pos;
    if (m_r.peek() == '"') {
        if (!m_r.readString(&v, MaxTraceNameBytes))
            return false;
    } else if (m_r.peek() == '{' || m_r.peek() == '[') {
        odd();
        return m_r.skipValue(); // not an identity; treated as missing
    } else {
        if (!m_r.readScalar(&v))
            return false;
        if (v == "null") {
            v = {};
            odd();
        } else if (v == "true" || v == "false") {
            odd();
        }
    }
    v = clip(v, from);
    const quint32 known = m_chunk->strings.size();
    *id = internCached(m_chunk->strings, v, lastId);
    if (m_chunk->strings.size() != known) {
        checkText(v); // each distinct name once: the hot path stays free of it
    } else if (!m_chunk->unchecked.empty()) {
        auto it = std::find(m_chunk->unchecked.begin(), m_chunk->unchecked.end(), *id);
        if (it != m_chunk->unchecked.end()) {
            m_rechecked.push_back(*id);
            m_chunk->unchecked.erase(it);
            checkText(v);
        }
    }
    return true;
}

std::string_view ChunkParser::clip(std::string_view v, qint64 from)
{
    if (v.size() <= MaxTraceNameBytes)
        return v;
    size_t n = MaxTraceNameBytes;
    while (n > 0 && (uchar(v[n]) & 0xC0) == 0x80) // not inside a UTF-8 sequence
        --n;
    m_clipped.assign(v.data(), n);
    m_clipped += "\xE2\x80\xA6"; // U+2026 HORIZONTAL ELLIPSIS
    m_eventDiag.add(
        u"long_name"_s,
        Tr::tr("Names longer than %1 bytes were cut to that length.").arg(MaxTraceNameBytes),
        Location{at(from), -1, {}});
    return m_clipped;
}

void ChunkParser::checkText(std::string_view v)
{
    const bool inText = v.data() >= m_text.data() && v.data() < m_text.data() + m_text.size();
    const qint64 base = at(inText ? qint64(v.data() - m_text.data()) : m_r.pos);
    const qint64 bad = firstInvalidUtf8(v);
    if (bad >= 0)
        m_eventDiag.add(
            u"invalid_utf8"_s,
            Tr::tr("Names with invalid UTF-8 are shown with replacement characters (U+FFFD)."),
            Location{inText ? base + bad : base, -1, {}});
    for (size_t i = 0; i < v.size(); ++i) {
        if (uchar(v[i]) < 0x20) {
            m_eventDiag.add(u"control_characters"_s,
                            Tr::tr("Names with raw control characters were accepted as they are."),
                            Location{inText ? base + qint64(i) : base, -1, {}});
            break;
        }
    }
}

bool ChunkParser::readId(quint64 *id)
{
    std::string_view v;
    const qint64 from = m_r.pos;
    if (m_r.peek() == '"') {
        if (!m_r.readString(&v, MaxTraceNameBytes))
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
    *id = numeric ? value : (RawIdStringTag | m_chunk->strings.intern(clip(v, from)));
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
    m_r.m_trailingCommas = 0;
    quint32 seenKeys = 0;
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
            const std::string_view kv(k, klen < sizeof(k) ? klen : 0);
            const EventKey which = eventKeyOf(kv);
            m_r.skipWs();
            if (m_r.peek() != ':')
                return m_r.error("':'");
            ++m_r.pos;
            m_r.skipWs();
            // Duplicate keys: the last value wins, as in Python's json (docs/FORMATS.md §7), but
            // say so.
            if (which != EventKey::Other) {
                const quint32 bit = 1u << int(which);
                if (seenKeys & bit)
                    m_eventDiag.add(
                        u"duplicate_key"_s,
                        Tr::tr("Events with a repeated key were read with the key's last value."),
                        Location{at(e.offset),
                                 -1,
                                 QString::fromLatin1(kv.data(), qsizetype(kv.size()))});
                seenKeys |= bit;
            }
            bool ok = true;
            if (which == EventKey::Ph || which == EventKey::S || which == EventKey::Bp) {
                std::string_view v;
                if (m_r.peek() == '"') {
                    ok = m_r.readString(&v);
                    if (ok && which == EventKey::Ph)
                        e.phase = v.size() == 1 ? v[0] : '?';
                    else if (ok && which == EventKey::S)
                        e.scope = v.empty() ? 0 : v[0];
                    else if (ok && v == "e")
                        e.flags |= RawFlag::BindEnclosing;
                } else {
                    ok = m_r.skipValue();
                    if (which == EventKey::Ph)
                        e.phase = '?';
                }
            } else if (which == EventKey::Ts) {
                ok = readTime(&e.ts, RawFlag::HasTs, RawFlag::BadTs, &e);
            } else if (which == EventKey::Dur) {
                ok = readTime(&e.dur, RawFlag::HasDur, RawFlag::BadDur, &e);
            } else if (which == EventKey::Pid) {
                ok = readIdentity(&e.pid, m_lastPidId, "pid", e.offset);
                e.flags |= RawFlag::HasPid;
            } else if (which == EventKey::Tid) {
                ok = readIdentity(&e.tid, m_lastTidId, "tid", e.offset);
                e.flags |= RawFlag::HasTid;
            } else if (which == EventKey::Name) {
                ok = readIdentity(&e.name, m_lastNameId, nullptr, e.offset);
            } else if (which == EventKey::Cat) {
                ok = readIdentity(&e.category, m_lastCatId, nullptr, e.offset);
            } else if (which == EventKey::Id) {
                ok = readId(&e.id);
                e.flags |= RawFlag::HasId;
            } else if (which == EventKey::Id2) {
            } else if (which == EventKey::Args) {
                e.argsOffset = m_r.pos;
                ok = m_r.skipValue();
                const qint64 len = m_r.pos - e.argsOffset;
                e.argsLength = quint32(std::min<qint64>(len, UINT32_MAX));
                if (m_r.m_trailingCommas > 0) {
                    m_eventDiag.add(u"trailing_comma"_s,
                                    Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                    Location{at(e.argsOffset), -1, {}},
                                    Severity::Warning,
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
                    m_eventDiag.add(u"trailing_comma"_s,
                                    Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                    Location{at(m_r.pos), -1, {}});
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
    if (e.phase == 'C') {
        readCounterArgs(e);
    } else if (e.phase == 'M') {
        readMetaArgs(e);
    } else if (isKeptPhase(e.phase)) {
        e.offset = at(e.offset);
        if (e.argsOffset >= 0)
            e.argsOffset = at(e.argsOffset);
        m_chunk->events.push_back(e);
    }
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
        const qint64 keyAt = r.pos;
        if (!r.readString(&key, MaxTraceNameBytes))
            return;
        const quint32 series = m_chunk->strings.intern(clip(key, keyAt));
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
            const double value =
                QByteArray::fromRawData(v.data(), qsizetype(v.size())).toDouble(&ok);
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
                const std::string k(key.substr(0, 16)); // only a few short keys matter
                r.skipWs();
                if (r.peek() != ':')
                    break;
                ++r.pos;
                r.skipWs();
                if (r.peek() == '"' && (k == "name" || k == "labels")) {
                    std::string_view v;
                    const qint64 textAt = r.pos;
                    if (!r.readString(&v, MaxTraceNameBytes))
                        break;
                    m.text = m_chunk->strings.intern(clip(v, textAt));
                } else if (r.peek() != '"' && r.peek() != '{' && r.peek() != '[' &&
                           k == "sort_index") {
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
    m_base = options.base;
    m_chunk->begin = at(options.begin);
    m_r.pos = options.begin;
    // Kineto and torch_npu events take 200-300 bytes: reserving for 256 avoids most regrowth
    // (a copy plus fresh page faults) of the largest array without over-committing much.
    const qint64 bytes =
        (options.stopAt >= 0 ? options.stopAt : qint64(m_text.size())) - options.begin;
    if (bytes > (1 << 20) && m_chunk->events.empty())
        m_chunk->events.reserve(size_t(bytes / 256));
    bool expectEvent = options.expectEvent; // at the start or after a comma
    bool afterComma = options.afterComma;
    qint64 reported = m_r.pos;
    qint64 released = m_r.pos;
    quint32 sinceCheck = 0;
    for (;;) {
        m_r.skipWs();
        if (m_r.atEnd()) {
            m_chunk->stop = TraceChunk::Stop::Truncated;
            m_chunk->endPos = at(m_r.pos);
            m_chunk->endExpectEvent = expectEvent;
            m_chunk->endAfterComma = afterComma;
            break;
        }
        const char c = m_r.peek();
        if (c == ',') {
            if (expectEvent) // ",," or "[,": an empty element, skipped like a trailing comma
                m_chunk->diagnostics.add(u"trailing_comma"_s,
                                         Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                         Location{at(m_r.pos), -1, {}});
            ++m_r.pos;
            expectEvent = true;
            afterComma = true;
            continue;
        }
        if (c == ']') {
            if (afterComma)
                m_chunk->diagnostics.add(u"trailing_comma"_s,
                                         Tr::tr("Trailing commas before '}' or ']' were skipped."),
                                         Location{at(m_r.pos), -1, {}});
            m_chunk->stop = TraceChunk::Stop::ArrayEnd;
            m_chunk->endPos = at(m_r.pos + 1);
            break;
        }
        if (c != '{' || !expectEvent) {
            m_r.error(expectEvent ? "'{' or ']'" : "',' or ']'");
            m_chunk->stop = TraceChunk::Stop::Malformed;
            m_chunk->errorOffset = at(m_r.pos);
            m_chunk->expected = QString::fromLatin1(m_r.expected);
            m_chunk->found = QString::fromLatin1(&c, 1);
            m_chunk->endPos = at(m_r.pos);
            break;
        }
        if (options.stopAt >= 0 && m_r.pos >= options.stopAt) {
            m_chunk->stop = TraceChunk::Stop::ReachedLimit;
            m_chunk->landed = m_r.pos == options.stopAt;
            m_chunk->endPos = at(m_r.pos);
            break;
        }
        const qint64 eventStart = m_r.pos;
        const quint32 stringsBefore = m_chunk->strings.size();
        const bool read = readEvent();
        if (read && m_eventDiag.isEmpty()) {
            // the common case: nothing to say
        } else if (read || m_r.fail != Fail::Eof) {
            m_chunk->diagnostics.merge(m_eventDiag);
            m_eventDiag = Diagnostics();
        } else {
            m_eventDiag = Diagnostics();
            m_chunk->unchecked.insert(
                m_chunk->unchecked.end(), m_rechecked.begin(), m_rechecked.end());
            for (quint32 id = stringsBefore; id < m_chunk->strings.size(); ++id)
                m_chunk->unchecked.push_back(id);
        }
        m_rechecked.clear();
        if (read)
            m_chunk->unchecked.clear(); // strings of a cut that never came back are not names
        if (!read) {
            if (m_r.fail == Fail::Eof) {
                m_chunk->stop = TraceChunk::Stop::Truncated;
                m_chunk->endPos = at(eventStart);
                m_chunk->endExpectEvent = expectEvent;
                m_chunk->endAfterComma = afterComma;
            } else {
                m_chunk->stop = TraceChunk::Stop::Malformed;
                m_chunk->errorOffset = at(m_r.failAt);
                m_chunk->expected = QString::fromLatin1(m_r.expected);
                const std::string_view rest = m_text.substr(size_t(m_r.failAt), 12);
                m_chunk->found = QString::fromUtf8(rest.data(), qsizetype(rest.size()));
                m_chunk->endPos = at(eventStart);
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

} // namespace Twinscope::Core
