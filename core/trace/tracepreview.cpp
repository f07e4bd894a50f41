#include "tracepreview.h"

#include "chrometraceloader.h"
#include "core/common/bytesource.h"

#include <QFile>
#include <QFileInfo>

namespace Twinscope::Core {

std::shared_ptr<const TraceDataset> loadTracePreview(const QString &path,
                                                     const TracePreviewSettings &settings,
                                                     const CancelToken &cancel,
                                                     qint64 *bytesRead)
{
    const QFileInfo info(path);
    if (!info.isFile() || info.size() < settings.minFileBytes || settings.bytes <= 0)
        return nullptr;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return nullptr;
    QByteArray head = file.read(settings.bytes);
    // A gzip head would inflate to a cut stream: only plain text gets a preview.
    if (head.size() < 2 || isGzip(std::string_view(head.constData(), size_t(head.size()))))
        return nullptr;
    const qint64 read = head.size();
    // The head ends inside an event: the loader keeps the complete ones and says the rest was cut
    // (a warning nobody sees: the preview's diagnostics are dropped, the full load has its own).
    ChromeTraceOptions options;
    options.threads = 1; // the full load's workers get the other cores
    options.cache.dir.clear();
    ProgressSink quiet;
    Result<TraceDataset> r =
        loadChromeTrace(Source::fromBytes(std::move(head), path), options, quiet, cancel);
    if (!r.isOk() || r.value()->sliceCount() + qint64(r.value()->instantTs.size()) == 0)
        return nullptr;
    // The preview names its file as the full load will, so labels and tabs do not change when it
    // is replaced. r holds the only reference, so its dataset is moved, not copied.
    auto ds = std::make_shared<TraceDataset>(
        std::move(*std::const_pointer_cast<TraceDataset>(r.value())));
    ds->path = path;
    ds->fileSize = info.size();
    ds->fileModified = info.lastModified();
    if (bytesRead)
        *bytesRead = read;
    return ds;
}

} // namespace Twinscope::Core
