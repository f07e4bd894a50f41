#include "plogparser.h"

#include "core/common/constants.h"
#include "opinfodataset.h"

#include <cstring>

namespace Twinscope::Core {

namespace {

constexpr std::string_view AclOpKey = "aclopCompile::aclOp";
constexpr std::string_view OpTypeKey = "OpType: ";
// Poll cancel and publish progress every 64 Ki lines (docs/DESIGN.md §6).

// Index of the needle character least likely to occur in log text: memchr on it, then compare.
// glibc's memmem set-up cost dominated parsing (51 % of the time on a 200 MB log) because messages
// are short; memchr on a rare character is nearly free.
constexpr size_t rareIndex(std::string_view needle)
{
    auto rank = [](char c) {
        if (c >= 'A' && c <= 'Z')
            return 0;
        if (c == '/' || c == ':' || c == '[')
            return 1;
        if (std::string_view("zqxjkvbpygf").find(c) != std::string_view::npos)
            return 2;
        if (c == ' ')
            return 9;
        return 5;
    };
    size_t best = 0;
    for (size_t i = 1; i < needle.size(); ++i) {
        if (rank(needle[i]) < rank(needle[best]))
            best = i;
    }
    return best;
}

size_t findNeedle(std::string_view hay, std::string_view needle, size_t rare, size_t from = 0)
{
    if (needle.empty() || hay.size() < needle.size() || from > hay.size() - needle.size())
        return std::string_view::npos;
    const char c = needle[rare];
    const char *base = hay.data();
    const char *p = base + from + rare;
    const char *last = base + (hay.size() - needle.size()) + rare; // last valid position of c
    while (p <= last) {
        p = static_cast<const char *>(memchr(p, c, size_t(last - p) + 1));
        if (!p)
            break;
        const char *start = p - rare;
        if (memcmp(start, needle.data(), needle.size()) == 0)
            return size_t(start - base);
        ++p;
    }
    return std::string_view::npos;
}

bool isBlank(std::string_view s)
{
    for (char c : s) {
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

quint64 threadKey(const PlogLine &l)
{
    return (quint64(l.pid) << 32) ^ quint64(quint32(l.tid));
}

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

bool endsWithWordCi(std::string_view s, std::string_view word)
{
    if (s.size() < word.size())
        return false;
    for (size_t i = 0; i < word.size(); ++i) {
        if (lower(s[s.size() - word.size() + i]) != word[i])
            return false;
    }
    return true;
}

} // namespace

size_t aclOpBodyStart(std::string_view message)
{
    constexpr size_t rare = rareIndex(AclOpKey);
    const size_t at = findNeedle(message, AclOpKey, rare);
    if (at == std::string_view::npos)
        return std::string_view::npos;
    return message.find(OpTypeKey, at + AclOpKey.size());
}

bool isAiCpuFallbackLine(std::string_view text)
{
    // "running on AiCpu", "AICPU" or "aicpu": one search, then a case-insensitive look.
    constexpr std::string_view Phrase = "running on ";
    constexpr size_t rare = rareIndex(Phrase);
    for (size_t at = findNeedle(text, Phrase, rare); at != std::string_view::npos;
         at = findNeedle(text, Phrase, rare, at + 1)) {
        const std::string_view rest = text.substr(at + Phrase.size(), 5);
        if (rest.size() == 5 && lower(rest[0]) == 'a' && lower(rest[1]) == 'i' &&
            lower(rest[2]) == 'c' && lower(rest[3]) == 'p' && lower(rest[4]) == 'u')
            return true;
    }
    return false;
}

std::string aicpuOpName(std::string_view text)
{
    size_t phrase = text.find("running on");
    if (phrase == std::string_view::npos)
        return {};
    const std::string_view before = text.substr(0, phrase);
    // "kernel [ArgSort] can not support ... Now this kernel is running on AiCpu." (torch_npu) and
    // "op[ArgMax] ..." / "Op [ArgMax] ...": the bracketed name after "kernel" or "op".
    for (size_t open = before.find('['); open != std::string_view::npos;
         open = before.find('[', open + 1)) {
        std::string_view head = before.substr(0, open);
        while (!head.empty() && head.back() == ' ')
            head.remove_suffix(1);
        if (!endsWithWordCi(head, "kernel") && !endsWithWordCi(head, "op"))
            continue;
        const size_t close = before.find(']', open + 1);
        if (close == std::string_view::npos || close == open + 1)
            continue;
        return std::string(before.substr(open + 1, close - open - 1));
    }
    // "Op ArgMax is running on AiCpu": the word before "is".
    std::string_view head = before;
    while (!head.empty() && head.back() == ' ')
        head.remove_suffix(1);
    if (endsWithWordCi(head, "is"))
        head.remove_suffix(2);
    while (!head.empty() && head.back() == ' ')
        head.remove_suffix(1);
    size_t start = head.size();
    while (start > 0 && head[start - 1] != ' ' && head[start - 1] != '[' &&
           head[start - 1] != ']' && head[start - 1] != ',')
        --start;
    const std::string_view word = head.substr(start);
    if (word.empty() || endsWithWordCi(word, "kernel") || endsWithWordCi(word, "op") ||
        endsWithWordCi(word, "this") || endsWithWordCi(word, "it"))
        return {};
    return std::string(word);
}

PlogChunkParser::PlogChunkParser(const PlogParseOptions &options)
    : m_options(options)
{
    for (const std::string &m : m_options.compileMarkers)
        m_compileRare.push_back(rareIndex(m));
    for (const std::string &m : m_options.matchFailedMarkers)
        m_matchRare.push_back(rareIndex(m));
}

bool PlogChunkParser::parse(std::string_view data,
                            const CancelToken &cancel,
                            std::atomic<qint64> *progressBytes)
{
    size_t pos = 0;
    size_t reported = 0;
    qint64 untilPoll = PollRecords;
    // Also every MiB: 64 Ki plog lines of op signatures are 30 MB or more, seconds apart.
    constexpr size_t PollBytes = size_t(1) << 20;
    size_t polledAt = 0;
    while (pos < data.size()) {
        const void *nl = memchr(data.data() + pos, '\n', data.size() - pos);
        const size_t end = nl ? size_t(static_cast<const char *>(nl) - data.data()) : data.size();
        ++m_lineNo;
        processLine(data.substr(pos, end - pos));
        pos = end + 1;
        if (--untilPoll == 0 || pos - polledAt >= PollBytes) {
            untilPoll = PollRecords;
            polledAt = pos;
            if (progressBytes) {
                progressBytes->fetch_add(qint64(std::min(pos, data.size()) - reported));
                reported = std::min(pos, data.size());
            }
            if (cancel.isCanceled())
                return false;
        }
    }
    if (progressBytes)
        progressBytes->fetch_add(qint64(data.size() - reported));
    return true;
}

void PlogChunkParser::finish()
{
    for (auto &[thread, record] : m_open)
        closeOpen(thread, record, true);
    m_open.clear();
}

void PlogChunkParser::processLine(std::string_view line)
{
    if (isBlank(line))
        return;
    ++m_lines;
    PlogLine pl;
    if (!parsePlogLine(line, &pl)) {
        // stdout captures mix plog lines with the framework's own warnings, which name AI CPU
        // fallbacks too (docs/FORMATS.md §6.1).
        if (isAiCpuFallbackLine(line) && noteAiCpu(line))
            return;
        if (m_firstUnparsed.size() < 5)
            m_firstUnparsed.push_back(m_lineNo);
        ++m_unparsed;
        return;
    }
    ++m_plogLines;
    ++m_levels[int(pl.level)];
    const quint64 thread = threadKey(pl);

    if (!m_open.empty()) {
        const auto it = m_open.find(thread);
        if (it != m_open.end()) {
            OpenRecord &open = it->second;
            if (pl.level == PlogLevel::Debug && pl.module == open.module) {
                // A DEBUG chunk of a string longer than the line limit (newer CANN). One that
                // starts the record again is a re-log of the whole string: it replaces the cut
                // line.
                const size_t again = aclOpBodyStart(pl.message);
                const std::string_view msg = pl.message;
                if (again != std::string_view::npos)
                    open.body.assign(msg.substr(again));
                else if (msg.substr(0, OpTypeKey.size()) == OpTypeKey)
                    open.body.assign(msg);
                else
                    open.body.append(msg);
                open.assembled = true;
                if (!atLimit(pl)) {
                    closeOpen(thread, open, false);
                    m_open.erase(it);
                }
                return;
            }
            closeOpen(thread, open, true);
            m_open.erase(it);
        }
    }

    const size_t body = aclOpBodyStart(pl.message);
    if (body != std::string_view::npos) {
        const std::string_view text = pl.message.substr(body);
        if (atLimit(pl)) {
            OpenRecord &open = m_open[thread];
            open.body.assign(text);
            open.module.assign(pl.module);
            open.timeNs = pl.timeNs;
            open.line = m_lineNo;
            open.assembled = false;
        } else {
            emitRecord(text, pl.timeNs, m_lineNo, 0, false, thread);
        }
    } else {
        bool marker = false;
        bool matchFailed = false;
        for (size_t k = 0; k < m_matchRare.size() && !matchFailed; ++k)
            matchFailed = findNeedle(pl.message, m_options.matchFailedMarkers[k], m_matchRare[k]) !=
                          std::string_view::npos;
        marker = matchFailed;
        for (size_t k = 0; k < m_compileRare.size() && !marker; ++k)
            marker = findNeedle(pl.message, m_options.compileMarkers[k], m_compileRare[k]) !=
                     std::string_view::npos;
        if (marker) {
            Marker mk;
            mk.timeNs = pl.timeNs;
            mk.line = m_lineNo;
            mk.thread = thread;
            mk.matchFailed = matchFailed;
            // The guide reads "an aclOp line followed by the marker": the marker belongs to the
            // thread's latest record. One from an earlier chunk is attached when chunks merge.
            const auto last = m_lastRecord.find(thread);
            if (last != m_lastRecord.end()) {
                m_events[last->second].flags |= CompileEvent::Dynamic;
                mk.attached = true;
            }
            m_markers.push_back(mk);
        }
        if (isAiCpuFallbackLine(pl.message))
            noteAiCpu(pl.message);
    }
    if (pl.level == PlogLevel::Warning || pl.level == PlogLevel::Error)
        noteMessage(pl);
}

void PlogChunkParser::emitRecord(
    std::string_view body, qint64 timeNs, qint64 line, quint32 flags, bool cut, quint64 thread)
{
    while (!body.empty() && (body.back() == ' ' || body.back() == '\r'))
        body.remove_suffix(1);
    // A cut text is its own signature even when it happens to parse: it is never trusted as whole.
    quint32 id;
    auto &ids = m_signatureIds;
    std::string_view key = body;
    std::string cutKey;
    if (cut) {
        cutKey.reserve(body.size() + 1);
        cutKey.push_back('\x01');
        cutKey.append(body);
        key = cutKey;
    }
    const auto it = ids.find(key);
    if (it != ids.end()) {
        id = it->second;
    } else {
        id = quint32(m_signatureTexts.size());
        if (cut || (flags & CompileEvent::Assembled)) {
            m_ownedTexts.emplace_back(key);
            key = m_ownedTexts.back();
        }
        ids.emplace(key, id);
        m_signatureTexts.push_back(cut ? key.substr(1) : key);
        m_signatureCut.push_back(cut);
    }
    Event e;
    e.timeNs = timeNs;
    e.line = line;
    e.signature = id;
    e.flags = flags | (cut ? quint32(CompileEvent::Truncated) : 0u);
    m_lastRecord[thread] = m_events.size();
    m_events.push_back(e);
}

void PlogChunkParser::closeOpen(quint64 thread, OpenRecord &record, bool cut)
{
    emitRecord(record.body,
               record.timeNs,
               record.line,
               record.assembled ? quint32(CompileEvent::Assembled) : 0u,
               cut,
               thread);
}

void PlogChunkParser::noteMessage(const PlogLine &line)
{
    std::string key;
    key.reserve(line.module.size() + 2);
    key.append(line.module);
    key.push_back('\0');
    key.push_back(char('0' + int(line.level)));
    const auto it = m_messageIndex.find(key);
    if (it != m_messageIndex.end()) {
        ++m_messages[it->second].count;
        return;
    }
    Message m;
    m.module.assign(line.module);
    m.level = line.level;
    m.count = 1;
    m.first.assign(line.message.substr(0, 512));
    m.firstTimeNs = line.timeNs;
    m.firstLine = m_lineNo;
    m_messageIndex.emplace(std::move(key), m_messages.size());
    m_messages.push_back(std::move(m));
}

bool PlogChunkParser::noteAiCpu(std::string_view text)
{
    std::string op = aicpuOpName(text);
    if (op.empty())
        op.assign(1, '?');
    AiCpu &a = m_aicpu[op];
    if (a.count++ == 0) {
        std::string_view t = text;
        while (!t.empty() && (t.back() == '\r' || t.back() == ' '))
            t.remove_suffix(1);
        a.first.assign(t.substr(0, 512));
        a.firstLine = m_lineNo;
    }
    return true;
}

} // namespace Twinscope::Core
