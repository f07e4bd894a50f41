#include "clicommand.h"
#include "core/export/triagejson.h"
#include "core/triage/triagepipeline.h"
#include "core/triage/triagereport.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

// A .twinscope file, or paths whose kinds are sniffed: of each kind the first is the benchmark
// and the second the run under test (as the GUI takes them).
std::optional<InvestigationFile>
workspaceFrom(const QStringList &paths, const QStringList &logs, CliIo &io, Diagnostics *d)
{
    InvestigationFile ws;
    if (paths.size() == 1 &&
        (paths.first().endsWith(u".twinscope"_s) || isInvestigationFile(paths.first()))) {
        const Result<InvestigationFile> r = readInvestigationFile(paths.first());
        if (!r.isOk()) {
            io.err << r.error().toString() << '\n';
            return std::nullopt;
        }
        d->merge(r.diagnostics());
        ws = *r.value();
        for (const InvestigationInput &in : missingInputs(ws)) {
            Diagnostics missing;
            missing.add(u"workspace_input_missing"_s,
                        CliTr::tr("An input of the workspace no longer exists."));
            missing.setFile(in.path);
            d->merge(missing);
        }
    } else {
        for (const QString &p : paths)
            ws.inputs.append({QFileInfo(p).absoluteFilePath(), {}, InputRole::Other, -1, -1, {}});
    }
    for (const QString &p : logs)
        ws.inputs.append({QFileInfo(p).absoluteFilePath(), u"log"_s, InputRole::Log, -1, -1, {}});
    return ws;
}

} // namespace

int runTriage(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Draw ranked findings from an investigation's evidence."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"log"_s,
                      CliTr::tr("A plog or captured stdout to search for known errors (repeat)."),
                      u"FILE"_s});
    parser.addOption({u"knowledge"_s,
                      CliTr::tr("A knowledge-base file of your own known errors (repeat)."),
                      u"FILE"_s});
    parser.addPositionalArgument(u"inputs"_s,
                                 CliTr::tr("A .twinscope workspace, or inputs: benchmark first, "
                                           "then the run under test, of each kind."),
                                 u"WORKSPACE|PATH..."_s);
    if (const auto done = parseArguments(parser, "triage", args, io))
        return *done;
    if (parser.positionalArguments().isEmpty() && parser.values(u"log"_s).isEmpty()) {
        io.err << CliTr::tr("triage needs a workspace or at least one input.") << '\n';
        return ExitUsage;
    }
    Diagnostics diagnostics;
    std::optional<InvestigationFile> ws =
        workspaceFrom(parser.positionalArguments(), parser.values(u"log"_s), io, &diagnostics);
    if (!ws)
        return ExitInput;
    for (const QString &k : parser.values(u"knowledge"_s))
        ws->mappings.append({QFileInfo(k).absoluteFilePath(), u"knowledge"_s});
    TriagePipelineInput input;
    input.workspace = *ws;
    ProgressSink progress;
    const Result<TriageAnalysis> result = runTriagePipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        io.err << result.error().toString() << '\n';
        return ExitInput;
    }
    diagnostics.merge(result.diagnostics());
    const TriageAnalysis &a = *result.value();
    const int exit = a.failedInputs.isEmpty() ? ExitOk : ExitInput;
    if (parser.isSet(u"json"_s)) {
        writeJson(io.out, triageJson(a, diagnostics));
        return exit;
    }
    printWarnings(io, diagnostics);
    if (a.findings.empty())
        io.out << CliTr::tr("No findings: give a benchmark and a run under test of one kind, a "
                            "single dump, a profiler folder or op-info logs.")
               << '\n';
    for (const Finding &f : a.findings) {
        io.out << u"[%1] %2: %3"_s.arg(findingSeverityId(f.severity), f.code, f.text) << '\n';
        const QString evidence = findingEvidenceText(f);
        if (!evidence.isEmpty())
            io.out << u"    "_s << CliTr::tr("evidence: %1").arg(evidence) << '\n';
        io.out << u"    "_s << CliTr::tr("next: %1").arg(f.nextAction) << '\n';
    }
    return exit;
}

} // namespace Twinscope::App
