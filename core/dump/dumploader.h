#pragma once

#include "core/common/filesniffer.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

namespace Twinscope::Core {

// Any supported dump, by content (docs/FORMATS.md §5): HDF5 (dumper or generic), .npy file or
// folder, msprobe dump.json or dump folder, ptdbg .pkl. torch .pt files fail with instructions.
// Tensors over options.maxElements, and files outside the dump's folder, become unreadable rows
// with a counted warning. sniffed: what the caller's sniffer found for source.path (read again when
// absent).
Result<TensorDump> loadDump(const Source &source,
                            ProgressSink &progress,
                            const CancelToken &cancel,
                            const DumpReadOptions &options = {},
                            const std::optional<SniffResult> &sniffed = std::nullopt);

} // namespace Twinscope::Core
