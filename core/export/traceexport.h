#pragma once

#include "core/trace/tracephases.h"
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

} // namespace Twinscope::Core
