#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

namespace Twinscope::Core {

// Lists the tensors of an HDF5 dump without reading their data (docs/FORMATS.md §5.1): the
// torch.utils.dumper layout /{irName}/{seqId}/input|output/{arg} with its DataType/Stride
// attributes, or any other layout, where every numeric dataset is a tensor named by its path and
// ordered by a call_index-like attribute of an enclosing group, else by path. Rank, dimensions and
// dtype are validated here; a tensor that cannot be read keeps a reason and becomes an error row
// later.
Result<TensorDump>
loadHdf5Dump(const Source &source, ProgressSink &progress, const CancelToken &cancel);

} // namespace Twinscope::Core
