#include "clicommand.h"
#include "core/export/opinfojson.h"
#include "core/opinfo/opinfopipeline.h"
#include "core/opinfo/plogline.h"

#include <QCommandLineParser>
#include <QLocale>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

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
        writeJson(io.out, opInfoJson(*a.dataset, *a.report, r.diagnostics()));
    } else {
        printWarnings(io, r.diagnostics());
        printText(io.out, *a.dataset, *a.report);
    }
    return ExitOk;
}

} // namespace Twinscope::App
