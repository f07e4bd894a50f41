#pragma once

#include "core/common/diagnostics.h"
#include "core/triage/triagepipeline.h"

#include <QJsonObject>

namespace Twinscope::Core {

// What `twinscope-cli triage --json` writes (docs/CLI.md): the keys are a contract with scripts.
// The document: schemaVersion, findings[] and clear[] (findingJson, core/triage/finding.h),
// failed_inputs[], warnings[]. findings[] are the problems only; the "nothing wrong here"
// statements (severity clear) go to clear[], so a benign pair (det vs non-det) raises no finding
// while still saying what was checked. failedInputs: the analysis's failed inputs and those the
// command refused before it ran (a workspace's inputs outside its folder, issue #31).
QJsonObject triageJson(const TriageAnalysis &analysis,
                       const QStringList &failedInputs,
                       const Diagnostics &diagnostics);

} // namespace Twinscope::Core
