// libFuzzer target for the op-family mapping file (tracediff --map): any bytes must give rules or
// an Error with a line, never crash.
// 2026-11-24: 317 731 runs (150 s, -max_len=4096, two small mapping files as seeds), no finding.
#include "core/trace/opfamilies.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const auto r = Twinscope::Core::parseOpFamilyFile(bytes, QStringLiteral("families.json"));
    if (r.isOk()) {
        Twinscope::Core::OpFamilyMap map = Twinscope::Core::OpFamilyMap::builtIn();
        map.prepend(*r.value());
        (void)map.familyOf(bytes.substr(0, 64));
    }
    return 0;
}
