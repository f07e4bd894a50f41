#include "chrometraceloader.h"

#include "chrometraceread.h"
#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "tracebuilder.h"

#include <QFileInfo>
#include <QLocale>

#include <atomic>
#include <memory>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

void locateInText(std::string_view text, qint64 offset, qint64 *line, qint64 *column)
{
    offset = std::clamp<qint64>(offset, 0, qint64(text.size()));
    qint64 l = 1;
    qint64 lineStart = 0;
    const char *p = text.data();
    for (qint64 i = 0; i < offset;) {
        const void *nl = std::memchr(p + i, '\n', size_t(offset - i));
        if (!nl)
            break;
        i = static_cast<const char *>(nl) - p + 1;
        ++l;
        lineStart = i;
    }
    *line = l;
    *column = offset - lineStart + 1;
}

Error traceSyntaxError(const QString &file,
                       qint64 offset,
                       qint64 line,
                       qint64 column,
                       const QString &expected,
                       QString found)
{
    if (!found.isEmpty())
        found = found.simplified().isEmpty() ? u"\\n"_s : found.simplified();
    Error e = Error::make(ErrorCode::Malformed, {}, file, offset);
    e.line = line;
    e.column = column;
    e.expected = expected;
    e.found = found;
    e.message =
        found.isEmpty()
            ? Tr::tr("The JSON is malformed: expected %1, found the end of the file.").arg(expected)
            : Tr::tr("The JSON is malformed: expected %1, found \"%2\".").arg(expected, found);
    return e;
}

Error envelopeError(
    const TraceEnvelope &envelope, const QString &file, qint64 textSize, qint64 line, qint64 column)
{
    if (envelope.errorOffset >= textSize || envelope.found.isEmpty()) {
        Error e = traceSyntaxError(file, envelope.errorOffset, line, column, envelope.expected, {});
        e.code = ErrorCode::Truncated;
        return e;
    }
    Error e = traceSyntaxError(
        file, envelope.errorOffset, line, column, envelope.expected, envelope.found);
    if (envelope.errorOffset <= 3) {
        e.code = ErrorCode::UnknownFormat;
        e.message =
            Tr::tr("This is not a chrome trace: expected a JSON array or object, found \"%1\".")
                .arg(envelope.found.left(8));
    } else if (envelope.objectForm) {
        e.code = ErrorCode::UnknownFormat;
        e.message = Tr::tr("This JSON object has no \"traceEvents\" array (stopped at %1).")
                        .arg(envelope.found.isEmpty() ? Tr::tr("the end")
                                                      : u"\""_s + envelope.found + u"\""_s);
    }
    return e;
}

qint64 countedEvents(const std::vector<std::unique_ptr<TraceChunk>> &chunks)
{
    qint64 n = 0;
    for (const auto &c : chunks) {
        for (const qint64 k : c->phaseCounts)
            n += k;
    }
    return n;
}

void reportArrayEnd(const TraceChunk &last,
                    std::string_view tail,
                    bool tailCut,
                    qint64 textSize,
                    qint64 eventsKept,
                    TraceEnvelope *envelope,
                    Diagnostics &diag)
{
    const QLocale locale;
    if (last.stop == TraceChunk::Stop::Truncated) {
        diag.add(u"truncated"_s,
                 Tr::tr("The file ends inside the event array: %1 bytes after byte %2 were "
                        "discarded and %n "
                        "complete events kept.",
                        nullptr,
                        int(std::min<qint64>(eventsKept, INT_MAX)))
                     .arg(locale.toString(textSize - last.endPos), locale.toString(last.endPos)),
                 Location{last.endPos, -1, {}});
        return;
    }
    qint64 junkAt = -1;
    if (scanTraceTail(tail, 0, envelope, &junkAt))
        return;
    if (junkAt >= qint64(tail.size()) && !tailCut) {
        diag.add(u"truncated"_s,
                 Tr::tr("The file ends before the closing '}' of the trace object."),
                 Location{last.endPos + junkAt, -1, {}});
        return;
    }
    junkAt = std::min<qint64>(junkAt, qint64(tail.size()));
    diag.add(u"trailing_junk"_s,
             Tr::tr("Text after the end of the trace was ignored (from byte %1).")
                 .arg(locale.toString(last.endPos + junkAt)),
             Location{last.endPos + junkAt, -1, {}});
}

namespace {

// Chunk-local string ids -> global ids, in place; the first chunk's ids are already global.
void remapChunk(TraceChunk &chunk, TraceStringTable &strings)
{
    std::vector<quint32> map(chunk.strings.size());
    for (quint32 i = 0; i < chunk.strings.size(); ++i)
        map[i] = strings.intern(chunk.strings.view(i));
    for (RawEvent &e : chunk.events) {
        e.name = map[e.name];
        e.category = map[e.category];
        e.pid = map[e.pid];
        e.tid = map[e.tid];
        if (e.id & RawIdStringTag)
            e.id = RawIdStringTag | map[quint32(e.id)];
    }
    for (RawCounter &c : chunk.counters) {
        c.pid = map[c.pid];
        c.name = map[c.name];
        if (c.id & RawIdStringTag)
            c.id = RawIdStringTag | map[quint32(c.id)];
        c.series = map[c.series];
    }
    for (RawMeta &m : chunk.metas) {
        m.pid = map[m.pid];
        m.tid = map[m.tid];
        m.kind = map[m.kind];
        m.text = map[m.text];
    }
}

void mergeChunks(const std::vector<TraceChunk *> &chunks,
                 TraceStringTable &strings,
                 TraceBuildInput &input)
{
    size_t events = 0;
    for (size_t k = 1; k < chunks.size(); ++k) {
        remapChunk(*chunks[k], strings);
        events += chunks[k]->events.size();
    }
    // The first chunk's vectors become the merged ones: the others are appended once, after a
    // single reservation, so the largest array is never copied twice.
    input.events = std::move(chunks[0]->events);
    input.counters = std::move(chunks[0]->counters);
    input.metas = std::move(chunks[0]->metas);
    input.events.reserve(input.events.size() + events);
    for (size_t k = 1; k < chunks.size(); ++k) {
        TraceChunk &c = *chunks[k];
        input.events.insert(input.events.end(), c.events.begin(), c.events.end());
        std::vector<RawEvent>().swap(c.events);
        const auto base = quint32(input.counters.size());
        for (RawCounter r : c.counters) {
            r.order += base;
            input.counters.push_back(r);
        }
        input.metas.insert(input.metas.end(), c.metas.begin(), c.metas.end());
    }
}

} // namespace

ParsedTrace parsePlainTrace(const ByteSource &bytes,
                            const QString &name,
                            const ChromeTraceOptions &options,
                            ProgressSink &progress,
                            const CancelToken &cancel,
                            Diagnostics &diag)
{
    ParsedTrace out;
    const std::string_view text = bytes.data();
    const qint64 size = qint64(text.size());
    out.textSize = size;
    out.head = QByteArray(text.data(), qsizetype(std::min<qint64>(size, SniffBytes)));
    TraceEnvelope &envelope = out.envelope;
    envelope = scanTraceEnvelope(text);
    if (envelope.arrayBegin < 0) {
        qint64 line = 0, column = 0;
        locateInText(text, envelope.errorOffset, &line, &column);
        out.error = envelopeError(envelope, name, size, line, column);
        return out;
    }
    // Chunks: cut the array at guessed event boundaries; each chunk stops at the next one's start.
    int threads = options.threads > 0 ? options.threads : WorkerPool::size();
    const qint64 span = size - envelope.arrayBegin;
    int wanted = 1;
    if (threads > 1 && span > 2 * options.minChunkBytes)
        wanted = int(std::min<qint64>(qint64(threads) * 4, span / options.minChunkBytes));
    std::vector<qint64> starts{envelope.arrayBegin};
    for (int k = 1; k < wanted; ++k) {
        const qint64 from = envelope.arrayBegin + span * k / wanted;
        const qint64 guess = guessEventBoundary(text, std::max(from, starts.back() + 1), size);
        if (guess > starts.back())
            starts.push_back(guess);
    }
    const int n = int(starts.size());
    threads = std::min(threads, n);
    std::vector<std::unique_ptr<TraceChunk>> chunks(static_cast<size_t>(n));
    for (auto &c : chunks)
        c = std::make_unique<TraceChunk>();
    std::atomic<qint64> bytesDone{0};
    std::atomic<int> next{0};
    const bool release = bytes.isMapped();
    auto work = [&](int) {
        for (;;) {
            const int k = next.fetch_add(1);
            if (k >= n)
                return;
            TraceChunkOptions o;
            o.begin = starts[size_t(k)];
            o.stopAt = k + 1 < n ? starts[size_t(k + 1)] : -1;
            o.releaseMappedPages = release;
            o.cancel = &cancel;
            o.bytesDone = &bytesDone;
            parseTraceChunk(text, o, chunks[size_t(k)].get());
        }
    };
    const QString parsing = Tr::tr("Parsing");
    // Workers parse; the caller's thread only reports progress, so the sink is never called
    // concurrently and a single-threaded parse still shows progress.
    WorkerPool::runMonitored(
        threads, work, [&] { progress.reportRange(bytesDone.load(), span, 0, 800, parsing); });
    if (cancel.isCanceled()) {
        out.canceled = true;
        return out;
    }
    // Accept chunk k only if chunk k-1 stopped exactly at k's guessed start; otherwise the guess
    // was inside a string or nested value and the rest is parsed again from the real position.
    out.chunks.push_back(std::move(chunks[0]));
    for (int k = 1; k < n; ++k) {
        TraceChunk *prev = out.chunks.back().get();
        if (prev->stop != TraceChunk::Stop::ReachedLimit)
            break;
        if (prev->landed) {
            out.chunks.push_back(std::move(chunks[size_t(k)]));
            continue;
        }
        auto reparsed = std::make_unique<TraceChunk>();
        TraceChunkOptions o;
        o.begin = prev->endPos;
        o.cancel = &cancel;
        parseTraceChunk(text, o, reparsed.get());
        out.chunks.push_back(std::move(reparsed));
        break;
    }
    chunks.clear();
    for (const auto &c : out.chunks)
        diag.merge(c->diagnostics);
    const TraceChunk &last = *out.chunks.back();
    if (last.stop == TraceChunk::Stop::Canceled) {
        out.canceled = true;
        return out;
    }
    if (last.stop == TraceChunk::Stop::Malformed) {
        qint64 line = 0, column = 0;
        locateInText(text, last.errorOffset, &line, &column);
        out.error =
            traceSyntaxError(name, last.errorOffset, line, column, last.expected, last.found);
        return out;
    }
    reportArrayEnd(last,
                   text.substr(size_t(last.endPos)),
                   false,
                   size,
                   countedEvents(out.chunks),
                   &envelope,
                   diag);
    return out;
}

namespace {

Result<TraceDataset> load(const Source &source,
                          const ChromeTraceOptions &options,
                          ProgressSink &progress,
                          const CancelToken &cancel)
{
    const QString name = source.name();
    Diagnostics diag;
    Error openError;
    std::unique_ptr<ByteSource> bytes = ByteSource::open(source, &openError);
    if (!bytes)
        return Result<TraceDataset>::failed(openError);
    progress.report(0, Tr::tr("Reading"));
    const std::string_view raw = bytes->data();
    const bool gzip = isGzip(raw);
    if (!gzip && name.endsWith(u".gz"_s, Qt::CaseInsensitive)) {
        // A .gz that is not gzip was renamed or damaged; its content would only confuse
        // (docs/FORMATS.md §7).
        const QByteArray head =
            QByteArray(raw.data(), qsizetype(std::min<size_t>(4, raw.size()))).toHex(' ').toUpper();
        Error e = Error::make(
            ErrorCode::UnknownFormat,
            Tr::tr("The file is named .gz but is not gzip: expected the bytes 1F 8B, found %1.")
                .arg(QString::fromLatin1(head)),
            name,
            0);
        e.expected = u"1F 8B"_s;
        e.found = QString::fromLatin1(head);
        return Result<TraceDataset>::failed(e, diag);
    }
    ParsedTrace parsed =
        gzip ? parseGzipTrace(*bytes, name, options.gzipSegmentBytes, progress, cancel, diag)
             : parsePlainTrace(*bytes, name, options, progress, cancel, diag);
    // A file cut short or replaced under the mapping read zeros somewhere: nothing of it counts.
    if (bytes->changedWhileRead())
        return Result<TraceDataset>::failed(fileChangedError(name), diag);
    if (parsed.canceled || cancel.isCanceled())
        return Result<TraceDataset>::canceled();
    if (parsed.error)
        return Result<TraceDataset>::failed(*parsed.error, diag);

    auto dataset = std::make_shared<TraceDataset>();
    TraceBuildInput input;
    for (const auto &c : parsed.chunks) {
        for (int ph = 0; ph < 128; ++ph) {
            if (c->phaseCounts[ph] == 0)
                continue;
            const QString key = ph == '?' || ph == 0 ? u"?"_s : QString(QLatin1Char(char(ph)));
            dataset->eventsByPhase[key] += c->phaseCounts[ph];
            if (!isKeptPhase(char(ph)) && ph != 'C' && ph != 'M')
                input.unsupportedPhases[char(ph)] += c->phaseCounts[ph];
        }
    }
    const qint64 eventsKept = countedEvents(parsed.chunks);
    progress.report(800, Tr::tr("Building tracks"));
    // Merge chunk-local strings and events, freeing each chunk as it goes.
    const TraceEnvelope &envelope = parsed.envelope;
    input.baseTimeNs = envelope.hasBaseTime ? envelope.baseTimeNs : 0;
    std::vector<TraceChunk *> accepted;
    for (const auto &c : parsed.chunks)
        accepted.push_back(c.get());
    dataset->strings = std::move(accepted.front()->strings);
    mergeChunks(accepted, dataset->strings, input);
    accepted.clear();
    parsed.chunks.clear();
    buildTraceDataset(input, dataset.get(), &diag, cancel);
    if (cancel.isCanceled())
        return Result<TraceDataset>::canceled();
    dataset->strings.freeze();
    // Args stay in the file: read in place for a plain file, through the gzip index for a .json.gz;
    // bytes given in memory keep just the args text in an arena.
    if (parsed.gzipIndex) {
        dataset->argsIndex = parsed.gzipIndex;
        if (!source.isPath())
            dataset->argsCompressed = source.bytes;
    } else if (!bytes->isMapped()) {
        const std::string_view text = bytes->data();
        QByteArray arena;
        auto move = [&](std::vector<qint64> &offsets, const std::vector<quint32> &lengths) {
            for (size_t i = 0; i < offsets.size(); ++i) {
                if (offsets[i] < 0)
                    continue;
                const qint64 at = arena.size();
                arena.append(text.data() + offsets[i], qsizetype(lengths[i]));
                offsets[i] = at;
            }
        };
        move(dataset->sliceArgsOffset, dataset->sliceArgsLength);
        move(dataset->instantArgsOffset, dataset->instantArgsLength);
        arena.squeeze();
        dataset->argsArena = std::move(arena);
        dataset->argsInArena = true;
    }
    dataset->path = source.path;
    if (source.isPath()) {
        const QFileInfo info(source.path);
        dataset->fileSize = info.size();
        dataset->fileModified = info.lastModified();
    } else {
        dataset->fileSize = source.bytes.size();
    }
    dataset->displayTimeUnit = envelope.displayTimeUnit;
    dataset->baseTimeNs = input.baseTimeNs;
    dataset->rank = envelope.rank;
    dataset->producer =
        sniffBytes(std::string_view(parsed.head.constData(), size_t(parsed.head.size())),
                   name,
                   parsed.textSize)
            .producer;
    if (dataset->producer.isEmpty() && envelope.kineto)
        dataset->producer = u"kineto"_s;
    if (eventsKept == 0)
        diag.add(u"empty_trace"_s, Tr::tr("The trace holds no events."), {}, Severity::Info);
    progress.report(1000, Tr::tr("Done"));
    return Result<TraceDataset>::ok(std::move(dataset), diag);
}

} // namespace

Result<TraceDataset> loadChromeTrace(const Source &source,
                                     const ChromeTraceOptions &options,
                                     ProgressSink &progress,
                                     const CancelToken &cancel)
{
    // Nothing thrown inside may cross into the caller's event loop (docs/DESIGN.md §8).
    return runGuarded<TraceDataset>(source.name(),
                                    [&] { return load(source, options, progress, cancel); });
}

} // namespace Twinscope::Core
