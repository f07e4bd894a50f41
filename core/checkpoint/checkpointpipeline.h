#pragma once

#include "checkpointcompare.h"
#include "checkpointlimits.h"

namespace Twinscope::Core {

// The checkpoint pipeline (issue #13): two checkpoints, or four in update mode, are loaded; the
// names are mapped, the structure checked and every pair compared. The Checkpoints tab,
// `twinscope-cli ckpt` and the tests call this one function.
struct CheckpointPipelineInput
{
    QString pathA; // usually the benchmark (PyTorch .pth)
    QString pathB; // usually the MindSpore .ckpt
    // Update mode: the checkpoints one step earlier; both or neither.
    QString beforeA, beforeB;
    // Thresholds, tolerances, threads; mapping = the user's name mapping for B's names.
    CompareOptions options;
    // A file with more entries fails (TooLarge) before its names are mapped.
    qint64 maxEntries = DefaultMaxCheckpointEntries;
};

// Diagnostics name the file they came from; a file that cannot be read fails the pipeline with
// its error. Info entries list the tensors that have no twin by design (num_batches_tracked,
// bookkeeping scalars, optimizer state the other file does not carry).
Result<CheckpointComparison> runCheckpointPipeline(const CheckpointPipelineInput &input,
                                                   ProgressSink &progress,
                                                   const CancelToken &cancel);

} // namespace Twinscope::Core
