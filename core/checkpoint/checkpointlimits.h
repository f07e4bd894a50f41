#pragma once

#include <QtGlobal>

namespace Twinscope::Core {

// Checkpoints with more entries (parameters, safetensors tensors, pickled tensors) are refused
// with a message naming the cap (ckpt --max-entries): every entry costs a few KB through the name
// mapping and the comparison, and a 30 MB .ckpt can declare a million one-element parameters
// (issue #30). 2^17 is above the tensors of the largest single-file checkpoints (a 671B MoE has
// about 91 k tensors in all its shards).
constexpr qint64 DefaultMaxCheckpointEntries = qint64(1) << 17;

} // namespace Twinscope::Core
