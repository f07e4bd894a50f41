#pragma once

#include "checkpointlimits.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

namespace Twinscope::Core {

// A MindSpore checkpoint (.ckpt, mindspore.save_checkpoint): a series of serialized protobuf
// messages of MindSpore's public checkpoint.proto,
//   Checkpoint { repeated Value value = 1; }
//   Value { string tag = 1; TensorProto tensor = 2; MapTensorProto maptensor = 3; }
//   TensorProto { repeated int64 dims = 1; string tensor_type = 2; bytes tensor_content = 3; }
// decoded field by field with libprotobuf's CodedInputStream, one Value at a time, so files over
// 2 GiB (protobuf's limit for one message) read too. Tensor contents are never copied: each
// parameter points at its bytes in the file (several pieces when MindSpore sliced a parameter over
// 512 MiB into consecutive Values with one tag) and is streamed later through mmap windows.
//
// dims [0] is a scalar when the content holds one element (MindSpore's convention). An unknown
// tensor_type keeps the parameter as an unreadable entry with a warning naming it; "str" and
// "random_op" entries and map parameters are not tensors and are counted, not listed. A file cut
// off inside a Value keeps the complete parameters before it (warning "ckpt_truncated"); damage
// in the framing fails with the byte offset. A checkpoint given as bytes is listed only.
Result<TensorDump> loadMindSporeCheckpoint(const Source &source,
                                           ProgressSink &progress,
                                           const CancelToken &cancel,
                                           qint64 maxEntries = DefaultMaxCheckpointEntries);

// MindSpore's tensor_type spelling ("Float32", "BFloat16", "Bool", ...); Unknown otherwise.
DType mindSporeDType(const QString &tensorType);

} // namespace Twinscope::Core
