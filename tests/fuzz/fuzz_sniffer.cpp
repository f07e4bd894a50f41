// libFuzzer target for the content sniffer: any bytes must classify without crashing.
#include "core/common/filesniffer.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    (void)Twinscope::Core::sniffBytes(bytes, QStringLiteral("fuzz.json"), qint64(size));
    return 0;
}
