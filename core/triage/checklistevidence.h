#pragma once

#include "checklist.h"

#include <vector>

namespace Twinscope::Core {

struct TriageAnalysis;
struct KnowledgeBase;

// What the evidence says about the precision checklist (issue #15): the loss comparison decides
// the symptom items (sc.02 the first step, sc.03 the second), an overflow (NaN loss, a NaN origin
// in the dumps, loss-scale drops) marks mp.01, and knowledge-base entries that name an item
// (determinism and seed settings seen in the logs: sc.01) give that item's state. The user's own
// choice always wins (applySuggestions).
std::vector<ChecklistSuggestion> checklistSuggestions(const TriageAnalysis &analysis,
                                                      const KnowledgeBase &kb);

} // namespace Twinscope::Core
