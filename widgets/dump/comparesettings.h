#pragma once

#include "core/dump/dumpcompare.h"

namespace Twinscope::Widgets {

// The verdict thresholds and tolerances the user set in the Dumps tab (QSettings group "dumps";
// msprobe's values by default). The Checkpoints tab judges with the same ones, so a verdict means
// the same in both.
Core::CompareOptions compareOptionsFromSettings();

} // namespace Twinscope::Widgets
