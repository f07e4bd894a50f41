#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "profileanalysis.h"

#include <QStringList>

namespace Twinscope::Core {

// The profile pipeline (issue #11): Ascend profiler folders (a rank's *_ascend_pt folder, its
// parent, a folder of rank folders, CANN PROF_* folders, MindSpore profiler folders,
// msprof-analyze's cluster_analysis_output) or single tables -> every rank's tables read (in
// parallel, within the worker pool's budget) -> kernels, steps, communication and memory merged
// over the ranks -> slow ranks and links. The Profile tab, `twinscope-cli profile` and the tests
// call this one function.
struct ProfilePipelineInput
{
    QStringList paths;
    // `--shard I/N`: only the units (rank folders, cluster files) whose index in path order is I
    // modulo N, so a batch scheduler can spread a cluster over machines (docs/SCALE.md).
    int shardIndex = 0;
    int shardCount = 1;
    // Kernel groups by input shapes, dtypes and formats (the GUI's signature view); without, by
    // op type and core only (all `profile --json` prints), which keeps a 1 024-rank summary small.
    bool signatures = true;
    // Each rank's own tables for per-rank views, kept for up to KeepDetailsRanks ranks.
    bool keepDetails = true;
};

// Fails only when the paths hold no profiler table or when every table failed to read; a file
// that fails is reported in ProfileAnalysis::files and as a warning, the others are kept. Any
// exception becomes an `internal` error naming the file.
Result<ProfileAnalysis> runProfilePipeline(const ProfilePipelineInput &input,
                                           ProgressSink &progress,
                                           const CancelToken &cancel);

} // namespace Twinscope::Core
