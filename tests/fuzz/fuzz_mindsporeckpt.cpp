// libFuzzer target for the MindSpore .ckpt decoder (issue #13): any bytes must list parameters or
// fail with an Error, never crash, hang or over-allocate. Inputs are also written to a file and
// every listed parameter is streamed, so the piece table (sliced parameters) and the misaligned
// float path of the tensor streams are fuzzed with the decoder's own offsets.
#include "core/checkpoint/mindsporeckpt.h"
#include "core/tensor/tensorstream.h"

#include <QTemporaryFile>

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    ProgressSink progress;
    (void)loadMindSporeCheckpoint(
        Source::fromBytes(bytes, QStringLiteral("fuzz.ckpt")), progress, CancelToken());
    QTemporaryFile file(QStringLiteral("/dev/shm/fuzz_ckpt_XXXXXX"));
    if (!file.open() || file.write(bytes) != bytes.size() || !file.flush())
        return 0;
    const Result<TensorDump> r =
        loadMindSporeCheckpoint(Source::fromPath(file.fileName()), progress, CancelToken());
    if (!r.isOk())
        return 0;
    std::vector<double> values(4096);
    for (const TensorEntry &t : r.value()->tensors) {
        QString error;
        auto stream = TensorStream::open(t, &error);
        if (!stream)
            continue;
        for (qint64 done = 0; done < t.numel() && done < (1 << 20);) {
            qint64 got = 0;
            if (stream->readFloats(7, &got, &error) == nullptr) {
                got = stream->read(values.data(), qint64(values.size()), &error);
                if (got <= 0)
                    break;
            }
            if (got <= 0)
                break;
            done += got;
        }
    }
    return 0;
}
