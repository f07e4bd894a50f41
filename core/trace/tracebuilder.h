#pragma once

#include "chrometraceparser.h"
#include "tracedataset.h"

namespace Twinscope::Core {

// Internal to the chrome-trace loader: turns the parsed events (in file order, ids already global)
// into the immutable columnar dataset: thread tracks with B/E pairing and lanes by nesting depth,
// async and counter tracks, instants, flows bound to slices, process and thread metadata.
struct TraceBuildInput
{
    std::vector<RawEvent> events;
    std::vector<RawCounter> counters;
    std::vector<RawMeta> metas;
    qint64 baseTimeNs = 0;
};

void buildTraceDataset(TraceBuildInput &input, TraceDataset *dataset, Diagnostics *diagnostics,
                       const CancelToken &cancel);

} // namespace Twinscope::Core
