#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct ProfileAnalysis;

// The findings of profiler folders (issue #15): the slow ranks and slow links msprof-analyze's
// cluster rules name (profileanalysis.h), each with the numbers against the median and where to
// look next. No rank past the rule gives no finding: the rules need three ranks to mean anything.
FindingList profileFindings(const ProfileAnalysis &analysis);

} // namespace Twinscope::Core
