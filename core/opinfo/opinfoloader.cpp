#include "opinfoloader.h"

#include "aclopparser.h"
#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "mindsporeopinfo.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr std::string_view InputKey = " InputDesc[";

size_t lineLength(std::string_view data, size_t start)
{
    const void *nl = memchr(data.data() + start, '\n', data.size() - start);
    return nl ? size_t(static_cast<const char *>(nl) - data.data()) - start : data.size() - start;
}

// Everything merged so far, with the maps that make the merge incremental.
struct Merger
{
    OpInfoDataset *ds;
    std::unordered_map<std::string, quint32> signatureIds; // '\x01' prefix marks a cut text
    QList<bool> signatureCut;
    std::vector<std::string> signatureTexts;
    std::vector<std::optional<OpSignature>> preParsed; // profiler tables arrive parsed
    std::unordered_map<std::string, qsizetype> messageIndex;
    std::unordered_map<std::string, qsizetype> aicpuIndex;
    std::unordered_map<quint64, qsizetype> lastRecord; // per file: thread -> event index
    QList<Location> firstUnparsed;                     // up to Diagnostics::MaxLocations
    qint64 unparsedRows = 0; // profiler-table rows: warned about on their own, not as log noise

    quint32 signatureId(std::string_view text, bool cut)
    {
        std::string key;
        key.reserve(text.size() + 1);
        if (cut)
            key.push_back('\x01');
        key.append(text);
        const auto it = signatureIds.find(key);
        if (it != signatureIds.end())
            return it->second;
        const quint32 id = quint32(signatureTexts.size());
        signatureTexts.emplace_back(text);
        preParsed.emplace_back();
        signatureCut.append(cut);
        signatureIds.emplace(std::move(key), id);
        return id;
    }

    void addAiCpu(
        const std::string &op, qint64 count, const std::string &first, quint32 file, qint64 line)
    {
        const auto it = aicpuIndex.find(op);
        if (it != aicpuIndex.end()) {
            ds->aicpuFallbacks[it->second].count += count;
            return;
        }
        AiCpuFallback a;
        a.op = op == "?" ? QString() : QString::fromStdString(op);
        a.count = count;
        a.first = QString::fromUtf8(first.data(), qsizetype(first.size()));
        a.firstFile = file;
        a.firstLine = line;
        aicpuIndex.emplace(op, ds->aicpuFallbacks.size());
        ds->aicpuFallbacks.append(a);
    }

    void addProfiler(const ProfilerParse &p, quint32 file)
    {
        ds->fromProfiler = true;
        ds->lines += p.lines;
        ds->unparsedLines += p.unparsed;
        for (const ProfilerCompile &c : p.compiles) {
            const QByteArray text = c.signature.text.toUtf8();
            const quint32 id =
                signatureId(std::string_view(text.constData(), size_t(text.size())), false);
            if (!preParsed[id])
                preParsed[id] = c.signature;
            CompileEvent e;
            e.signature = id;
            e.file = file;
            e.line = c.line;
            e.step = c.step;
            e.flags = CompileEvent::FromProfiler;
            ds->events.append(e);
        }
    }

    // False when canceled: interning 10^5 distinct signatures of a chunk takes a second or more.
    bool
    mergeChunk(const PlogChunkParser &p, quint32 file, qint64 lineBase, const CancelToken &cancel)
    {
        ds->lines += p.lines();
        ds->plogLines += p.plogLines();
        ds->unparsedLines += p.unparsedLines();
        for (qint64 line : p.firstUnparsed()) {
            if (firstUnparsed.size() < Diagnostics::MaxLocations)
                firstUnparsed.append(
                    Location{-1, lineBase + line, ds->files.value(qsizetype(file))});
        }
        for (int i = 0; i < PlogLevelCount; ++i)
            ds->levelCounts[i] += p.levelCounts()[i];
        std::vector<quint32> ids(p.signatureTexts().size());
        for (size_t i = 0; i < ids.size(); ++i) {
            if ((i % 1024) == 0 && cancel.isCanceled())
                return false;
            ids[i] = signatureId(p.signatureTexts()[i], p.signatureCut()[i]);
        }
        for (const auto &m : p.markers()) {
            if (!m.attached) {
                const auto it = lastRecord.find(m.thread);
                if (it != lastRecord.end())
                    ds->events[it->second].flags |= CompileEvent::Dynamic;
            }
            ds->markers.append(CompileMarker{m.timeNs, file, lineBase + m.line, m.matchFailed});
        }
        const qsizetype eventBase = ds->events.size();
        for (const auto &e : p.events()) {
            CompileEvent ce;
            ce.timeNs = e.timeNs;
            ce.signature = ids[e.signature];
            ce.file = file;
            ce.line = lineBase + e.line;
            ce.flags = e.flags;
            ds->events.append(ce);
        }
        for (const auto &[thread, index] : p.lastRecordOfThread())
            lastRecord[thread] = eventBase + qsizetype(index);
        for (const auto &m : p.messages()) {
            std::string key = m.module;
            key.push_back('\0');
            key.push_back(char('0' + int(m.level)));
            const auto it = messageIndex.find(key);
            if (it != messageIndex.end()) {
                ds->messages[it->second].count += m.count;
                continue;
            }
            LogMessageSummary s;
            s.module = QString::fromStdString(m.module);
            s.level = plogLevelId(m.level);
            s.count = m.count;
            s.first = QString::fromUtf8(m.first.data(), qsizetype(m.first.size()));
            s.firstTimeNs = m.firstTimeNs;
            s.firstFile = file;
            s.firstLine = lineBase + m.firstLine;
            messageIndex.emplace(std::move(key), ds->messages.size());
            ds->messages.append(s);
        }
        for (const auto &[op, a] : p.aicpu())
            addAiCpu(op, a.count, a.first, file, lineBase + a.firstLine);
        return true;
    }
};

void parseSummary(std::string_view data, quint32 file, Merger &merger)
{
    OpInfoDataset &ds = *merger.ds;
    ds.fromSummary = true;
    size_t pos = 0;
    qint64 lineNo = 0;
    std::string body;
    while (pos < data.size()) {
        const size_t len = lineLength(data, pos);
        std::string_view line = data.substr(pos, len);
        pos += len + 1;
        ++lineNo;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.remove_suffix(1);
        if (line.empty())
            continue;
        ++ds.lines;
        // get_ascend_op_info.py writes "<OpType> <text after 'OpType: <type>, '>" with the last two
        // characters of the line dropped (docs/FORMATS.md §4.3): an Attr loses its closing brace.
        const size_t space = line.find(' ');
        if (space == 0 || space == std::string_view::npos ||
            line.substr(space, InputKey.size()) != InputKey) {
            if (isAiCpuFallbackLine(line)) {
                std::string op = aicpuOpName(line);
                merger.addAiCpu(
                    op.empty() ? std::string("?") : op, 1, std::string(line), file, lineNo);
                continue;
            }
            ++ds.unparsedLines;
            continue;
        }
        body.assign("OpType: ");
        body.append(line.substr(0, space));
        body.append(",");
        body.append(line.substr(space));
        if (body.find("Attr: {") != std::string::npos && body.back() != '}')
            body.push_back('}');
        CompileEvent e;
        e.signature = merger.signatureId(body, false);
        e.file = file;
        e.line = lineNo;
        e.flags = CompileEvent::FromSummary;
        ds.events.append(e);
    }
}

QString firstLineOf(std::string_view data)
{
    std::string_view line = data.substr(0, std::min<size_t>(lineLength(data, 0), 80));
    QString text = QString::fromUtf8(line.data(), qsizetype(line.size()));
    text.remove(u'\r');
    return text;
}

struct FileOutcome
{
    bool ok = true;
    bool canceled = false;
    Error error;
};

FileOutcome parseOpened(const ByteSource *bytes,
                        const Source &source,
                        quint32 fileIndex,
                        bool explicitInput,
                        const OpInfoLoadOptions &options,
                        Merger &merger,
                        Diagnostics &diagnostics,
                        ProgressSink &progress,
                        const CancelToken &cancel,
                        qint64 bytesBefore,
                        qint64 totalBytes)
{
    FileOutcome out;
    std::string_view data = bytes->data();
    QByteArray inflated;
    if (isGzip(data)) {
        InflateResult r = inflateGzip(data, source.name(), &diagnostics, 0, cancel);
        if (r.canceled) {
            out.canceled = true;
            return out;
        }
        if (r.error) {
            out.ok = false;
            out.error = *r.error;
            return out;
        }
        inflated = std::move(r.data);
        data = std::string_view(inflated.constData(), size_t(inflated.size()));
    }
    merger.ds->bytes += qint64(data.size());
    const std::string_view head = data.substr(0, size_t(SniffBytes));
    const MindSporeTable table = mindSporeTable(head);
    if (table == MindSporeTable::NoSignatures) {
        out.ok = false;
        out.error =
            Error::make(ErrorCode::Unsupported,
                        Tr::tr("This MindSpore profiler table has times but no op signatures; open "
                               "framework_raw_*.csv or dynamic_shape_info_*.json."),
                        source.name(),
                        0);
        return out;
    }
    if (table != MindSporeTable::None) {
        const ProfilerParse p = table == MindSporeTable::FrameworkRaw
                                    ? parseMindSporeFrameworkRaw(data, source.name())
                                    : parseMindSporeDynamicShape(data, source.name());
        if (p.error) {
            out.ok = false;
            out.error = *p.error;
            return out;
        }
        merger.addProfiler(p, fileIndex);
        // A table row is never noise: rows that cannot be read are a damaged table, said as a
        // warning (a header and 2 122 garbage rows loaded silently, issue #16).
        merger.unparsedRows += p.unparsed;
        const QString rowText =
            Tr::tr("Rows of the MindSpore table that could not be read were skipped.");
        for (qint64 line : p.firstUnparsed)
            diagnostics.add(u"unparsed_row"_s, rowText, Location{-1, line, source.name()});
        if (p.unparsed > p.firstUnparsed.size())
            diagnostics.add(u"unparsed_row"_s,
                            rowText,
                            {},
                            Severity::Warning,
                            p.unparsed - p.firstUnparsed.size());
        return out;
    }
    const SniffResult sniff = sniffBytes(head, source.name(), qint64(data.size()));
    if (sniff.producer == u"ascend_op_info_summary"_s) {
        parseSummary(data, fileIndex, merger);
        progress.reportRange(
            bytesBefore + qint64(bytes->size()), totalBytes, 0, 900, Tr::tr("Reading host logs"));
        return out;
    }

    // Chunks: one per thread for big files, each starting where no cut record can be open.
    int threads = options.threads > 0 ? options.threads : WorkerPool::size();
    threads = std::max(
        1,
        std::min<int>(threads,
                      int(qint64(data.size()) / std::max<qint64>(1, options.minChunkBytes))));
    std::vector<size_t> starts{0};
    for (int i = 1; i < threads; ++i) {
        const size_t s = plogChunkStart(
            data, data.size() * size_t(i) / size_t(threads), options.parse.lineLimit);
        if (s > starts.back() && s < data.size())
            starts.push_back(s);
    }
    starts.push_back(data.size());
    const size_t chunkCount = starts.size() - 1;
    std::vector<std::unique_ptr<PlogChunkParser>> parsers;
    for (size_t i = 0; i < chunkCount; ++i)
        parsers.push_back(std::make_unique<PlogChunkParser>(options.parse));
    std::atomic<qint64> done{0};
    std::atomic<size_t> next{0};
    // Each worker takes whole chunks; worker 0 is the calling thread, which parses in 16 MB steps
    // and reports everyone's progress between them (a sink is called from one thread only).
    WorkerPool::run(int(chunkCount), [&](int worker) {
        for (size_t i = next.fetch_add(1); i < chunkCount; i = next.fetch_add(1)) {
            const std::string_view chunk = data.substr(starts[i], starts[i + 1] - starts[i]);
            PlogChunkParser &p = *parsers[i];
            if (worker != 0) {
                p.parse(chunk, cancel, &done);
                continue;
            }
            size_t pos = 0;
            const size_t step = 16 * 1024 * 1024;
            while (pos < chunk.size() && !cancel.isCanceled()) {
                size_t end = std::min(chunk.size(), pos + step);
                if (end < chunk.size()) {
                    const void *nl = memchr(chunk.data() + end, '\n', chunk.size() - end);
                    end = nl ? size_t(static_cast<const char *>(nl) - chunk.data()) + 1
                             : chunk.size();
                }
                p.parse(chunk.substr(pos, end - pos), cancel, &done);
                pos = end;
                progress.reportRange(
                    bytesBefore + done.load(), totalBytes, 0, 900, Tr::tr("Reading host logs"));
            }
        }
    });
    if (cancel.isCanceled()) {
        out.canceled = true;
        return out;
    }
    // Records still open at a chunk's end go on in the next chunk only in theory: plogChunkStart
    // avoids that, so whatever is open at a chunk's end is cut.
    merger.lastRecord.clear();
    qint64 lineBase = 0;
    qint64 plogLines = 0;
    qint64 events = 0;
    qint64 aicpu = 0;
    for (size_t i = 0; i < chunkCount; ++i) {
        parsers[i]->finish();
        if (!merger.mergeChunk(*parsers[i], fileIndex, lineBase, cancel)) {
            out.canceled = true;
            return out;
        }
        lineBase += parsers[i]->lineCount();
        plogLines += parsers[i]->plogLines();
        events += qint64(parsers[i]->events().size());
        aicpu += qint64(parsers[i]->aicpu().size());
    }
    if (explicitInput && plogLines == 0 && events == 0 && aicpu == 0) {
        out.ok = false;
        out.error =
            Error::make(ErrorCode::UnknownFormat,
                        Tr::tr("No host log line was found: expected lines such as "
                               "\"[INFO] ASCENDCL(pid,process):YYYY-MM-DD-HH:MM:SS.mmm.uuu …\"."),
                        source.name(),
                        0);
        out.error.line = 1;
        out.error.expected = u"[LEVEL] MODULE(pid,process):timestamp"_s;
        out.error.found = firstLineOf(data);
    }
    return out;
}

// Opens the file, parses it, and fails the result when the file changed underneath (issue #16).
FileOutcome parseFile(const Source &source,
                      quint32 fileIndex,
                      bool explicitInput,
                      const OpInfoLoadOptions &options,
                      Merger &merger,
                      Diagnostics &diagnostics,
                      ProgressSink &progress,
                      const CancelToken &cancel,
                      qint64 bytesBefore,
                      qint64 totalBytes)
{
    FileOutcome out;
    Error openError;
    const std::unique_ptr<ByteSource> bytes = ByteSource::open(source, &openError);
    if (!bytes) {
        out.ok = false;
        out.error = openError;
        return out;
    }
    out = parseOpened(bytes.get(),
                      source,
                      fileIndex,
                      explicitInput,
                      options,
                      merger,
                      diagnostics,
                      progress,
                      cancel,
                      bytesBefore,
                      totalBytes);
    if (!out.canceled && bytes->changedWhileRead()) {
        out.ok = false;
        out.error = fileChangedError(source.name());
    }
    return out;
}

bool lessEvent(const CompileEvent &a, const CompileEvent &b)
{
    if (a.timeNs != b.timeNs)
        return a.timeNs < b.timeNs;
    if (a.file != b.file)
        return a.file < b.file;
    return a.line < b.line;
}

} // namespace

size_t plogChunkStart(std::string_view data, size_t offset, int lineLimit)
{
    auto nextLine = [&](size_t p) {
        const void *nl = memchr(data.data() + p, '\n', data.size() - p);
        return nl ? size_t(static_cast<const char *>(nl) - data.data()) + 1 : data.size();
    };
    size_t candidate = offset == 0 ? 0 : nextLine(std::min(offset, data.size()) - 1);
    // A cut record waits for DEBUG chunks on the following lines; 32 lines and 4 096 candidates
    // are far more than any interleaving seen in multi-threaded logs.
    for (int tries = 0; tries < 4096 && candidate < data.size(); ++tries) {
        bool quiet = true;
        size_t end = candidate;
        for (int back = 0; back < 32 && end > 0; ++back) {
            const size_t lineEnd = end - 1; // the '\n' of the previous line
            const void *prev = lineEnd > 0 ? memrchr(data.data(), '\n', lineEnd) : nullptr;
            const size_t lineStart =
                prev ? size_t(static_cast<const char *>(prev) - data.data()) + 1 : 0;
            if (lineEnd - lineStart + 2 >= size_t(lineLimit)) {
                quiet = false;
                break;
            }
            end = lineStart;
        }
        if (quiet)
            return candidate;
        candidate = nextLine(candidate);
    }
    return candidate;
}

Result<OpInfoDataset> loadOpInfo(const QList<Source> &sources,
                                 const OpInfoLoadOptions &options,
                                 ProgressSink &progress,
                                 const CancelToken &cancel)
{
    auto ds = std::make_shared<OpInfoDataset>();
    Diagnostics diagnostics;
    try {
        // Folders expand to their log files; files given by name must be readable.
        struct Input
        {
            Source source;
            bool explicitInput;
        };
        QList<Input> inputs;
        for (const Source &s : sources) {
            if (s.isPath() && QFileInfo(s.path).isDir()) {
                const QStringList files = opInfoFilesInFolder(s.path);
                if (files.isEmpty())
                    return Result<OpInfoDataset>::failed(
                        Error::make(ErrorCode::UnknownFormat,
                                    Tr::tr("The folder holds no host log (plog-*.log), no "
                                           "ascend_op_info_summary.txt and no "
                                           "MindSpore framework_raw or dynamic_shape_info table."),
                                    s.path));
                for (const QString &f : files)
                    inputs.append({Source::fromPath(f), false});
            } else {
                inputs.append({s, true});
            }
        }
        qint64 total = 0;
        for (const Input &in : inputs)
            total += in.source.isPath() ? QFileInfo(in.source.path).size() : in.source.bytes.size();
        qint64 before = 0;
        Merger merger;
        merger.ds = ds.get();
        for (const Input &in : inputs) {
            const quint32 index = quint32(ds->files.size());
            ds->files.append(in.source.name());
            const FileOutcome r = parseFile(in.source,
                                            index,
                                            in.explicitInput,
                                            options,
                                            merger,
                                            diagnostics,
                                            progress,
                                            cancel,
                                            before,
                                            total);
            if (r.canceled)
                return Result<OpInfoDataset>::canceled();
            if (!r.ok) {
                // One file of several that cannot be read leaves the others loaded (partial
                // success is success); it fails the load only when it is all there is.
                if (in.explicitInput && inputs.size() == 1)
                    return Result<OpInfoDataset>::failed(r.error, diagnostics);
                if (in.explicitInput) {
                    ds->refused.append(r.error);
                    diagnostics.add(u"refused_input"_s,
                                    Tr::tr("%1 was left out: %2")
                                        .arg(QFileInfo(r.error.file).fileName(), r.error.message),
                                    Location{r.error.offset, r.error.line, r.error.file},
                                    Severity::Error);
                    before += in.source.isPath() ? QFileInfo(in.source.path).size()
                                                 : in.source.bytes.size();
                    continue;
                }
                diagnostics.add(
                    u"unreadable_log"_s,
                    Tr::tr("A log file in the folder could not be read: %1").arg(r.error.message),
                    Location{-1, -1, in.source.name()});
            }
            before +=
                in.source.isPath() ? QFileInfo(in.source.path).size() : in.source.bytes.size();
        }
        if (ds->refused.size() == inputs.size())
            return Result<OpInfoDataset>::failed(ds->refused.first(), diagnostics);
        progress.report(900, Tr::tr("Decoding op signatures"));
        ds->signatures.reserve(qsizetype(merger.signatureTexts.size()));
        for (size_t i = 0; i < merger.signatureTexts.size(); ++i) {
            // 10^5 distinct signatures take seconds to decode: poll as the parsers do (issue #31).
            if ((i % 1024) == 0 && cancel.isCanceled())
                return Result<OpInfoDataset>::canceled();
            const std::string &t = merger.signatureTexts[i];
            OpSignature sig = merger.preParsed[i] ? *merger.preParsed[i] : parseAclOpRecord(t);
            sig.truncated = sig.truncated || merger.signatureCut[qsizetype(i)];
            ds->signatures.append(std::move(sig));
        }
        for (CompileEvent &e : ds->events) {
            if (ds->signatures[e.signature].truncated) {
                e.flags |= CompileEvent::Truncated;
                ++ds->truncatedRecords;
            }
            if (e.flags & CompileEvent::Assembled)
                ++ds->assembledRecords;
        }
        std::stable_sort(ds->events.begin(), ds->events.end(), lessEvent);
        std::stable_sort(
            ds->markers.begin(),
            ds->markers.end(),
            [](const CompileMarker &a, const CompileMarker &b) { return a.timeNs < b.timeNs; });
        // Errors before warnings, then the most frequent first.
        std::stable_sort(ds->messages.begin(),
                         ds->messages.end(),
                         [](const LogMessageSummary &a, const LogMessageSummary &b) {
                             if (a.level != b.level)
                                 return a.level == u"ERROR"_s;
                             return a.count > b.count;
                         });
        std::stable_sort(
            ds->aicpuFallbacks.begin(),
            ds->aicpuFallbacks.end(),
            [](const AiCpuFallback &a, const AiCpuFallback &b) { return a.count > b.count; });
        // One entry per kind with its count and the first five places (docs/DESIGN.md §3).
        const QString truncatedText =
            Tr::tr("Op records cut at the plog line limit were kept and marked truncated.");
        qint64 truncatedLeft = ds->truncatedRecords;
        for (const CompileEvent &e : std::as_const(ds->events)) {
            if (truncatedLeft == 0 ||
                ds->truncatedRecords - truncatedLeft >= Diagnostics::MaxLocations)
                break;
            if (e.flags & CompileEvent::Truncated) {
                diagnostics.add(u"truncated_record"_s,
                                truncatedText,
                                Location{-1, e.line, ds->files.value(qsizetype(e.file))});
                --truncatedLeft;
            }
        }
        if (truncatedLeft > 0)
            diagnostics.add(
                u"truncated_record"_s, truncatedText, {}, Severity::Warning, truncatedLeft);
        const QString unparsedText = Tr::tr("Lines that are not host log lines were skipped.");
        qint64 unparsedLeft = ds->unparsedLines - merger.unparsedRows;
        for (const Location &where : std::as_const(merger.firstUnparsed)) {
            diagnostics.add(u"unparsed_line"_s, unparsedText, where, Severity::Info);
            --unparsedLeft;
        }
        if (unparsedLeft > 0)
            diagnostics.add(u"unparsed_line"_s, unparsedText, {}, Severity::Info, unparsedLeft);
        if (ds->fromSummary)
            diagnostics.add(
                u"summary_input"_s,
                Tr::tr("ascend_op_info_summary.txt has no times and may have lost repeated "
                       "compiles; open the plog files for exact counts."),
                {},
                Severity::Info);
        progress.report(1000, Tr::tr("Decoding op signatures"));
    } catch (...) {
        // The exception policy (core/common/pipeline.h), keeping what was diagnosed so far.
        return Result<OpInfoDataset>::failed(
            internalError(sources.isEmpty() ? QString() : sources.first().name(),
                          std::current_exception()),
            diagnostics);
    }
    return Result<OpInfoDataset>::ok(std::move(ds), std::move(diagnostics));
}

} // namespace Twinscope::Core
