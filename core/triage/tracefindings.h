#pragma once

#include "core/common/progress.h"
#include "finding.h"

#include <memory>

namespace Twinscope::Core {

class TraceDataset;
struct TraceDiff;

// The findings of a benchmark timeline against the run under test (issue #15): the step time
// ratio with the gap's shares by category (computing, communication not overlapped, device idle),
// device idle time that grew (host-bound), the device ops whose time grew most, and AI CPU time.
// With issue #10's comparison of the two (diff), the step and its shares are the diff's
// categories and the ops are its device op rows, paired by family, so a CUDA kernel meets the
// Ascend op that does its work; without it, ops are matched by name (one platform's runs only).
struct TraceEvidence
{
    QString benchmarkFile;
    QString testFile;
    std::shared_ptr<const TraceDataset> benchmark;
    std::shared_ptr<const TraceDataset> test;
    std::shared_ptr<const TraceDiff> diff;
};

// The two loaded timelines (one rank each) compared over every complete step, per step on
// average as the findings count; null when either is missing or the comparison fails.
std::shared_ptr<const TraceDiff> diffTraceEvidence(const TraceEvidence &evidence,
                                                   const CancelToken &cancel = {});

FindingList traceFindings(const TraceEvidence &evidence);

// A step this much slower (or more) is a finding; below it the steps "agree".
inline constexpr double StepSlowerRatio = 1.10;
// An op is named when its growth is at least this share of the step gap and it is this much
// slower than in the benchmark.
inline constexpr double OpGapShare = 0.05;
inline constexpr double OpSlowerRatio = 1.5;
inline constexpr int MaxOpFindings = 5;

} // namespace Twinscope::Core
