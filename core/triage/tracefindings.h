#pragma once

#include "finding.h"

#include <memory>

namespace Twinscope::Core {

class TraceDataset;

// The findings of a benchmark timeline against the run under test (issue #15): the step time
// ratio with the gap's shares by category (computing, communication not overlapped, device idle),
// device idle time that grew (host-bound), the device ops whose time grew most, and AI CPU time.
// Ops are matched by name, so this sees slowdowns between runs of one platform; issue #10's
// trace comparison, with its name mapping across platforms, adds its own adapter.
struct TraceEvidence
{
    QString benchmarkFile;
    QString testFile;
    std::shared_ptr<const TraceDataset> benchmark;
    std::shared_ptr<const TraceDataset> test;
};

FindingList traceFindings(const TraceEvidence &evidence);

// A step this much slower (or more) is a finding; below it the steps "agree".
inline constexpr double StepSlowerRatio = 1.10;
// An op is named when its growth is at least this share of the step gap and it is this much
// slower than in the benchmark.
inline constexpr double OpGapShare = 0.05;
inline constexpr double OpSlowerRatio = 1.5;
inline constexpr int MaxOpFindings = 5;

} // namespace Twinscope::Core
