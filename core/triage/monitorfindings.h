#pragma once

#include "finding.h"

#include <optional>

namespace Twinscope::Core {

struct MonitorComparison;

// The findings of two training-state monitors (issue #27): where B's per-module statistics first
// leave A's noise floor, tied to the loss fork when a loss pair forked ("loss forks at step 40;
// the gradient norm of layers.23.mlp departs at step 37"). Two monitors within their floors give
// one Clear finding. The link opens the Monitor tab at the metric, module and rank (KindRow,
// name "metric|module", row = rank, step); the evidence names the loss step for the loss view.
FindingList monitorFindings(const MonitorComparison &comparison,
                            const QString &benchmarkPath,
                            const QString &testPath,
                            std::optional<qint64> lossForkStep);

} // namespace Twinscope::Core
