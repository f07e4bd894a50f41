#pragma once

#include "core/common/diagnostics.h"
#include "core/trace/tracephases.h"
#include "core/trace/tracepipeline.h"
#include "core/trace/tracesteps.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace Twinscope::Core {

// The JSON shapes `trace --json` and `tracediff --json` share (docs/CLI.md), so a phase or a step
// reads the same in both.

// {computing_us, communication_us, communication_not_overlapped_us, overlapped_us, free_us}.
QJsonObject phasesJson(const TracePhases &phases);
// The phases, or null when there are none.
QJsonValue phasesJson(const TracePhasesResult &result);
// [{name, start_us, dur_us}], start in the trace's own clock; the whole-trace step of a trace
// without marks has name null.
QJsonArray stepsJson(const TraceSteps &steps);

inline double nsToUs(qint64 ns)
{
    return double(ns) / 1000.0;
}

// What `twinscope-cli trace --json` writes (docs/CLI.md): the keys are a contract with scripts.

// The document: schemaVersion, files[] (traceFileJson), slices, instants, counter_samples, flows,
// processes, tracks, span_us, skipped[] {path, kind, format}, load_seconds, top[] {name, count,
// total_us, self_us, avg_us, max_us} (the rows given: the command shows the same ops as text),
// warnings[].
QJsonObject traceJson(const TraceAnalysis &analysis,
                      const std::vector<OpStatisticsRow> &top,
                      double loadSeconds,
                      const Diagnostics &diagnostics);
// One element of files[]: path, warnings[], and error (errorJson) when it failed to load, else
// producer, events_by_phase, steps[], phases (phases_reason when none), profiler_phases, run,
// align, offset_us.
QJsonObject traceFileJson(const TraceFileOutcome &file);

} // namespace Twinscope::Core
