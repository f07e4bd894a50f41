#pragma once

#include <string>
#include <string_view>

namespace Twinscope::Core {

// Python's json writes non-finite floats as bare NaN / Infinity / -Infinity, which strict JSON
// parsers (simdjson) reject. This quotes them outside strings so the document parses; readers
// then take the quoted words back as numbers.
std::string quotePythonNonFinite(std::string_view in);

} // namespace Twinscope::Core
