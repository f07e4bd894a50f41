// libFuzzer target for ZipReader and the .npz loader on top of it: any bytes must open or fail with
// an Error, and every member must read or fail with an Error, never crash, hang, read outside the
// input or allocate past the caps.
#include "core/common/zipreader.h"
#include "core/dump/npyreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Twinscope::Core;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    Error error;
    if (const auto zip =
            ZipReader::open(Source::fromBytes(bytes, QStringLiteral("fuzz.zip")), &error)) {
        // A forged directory can list millions of entries; a few show every code path.
        const int n = int(std::min<qsizetype>(zip->entries().size(), 64));
        for (int i = 0; i < n; ++i) {
            (void)zip->read(i, qint64(4) << 20);
            (void)zip->readPrefix(i, 64);
            qint64 streamed = 0; // stream() has no cap of its own: stop after 4 MiB
            (void)zip->stream(i, [&](std::string_view chunk) {
                streamed += qint64(chunk.size());
                return streamed < (qint64(4) << 20);
            });
            if (const auto span = zip->storedData(i, &error))
                (void)std::string_view(span->bytes).find('\x93'); // touches every byte
        }
        (void)zip->indexOf(QStringLiteral("archive/data.pkl"));
    }
    ProgressSink progress;
    (void)loadNpzDump(
        Source::fromBytes(bytes, QStringLiteral("fuzz.npz")), progress, CancelToken());
    return 0;
}
