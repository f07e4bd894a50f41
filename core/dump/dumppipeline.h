#pragma once

#include "core/common/filesniffer.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "divergencematrix.h"
#include "overflowanalysis.h"

namespace Twinscope::Core {

// The dump-comparison pipeline (issue #9): two inputs (benchmark first) -> both loaded -> tensors
// paired and compared -> verdicts, first divergence, NaN origin. Two msprobe trees give one
// comparison per step/rank run (issue #12: every run, or those --step/--rank select). A single
// msprobe/ptdbg compare result (CSV or .xlsx) is a comparison already: it is read as one run. The
// Dumps tab, `twinscope-cli dumps` and the tests call this one function.
struct DumpPipelineInput
{
    QString benchPath;
    QString npuPath; // empty: benchPath is a compare result
    // What the caller's sniffer found for the paths (the GUI's open, the CLI's arguments): handed
    // to the readers so that no path is sniffed twice. Absent: sniffed here, once.
    std::optional<SniffResult> benchSniff;
    std::optional<SniffResult> npuSniff;
    CompareOptions options;
    // Two msprobe dump trees (step*/rank*/dump.json): compare every run, or only the one each
    // loader picks on its own (the first).
    enum class Runs { All, First };
    Runs runs = Runs::All;
    QList<int> steps; // runs to compare (empty: all)
    QList<int> ranks;
};

// Always at least one run; a plain pair is one run with an empty label. Diagnostics name the
// side's path they came from. Any exception becomes an `internal` error naming the file.
Result<DumpSeries>
runDumpPipeline(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel);

// Single-side analysis (issue #12): one dump, no benchmark (an NPU-only overflow dump) -> every
// tensor's statistics, NaN/Inf and fp16 saturation, the first overflowing tensor; every run of a
// step*/rank* tree (or those steps/ranks select).
struct SingleDumpInput
{
    QString path;
    QList<int> steps;
    QList<int> ranks;
    int threads = 0;                  // 0: WorkerPool::size()
    DumpReadOptions read;             // per-tensor cap and containment (issue #16)
    std::optional<SniffResult> sniff; // of path, when the caller sniffed it
};
Result<OverflowSeries> runSingleDumpPipeline(const SingleDumpInput &input,
                                             ProgressSink &progress,
                                             const CancelToken &cancel);

// Whether a sniffed path is a compare result (content format "compare_result").
bool isCompareResult(const SniffResult &sniffed);
bool isCompareResultPath(const QString &path);

} // namespace Twinscope::Core
