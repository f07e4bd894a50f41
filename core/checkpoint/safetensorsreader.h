#pragma once

#include "checkpointlimits.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

namespace Twinscope::Core {

// A safetensors file (Hugging Face; MindSpore 2.3+ also writes it): an 8-byte little-endian header
// length N, N bytes of JSON {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__":
// {...}}, then the data, offsets relative to its start. Only the header is read; every tensor
// points at its bytes in the file (streamed later through mmap windows, never copied). A header
// that lies (offsets outside the data, a size that does not match dtype × shape, overlapping
// ranges) keeps the tensor as an unreadable entry with a warning naming it; a header that is not
// JSON, or longer than the file, fails. Tensors are listed in natural name order (the header's
// object has no order of its own). A file given as bytes is listed only.
// More than maxEntries tensors are refused before the header is parsed (counted by a scan for
// "data_offsets").
Result<TensorDump> loadSafetensors(const Source &source,
                                   ProgressSink &progress,
                                   const CancelToken &cancel,
                                   qint64 maxEntries = DefaultMaxCheckpointEntries);

// The element type of a safetensors dtype ("F32", "BF16", "I64", "BOOL", ...); Unknown otherwise
// (float8 and complex types, which Twinscope does not read).
DType safetensorsDType(const QString &name);

// safetensors' own bound on the header (100 MB): a longer one is refused before it is read.
constexpr qint64 SafetensorsMaxHeader = 100'000'000;

} // namespace Twinscope::Core
