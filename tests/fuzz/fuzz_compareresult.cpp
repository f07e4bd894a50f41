// libFuzzer target for compare results (docs/FORMATS.md §5.8): msprobe/ptdbg CSV and msprobe's
// .xlsx (zip + worksheet XML + styles) must read into a comparison or fail with an Error, never
// crash, hang or allocate past the row cap; read again with a row cap of 1-4 (issue #30). Zip input
// goes the .xlsx way, anything else the CSV way.
#include "core/dump/compareresultreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Twinscope::Core;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    ProgressSink progress;
    const bool zip = bytes.startsWith("PK");
    const Source source =
        Source::fromBytes(bytes, zip ? QStringLiteral("fuzz.xlsx") : QStringLiteral("fuzz.csv"));
    const auto r = loadCompareResult(source, progress, CancelToken());
    if (r.isOk())
        (void)r.value()->countVerdict(Verdict::Error);
    // The row cap (--max-rows): the automatic one (hundreds of MiB) is beyond what fuzz inputs
    // make, so the cut rows' path runs with a cap of one to four rows.
    if (size > 0) {
        const auto capped = loadCompareResult(source, progress, CancelToken(), 1 + data[0] % 4);
        if (capped.isOk())
            (void)capped.value()->countVerdict(Verdict::Error);
    }
    return 0;
}
