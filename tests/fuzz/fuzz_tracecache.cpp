// libFuzzer target for the trace-cache reader (issue #28): any bytes must decode to a dataset whose
// every index is in range, or be refused, never crash or allocate beyond their own size. The
// checksums are skipped so that mutations reach the structural checks, which must hold on their
// own; a decoded dataset is then walked the way the timeline and the statistics walk it. Run
// (fuzz preset), seeded with caches written by tst_tracecache or twinscope-cli:
//   mkdir -p /tmp/corpus && TWINSCOPE_CACHE_DIR=/tmp/c twinscope-cli trace BIG.json &&
//   cp /tmp/c/traces/*.twtrace /tmp/corpus
//   build-fuzz/tests/fuzz/fuzz_tracecache -max_total_time=600 /tmp/corpus
#include "core/trace/opstatistics.h"
#include "core/trace/tracecache.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Twinscope::Core;
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    for (const bool verify : {false, true}) {
        const std::optional<TraceCacheHit> hit = decodeTraceCache(bytes, nullptr, verify);
        if (!hit)
            continue;
        const TraceDataset &ds = *hit->dataset;
        (void)computeOpStatistics(ds);
        for (size_t t = 0; t < ds.tracks.size(); ++t) {
            (void)ds.trackDisplayName(int(t));
            (void)ds.sliceAt(int(t), ds.firstNs);
            (void)ds.nextSliceStartingAt(int(t), ds.firstNs);
        }
        for (size_t p = 0; p < ds.processes.size(); ++p)
            (void)ds.processDisplayName(int(p));
        for (const TraceFlow &f : ds.flows)
            (void)ds.strings.view(f.name);
        for (quint32 i = 0; i < quint32(ds.sliceCount()) && i < 256; ++i)
            (void)ds.strings.view(ds.sliceName[i]);
    }
    return 0;
}
