#include "clicommand.h"
#include "core/export/triagejson.h"
#include "core/triage/triagepipeline.h"
#include "core/triage/triagereport.h"
#include "core/triage/workspacetrust.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

struct Trust
{
    bool outsideInputs = false; // --allow-outside-workspace
    bool mappings = false;      // --trust-workspace
};

// A .twinscope file, or paths whose kinds are sniffed: of each kind the first is the benchmark
// and the second the run under test (as the GUI takes them). A workspace's inputs outside its
// folder and its mapping files are left out unless trusted (issue #31); *refused gets their
// paths, and each is a warning that names it and why, never what it holds.
std::optional<InvestigationFile> workspaceFrom(const QStringList &paths,
                                               const QStringList &logs,
                                               Trust trust,
                                               CliIo &io,
                                               Diagnostics *d,
                                               QStringList *refused)
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
        const WorkspaceReview review =
            reviewWorkspace(*r.value(), QFileInfo(paths.first()).absolutePath());
        const ReviewedWorkspace reviewed =
            applyReview(*r.value(), review, trust.outsideInputs, trust.mappings);
        ws = reviewed.workspace;
        for (const RefusedInput &in : reviewed.refused) {
            Diagnostics w;
            w.add(u"workspace_input_refused"_s,
                  in.special
                      ? CliTr::tr("This input of the workspace was not read: %1.").arg(in.reason)
                      : CliTr::tr("This input of the workspace was not read: %1 "
                                  "(--allow-outside-workspace reads it).")
                            .arg(in.reason));
            w.setFile(in.input.path);
            d->merge(w);
            *refused << in.input.path;
        }
        for (const MappingFile &m : reviewed.withheld) {
            Diagnostics w;
            w.add(u"workspace_mapping_withheld"_s,
                  CliTr::tr("The workspace's %1 file was not applied: a workspace's knowledge "
                            "files and name mappings run only with --trust-workspace.")
                      .arg(m.kind));
            w.setFile(m.path);
            d->merge(w);
        }
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
    parser.addOption({u"allow-outside-workspace"_s,
                      CliTr::tr("Read a workspace's inputs that lie outside its folder (devices "
                                "and system files are never read).")});
    parser.addOption({u"trust-workspace"_s,
                      CliTr::tr("Apply the knowledge files and name mappings a workspace "
                                "names.")});
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
    QStringList refused;
    const Trust trust{parser.isSet(u"allow-outside-workspace"_s),
                      parser.isSet(u"trust-workspace"_s)};
    std::optional<InvestigationFile> ws = workspaceFrom(
        parser.positionalArguments(), parser.values(u"log"_s), trust, io, &diagnostics, &refused);
    if (!ws)
        return ExitInput;
    for (const QString &k : parser.values(u"knowledge"_s))
        ws->mappings.append({QFileInfo(k).absoluteFilePath(), u"knowledge"_s});
    TriagePipelineInput input;
    input.workspace = *ws;
    // Every input refused: the warnings name them, and there is nothing to draw findings from.
    const bool nothingLeft = input.workspace.inputs.isEmpty() && !refused.isEmpty();
    std::shared_ptr<const TriageAnalysis> analysis = std::make_shared<TriageAnalysis>();
    if (!nothingLeft) {
        ProgressSink progress;
        const Result<TriageAnalysis> result = runTriagePipeline(input, progress, CancelToken());
        if (!result.isOk()) {
            io.err << result.error().toString() << '\n';
            return ExitInput;
        }
        diagnostics.merge(result.diagnostics());
        analysis = result.value();
    }
    const TriageAnalysis &a = *analysis;
    const QStringList failed = refused + a.failedInputs;
    const int exit = failed.isEmpty() ? ExitOk : ExitInput;
    if (parser.isSet(u"json"_s)) {
        writeJson(io.out, triageJson(a, failed, diagnostics));
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
