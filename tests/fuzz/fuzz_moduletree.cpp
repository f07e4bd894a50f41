// libFuzzer target for the module tree (issue #26): construct.json and dump.json in one input,
// split at the first NUL byte (no NUL: the same bytes for both), must build a tree or fail with an
// Error, never crash; a tree must compare with itself without a divergent module. Seeds: the
// construct.json and dump.json of tests/data/dump/msprobe_modules joined by a NUL byte.
#include "core/dump/modulecompare.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const size_t nul = bytes.find('\0');
    const std::string_view construct = nul == std::string_view::npos ? bytes : bytes.substr(0, nul);
    const std::string_view dump = nul == std::string_view::npos ? bytes : bytes.substr(nul + 1);
    const auto tree = parseModuleTree(construct, dump, QStringLiteral("construct.json"), dump);
    if (!tree.isOk())
        return 0;
    const auto self = compareModuleTrees(tree.value(), tree.value());
    // Equal inputs everywhere: nothing can diverge, every node is matched to itself or not at all.
    if (self->firstDivergent >= 0 || self->firstDivergentApi >= 0)
        abort();
    ModuleCompareOptions fuzzy;
    fuzzy.fuzzy = true;
    (void)compareModuleTrees(tree.value(), tree.value(), fuzzy);
    return 0;
}
