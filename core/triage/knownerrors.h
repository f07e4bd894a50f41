#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "knowledgebase.h"

#include <QStringList>

#include <vector>

namespace Twinscope::Core {

// Every line of the logs that a knowledge-base entry recognises, counted per entry and file with
// the first occurrence (docs/DESIGN.md §3: counted, never stored per line).
struct KnownErrorMatch
{
    QString entry; // KnownErrorEntry::id
    QString file;
    qint64 count = 0;
    qint64 firstLine = -1; // 1-based
    QString firstText;     // the first matching line, trimmed to MaxLineText characters
    QStringList captures;  // the entry's regex groups on the first match (MaxCaptures, each
                           // at most MaxCaptureText characters)
};

struct KnownErrorReport
{
    std::vector<KnownErrorMatch> matches; // in file order, then by first line
    qint64 lines = 0;                     // lines looked at
    qint64 candidateLines = 0;            // ERROR/WARNING plog lines and non-plog lines
    QStringList files;
};

// Scans one text log: a plog (only its ERROR and WARNING lines are matched against error entries),
// or a captured stdout of torch_npu (every line, Python errors carry no level). Setting entries are
// matched on every line. gzip is inflated. Polls cancel every PollRecords lines.
Result<KnownErrorReport> scanKnownErrors(const Source &source,
                                         const KnowledgeBase &kb,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);

// The files in order, each on its own worker from the pool; a file that cannot be read is a
// warning naming it, and the others are still scanned.
Result<KnownErrorReport> scanKnownErrors(const QStringList &files,
                                         const KnowledgeBase &kb,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);

constexpr int MaxLineText = 400;
// A knowledge file is someone else's regex: what it copies out of a log is bounded (issue #31).
constexpr int MaxCaptures = 8;
constexpr int MaxCaptureText = 120;

} // namespace Twinscope::Core
