#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct OpInfoDataset;
struct OpInfoReport;

// The findings of op-info logs (issue #15): op types recompiled after the first step with the
// dimension that varies (the porting guide's remedy as the next action), AI CPU fallbacks, and a
// large TransData/Cast share of the compiles.
FindingList opInfoFindings(const OpInfoDataset &dataset, const OpInfoReport &report);

// A TransData + Cast share of all compiles above this is worth a finding: a few format and dtype
// conversions are normal around private formats and mixed precision.
inline constexpr double ConversionShareFinding = 0.25;

} // namespace Twinscope::Core
