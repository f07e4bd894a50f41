#pragma once

#include "checklist.h"
#include "core/checkpoint/checkpointcompare.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"
#include "core/loss/losspipeline.h"
#include "core/opinfo/opinfopipeline.h"
#include "core/profile/profileanalysis.h"
#include "core/trace/tracepipeline.h"
#include "finding.h"
#include "investigationfile.h"
#include "knownerrors.h"

#include <memory>

namespace Twinscope::Core {

// The triage pipeline (issue #15): a workspace's inputs -> each kind's own pipeline (the same
// functions the tabs and the CLI commands call) -> one adapter per kind of evidence
// (lossfindings.h, dumpfindings.h, tracefindings.h, opinfofindings.h, logfindings.h,
// profilefindings.h, checkpointfindings.h) -> ranked
// findings. An input whose kind is empty is sniffed. Pairs take the input with role benchmark as
// the benchmark and the one with role target as the run under test, else the first two of a kind
// in order. Op-info and known-error scans look at every input of the kind that is not the
// benchmark; plogs are scanned for known errors too.
//
// Adding a kind of evidence (issue #10 tracediff, #11 profiler folders, #12 dump verdicts, #13
// checkpoints): write its adapter `FindingList xFindings(const XAnalysis &)` in core/triage/, run
// its pipeline in triagepipeline.cpp beside the others, keep its analysis in TriageAnalysis for
// the links, and append the adapter's findings.
struct TriagePipelineInput
{
    InvestigationFile workspace;
    bool scanLogs = true; // known errors in plogs and stdout captures
};

struct TriageAnalysis
{
    FindingList findings; // ranked (rankFindings)
    // What the findings were drawn from, for the views their links open; null when absent.
    std::shared_ptr<const LossAnalysis> loss;
    std::shared_ptr<const DumpSeries> dumps;
    std::shared_ptr<const OverflowSeries> overflow; // the run under test's dumps analysed alone
    std::shared_ptr<const TraceAnalysis> traces;
    std::shared_ptr<const OpInfoAnalysis> opinfo;
    std::shared_ptr<const KnownErrorReport> knownErrors;
    std::shared_ptr<const ProfileAnalysis> profile;
    std::shared_ptr<const CheckpointComparison> checkpoints;
    QStringList failedInputs; // inputs that could not be read (their errors are in diagnostics)
    // What the evidence says about the precision checklist (checklistevidence.h).
    std::vector<ChecklistSuggestion> checklist;
};

// Fails only when the workspace has no input; an input that cannot be read is a warning naming
// it, and the findings come from the others.
Result<TriageAnalysis> runTriagePipeline(const TriagePipelineInput &input,
                                         ProgressSink &progress,
                                         const CancelToken &cancel);

} // namespace Twinscope::Core
