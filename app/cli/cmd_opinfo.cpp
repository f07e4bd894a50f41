#include "clicommand.h"
#include "core/export/diagnosticsexport.h"
#include "core/opinfo/opinfopipeline.h"
#include "core/opinfo/plogline.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QLocale>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

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

QJsonObject toJson(const OpInfoDataset &ds, const OpInfoReport &r)
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
                       {u"from_profiler"_s, ds.fromProfiler}};
}

void printText(QTextStream &out, const OpInfoDataset &ds, const OpInfoReport &r)
{
    const QLocale loc;
    out << CliTr::tr(
               "%n compile event(s), %1 op types, %2 truncated record(s), %3 unparsed line(s)",
               "",
               int(r.compileEvents))
               .arg(r.opTypes.size())
               .arg(r.truncatedRecords)
               .arg(ds.unparsedLines)
        << '\n';
    out << CliTr::tr("TransData: %1 (%2 %), Cast: %3 (%4 %)")
               .arg(r.conversions.transData)
               .arg(loc.toString(100 * r.conversions.transDataShare, 'f', 1))
               .arg(r.conversions.cast)
               .arg(loc.toString(100 * r.conversions.castShare, 'f', 1))
        << '\n';
    if (r.cutoffSource != CutoffSource::None)
        out << CliTr::tr("Cut-off %1 (%2): %n compile(s) after it", "", int(r.afterCutoff))
                   .arg(formatTimestampNs(r.cutoffNs), cutoffSourceId(r.cutoffSource))
            << '\n';
    out << '\n'
        << CliTr::tr("Op type").leftJustified(28) << CliTr::tr("Compiles").rightJustified(9)
        << CliTr::tr("Signatures").rightJustified(12) << "  " << CliTr::tr("First") << '\n';
    for (const OpTypeStats &t : r.opTypes)
        out << t.type.leftJustified(28) << QString::number(t.compiles).rightJustified(9)
            << QString::number(t.signatures).rightJustified(12) << "  "
            << formatTimestampNs(t.firstNs) << '\n';
    if (!r.recompiled.isEmpty()) {
        out << '\n' << CliTr::tr("Recompiled op types:") << '\n';
        for (const RecompileInfo &rc : r.recompiled)
            out << "  " << rc.remedy << '\n';
    }
    if (!ds.messages.isEmpty()) {
        out << '\n' << CliTr::tr("Errors and warnings:") << '\n';
        for (const LogMessageSummary &m : ds.messages)
            out << "  " << m.level.leftJustified(8) << m.module.leftJustified(12)
                << QString::number(m.count).rightJustified(7) << "  " << m.first << '\n';
    }
    if (!ds.aicpuFallbacks.isEmpty()) {
        out << '\n' << CliTr::tr("AI CPU fallbacks:") << '\n';
        for (const AiCpuFallback &a : ds.aicpuFallbacks)
            out << "  " << (a.op.isEmpty() ? u"?"_s : a.op).leftJustified(20)
                << QString::number(a.count).rightJustified(7) << '\n';
    }
}

} // namespace

int runOpInfo(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Summarise Ascend host logs: compiled ops, TransData, "
                  "recompilation, errors and AI CPU fallbacks."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"after"_s,
                      CliTr::tr("Count compiles after this time as recompiles (plog form "
                                "2025-03-06-01:09:07.262.594 or 2025-03-06 01:09:07)."),
                      u"TIMESTAMP"_s});
    parser.addPositionalArgument(u"paths"_s,
                                 CliTr::tr("plog files, plog folders, stdout captures or "
                                           "ascend_op_info_summary.txt."),
                                 u"PATH..."_s);
    if (const auto done = parseArguments(parser, "opinfo", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty()) {
        io.err << CliTr::tr("opinfo needs at least one path.") << '\n';
        return ExitUsage;
    }
    OpInfoAnalysisOptions analysis;
    if (parser.isSet(u"after"_s)) {
        const auto ts = parseUserTimestamp(parser.value(u"after"_s));
        if (!ts) {
            io.err
                << CliTr::tr(
                       "--after: cannot read \"%1\" as a time; use 2025-03-06-01:09:07.262.594 or "
                       "2025-03-06 01:09:07.")
                       .arg(parser.value(u"after"_s))
                << '\n';
            return ExitUsage;
        }
        analysis.cutoffNs = *ts;
    }
    OpInfoPipelineInput input;
    input.paths = paths;
    input.analysis = analysis;
    input.chart = false;
    ProgressSink progress;
    const Result<OpInfoAnalysis> r = runOpInfoPipeline(input, progress, CancelToken{});
    if (!r.isOk()) {
        printWarnings(io, r.diagnostics());
        io.err << r.error().toString() << '\n';
        if (!r.error().found.isEmpty())
            io.err << CliTr::tr("Found: %1").arg(r.error().found) << '\n';
        return ExitInput;
    }
    const OpInfoAnalysis &a = *r.value();
    if (parser.isSet(u"json"_s)) {
        QJsonObject json = toJson(*a.dataset, *a.report);
        json.insert(u"warnings"_s, warningsJson(r.diagnostics()));
        writeJson(io.out, json);
    } else {
        printWarnings(io, r.diagnostics());
        printText(io.out, *a.dataset, *a.report);
    }
    return ExitOk;
}

} // namespace Twinscope::App
