#include "compareoptions.h"

using namespace Qt::StringLiterals;

namespace Twinscope::App {

std::optional<int>
readCompareOptions(const QCommandLineParser &parser, Core::CompareOptions *options, CliIo &io)
{
    for (const auto &[name, target] :
         {std::pair{u"rtol"_s, &options->rtol}, std::pair{u"atol"_s, &options->atol}}) {
        if (!parser.isSet(name))
            continue;
        bool ok = false;
        *target = parser.value(name).toDouble(&ok);
        if (!ok || *target < 0) {
            io.err << CliTr::tr("--%1 needs a non-negative number, got %2.")
                          .arg(name, parser.value(name))
                   << '\n';
            return ExitUsage;
        }
    }
    if (parser.isSet(u"threads"_s)) {
        bool threadsOk = false;
        options->threads = parser.value(u"threads"_s).toInt(&threadsOk);
        if (!threadsOk || options->threads < 1 || options->threads > 256) {
            io.err << CliTr::tr("--threads needs a number from 1 to 256.") << '\n';
            return ExitUsage;
        }
    }
    if (parser.isSet(u"map"_s)) {
        QString error;
        if (!Core::loadMappingFile(parser.value(u"map"_s), &options->mapping, &error)) {
            io.err << error << '\n';
            return ExitInput;
        }
    }
    return std::nullopt;
}

} // namespace Twinscope::App
