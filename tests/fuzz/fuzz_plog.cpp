// libFuzzer target for the host-log parser: any bytes must load (possibly with truncated records
// and counted garbage) or fail cleanly, and the analyses must run on whatever was loaded.
#include "core/opinfo/aclopparser.h"
#include "core/opinfo/opinfoanalysis.h"
#include "core/opinfo/opinfoloader.h"

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    OpInfoLoadOptions options;
    // Small chunks so the chunk-boundary search and the merge are fuzzed too.
    options.threads = 3;
    options.minChunkBytes = 64;
    ProgressSink progress;
    const Result<OpInfoDataset> r = loadOpInfo(
        {Source::fromBytes(bytes, QStringLiteral("fuzz.log"))}, options, progress, CancelToken{});
    if (r.isOk()) {
        const OpInfoReport report = analyzeOpInfo(*r.value());
        (void)report;
        for (const OpSignature &s : r.value()->signatures)
            (void)describeSignature(s);
    }
    (void)parseAclOpRecord(std::string_view(bytes.constData(), size_t(bytes.size())),
                           size % 2 == 0);
    return 0;
}
