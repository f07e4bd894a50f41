#pragma once

#include "core/common/progress.h"
#include "plogline.h"

#include <atomic>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Twinscope::Core {

struct PlogParseOptions
{
    // plog cuts a line at ~1024 characters (docs/FORMATS.md §4.2); a line this long (from the level
    // bracket on, newline excluded) minus one is taken as cut.
    int lineLimit = 1024;
    // Porting-guide phrases; never seen in a public log, so they are plain substrings and settable.
    std::vector<std::string> compileMarkers = {"To compile op"};
    std::vector<std::string> matchFailedMarkers = {"Match op inputs/type failed"};
};

// Parses whole lines of one stretch of one plog file (a chunk; several run in parallel, see
// opinfoloader.cpp) into compact local tables. Views point into the caller's buffer, which must
// outlive the parser. Re-entrant; no shared state.
class PlogChunkParser
{
public:
    struct Event
    {
        qint64 timeNs = -1;
        qint64 line = -1; // local, 1-based within the chunk
        quint32 signature = 0;
        quint32 flags = 0; // CompileEvent::Flag
    };
    struct Marker
    {
        qint64 timeNs = -1;
        qint64 line = -1;
        quint64 thread = 0;
        bool matchFailed = false;
        bool attached = false; // a record of the same thread came before it in this chunk
    };
    struct Message
    {
        std::string module;
        PlogLevel level = PlogLevel::Info;
        qint64 count = 0;
        std::string first;
        qint64 firstTimeNs = -1;
        qint64 firstLine = -1;
    };
    struct AiCpu
    {
        qint64 count = 0;
        std::string first;
        qint64 firstLine = -1;
    };

    explicit PlogChunkParser(const PlogParseOptions &options);

    // data holds whole lines (the last may lack '\n'). progressBytes, when given, is advanced as
    // bytes are consumed; returns false when canceled.
    bool
    parse(std::string_view data, const CancelToken &cancel, std::atomic<qint64> *progressBytes);
    // Closes records still waiting for DEBUG chunks: they are truncated (end of input).
    void finish();

    // Results.
    qint64 lines() const { return m_lines; }      // non-empty lines
    qint64 lineCount() const { return m_lineNo; } // every line, for the next chunk's numbering
    qint64 plogLines() const { return m_plogLines; }
    qint64 unparsedLines() const { return m_unparsed; }
    // Local line numbers of the first few unparsed lines, for the diagnostics panel.
    const std::vector<qint64> &firstUnparsed() const { return m_firstUnparsed; }
    const qint64 *levelCounts() const { return m_levels; }
    const std::vector<std::string_view> &signatureTexts() const { return m_signatureTexts; }
    const std::vector<bool> &signatureCut() const { return m_signatureCut; }
    const std::vector<Event> &events() const { return m_events; }
    const std::vector<Marker> &markers() const { return m_markers; }
    const std::vector<Message> &messages() const { return m_messages; }
    const std::unordered_map<std::string, AiCpu> &aicpu() const { return m_aicpu; }
    const std::unordered_map<quint64, size_t> &lastRecordOfThread() const { return m_lastRecord; }

private:
    struct OpenRecord
    {
        std::string body;
        std::string module;
        qint64 timeNs = -1;
        qint64 line = -1;
        bool assembled = false;
    };

    void processLine(std::string_view line);
    void emitRecord(
        std::string_view body, qint64 timeNs, qint64 line, quint32 flags, bool cut, quint64 thread);
    void closeOpen(quint64 thread, OpenRecord &record, bool cut);
    void noteMessage(const PlogLine &line);
    bool noteAiCpu(std::string_view text);
    bool atLimit(const PlogLine &line) const
    {
        return line.plogLength + 1 >= size_t(m_options.lineLimit);
    }

    const PlogParseOptions &m_options;
    std::vector<size_t> m_compileRare; // rareIndex() of each marker
    std::vector<size_t> m_matchRare;
    qint64 m_lineNo = 0;
    qint64 m_lines = 0;
    qint64 m_plogLines = 0;
    qint64 m_unparsed = 0;
    std::vector<qint64> m_firstUnparsed;
    qint64 m_levels[PlogLevelCount] = {0, 0, 0, 0, 0, 0};
    std::unordered_map<std::string_view, quint32> m_signatureIds;
    std::vector<std::string_view> m_signatureTexts;
    std::vector<bool> m_signatureCut;
    std::deque<std::string> m_ownedTexts; // assembled bodies; deque keeps views stable
    std::vector<Event> m_events;
    std::vector<Marker> m_markers;
    std::vector<Message> m_messages;
    std::unordered_map<std::string, size_t> m_messageIndex;
    std::unordered_map<std::string, AiCpu> m_aicpu;
    std::unordered_map<quint64, size_t> m_lastRecord;
    std::unordered_map<quint64, OpenRecord> m_open;
};

// Where the text of an aclopCompile::aclOp record starts in a message ("OpType: ..."), or npos.
size_t aclOpBodyStart(std::string_view message);
// The op named by an "... is running on AiCpu" line, empty when the line names none.
std::string aicpuOpName(std::string_view text);
bool isAiCpuFallbackLine(std::string_view text);

} // namespace Twinscope::Core
