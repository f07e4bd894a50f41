// libFuzzer target for the restricted pickle reader and the torch.save archive around it: any
// bytes must parse or fail with an Error, never crash, hang, recurse without bound or
// over-allocate; the value tree of whatever parses is walked to its leaves.
#include "core/torch/torchfile.h"

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

namespace {

void walk(const PickleValue &v, int depth)
{
    (void)v.describe();
    if (depth > 300)
        __builtin_trap(); // the reader promised at most PickleOptions::maxDepth levels
    if (v.kind() == PickleValue::Kind::Dict) {
        for (qsizetype i = 0; i < v.size(); ++i) {
            walk(v.key(i), depth + 1);
            walk(v.value(i), depth + 1);
        }
        walk(v.attributes(), depth + 1);
    } else {
        for (qsizetype i = 0; i < v.size(); ++i)
            walk(v.at(i), depth + 1);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    for (const bool opaque : {false, true}) {
        PickleOptions options;
        options.opaqueObjects = opaque;
        options.maxNodes = 1 << 16;
        Error error;
        if (const auto doc = parseTorchPickle(bytes, QStringLiteral("fuzz.pkl"), options, &error))
            walk(doc->root(), 0);
    }
    Error error;
    const QByteArray copy(bytes.data(), qsizetype(size));
    if (const auto file =
            TorchFile::open(Source::fromBytes(copy, QStringLiteral("fuzz.pt")), {}, &error)) {
        walk(file->root(), 0);
        for (const TorchTensorRef &t : file->document().tensors()) {
            TensorEntry entry;
            QString problem;
            (void)file->describeTensor(t, &entry, &problem);
        }
        for (int s = 0; s < file->document().storages().size(); ++s)
            (void)file->storageData(s, &error);
    }
    return 0;
}
