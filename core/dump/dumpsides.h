#pragma once

#include "core/common/filesniffer.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/tensor/tensordump.h"

namespace Twinscope::Core {

// The two dumps of one comparison, benchmark first.
struct DumpSides
{
    std::shared_ptr<const TensorDump> bench;
    std::shared_ptr<const TensorDump> npu;
};

// Loads both sides of one comparison (a plain pair or one run of two msprobe trees). The same
// file or folder on both sides is read once, and the NPU side shares the bench's equal names
// (namepool.h): both halve the memory of the largest comparisons (issue #16). Each side's
// warnings carry its path; a side read once still counts its warnings for both. Progress: the
// bench is the first half, the NPU side the second. Exceptions become `internal` errors naming
// the side's path.
// benchSniff/npuSniff: the callers' sniffs of the two paths, when they made them.
Result<DumpSides> loadDumpSides(const QString &benchPath,
                                const QString &npuPath,
                                const DumpReadOptions &read,
                                ProgressSink &progress,
                                const CancelToken &cancel,
                                const std::optional<SniffResult> &benchSniff = std::nullopt,
                                const std::optional<SniffResult> &npuSniff = std::nullopt);

} // namespace Twinscope::Core
