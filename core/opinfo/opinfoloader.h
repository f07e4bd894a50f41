#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "opinfodataset.h"
#include "plogparser.h"

#include <QList>

namespace Twinscope::Core {

struct OpInfoLoadOptions
{
    PlogParseOptions parse;
    int threads = 0;                        // 0: WorkerPool::size()
    qint64 minChunkBytes = 8 * 1024 * 1024; // smaller files are not worth a second thread
};

// The files of a folder that hold op-info text: plog files (plog-pid_*.log, *.log, stdout captures
// whose content sniffs as plog) and ascend_op_info_summary.txt, sorted by name. Looks four levels
// deep, so $HOME/ascend/log works as well as its debug/plog folder.
QStringList opInfoFilesInFolder(const QString &folder);

// Reads host plog files, plog folders, stdout captures and ascend_op_info_summary.txt
// (docs/FORMATS.md §4) into one dataset. Big files are split at line boundaries and parsed on
// several threads. Garbage lines are counted, never fatal; a file with no line we understand fails
// with its name and what its first line looks like.
Result<OpInfoDataset> loadOpInfo(const QList<Source> &sources,
                                 const OpInfoLoadOptions &options,
                                 ProgressSink &progress,
                                 const CancelToken &cancel);

// Where a chunk should start at or after offset: the start of a line that no cut record before it
// can still be waiting on (no line at the length limit among the 32 lines before it).
size_t plogChunkStart(std::string_view data, size_t offset, int lineLimit);

} // namespace Twinscope::Core
