// libFuzzer target for the MindSpore profiler tables (framework_raw_*.csv,
// dynamic_shape_info_*.json; issue #16: "garbage table rows counted"): any bytes must parse, count
// what they could not read and never crash. The table kind is sniffed from the head as the loader
// does, then both parsers run on the same bytes, whatever the sniffer said. Run (fuzz preset):
//   scripts/fuzz.sh 300 fuzz_mindsporetables
#include "core/opinfo/mindsporeopinfo.h"
#include "core/opinfo/opinfoanalysis.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    (void)mindSporeTable(bytes);
    for (const ProfilerParse &p :
         {parseMindSporeFrameworkRaw(bytes, QStringLiteral("fuzz.csv")),
          parseMindSporeDynamicShape(bytes, QStringLiteral("fuzz.json"))}) {
        // The counts must stay consistent with what was listed.
        if (p.unparsed < 0 || p.firstUnparsed.size() > p.unparsed)
            std::abort();
        for (const ProfilerCompile &c : p.compiles)
            (void)describeSignature(c.signature);
    }
    return 0;
}
