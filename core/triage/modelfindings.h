#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct ModulePipelineResult;

// The module tree's finding (issue #26): `dump.first_divergent_module`, the deepest module whose
// inputs agree and outputs diverge, with its path, msprobe's band and index, and a link to its
// node in the Model tab (KindRow, kind "model"). Nothing when no module diverges: the tensor
// findings of the same dumps already say whether all passes.
FindingList moduleTreeFindings(const ModulePipelineResult &result,
                               const QString &benchPath,
                               const QString &npuPath);

} // namespace Twinscope::Core
