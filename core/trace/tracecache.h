#pragma once

#include "core/common/diagnostics.h"
#include "core/common/filecache.h"
#include "tracedataset.h"

#include <QString>

#include <memory>
#include <optional>
#include <string_view>

namespace Twinscope::Core {

// The trace cache (issue #28): after a chrome trace is parsed, its TraceDataset and the loader's
// diagnostics are written as one columnar file to the user's cache directory, and the next open of
// the same, unchanged file maps that file and copies the columns instead of parsing the JSON.
//
// Layout (little-endian, docs/PERFORMANCE.md "Trace cache"): a 64-byte header (magic, format
// version, the input's size, mtime and head/tail hash, the cache's own length, a checksum of header
// and section table), a table of sections (id, element size, offset, length, checksum), then the
// sections: a small "meta" record (file facts, tracks with their lanes, processes, diagnostics)
// and one raw column per TraceDataset vector. Every section's checksum is verified and every index
// is range-checked before a dataset is handed out: a damaged, truncated, stale or foreign cache is
// ignored (and rebuilt by the next parse), never trusted.
//
// Only plain chrome-trace files are cached: their args stay in the input file, read on demand.
// A .json.gz keeps a gzip index and a database keeps typed args records, which are not written.
struct TraceCacheSettings
{
    QString dir;                       // empty: no cache read or written
    qint64 maxBytes = 0;               // cap of the directory (LRU eviction)
    qint64 minInputBytes = 16ll << 20; // smaller traces parse faster than a cache pays back
    // TWINSCOPE_CACHE / TWINSCOPE_CACHE_DIR / TWINSCOPE_CACHE_MAX_MB (core/common/filecache.h);
    // TWINSCOPE_TRACE_CACHE_MIN_BYTES (checks that cache every fixture).
    static TraceCacheSettings fromEnvironment();
};

inline constexpr quint32 TraceCacheVersion = 1;

// Where the cache of the file with this key lives in dir (one file per input path).
QString traceCacheFilePath(const QString &dir, const FileCacheKey &key);

struct TraceCacheHit
{
    std::shared_ptr<TraceDataset> dataset;
    Diagnostics diagnostics; // the loader's diagnostics of the parse that wrote the cache
};

// The dataset of path from the cache in settings.dir, or nullopt (no cache, stale, damaged; *why
// says which, for tests and logs). The dataset's path is the given path.
std::optional<TraceCacheHit> readTraceCache(const QString &path,
                                            const FileCacheKey &key,
                                            const TraceCacheSettings &settings,
                                            QString *why = nullptr);

// Writes the cache of a dataset loaded from the file with this key, atomically (QSaveFile), then
// evicts the least recently used caches over the cap. False (and nothing written) when the dataset
// cannot be cached or the directory is not writable; the load it follows never fails for it.
bool writeTraceCache(const TraceDataset &dataset,
                     const Diagnostics &diagnostics,
                     const FileCacheKey &key,
                     const TraceCacheSettings &settings,
                     QString *why = nullptr);

// Whether a dataset can be written (plain file with args in it, not gzip, not a database).
bool isTraceCacheable(const TraceDataset &dataset);

// The decoding half of readTraceCache, on bytes in memory (the fuzz target, tests). With expect,
// a cache of another input version is refused; verifyChecksums false lets the fuzzer reach the
// structural checks, which must hold on their own.
std::optional<TraceCacheHit> decodeTraceCache(std::string_view bytes,
                                              const FileCacheKey *expect,
                                              bool verifyChecksums,
                                              QString *why = nullptr);

} // namespace Twinscope::Core
