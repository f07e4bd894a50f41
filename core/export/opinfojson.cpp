#include "opinfojson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"
#include "core/opinfo/plogline.h"

#include <QJsonArray>
#include <QVariantMap>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue tsValue(qint64 ns)
{
    return ns < 0 ? QJsonValue() : QJsonValue(formatTimestampNs(ns));
}

QJsonArray conversionSignatures(const OpInfoReport &r, const QString &type)
{
    QJsonArray out;
    for (const ConversionSignature &c : r.conversions.signatures) {
        if (c.type != type)
            continue;
        out.append(
            QJsonObject{{u"signature"_s, c.description},
                        {u"count"_s, c.count},
                        {u"private_formats"_s, QJsonArray::fromStringList(c.privateFormats)}});
    }
    return out;
}

} // namespace

QJsonObject
opInfoJson(const OpInfoDataset &ds, const OpInfoReport &r, const Diagnostics &diagnostics)
{
    QJsonArray types;
    for (const OpTypeStats &t : r.opTypes) {
        types.append(QJsonObject{{u"type"_s, t.type},
                                 {u"count"_s, t.compiles},
                                 {u"signatures"_s, t.signatures},
                                 {u"truncated"_s, t.truncated},
                                 {u"after_cutoff"_s, t.afterCutoff},
                                 {u"new_after_cutoff"_s, t.newAfterCutoff},
                                 {u"first_ts"_s, tsValue(t.firstNs)},
                                 {u"last_ts"_s, tsValue(t.lastNs)},
                                 {u"shapes"_s, QJsonArray::fromStringList(t.shapes)},
                                 {u"dtypes"_s, QJsonArray::fromStringList(t.dtypes)},
                                 {u"formats"_s, QJsonArray::fromStringList(t.formats)}});
    }
    QJsonArray recompiled;
    for (const RecompileInfo &rc : r.recompiled) {
        QJsonArray dims;
        QJsonObject values;
        for (const VaryingDim &v : rc.varying) {
            dims.append(v.where);
            // QJsonObject::insert keeps its keys sorted by moving the rest: 10^5 values of one
            // dimension made that quadratic. A QVariantMap sorts as it goes and converts in one
            // pass.
            QVariantMap counts;
            for (const auto &p : v.values)
                counts.insert(p.first, p.second);
            values.insert(v.where, QJsonObject::fromVariantMap(counts));
        }
        recompiled.append(QJsonObject{{u"type"_s, rc.type},
                                      {u"signatures"_s, rc.signatures},
                                      {u"compiles"_s, rc.compiles},
                                      {u"after_cutoff"_s, rc.afterCutoff},
                                      {u"new_after_cutoff"_s, rc.newAfterCutoff},
                                      {u"varying_dims"_s, dims},
                                      {u"dim_values"_s, values},
                                      {u"remedy"_s, rc.remedy}});
    }
    QJsonArray errors;
    for (const LogMessageSummary &m : ds.messages) {
        errors.append(QJsonObject{{u"module"_s, m.module},
                                  {u"level"_s, m.level},
                                  {u"count"_s, m.count},
                                  {u"first"_s, m.first},
                                  {u"first_ts"_s, tsValue(m.firstTimeNs)},
                                  {u"file"_s, ds.files.value(qsizetype(m.firstFile))},
                                  {u"line"_s, m.firstLine}});
    }
    QJsonArray aicpu;
    for (const AiCpuFallback &a : ds.aicpuFallbacks) {
        aicpu.append(QJsonObject{{u"op"_s, a.op.isEmpty() ? QJsonValue() : QJsonValue(a.op)},
                                 {u"count"_s, a.count},
                                 {u"first"_s, a.first},
                                 {u"file"_s, ds.files.value(qsizetype(a.firstFile))},
                                 {u"line"_s, a.firstLine}});
    }
    return QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                       {u"files"_s, QJsonArray::fromStringList(ds.files)},
                       {u"compile_events"_s, r.compileEvents},
                       {u"truncated_records"_s, r.truncatedRecords},
                       {u"op_types"_s, types},
                       {u"transdata"_s,
                        QJsonObject{{u"count"_s, r.conversions.transData},
                                    {u"share"_s, r.conversions.transDataShare},
                                    {u"signatures"_s, conversionSignatures(r, u"TransData"_s)}}},
                       {u"cast"_s,
                        QJsonObject{{u"count"_s, r.conversions.cast},
                                    {u"share"_s, r.conversions.castShare},
                                    {u"signatures"_s, conversionSignatures(r, u"Cast"_s)}}},
                       {u"recompiled"_s, recompiled},
                       {u"cutoff"_s,
                        QJsonObject{{u"ts"_s, tsValue(r.cutoffNs)},
                                    {u"source"_s, cutoffSourceId(r.cutoffSource)},
                                    {u"after_cutoff"_s, r.afterCutoff}}},
                       {u"errors"_s, errors},
                       {u"aicpu_fallbacks"_s, aicpu},
                       {u"markers"_s, qint64(ds.markers.size())},
                       {u"lines"_s, ds.lines},
                       {u"unparsed_lines"_s, ds.unparsedLines},
                       {u"from_summary"_s, ds.fromSummary},
                       {u"from_profiler"_s, ds.fromProfiler},
                       {u"warnings"_s, warningsJson(diagnostics)}};
}

} // namespace Twinscope::Core
