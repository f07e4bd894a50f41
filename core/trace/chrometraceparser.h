#pragma once

#include "core/common/diagnostics.h"
#include "core/common/progress.h"
#include "tracestringtable.h"

#include <atomic>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// Internal to the chrome-trace loader: a tolerant, allocation-light JSON reader for a range of the
// traceEvents array. It keeps what the timeline needs from each event and records where the args
// object lies so it can be decoded on demand. Hand-written rather than a DOM because it must keep
// every complete event of a cut-off file, accept trailing commas, NaN tokens and quoted numbers
// (docs/FORMATS.md §7), and start at a guessed event boundary so two threads can share a file.

namespace RawFlag {
enum : quint8 {
    HasTs = 1,
    HasDur = 2,
    BadTs = 4, // present but not a finite number
    BadDur = 8,
    BindEnclosing = 16, // flow end with bp:"e"
    HasPid = 32,
    HasTid = 64,
    HasId = 128,
};
}

// Flow and async ids: decimal numbers (as int or text) are kept as their value, anything else
// (hex, free text, numbers beyond 2^62) as an interned string tagged with the top bit, so that the
// common numeric id costs no string-table entry.
constexpr quint64 RawIdStringTag = quint64(1) << 63;

// Names, categories, pids, tids, ids and counter series longer than this are cut (at a UTF-8
// boundary, "…" appended) with a "long_name" warning: one 500 MB name must not cost gigabytes
// in every copy the views make (issue #16). The longest real kernel names (C++ templates) stay
// under 4 KiB.
constexpr size_t MaxTraceNameBytes = 16 * 1024;

// Whether the timeline uses events of phase ph; the parser counts the others and keeps nothing of
// them, so an array of ten million {} costs no memory (issue #16). 'C' and 'M' are read by the
// parser itself.
constexpr bool isKeptPhase(char ph)
{
    return ph == 'X' || ph == 'B' || ph == 'E' || ph == 'i' || ph == 'I' || ph == 'R' ||
           ph == 'b' || ph == 'e' || ph == 'n' || ph == 'S' || ph == 'T' || ph == 'F' ||
           ph == 'p' || ph == 's' || ph == 't' || ph == 'f';
}

struct RawEvent
{
    qint64 ts = 0;
    qint64 dur = 0;
    qint64 offset = 0;      // byte offset of the event's '{'
    qint64 argsOffset = -1; // byte offset of its args value
    quint64 id = RawIdStringTag;
    quint32 argsLength = 0; // beside the other 32-bit fields: no padding after it
    quint32 name = 0, category = 0, pid = 0, tid = 0;
    char phase = 0;
    char scope = 0;
    quint8 flags = 0;
};
// Every event of a text trace is held as one until the columns are built (12.7 M for a 2 GB
// trace): 64 bytes, not the 72 that padding after argsLength made it.
static_assert(sizeof(RawEvent) <= 64, "RawEvent grew: every event of a trace pays for it");

struct RawCounter
{
    qint64 ts = 0;
    double value = 0;
    quint64 id = RawIdStringTag;
    quint32 pid = 0, name = 0, series = 0;
    quint32 order = 0; // index of its event among the chunk's counters, keeps file order
};

struct RawMeta
{
    quint32 pid = 0, tid = 0;
    quint32 kind = 0;  // string id of the M event's name (process_name, thread_sort_index, ...)
    quint32 text = 0;  // string id of args.name / args.labels
    qint64 number = 0; // args.sort_index
    bool hasNumber = false;
};

struct TraceChunk
{
    enum class Stop { ReachedLimit, ArrayEnd, Truncated, Malformed, Canceled };

    TraceStringTable strings;
    std::vector<RawEvent> events;
    std::vector<RawCounter> counters;
    std::vector<RawMeta> metas;
    qint64 phaseCounts[128] = {};
    Diagnostics diagnostics;

    qint64 begin = 0;  // where this chunk started
    qint64 endPos = 0; // next event's '{' (ReachedLimit), one past ']' (ArrayEnd), cut (Truncated)
    Stop stop = Stop::ArrayEnd;
    bool landed =
        false; // ReachedLimit exactly at stopAt: the next chunk's guess was a real boundary
    qint64 errorOffset = -1;
    QString expected, found;
    // Truncated: the reader's state at endPos, so a streaming caller can go on there once more
    // text has arrived (an event cut by the end of a buffer is read again from its '{').
    bool endExpectEvent = true;
    bool endAfterComma = false;
    // Strings the cut event interned whose checks (UTF-8, control characters) were dropped with
    // its warnings; checked again when the event is read whole.
    std::vector<quint32> unchecked;
};

struct TraceChunkOptions
{
    qint64 begin = 0;                // offset just inside '[' or of a guessed event '{'
    qint64 stopAt = -1;              // stop before the first event starting at or after this offset
    bool releaseMappedPages = false; // madvise() consumed pages of a file mapping away (RSS)
    const CancelToken *cancel = nullptr;
    std::atomic<qint64> *bytesDone = nullptr;
    // Streaming (gzip): text is a window that starts at this offset of the whole JSON text; every
    // offset the chunk records (events, args, warnings, endPos) is an offset of the whole text.
    qint64 base = 0;
    bool expectEvent = true; // the state at begin (see TraceChunk::endExpectEvent)
    bool afterComma = false;
};

void parseTraceChunk(std::string_view text, const TraceChunkOptions &options, TraceChunk *chunk);

// The top level around the event array: where it starts, and the object-form keys that matter.
struct TraceEnvelope
{
    qint64 arrayBegin = -1; // offset just after '['
    bool objectForm = false;
    QString displayTimeUnit;
    qint64 baseTimeNs = 0;
    bool hasBaseTime = false;
    int rank = -1;
    bool kineto = false; // schemaVersion/deviceProperties present
    qint64 errorOffset = -1;
    QString expected, found;
};

// Finds the event array. For the object form it reads members until traceEvents.
TraceEnvelope scanTraceEnvelope(std::string_view text);
// Reads the object-form members after the event array (Kineto writes baseTimeNanoseconds there).
// Returns false when the rest is not valid; *junkAt then tells where reading stopped.
bool scanTraceTail(std::string_view text, qint64 from, TraceEnvelope *envelope, qint64 *junkAt);

// Guesses the next event boundary at or after from: a '{' preceded by ',' and '}' (whitespace
// allowed). Inside a string this can be wrong; the loader checks each guess against the previous
// chunk's real end and re-parses when they disagree. -1 when none.
qint64 guessEventBoundary(std::string_view text, qint64 from, qint64 limit);

} // namespace Twinscope::Core
