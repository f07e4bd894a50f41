#pragma once

namespace Twinscope::Core {

// Filled in at configure time (core/common/buildinfo.cpp.in).
const char *buildVersion();
const char *buildGitHash();

} // namespace Twinscope::Core
