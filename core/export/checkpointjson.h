#pragma once

#include "core/checkpoint/checkpointcompare.h"
#include "core/common/diagnostics.h"

#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli ckpt --json` writes (docs/CLI.md). Exactly these keys: the contract of
// issue #13, checked outside the project.

// The document: schemaVersion, structure (checkpointStructureJson), pairs, tensors[]
// (compareRowJson, comparejson.h, as `dumps` writes them), first_divergent, warnings[].
QJsonObject checkpointJson(const CheckpointComparison &comparison, const Diagnostics &diagnostics);
// structure {a_params, b_params, a_trainable, b_trainable, shape_mismatches[] {a, b, a_shape,
// b_shape}, only_in_a[], only_in_b[]}.
QJsonObject checkpointStructureJson(const CheckpointComparison &comparison);

} // namespace Twinscope::Core
