#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/tensor/tensordump.h"

#include <memory>

namespace Twinscope::Core {

// Single-side analysis of one dump (METRICS.md §6): the porting guides' first step when the loss
// goes NaN is an NPU-only overflow dump, with no benchmark. Every tensor's statistics (from its
// elements where they can be read, else from the dump's own Max/Min/Mean/Norm), its NaN/Inf and
// its fp16 saturation (|x| = 65504, the largest finite half), and the overflow origin: in execution
// order (msprobe order, or the timestamps of Ascend dump file names), the first call whose inputs
// are finite and whose output is not (msprobe's nan_analyze rule), a call with a non-finite
// argument (masked_fill(mask, -inf)) excepted.
struct TensorSummary
{
    TensorStats stats;    // NaN/inf as torch gives them (NaN if any element is NaN)
    qint64 count = -1;    // elements read; -1 when only the dump's statistics are known
    qint64 nanCount = -1; // -1 when unknown (statistics-only dumps)
    qint64 infCount = -1;
    qint64 saturated = -1; // fp16 elements at ±65504; -1 when unknown
    bool nonFinite = false;
    bool saturatedAny = false;
    QString error; // why the elements could not be read (the statistics may still be known)
};

constexpr double Float16Max = 65504.0;

struct OverflowAnalysis
{
    std::shared_ptr<const TensorDump> dump;
    QList<TensorSummary> tensors; // parallel to dump->tensors
    int origin = -1; // the first output holding NaN/Inf while its call's inputs are finite
    int firstSaturated = -1;
    int nonFiniteTensors = 0;
    int saturatedTensors = 0;
    qint64 bytesRead = 0;
};

// Every run of a dump tree (step*/rank*), or one run with an empty label.
struct OverflowSeries
{
    QStringList labels;
    QList<std::shared_ptr<const OverflowAnalysis>> runs;
};

// The run to show first: the first with an overflow origin, else 0.
int firstOverflowRun(const OverflowSeries &series);

// Reads every tensor once (worker pool, one tensor per work item, threads 0 = all) and fills the
// summaries. Canceled without partial data.
Result<OverflowAnalysis> analyzeOverflow(std::shared_ptr<const TensorDump> dump,
                                         int threads,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);

} // namespace Twinscope::Core
