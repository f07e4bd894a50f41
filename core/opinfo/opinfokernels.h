#pragma once

#include "opinfodataset.h"

namespace Twinscope::Core {

// Every event came from MindSpore profiler tables, which list a graph's kernels, not compiles:
// views call them kernels (issue #29).
inline bool eventsAreGraphKernels(const OpInfoDataset &dataset)
{
    return dataset.fromProfiler && !dataset.fromSummary && dataset.plogLines == 0;
}

} // namespace Twinscope::Core
