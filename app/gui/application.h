#pragma once

namespace Twinscope::App {

// Builds QApplication, applies settings and language, shows the main window and opens the files
// named on the command line.
int runGui(int argc, char **argv);

} // namespace Twinscope::App
