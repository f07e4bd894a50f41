#include "jsontext.h"

namespace Twinscope::Core {

// Python's json writes non-finite floats as bare NaN / Infinity / -Infinity, which JSON parsers
// reject. Quote them (outside strings) so they parse, and read the quoted words back as numbers.
std::string quotePythonNonFinite(std::string_view in)
{
    std::string out;
    out.reserve(in.size() + 64);
    bool inString = false;
    for (size_t i = 0; i < in.size(); ++i) {
        const char c = in[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < in.size())
                out.push_back(in[++i]);
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out.push_back(c);
            continue;
        }
        for (std::string_view word : {std::string_view("-Infinity"),
                                      std::string_view("Infinity"),
                                      std::string_view("NaN")}) {
            if (in.substr(i, word.size()) == word) {
                out.push_back('"');
                out.append(word);
                out.push_back('"');
                i += word.size() - 1;
                goto next;
            }
        }
        out.push_back(c);
    next:;
    }
    return out;
}

} // namespace Twinscope::Core
