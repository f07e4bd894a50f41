// libFuzzer target for the msprobe dump.json and ptdbg .pkl readers: any bytes must load or fail
// with an Error, never crash.
#include "core/dump/msprobereader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const Twinscope::Core::CancelToken cancel;
    // No tensor folder: data_name files are looked up in a directory that does not exist.
    (void)Twinscope::Core::parseMsprobeDumpJson(
        bytes, QStringLiteral("dump.json"), QStringLiteral("/nonexistent-twinscope-fuzz"), cancel);
    (void)Twinscope::Core::parsePtdbgPkl(bytes, QStringLiteral("dump.pkl"), cancel);
    return 0;
}
