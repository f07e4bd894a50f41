#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "tracecache.h"
#include "tracedataset.h"

namespace Twinscope::Core {

struct ChromeTraceOptions
{
    int threads = 0;                 // parser threads; 0 = WorkerPool::size()
    qint64 minChunkBytes = 16 << 20; // below this a file is parsed by one thread
    // .json.gz: inflated text handed to the parser at a time (tests make it tiny, so that events
    // are cut by segment ends everywhere).
    qint64 gzipSegmentBytes = 4 << 20;
    // The trace cache (tracecache.h), used by loadTraceFile: read instead of parsing a plain
    // trace file seen before, written after parsing one. From the environment by default; the
    // CLI's --no-cache clears dir.
    TraceCacheSettings cache = TraceCacheSettings::fromEnvironment();
};

// Loads a chrome trace (object or bare array, plain or gzip) into an immutable TraceDataset
// (docs/DESIGN.md §3). Cut-off files, trailing commas and junk after the array load with counted
// warnings; malformed JSON fails with its byte offset, line and column.
Result<TraceDataset> loadChromeTrace(const Source &source,
                                     const ChromeTraceOptions &options,
                                     ProgressSink &progress,
                                     const CancelToken &cancel);

} // namespace Twinscope::Core
