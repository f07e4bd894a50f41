#pragma once

#include "tracedataset.h"

#include <optional>

namespace Twinscope::Core {

// The end of the trace's first training step: the earliest "ProfilerStep#N" slice (PyTorch/Kineto
// and torch_npu) or "Iteration N" slice (CANN msprof step trace), in absolute ns. Op-info uses it
// as the recompile cut-off: a new signature compiled after the first step is a dynamic-shape
// recompile.
std::optional<qint64> firstStepEndNs(const TraceDataset &dataset);

} // namespace Twinscope::Core
