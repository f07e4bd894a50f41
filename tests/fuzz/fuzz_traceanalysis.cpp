// libFuzzer target for what issue #10 reads out of a loaded trace: the args scanner (argsMember,
// argsNumbers: hand-written, over untrusted text), device-task classification, Ascend's phases, the
// profiler's Overlap Analysis sums, steps, the memory track, step categories, HTA's temporal
// breakdown and launch delays. Any bytes must give numbers or nothing, never crash. Run (fuzz
// preset), seeded with tests/data/trace/good/* and the first 16 kB of the generated pair:
//   build-fuzz/tests/fuzz/fuzz_traceanalysis -max_total_time=300 -max_len=16384 /tmp/corpus
// 2026-11-24: 93 960 runs (5 minutes) without a finding; coverage 7504 edges.
#include "core/trace/chrometraceloader.h"
#include "core/trace/launchlatency.h"
#include "core/trace/memorytrack.h"
#include "core/trace/taskclassify.h"
#include "core/trace/traceargs.h"
#include "core/trace/tracecategories.h"
#include "core/trace/tracephases.h"
#include "core/trace/tracesteps.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Twinscope::Core;
    // The scanner on the raw bytes, as if they were one event's args.
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    (void)argsMember(text, "Task Type");
    (void)argsString(text, "Task Type");
    (void)argsNumber(text, "Bytes");
    std::vector<std::optional<double>> values;
    argsNumbers(text, {"Device Id", "Total Allocated", "Bytes", "Total Reserved"}, &values);

    const QByteArray bytes(text.data(), qsizetype(size));
    ProgressSink progress;
    ChromeTraceOptions options;
    options.threads = 1;
    const Result<TraceDataset> r = loadChromeTrace(
        Source::fromBytes(bytes, QStringLiteral("fuzz.json")), options, progress, CancelToken());
    if (!r.isOk())
        return 0;
    const TraceDataset &ds = *r.value();
    const DeviceTaskSet tasks = classifyDeviceTasks(ds);
    (void)computeTracePhases(ds);
    (void)profilerOverlapPhases(ds);
    (void)findTraceSteps(ds).firstComplete();
    (void)buildMemoryTrack(ds);
    const StepCategoryIndex categories(ds, tasks);
    (void)categories.times(ds.firstNs, ds.lastNs);
    (void)computeTemporalBreakdown(ds, tasks);
    (void)computeLaunchLatency(ds, tasks);
    return 0;
}
