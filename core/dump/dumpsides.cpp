#include "dumpsides.h"

#include "core/common/pipeline.h"
#include "dumploader.h"
#include "namepool.h"

#include <QFileInfo>

namespace Twinscope::Core {

namespace {

// Whether two paths name one file or folder (links resolved).
bool sameInput(const QString &a, const QString &b)
{
    const QString ca = QFileInfo(a).canonicalFilePath();
    return !ca.isEmpty() && ca == QFileInfo(b).canonicalFilePath();
}

} // namespace

Result<DumpSides> loadDumpSides(const QString &benchPath,
                                const QString &npuPath,
                                const DumpReadOptions &read,
                                ProgressSink &progress,
                                const CancelToken &cancel,
                                const std::optional<SniffResult> &benchSniff,
                                const std::optional<SniffResult> &npuSniff)
{
    auto sides = std::make_shared<DumpSides>();
    const QString paths[2] = {benchPath, npuPath};
    const std::optional<SniffResult> *sniffs[2] = {&benchSniff, &npuSniff};
    Diagnostics diagnostics;
    for (int i = 0; i < 2; ++i) {
        ProgressSink part = subProgress(progress, i * 500, i * 500 + 500);
        DumpReadOptions options = read;
        if (i == 1)
            options.names = std::make_shared<NamePool>(sides->bench);
        const Result<TensorDump> r = runGuarded<TensorDump>(paths[i], [&] {
            return loadDump(Source::fromPath(paths[i]), part, cancel, options, *sniffs[i]);
        });
        if (r.isCanceled())
            return Result<DumpSides>::canceled();
        Diagnostics side = r.diagnostics();
        side.setFile(paths[i]);
        diagnostics.merge(side);
        if (!r.isOk())
            return Result<DumpSides>::failed(r.error(), std::move(diagnostics));
        (i == 0 ? sides->bench : sides->npu) = r.value();
        // The same file or folder on both sides (a self-check, the plantedSelf case) is one
        // immutable dump: reading it twice doubled the peak of the largest comparisons.
        if (i == 0 && sameInput(benchPath, npuPath)) {
            Diagnostics again = r.diagnostics();
            again.setFile(npuPath);
            diagnostics.merge(again);
            sides->npu = sides->bench;
            break;
        }
    }
    progress.report(1000);
    return Result<DumpSides>::ok(std::move(sides), std::move(diagnostics));
}

} // namespace Twinscope::Core
