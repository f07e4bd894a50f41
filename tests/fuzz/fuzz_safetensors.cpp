// libFuzzer target for the safetensors reader (issue #13): any bytes must list tensors or fail
// with an Error, never crash, hang or over-allocate, whatever the header claims. Inputs are also
// written to a file and every listed tensor is read back, so offsets the header lies about are
// checked against the file by the tensor streams as well.
#include "core/checkpoint/safetensorsreader.h"
#include "core/tensor/tensorstream.h"

#include <QTemporaryFile>

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    ProgressSink progress;
    (void)loadSafetensors(
        Source::fromBytes(bytes, QStringLiteral("fuzz.safetensors")), progress, CancelToken());
    QTemporaryFile file(QStringLiteral("/dev/shm/fuzz_st_XXXXXX"));
    if (!file.open() || file.write(bytes) != bytes.size() || !file.flush())
        return 0;
    const Result<TensorDump> r =
        loadSafetensors(Source::fromPath(file.fileName()), progress, CancelToken());
    if (!r.isOk())
        return 0;
    for (const TensorEntry &t : r.value()->tensors) {
        QString error;
        std::vector<double> values;
        (void)readTensorLogical(t, &values, 1 << 20, &error);
    }
    return 0;
}
