#include "tracejson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QJsonObject phasesJson(const TracePhases &p)
{
    return QJsonObject{
        {u"computing_us"_s, nsToUs(p.computingNs)},
        {u"communication_us"_s, nsToUs(p.communicationNs)},
        {u"communication_not_overlapped_us"_s, nsToUs(p.communicationNotOverlappedNs)},
        {u"overlapped_us"_s, nsToUs(p.overlappedNs)},
        {u"free_us"_s, nsToUs(p.freeNs)}};
}

QJsonValue phasesJson(const TracePhasesResult &result)
{
    if (!result.phases)
        return QJsonValue::Null;
    return phasesJson(*result.phases);
}

QJsonArray stepsJson(const TraceSteps &steps)
{
    QJsonArray out;
    for (const TraceStep &s : steps.steps) {
        out.append(QJsonObject{
            {u"name"_s, steps.detected ? QJsonValue(s.name) : QJsonValue(QJsonValue::Null)},
            {u"start_us"_s, nsToUs(s.startNs)},
            {u"dur_us"_s, nsToUs(s.durationNs())}});
    }
    return out;
}

QJsonObject traceFileJson(const TraceFileOutcome &f)
{
    QJsonObject file{{u"path"_s, f.path}, {u"warnings"_s, warningsJson(f.diagnostics)}};
    if (f.error) {
        file.insert(u"error"_s, errorJson(*f.error));
        return file;
    }
    const TraceDataset &ds = *f.dataset;
    file.insert(u"producer"_s, ds.producer.isEmpty() ? QJsonValue() : QJsonValue(ds.producer));
    QJsonObject phases;
    for (auto it = ds.eventsByPhase.cbegin(); it != ds.eventsByPhase.cend(); ++it)
        phases.insert(it.key(), it.value());
    file.insert(u"events_by_phase"_s, phases);
    if (f.steps)
        file.insert(u"steps"_s, stepsJson(*f.steps));
    file.insert(u"phases"_s, phasesJson(f.phases));
    if (!f.phases.phases)
        file.insert(u"phases_reason"_s, f.phases.reason);
    if (f.profilerPhases)
        file.insert(u"profiler_phases"_s, phasesJson(*f.profilerPhases));
    file.insert(u"run"_s, f.run);
    file.insert(u"align"_s, traceAlignModeId(f.align));
    file.insert(u"offset_us"_s, nsToUs(f.offsetNs));
    return file;
}

QJsonObject traceJson(const TraceAnalysis &a,
                      const std::vector<OpStatisticsRow> &top,
                      double loadSeconds,
                      const Diagnostics &diagnostics)
{
    QJsonArray files;
    for (const TraceFileOutcome &f : a.files)
        files.append(traceFileJson(f));
    const TraceTotals &t = a.totals;
    const double spanUs = t.hasSpan ? nsToUs(t.lastNs - t.firstNs) : 0.0;
    QJsonArray skipped;
    for (const SkippedTraceFile &f : a.skipped)
        skipped.append(
            QJsonObject{{u"path"_s, f.path},
                        {u"kind"_s, f.kind},
                        {u"format"_s, f.format.isEmpty() ? QJsonValue() : QJsonValue(f.format)}});
    QJsonArray topJson;
    for (const OpStatisticsRow &row : top) {
        topJson.append(QJsonObject{{u"name"_s, row.name},
                                   {u"count"_s, row.count},
                                   {u"total_us"_s, nsToUs(row.totalNs)},
                                   {u"self_us"_s, nsToUs(row.selfNs)},
                                   {u"avg_us"_s, row.averageNs() / 1000.0},
                                   {u"max_us"_s, nsToUs(row.maxNs)}});
    }
    return QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                       {u"files"_s, files},
                       {u"slices"_s, t.slices},
                       {u"instants"_s, t.instants},
                       {u"counter_samples"_s, t.counterSamples},
                       {u"flows"_s, t.flows},
                       {u"processes"_s, t.processes},
                       {u"tracks"_s, t.tracks},
                       {u"span_us"_s, spanUs},
                       {u"skipped"_s, skipped},
                       {u"load_seconds"_s, loadSeconds},
                       {u"top"_s, topJson},
                       {u"warnings"_s, warningsJson(diagnostics)}};
}

} // namespace Twinscope::Core
