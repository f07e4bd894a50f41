#pragma once

#include "parametermapping.h"

namespace Twinscope::Core {

// The guides' first step, before any metric: do both networks have the same parameters?
// Counts are elements of the model tensors that should have a twin (parameters and BatchNorm
// statistics; num_batches_tracked, optimizer state and bookkeeping scalars are left out, since
// the other framework has no such tensor); trainable counts parameters only.
struct CheckpointStructure
{
    qint64 aParams = 0, bParams = 0;
    qint64 aTrainable = 0, bTrainable = 0;
    int aTensors = 0, bTensors = 0; // model tensors counted
    QList<int> shapeMismatches;     // pair indices whose shapes differ (beyond axes of length 1)
    QList<int> reshaped;            // pair indices compared after dropping axes of length 1
    QList<int> onlyA, onlyB;        // entry indices: the mapping's missing and extra tensors
    bool clean() const
    {
        return aParams == bParams && aTrainable == bTrainable && shapeMismatches.isEmpty() &&
               onlyA.isEmpty() && onlyB.isEmpty();
    }
};

CheckpointStructure
checkStructure(const Checkpoint &a, const Checkpoint &b, const ParameterMapping &mapping);

} // namespace Twinscope::Core
