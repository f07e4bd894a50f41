// libFuzzer target for the msprobe dump.json and ptdbg .pkl readers: any bytes must load or fail
// with an Error, never crash. Each input is read a second time with the first load's names on
// offer (NamePool), as the second side of a pair is; the two loads must agree.
#include "core/dump/msprobereader.h"
#include "core/dump/namepool.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

using namespace Twinscope::Core;

// A reader given its own names again must produce the same tensors.
void checkShared(const Result<TensorDump> &alone, const Result<TensorDump> &shared)
{
    if (alone.isOk() != shared.isOk())
        abort();
    if (!alone.isOk())
        return;
    const auto &a = alone.value()->tensors, &s = shared.value()->tensors;
    if (a.size() != s.size())
        abort();
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a[i].key != s[i].key || a[i].name != s[i].name || a[i].op != s[i].op)
            abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const CancelToken cancel;
    // No tensor folder: data_name files are looked up in a directory that does not exist.
    const QString nowhere = QStringLiteral("/nonexistent-twinscope-fuzz");
    const auto json = parseMsprobeDumpJson(bytes, QStringLiteral("dump.json"), nowhere, cancel);
    if (json.isOk()) {
        DumpReadOptions options;
        options.names = std::make_shared<NamePool>(json.value());
        checkShared(
            json,
            parseMsprobeDumpJson(bytes, QStringLiteral("dump.json"), nowhere, cancel, options));
    }
    const auto pkl = parsePtdbgPkl(bytes, QStringLiteral("dump.pkl"), cancel);
    if (pkl.isOk()) {
        const NamePool names(pkl.value());
        checkShared(pkl, parsePtdbgPkl(bytes, QStringLiteral("dump.pkl"), cancel, &names));
    }
    return 0;
}
