// libFuzzer target for compare results (docs/FORMATS.md §5.8): msprobe/ptdbg CSV and msprobe's
// .xlsx (zip + worksheet XML + styles) must read into a comparison or fail with an Error, never
// crash, hang or allocate past the row cap. Zip input goes the .xlsx way, anything else the CSV
// way.
#include "core/dump/compareresultreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Twinscope::Core;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    ProgressSink progress;
    const bool zip = bytes.startsWith("PK");
    const auto r = loadCompareResult(
        Source::fromBytes(bytes, zip ? QStringLiteral("fuzz.xlsx") : QStringLiteral("fuzz.csv")),
        progress,
        CancelToken());
    if (r.isOk())
        (void)r.value()->countVerdict(Verdict::Error);
    return 0;
}
