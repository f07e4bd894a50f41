#pragma once

#include "chrometraceloader.h"
#include "chrometraceparser.h"
#include "core/common/error.h"
#include "core/common/gzipstream.h"

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

class ByteSource;

// Internal to the chrome-trace loader: the two ways the event array is read, before the common
// finish (merge, build, dataset). A plain file is parsed in place from its mapping, cut into chunks
// for several threads; a gzip file is inflated and parsed as a stream, one window at a time, so
// the inflated text is never held whole (issue #16).
struct ParsedTrace
{
    std::optional<Error> error;
    bool canceled = false;
    TraceEnvelope envelope;
    std::vector<std::unique_ptr<TraceChunk>> chunks; // accepted chunks, in text order
    qint64 textSize = 0;                             // bytes of JSON text (inflated for gzip)
    QByteArray head;                                 // the text's first SniffBytes
    // gzip: args offsets are offsets of the inflated text, read back through this index.
    std::shared_ptr<const GzipIndex> gzipIndex;
};

ParsedTrace parsePlainTrace(const ByteSource &bytes,
                            const QString &name,
                            const ChromeTraceOptions &options,
                            ProgressSink &progress,
                            const CancelToken &cancel,
                            Diagnostics &diag);

ParsedTrace parseGzipTrace(const ByteSource &bytes,
                           const QString &name,
                           qint64 segmentBytes,
                           ProgressSink &progress,
                           const CancelToken &cancel,
                           Diagnostics &diag);

// A malformed-JSON error at offset, with its line and column.
Error traceSyntaxError(const QString &file,
                       qint64 offset,
                       qint64 line,
                       qint64 column,
                       const QString &expected,
                       QString found);
// The error for an envelope scan that found no event array (envelope.arrayBegin < 0); line and
// column of its offset are given.
Error envelopeError(const TraceEnvelope &envelope,
                    const QString &file,
                    qint64 textSize,
                    qint64 line,
                    qint64 column);
// Line and column (1-based) of offset in text.
void locateInText(std::string_view text, qint64 offset, qint64 *line, qint64 *column);

// Events of every phase the chunks counted.
qint64 countedEvents(const std::vector<std::unique_ptr<TraceChunk>> &chunks);

// The warnings for how the event array ended: cut off inside it, or what follows it (tail is the
// text from last.endPos on, complete unless tailCut).
void reportArrayEnd(const TraceChunk &last,
                    std::string_view tail,
                    bool tailCut,
                    qint64 textSize,
                    qint64 eventsKept,
                    TraceEnvelope *envelope,
                    Diagnostics &diag);

} // namespace Twinscope::Core
