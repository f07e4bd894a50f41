#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "divergencematrix.h"

namespace Twinscope::Core {

// The dump-comparison pipeline (issue #9): two inputs (benchmark first) -> both loaded -> tensors
// paired and compared -> verdicts, first divergence, NaN origin. Two msprobe trees with several
// step/rank runs give one comparison per run. The Dumps tab, `twinscope-cli dumps` and the tests
// call this one function.
struct DumpPipelineInput
{
    QString benchPath;
    QString npuPath;
    CompareOptions options;
    // Two msprobe dump trees (step*/rank*/dump.json): compare every run, or only the one each
    // loader picks on its own (the first).
    enum class Runs { All, First };
    Runs runs = Runs::All;
};

// Always at least one run; a plain pair is one run with an empty label. Diagnostics name the
// side's path they came from. Any exception becomes an `internal` error naming the file.
Result<DumpSeries>
runDumpPipeline(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel);

} // namespace Twinscope::Core
