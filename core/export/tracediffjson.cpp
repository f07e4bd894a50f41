#include "tracediffjson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"
#include "core/export/tracejson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue bytesJson(const std::optional<qint64> &bytes)
{
    return bytes ? QJsonValue(double(*bytes)) : QJsonValue(QJsonValue::Null);
}

} // namespace

// The keys are a contract checked outside the project (issue #10, docs/CLI.md): these four, and
// issue #23's additions saying which steps were used (the step model, docs/METRICS.md §11.0).
QJsonObject traceDiffSideJson(const TraceDiffSideSummary &s)
{
    const QString warmup = s.warmupStepName();
    return QJsonObject{
        {u"path"_s, s.path},
        {u"steps"_s, int(s.steps.size())},
        {u"step_us"_s, s.stepNs / 1000.0},
        {u"phases"_s, phasesJson(s.phases)},
        {u"step_policy"_s, traceStepChoiceId(s.choice)},
        {u"steps_used"_s, QJsonArray::fromStringList(s.usedStepNames())},
        {u"warmup_step"_s, warmup.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(warmup)},
        {u"unfinished_steps"_s, QJsonArray::fromStringList(s.unfinishedStepNames())}};
}

QJsonObject traceDiffJson(const TraceDiff &d, const Diagnostics &diagnostics)
{
    QJsonArray categories;
    for (const TraceCategoryDiffRow &c : d.categories) {
        categories.append(QJsonObject{{u"name"_s, stepCategoryId(c.category)},
                                      {u"baseline_us"_s, c.baselineNs / 1000.0},
                                      {u"target_us"_s, c.targetNs / 1000.0},
                                      {u"delta_us"_s, c.deltaNs() / 1000.0}});
    }
    QJsonArray ops;
    for (const OpDiffRow &o : d.ops) {
        ops.append(QJsonObject{
            {u"name"_s, o.name},
            {u"family"_s, o.family.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(o.family)},
            {u"level"_s, opLevelId(o.level)},
            {u"state"_s, opDiffStateId(o.state)},
            {u"baseline_count"_s, o.baselineCount},
            {u"target_count"_s, o.targetCount},
            {u"baseline_us"_s, o.baselineNs / 1000.0},
            {u"target_us"_s, o.targetNs / 1000.0},
            {u"delta_us"_s, o.deltaNs() / 1000.0},
            {u"symptom"_s, o.symptom},
            {u"short_name"_s, o.shortName}});
    }
    return QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                       {u"baseline"_s, traceDiffSideJson(d.baseline)},
                       {u"target"_s, traceDiffSideJson(d.target)},
                       {u"categories"_s, categories},
                       {u"ops"_s, ops},
                       {u"memory"_s,
                        QJsonObject{{u"baseline_peak_bytes"_s, bytesJson(d.baseline.peakBytes)},
                                    {u"target_peak_bytes"_s, bytesJson(d.target.peakBytes)}}},
                       {u"warnings"_s, warningsJson(diagnostics)}};
}

} // namespace Twinscope::Core
