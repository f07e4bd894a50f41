#pragma once

#include "core/common/error.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

#include <string_view>

namespace Twinscope::Core {

// A parsed .npy header (docs/FORMATS.md §5.2): format v1-v3, every numeric dtype, C or Fortran
// order.
struct NpyHeader
{
    int major = 0;
    int minor = 0;
    DType dtype = DType::Unknown;
    bool bigEndian = false;
    bool fortranOrder = false;
    QList<qint64> shape;
    qint64 dataOffset = 0; // where the elements start
    qint64 dataBytes = 0;  // numel * itemsize
};

// Parses the header at the start of bytes (which may be just the first few KiB of a file). On
// failure returns nullopt and fills *error (code, message, offset, expected, found); name is the
// display name.
std::optional<NpyHeader> parseNpyHeader(std::string_view bytes, const QString &name, Error *error);

// One .npy file as a one-tensor entry (data streamed later through mmap windows). A file shorter
// than its header promises fails with ErrorCode::Truncated.
std::optional<TensorEntry> readNpyTensor(const QString &path, Error *error);

// A single .npy file, or a folder of them named as MindSpore / Ascend-converted / msprobe name them
// (op type, op name, timestamp, input|output, index), ordered by timestamp, else by name. A file in
// the folder that is a symlink leading out of it is an unreadable row unless
// options.allowOutsideFolder.
Result<TensorDump> loadNpyDump(const Source &source,
                               ProgressSink &progress,
                               const CancelToken &cancel,
                               const DumpReadOptions &options = {});

// A .npz archive (numpy.savez), read with ZipReader: every stored .npy member is a tensor named by
// its member name, in archive order, streamed later from its offset inside the file (zero copy).
// Deflated members (numpy.savez_compressed) and damaged members become unreadable rows with a
// message (deflated ones keep their shape and dtype); a damaged archive fails. Members of an
// archive given as bytes are listed but cannot be streamed.
Result<TensorDump>
loadNpzDump(const Source &source, ProgressSink &progress, const CancelToken &cancel);

} // namespace Twinscope::Core
