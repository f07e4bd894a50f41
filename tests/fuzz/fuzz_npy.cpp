// libFuzzer target for the .npy header parser and the dump-name parsers: any bytes must parse or
// fail with an Error, never crash, hang or over-allocate.
#include "core/dump/npyreader.h"
#include "core/tensor/dumpnames.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    Twinscope::Core::Error error;
    (void)Twinscope::Core::parseNpyHeader(bytes, QStringLiteral("fuzz.npy"), &error);
    const QString name = QString::fromLatin1(bytes.substr(0, 512)) + QStringLiteral(".npy");
    (void)Twinscope::Core::parseAscendDumpName(name);
    (void)Twinscope::Core::parseMsprobeTensorName(name);
    (void)Twinscope::Core::fuzzyKey(name);
    return 0;
}
