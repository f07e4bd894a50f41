#pragma once

#include "clicommand.h"
#include "core/dump/dumpcompare.h"

namespace Twinscope::App {

// The comparison options that `dumps` and `ckpt` share, read from their parsed arguments:
// --rtol, --atol, --threads and --map. Returns the exit code when an option is bad (message on
// stderr), nullopt when options is filled.
std::optional<int>
readCompareOptions(const QCommandLineParser &parser, Core::CompareOptions *options, CliIo &io);

} // namespace Twinscope::App
