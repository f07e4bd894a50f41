#pragma once

#include "checkpointstructure.h"
#include "core/dump/dumpcompare.h"

namespace Twinscope::Core {

// Two checkpoints compared parameter by parameter (or, in update mode, their updates after −
// before). The comparison itself is the dump comparison's: the first checkpoint is its "bench"
// side, the second its "NPU" side, every metric and verdict as for dumps (docs/METRICS.md).
struct CheckpointComparison
{
    std::shared_ptr<const Checkpoint> a, b;
    std::shared_ptr<const Checkpoint> beforeA, beforeB; // update mode only
    ParameterMapping mapping;
    CheckpointStructure structure;
    // bench = A, npu = B: the paired tensors and the ones left over on one side (mapping onlyA /
    // onlyB); names as in the files, op = the layer (module path) for grouping.
    std::shared_ptr<const DumpComparison> comparison;
    QList<int> aEntry, bEntry; // comparison tensor index -> checkpoint entry index, per side
    QList<int> rowPair;        // comparison row -> mapping pair index
    bool updateMode() const { return bool(beforeA); }
};

// Maps the names, checks the structure, then compares. With beforeA/beforeB (both or neither),
// each tensor is replaced by its update: the after-step tensor minus the before-step tensor of the
// same name (streamed, never held in memory). The user mapping is options.mapping (applied to the
// second checkpoint's names).
Result<CheckpointComparison> compareCheckpoints(std::shared_ptr<const Checkpoint> a,
                                                std::shared_ptr<const Checkpoint> b,
                                                std::shared_ptr<const Checkpoint> beforeA,
                                                std::shared_ptr<const Checkpoint> beforeB,
                                                const CompareOptions &options,
                                                ProgressSink &progress,
                                                const CancelToken &cancel);

} // namespace Twinscope::Core
