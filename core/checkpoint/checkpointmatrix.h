#pragma once

#include "checkpointcompare.h"
#include "core/dump/divergencematrix.h"

namespace Twinscope::Core {

// The Checkpoints tab's heatmap (the dump comparison's metrics and badness scale, METRICS.md §8),
// with the parameters grouped by layer (module path), layers in the order they first appear:
// either one row per parameter, a layer's parameters together, or one row per layer holding the
// worst value of its parameters per metric (clicking it selects the layer's worst parameter).
// Tensors left over on one side are grey rows in their layer.
DivergenceMatrix buildCheckpointMatrix(const CheckpointComparison &comparison, bool perLayer);

// The layer a compared tensor belongs to: the first checkpoint's module path with the name
// mapping's rules applied, so "bn1.gamma" and "bn1.weight" share layer "bn1"; optimizer states
// group under their parameter's layer.
QString checkpointLayer(const CheckpointComparison &comparison, int benchTensor, int npuTensor);

} // namespace Twinscope::Core
