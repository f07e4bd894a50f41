#include "chrometraceread.h"
#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"

#include <QLocale>

#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>

using namespace Qt::StringLiterals;

// A .json.gz trace read as a stream (issue #16): one thread inflates fixed-size segments while
// another parses them, so the inflated text is never held whole (it was: a 3 GB trace peaked at
// 6.3 GB). An event cut by the end of a segment is carried, a few hundred bytes, in front of the
// next one and read again from its '{'; the parser is exact there, no guessing. Args stay in the
// compressed file and are read back through a GzipIndex, as a plain file's stay in the file.

namespace Twinscope::Core {

namespace {

constexpr qint64 Headroom = 256 << 10;    // room in front of a segment for the carried event
constexpr size_t QueueDepth = 2;          // inflated segments waiting for the parser
constexpr qint64 ChunkBytes = 256 << 20;  // text per TraceChunk: its events are reserved at once
constexpr qint64 EnvelopeCap = 256 << 20; // the event array must start within this much text
constexpr qint64 TailCap = 64 << 20;      // text after the array read for its members

struct Segment
{
    explicit Segment(qint64 bytes)
        : buffer(size_t(Headroom + bytes))
    {}
    std::vector<char> buffer;
    qint64 base = 0; // offset in the text of buffer[Headroom]
    qint64 length = 0;
};

// Line and column of offset in the inflated text: inflated once more, only for an error.
void locateInGzip(std::string_view gz, qint64 offset, qint64 *line, qint64 *column)
{
    GzipInflater inflater(gz);
    std::vector<char> buffer(1 << 20);
    qint64 pos = 0, l = 1, lineStart = 0;
    while (pos < offset) {
        const qint64 n =
            inflater.read(buffer.data(), std::min<qint64>(qint64(buffer.size()), offset - pos));
        if (n <= 0)
            break;
        for (const char *p = buffer.data(), *e = buffer.data() + n;;) {
            const void *nl = std::memchr(p, '\n', size_t(e - p));
            if (!nl)
                break;
            p = static_cast<const char *>(nl) + 1;
            ++l;
            lineStart = pos + (p - buffer.data());
        }
        pos += n;
    }
    *line = l;
    *column = offset - lineStart + 1;
}

class StreamParser
{
public:
    StreamParser(const QString &name, const CancelToken &cancel, ParsedTrace *out)
        : m_name(name)
        , m_cancel(cancel)
        , m_out(out)
    {}

    // Parses what segment adds to the text; false once nothing more is wanted (an error, the
    // end of the array and its tail read, cancel).
    bool feed(Segment &segment);
    // The stream has no more text (ended, cut off, or the inflater stopped).
    void finish(std::string_view gz, Diagnostics &diag);

private:
    enum class Phase { Envelope, Events, Tail, Done };
    bool scanEnvelope(bool last);
    void parseEvents(char *window, qint64 size, qint64 base, qint64 from);
    void appendPending(const char *data, qint64 n);
    std::string_view pending() const
    {
        return std::string_view(m_pending.data(), m_pending.size());
    }

    QString m_name;
    const CancelToken &m_cancel;
    ParsedTrace *m_out;
    Phase m_phase = Phase::Envelope;
    std::vector<char> m_pending; // envelope text, a carried event, or the tail
    qint64 m_pendingBase = 0;    // offset in the text of m_pending[0]
    bool m_pendingParsed = true; // m_pending was parsed as it is (nothing new since)
    qint64 m_retryAt = 0;        // wait until m_pending holds this much before parsing again
    bool m_expectEvent = true, m_afterComma = false;
    bool m_tailCut = false;
    qint64 m_chunkStart = 0;
    qint64 m_malformedAt = -1;
};

void StreamParser::appendPending(const char *data, qint64 n)
{
    m_pending.insert(m_pending.end(), data, data + n);
    m_pendingParsed = false;
}

bool StreamParser::feed(Segment &segment)
{
    char *data = segment.buffer.data() + Headroom;
    if (m_out->head.size() < SniffBytes)
        m_out->head.append(
            data, qsizetype(std::min<qint64>(segment.length, SniffBytes - m_out->head.size())));
    switch (m_phase) {
    case Phase::Envelope:
        appendPending(data, segment.length);
        if (qint64(m_pending.size()) >= m_retryAt)
            scanEnvelope(false);
        break;
    case Phase::Events:
        if (m_pending.size() <= size_t(Headroom) && m_retryAt == 0) {
            // the usual case: the carried event goes in front of the segment, no big copy
            const qint64 carry = qint64(m_pending.size());
            std::memcpy(data - carry, m_pending.data(), m_pending.size());
            m_pending.clear();
            parseEvents(data - carry, carry + segment.length, segment.base - carry, 0);
        } else {
            // an event longer than the headroom: gather text until it has doubled, then retry
            appendPending(data, segment.length);
            if (qint64(m_pending.size()) >= m_retryAt)
                parseEvents(m_pending.data(), qint64(m_pending.size()), m_pendingBase, 0);
        }
        break;
    case Phase::Tail:
        if (qint64(m_pending.size()) + segment.length > TailCap) {
            m_tailCut = true;
            m_phase = Phase::Done;
            break;
        }
        appendPending(data, segment.length);
        break;
    case Phase::Done:
        break;
    }
    return m_phase != Phase::Done && !m_cancel.isCanceled();
}

bool StreamParser::scanEnvelope(bool last)
{
    const TraceEnvelope envelope = scanTraceEnvelope(pending());
    m_pendingParsed = true;
    if (envelope.arrayBegin >= 0) {
        m_out->envelope = envelope;
        m_phase = Phase::Events;
        m_retryAt = 0;
        parseEvents(m_pending.data(), qint64(m_pending.size()), 0, envelope.arrayBegin);
        return true;
    }
    const qint64 have = qint64(m_pending.size());
    if (!last && envelope.errorOffset >= have && have < EnvelopeCap) {
        m_retryAt = 2 * have; // the text ended inside the envelope: scan again with twice as much
        return false;
    }
    qint64 line = 0, column = 0;
    locateInText(pending(), envelope.errorOffset, &line, &column);
    if (have >= EnvelopeCap && envelope.errorOffset >= have) {
        Error e = Error::make(
            ErrorCode::TooLarge,
            Tr::tr("The event array does not start within the first %1 bytes of the trace.")
                .arg(QLocale().toString(EnvelopeCap)),
            m_name,
            envelope.errorOffset);
        e.expected = u"\"traceEvents\": ["_s;
        m_out->error = e;
    } else {
        m_out->error = envelopeError(envelope, m_name, have, line, column);
    }
    m_phase = Phase::Done;
    return false;
}

void StreamParser::parseEvents(char *window, qint64 size, qint64 base, qint64 from)
{
    auto &chunks = m_out->chunks;
    if (chunks.empty() || chunks.back()->endPos - m_chunkStart >= ChunkBytes) {
        chunks.push_back(std::make_unique<TraceChunk>());
        chunks.back()->events.reserve(size_t(ChunkBytes / 256));
        m_chunkStart = base + from;
    }
    TraceChunk &chunk = *chunks.back();
    TraceChunkOptions o;
    o.begin = from;
    o.base = base;
    o.expectEvent = m_expectEvent;
    o.afterComma = m_afterComma;
    o.cancel = &m_cancel;
    const std::string_view text(window, size_t(size));
    parseTraceChunk(text, o, &chunk);
    const qint64 stop = chunk.endPos - base; // in the window
    const bool inPending = window == m_pending.data();
    auto keepFrom = [&](qint64 at) {
        if (inPending) {
            m_pending.erase(m_pending.begin(), m_pending.begin() + at);
        } else {
            m_pending.assign(window + at, window + size);
        }
        m_pendingBase = base + at;
        m_pendingParsed = true;
    };
    switch (chunk.stop) {
    case TraceChunk::Stop::Truncated:
        // The window ended inside the array: keep the cut event for the next segment.
        m_expectEvent = chunk.endExpectEvent;
        m_afterComma = chunk.endAfterComma;
        keepFrom(stop);
        m_retryAt = qint64(m_pending.size()) > Headroom ? 2 * qint64(m_pending.size()) : 0;
        break;
    case TraceChunk::Stop::ArrayEnd:
        keepFrom(stop);
        m_phase = Phase::Tail;
        break;
    case TraceChunk::Stop::Malformed:
        m_malformedAt = chunk.errorOffset;
        m_phase = Phase::Done;
        break;
    case TraceChunk::Stop::Canceled:
    case TraceChunk::Stop::ReachedLimit:
        m_phase = Phase::Done;
        break;
    }
}

void StreamParser::finish(std::string_view gz, Diagnostics &diag)
{
    if (m_phase == Phase::Envelope && !m_pending.empty())
        scanEnvelope(true);
    else if (m_phase == Phase::Events && !m_pendingParsed)
        parseEvents(m_pending.data(), qint64(m_pending.size()), m_pendingBase, 0); // gathered
    for (const auto &c : m_out->chunks)
        diag.merge(c->diagnostics);
    if (m_out->error || m_out->chunks.empty())
        return;
    const TraceChunk &last = *m_out->chunks.back();
    if (last.stop == TraceChunk::Stop::Canceled || m_cancel.isCanceled()) {
        m_out->canceled = true;
        return;
    }
    if (m_malformedAt >= 0) {
        qint64 line = 0, column = 0;
        locateInGzip(gz, m_malformedAt, &line, &column);
        m_out->error =
            traceSyntaxError(m_name, m_malformedAt, line, column, last.expected, last.found);
        return;
    }
    reportArrayEnd(last,
                   last.stop == TraceChunk::Stop::ArrayEnd ? pending() : std::string_view(),
                   m_tailCut,
                   m_out->textSize,
                   countedEvents(m_out->chunks),
                   &m_out->envelope,
                   diag);
}

} // namespace

ParsedTrace parseGzipTrace(const ByteSource &bytes,
                           const QString &name,
                           qint64 segmentBytes,
                           ProgressSink &progress,
                           const CancelToken &cancel,
                           Diagnostics &diag)
{
    ParsedTrace out;
    segmentBytes = std::max<qint64>(1, segmentBytes);
    const std::string_view gz = bytes.data();
    auto index = std::make_shared<GzipIndex>();
    GzipInflater inflater(gz, index.get());
    StreamParser parser(name, cancel, &out);

    // Two roles, taken by whichever worker is free: inflate the next segment, or parse the oldest
    // one. With one worker they alternate; with two they overlap. Segments are recycled.
    std::mutex lock;
    std::condition_variable changed;
    std::deque<std::unique_ptr<Segment>> ready;
    std::vector<std::unique_ptr<Segment>> spare;
    bool inflating = false, parsing = false, inflated = false, done = false;
    std::exception_ptr failure;
    std::atomic<qint64> consumed{0};
    qint64 released = 0;
    auto work = [&](int) {
        std::unique_lock<std::mutex> guard(lock);
        for (;;) {
            if (done || failure)
                return;
            if (!parsing && !ready.empty()) {
                parsing = true;
                std::unique_ptr<Segment> segment = std::move(ready.front());
                ready.pop_front();
                guard.unlock();
                bool more = false;
                std::exception_ptr e;
                try {
                    more = parser.feed(*segment);
                } catch (...) {
                    e = std::current_exception();
                }
                guard.lock();
                parsing = false;
                spare.push_back(std::move(segment));
                failure = failure ? failure : e;
                done = done || !more;
                changed.notify_all();
                continue;
            }
            if (!parsing && ready.empty() && inflated) {
                done = true;
                changed.notify_all();
                return;
            }
            if (!inflating && !inflated && ready.size() < QueueDepth) {
                inflating = true;
                std::unique_ptr<Segment> segment;
                if (spare.empty()) {
                    segment = std::make_unique<Segment>(segmentBytes);
                } else {
                    segment = std::move(spare.back());
                    spare.pop_back();
                }
                guard.unlock();
                std::exception_ptr e;
                try {
                    segment->base = inflater.produced();
                    segment->length = 0;
                    char *to = segment->buffer.data() + Headroom;
                    while (segment->length < segmentBytes && !inflater.finished())
                        segment->length +=
                            inflater.read(to + segment->length, segmentBytes - segment->length);
                    consumed.store(inflater.consumed(), std::memory_order_relaxed);
                    // Inflated input pages of the mapping leave memory (the index reads the
                    // file again for args).
                    if (inflater.consumed() - released > (16 << 20)) {
                        bytes.release(released, inflater.consumed());
                        released = inflater.consumed();
                    }
                } catch (...) {
                    e = std::current_exception();
                }
                guard.lock();
                inflating = false;
                if (segment->length > 0)
                    ready.push_back(std::move(segment));
                else
                    spare.push_back(std::move(segment));
                inflated = inflater.finished() || cancel.isCanceled();
                failure = failure ? failure : e;
                changed.notify_all();
                continue;
            }
            changed.wait(guard);
        }
    };
    const QString stage = Tr::tr("Parsing");
    WorkerPool::runMonitored(2, work, [&] {
        progress.reportRange(
            consumed.load(std::memory_order_relaxed), qint64(gz.size()), 0, 800, stage);
    });
    if (failure)
        std::rethrow_exception(failure);
    ready.clear();
    spare.clear();
    out.textSize = inflater.produced();
    if (cancel.isCanceled()) {
        out.canceled = true;
        return out;
    }
    // A bomb or a stream corrupt from its start is the answer, whatever the parser made of it.
    if (auto e = inflater.finish(name, &diag)) {
        out.error = e;
        return out;
    }
    if (inflater.produced() == 0) {
        out.error =
            Error::make(ErrorCode::EmptyFile, Tr::tr("The gzip stream holds no data."), name);
        return out;
    }
    parser.finish(gz, diag);
    out.gzipIndex = index;
    return out;
}

} // namespace Twinscope::Core
