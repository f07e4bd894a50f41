#pragma once

#include "compilechart.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "opinfoanalysis.h"
#include "opinfoloader.h"

#include <QStringList>

#include <memory>

namespace Twinscope::Core {

// The op-info pipeline (issue #9): host logs, plog folders, summaries or MindSpore tables ->
// one dataset -> op-type table, TransData/Cast, recompiles -> the compile chart. The Op-info tab,
// `twinscope-cli opinfo` and the tests call this one function.
struct OpInfoPipelineInput
{
    QStringList paths; // files or folders; ignored when `dataset` is given
    // Re-analysis (a new cut-off) of logs already loaded: only the analysis runs again.
    std::shared_ptr<const OpInfoDataset> dataset;
    OpInfoLoadOptions load;
    OpInfoAnalysisOptions analysis;
    bool chart = true; // the GUI's scatter plot; the CLI does without
};

struct OpInfoAnalysis
{
    std::shared_ptr<const OpInfoDataset> dataset;
    std::shared_ptr<const OpInfoReport> report;
    CompileChartData chart;
};

// Any exception becomes an `internal` error naming the (first) input.
Result<OpInfoAnalysis> runOpInfoPipeline(const OpInfoPipelineInput &input,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);

} // namespace Twinscope::Core
