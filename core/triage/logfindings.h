#pragma once

#include "finding.h"

namespace Twinscope::Core {

struct KnowledgeBase;
struct KnownErrorReport;

// One finding per known message found in the logs (issue #15): its cause, the guide's fix as the
// next action and the guide's section, linked to the first line. Messages the guide calls
// harmless are stated as such (Clear); settings only feed the checklist and give no finding.
FindingList knownErrorFindings(const KnownErrorReport &report, const KnowledgeBase &kb);

} // namespace Twinscope::Core
