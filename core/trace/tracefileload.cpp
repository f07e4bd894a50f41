#include "tracefileload.h"

#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "npudbtrace.h"
#include "nsystrace.h"

#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool isTimelineFormat(const QString &format)
{
    return format == u"chrome_json"_s || format == u"profiler_db"_s || format == u"nsys_sqlite"_s;
}

namespace {

// A plain chrome trace seen before loads from its cache (tracecache.h); any other is parsed and,
// when it can be, cached for the next open. The cache never decides whether a load succeeds.
Result<TraceDataset> loadChromeTraceCached(const QString &path,
                                           const ChromeTraceOptions &options,
                                           ProgressSink &progress,
                                           const CancelToken &cancel,
                                           const TraceHeadPreview &headPreview,
                                           const TracePreviewSettings &previewSettings)
{
    const TraceCacheSettings &cache = options.cache;
    const QFileInfo info(path);
    const bool useCache =
        !cache.dir.isEmpty() && info.isFile() && info.size() >= cache.minInputBytes;
    FileCacheKey key;
    if (useCache) {
        key = fileCacheKey(path);
        progress.report(0, Tr::tr("Reading the cache"));
        if (std::optional<TraceCacheHit> hit = readTraceCache(path, key, cache)) {
            progress.report(1000, Tr::tr("Done"));
            return Result<TraceDataset>::ok(std::move(hit->dataset), std::move(hit->diagnostics));
        }
    }
    if (headPreview) {
        progress.report(0, Tr::tr("Reading the head of the file"));
        qint64 bytesRead = 0;
        if (std::shared_ptr<const TraceDataset> p =
                loadTracePreview(path, previewSettings, cancel, &bytesRead))
            headPreview(std::move(p), bytesRead);
    }
    Result<TraceDataset> r = loadChromeTrace(Source::fromPath(path), options, progress, cancel);
    // Written only for the version of the file that was parsed: the key is taken again after.
    if (useCache && r.isOk() && key.isValid() && isTraceCacheable(*r.value()) &&
        fileCacheKey(path) == key)
        writeTraceCache(*r.value(), r.diagnostics(), key, cache);
    return r;
}

} // namespace

Result<TraceDataset> loadTraceFile(const QString &path,
                                   const ChromeTraceOptions &options,
                                   ProgressSink &progress,
                                   const CancelToken &cancel,
                                   const TraceHeadPreview &headPreview,
                                   const TracePreviewSettings &previewSettings)
{
    // Only a regular file is peeked at: opening a FIFO blocks until a writer comes, and the
    // chrome-trace loader refuses special files with a message (docs/RELIABILITY.md).
    QByteArray head;
    if (QFileInfo(path).isFile()) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            head = f.read(16);
    }
    if (head != QByteArrayView("SQLite format 3\0", 16))
        return loadChromeTraceCached(path, options, progress, cancel, headPreview, previewSettings);
    QString error;
    const QStringList tables = sqliteTableNames(path, &error);
    switch (sqliteLayout(tables)) {
    case SqliteLayout::ProfilerDb:
        return loadNpuProfilerDbTrace(path, progress, cancel);
    case SqliteLayout::NsightSystems:
        return loadNsysTrace(path, progress, cancel);
    case SqliteLayout::AnalysisDb:
    case SqliteLayout::ClusterAnalysis:
    case SqliteLayout::MsprobeGraph:
    case SqliteLayout::Unknown:
        break;
    }
    Error e = Error::make(ErrorCode::Unsupported,
                          error.isEmpty()
                              ? Tr::tr("This SQLite database holds no timeline (no profiler task "
                                       "tables and no Nsight Systems activity tables).")
                              : Tr::tr("The database could not be opened: %1").arg(error),
                          path);
    e.found = tables.join(u", "_s).left(400);
    return Result<TraceDataset>::failed(e);
}

} // namespace Twinscope::Core
