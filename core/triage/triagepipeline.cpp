#include "triagepipeline.h"

#include "checklistevidence.h"
#include "checkpointfindings.h"
#include "core/checkpoint/checkpointpipeline.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/modulepipeline.h"
#include "core/monitor/monitorpipeline.h"
#include "core/profile/profilepipeline.h"
#include "crosslinks.h"
#include "dumpfindings.h"
#include "logfindings.h"
#include "lossfindings.h"
#include "modelfindings.h"
#include "monitorfindings.h"
#include "opinfofindings.h"
#include "profilefindings.h"
#include "tracefindings.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

struct KindInputs
{
    QList<InvestigationInput> loss, dump, trace, opinfo, log, profile, checkpoint, monitor;
    // What the sniffer made of the inputs whose kind the file did not name: handed on to the
    // pipelines, so that no input is sniffed twice (issue #22).
    QHash<QString, SniffResult> sniffed;
    std::optional<SniffResult> sniffOf(const QString &path) const
    {
        const auto it = sniffed.constFind(path);
        return it == sniffed.cend() ? std::nullopt : std::optional<SniffResult>(*it);
    }
};

void noteFailure(const QString &path,
                 const Error &error,
                 Diagnostics *diagnostics,
                 TriageAnalysis *analysis);

KindInputs
sortInputs(const InvestigationFile &ws, Diagnostics *diagnostics, TriageAnalysis *analysis)
{
    KindInputs k;
    for (InvestigationInput in : ws.inputs) {
        if (in.kind.isEmpty()) {
            const SniffResult sniffed = sniffPath(in.path);
            if (sniffed.error) {
                noteFailure(in.path, *sniffed.error, diagnostics, analysis);
                continue;
            }
            if (sniffed.kind == FileKind::Unknown) {
                Diagnostics d;
                d.add(u"triage_input_unknown"_s,
                      Tr::tr("This input is of no kind the findings use; it was left out."));
                d.setFile(in.path);
                diagnostics->merge(d);
                continue;
            }
            in.kind = fileKindId(sniffed.kind);
            k.sniffed.insert(in.path, sniffed);
        }
        if (in.kind == u"loss"_s)
            k.loss << in;
        else if (in.kind == u"dump"_s)
            k.dump << in;
        else if (in.kind == u"trace"_s)
            k.trace << in;
        else if (in.kind == u"opinfo"_s)
            k.opinfo << in;
        else if (in.kind == u"log"_s)
            k.log << in;
        else if (in.kind == u"profile"_s)
            k.profile << in;
        else if (in.kind == u"checkpoint"_s)
            k.checkpoint << in;
        else if (in.kind == u"monitor"_s)
            k.monitor << in;
    }
    return k;
}

// Benchmark and run under test of one kind: by role, else the first two in order.
std::optional<std::pair<QString, QString>> pairOf(const QList<InvestigationInput> &inputs)
{
    QString bench, test;
    for (const InvestigationInput &in : inputs) {
        if (in.role == InputRole::Benchmark && bench.isEmpty())
            bench = in.path;
        else if (in.role == InputRole::Target && test.isEmpty())
            test = in.path;
    }
    for (const InvestigationInput &in : inputs) {
        if (bench.isEmpty() && in.path != test)
            bench = in.path;
        else if (test.isEmpty() && in.path != bench)
            test = in.path;
    }
    if (bench.isEmpty() || test.isEmpty())
        return std::nullopt;
    return std::make_pair(bench, test);
}

QStringList notBenchmark(const QList<InvestigationInput> &inputs)
{
    QStringList paths;
    for (const InvestigationInput &in : inputs) {
        if (in.role != InputRole::Benchmark)
            paths << in.path;
    }
    return paths;
}

// Why an input failed, from its error code alone. A loader's own message may quote the file
// (a loss log's first lines, a CSV header, a JSON token): fine for a file the user opened, but a
// workspace names its inputs itself, so the triage says only which input failed and why
// (issue #31); opening the file on its own gives the loader's full message.
QString failureReason(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NotFound:
        return Tr::tr("it does not exist");
    case ErrorCode::NotRegularFile:
        return Tr::tr("it is not a regular file or folder");
    case ErrorCode::Unreadable:
        return Tr::tr("it cannot be read");
    case ErrorCode::EmptyFile:
        return Tr::tr("it is empty");
    case ErrorCode::UnknownFormat:
        return Tr::tr("it is in no format Twinscope reads");
    case ErrorCode::Malformed:
        return Tr::tr("it is malformed");
    case ErrorCode::Truncated:
        return Tr::tr("it is cut off");
    case ErrorCode::Unsupported:
        return Tr::tr("it uses something Twinscope does not support");
    case ErrorCode::TooLarge:
        return Tr::tr("it is too large");
    case ErrorCode::OutOfMemory:
        return Tr::tr("reading it ran out of memory");
    case ErrorCode::Internal:
        return Tr::tr("reading it failed (an internal error)");
    case ErrorCode::FileChanged:
        return Tr::tr("it changed while it was read");
    }
    return {};
}

void noteFailure(const QString &path,
                 const Error &error,
                 Diagnostics *diagnostics,
                 TriageAnalysis *analysis)
{
    Diagnostics d;
    d.add(u"triage_input_failed"_s,
          Tr::tr("This input was left out of the findings: %1 (%2); open it on its own for "
                 "details.")
              .arg(failureReason(error.code), errorCodeId(error.code)),
          Location{error.offset, error.line, {}});
    d.setFile(path);
    diagnostics->merge(d);
    analysis->failedInputs << path;
}

// A dump finding's tensor in the other evidence: its op's slices in the run under test's timeline
// and its compiles in the op-info logs, with the name mapping that joined them.
void addCrossLinks(TriageAnalysis *a, const InvestigationFile &ws, Diagnostics *diagnostics)
{
    if (!a->dumps || (!a->traces && !a->opinfo))
        return;
    const OpNameTable names = loadOpNameTable(ws.mappingPaths(u"op_names"_s), diagnostics);
    CrossLinkSources sources;
    sources.names = &names;
    if (a->traces) {
        for (const TraceFileOutcome &o : a->traces->files) {
            if (o.dataset)
                sources.traces.push_back(o.dataset);
        }
    }
    if (a->opinfo)
        sources.opinfo = a->opinfo->dataset;
    for (Finding &f : a->findings) {
        if (f.link.view != FindingLink::View::DumpTensor || f.link.run < 0 ||
            f.link.run >= a->dumps->runs.size())
            continue;
        const CrossLink link =
            crossLinkForRow(*a->dumps->runs[f.link.run], f.link.run, f.link.row, sources);
        f.evidence.insert(u"cross_links"_s, crossLinkJson(link));
    }
}

// Each run's NPU side of a dump comparison analysed alone, for its float16 saturation: the
// comparison only sees saturation where the benchmark overflows too.
Result<OverflowSeries>
npuOverflow(const DumpSeries &series, ProgressSink &progress, const CancelToken &cancel)
{
    auto out = std::make_shared<OverflowSeries>();
    Diagnostics diagnostics;
    for (qsizetype run = 0; run < series.runs.size(); ++run) {
        // One entry per comparison run, so a finding's run index is the dump view's.
        out->labels << series.labels.value(run);
        const std::shared_ptr<const TensorDump> npu = series.runs[run]->npu;
        if (!npu) {
            out->runs << std::make_shared<const OverflowAnalysis>();
            continue;
        }
        const Result<OverflowAnalysis> a = runGuarded<OverflowAnalysis>(
            npu->path, [&] { return analyzeOverflow(npu, 0, progress, cancel); });
        if (a.isCanceled())
            return Result<OverflowSeries>::canceled();
        Diagnostics side = a.diagnostics();
        side.setFile(npu->path);
        diagnostics.merge(side);
        out->runs << (a.isOk() ? a.value() : std::make_shared<const OverflowAnalysis>());
    }
    return Result<OverflowSeries>::ok(std::move(out), std::move(diagnostics));
}

void append(FindingList &to, FindingList from)
{
    for (Finding &f : from)
        to.push_back(std::move(f));
}

// One run of the pipeline: what every phase reads and what it adds to. A phase is one kind's
// pipeline and findings adapter (issue #22: a new kind adds one phase); it returns false when the
// user canceled.
struct TriageRun
{
    const TriagePipelineInput &input;
    const KindInputs &k;
    ProgressSink &progress;
    const CancelToken &cancel;
    TriageAnalysis &analysis;
    Diagnostics &diagnostics;
    void fail(const QString &path, const Error &error)
    {
        noteFailure(path, error, &diagnostics, &analysis);
    }
};

// Loss curves: the benchmark and the run under test, compared step by step.
bool lossPhase(TriageRun &run)
{
    const TriageSettings &s = run.input.workspace.settings;
    if (const auto pair = pairOf(run.k.loss)) {
        LossPipelineInput li;
        li.runs.append({pair->first, {}, {}, 0, {}});
        li.runs.append({pair->second, {}, {}, 0, {}});
        li.metric = s.lossMetric;
        li.compare.rtol = s.lossRtol;
        li.compare.atol = s.lossAtol;
        li.compare.k = s.lossK;
        ProgressSink part = subProgress(run.progress, 0, 200);
        const Result<LossAnalysis> r = runLossPipeline(li, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk()) {
            run.analysis.loss = r.value();
            for (const LossRunOutcome &o : r.value()->runs) {
                run.diagnostics.merge(o.diagnostics);
                if (o.error)
                    run.fail(o.path, *o.error);
            }
            if (r.value()->comparison)
                append(run.analysis.findings,
                       lossFindings(*r.value()->comparison, pair->first, pair->second));
        } else {
            run.fail(pair->first, r.error());
        }
    }
    return true;
}

// Training-state monitors: where B's per-module statistics first leave A's noise floor, said
// against the loss fork when the loss phase found one (it runs first).
bool monitorPhase(TriageRun &run)
{
    if (const auto pair = pairOf(run.k.monitor)) {
        MonitorPipelineInput mi;
        mi.paths = {pair->first, pair->second};
        ProgressSink part = subProgress(run.progress, 200, 200);
        const Result<MonitorAnalysis> r = runMonitorPipeline(mi, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk() && r.value()->comparison) {
            std::optional<qint64> fork;
            if (run.analysis.loss && run.analysis.loss->comparison)
                fork = run.analysis.loss->comparison->firstDivergentStep;
            append(run.analysis.findings,
                   monitorFindings(*r.value()->comparison, pair->first, pair->second, fork));
        } else if (!r.isOk()) {
            run.fail(pair->first, r.error());
        }
    }
    return true;
}

// A dump comparison, then the run under test's float16 saturation on its own.
bool dumpPairPhase(TriageRun &run)
{
    const TriageSettings &s = run.input.workspace.settings;
    if (const auto pair = pairOf(run.k.dump)) {
        DumpPipelineInput di;
        di.benchPath = pair->first;
        di.npuPath = pair->second;
        di.benchSniff = run.k.sniffOf(pair->first);
        di.npuSniff = run.k.sniffOf(pair->second);
        di.options.thresholds.cosine = s.dumpCosine;
        di.options.thresholds.maxAbsErr = s.dumpMaxAbsErr;
        ProgressSink part = subProgress(run.progress, 200, 500);
        const Result<DumpSeries> r = runDumpPipeline(di, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk()) {
            run.analysis.dumps = r.value();
            append(run.analysis.findings, dumpFindings(*r.value()));
            ProgressSink satPart = subProgress(run.progress, 500, 550);
            const Result<OverflowSeries> o = npuOverflow(*r.value(), satPart, run.cancel);
            if (o.isCanceled())
                return false;
            run.diagnostics.merge(o.diagnostics());
            if (o.isOk()) {
                run.analysis.overflow = o.value();
                append(run.analysis.findings, saturationFindings(*o.value(), r.value().get()));
            }
        } else {
            run.fail(r.error().file.isEmpty() ? pair->second : r.error().file, r.error());
        }
        // msprobe dumps with a module tree (levels L0, mix): the first divergent module (#26).
        const SniffResult bs = sniffedOr(di.benchSniff, pair->first);
        const SniffResult ns = sniffedOr(di.npuSniff, pair->second);
        if (bs.alsoKinds.contains(FileKind::Model) && ns.alsoKinds.contains(FileKind::Model)) {
            ModulePipelineInput mi;
            mi.npu = pair->second;
            mi.bench = pair->first;
            ProgressSink treePart = subProgress(run.progress, 550, 560);
            const Result<ModulePipelineResult> m = runModulePipeline(mi, treePart, run.cancel);
            if (m.isCanceled())
                return false;
            run.diagnostics.merge(m.diagnostics());
            if (m.isOk())
                append(run.analysis.findings,
                       moduleTreeFindings(*m.value(), pair->first, pair->second));
        }
    }
    return true;
}

// One dump and no benchmark: the porting guides' NPU-only overflow dump (#12).
bool singleDumpPhase(TriageRun &run)
{
    if (run.k.dump.size() == 1 && !isCompareResult(sniffedOr(run.k.sniffOf(run.k.dump.first().path),
                                                             run.k.dump.first().path))) {
        // One dump and no benchmark: the porting guides' NPU-only overflow dump (#12). A
        // compare result alone holds no tensors to look at.
        SingleDumpInput si;
        si.path = run.k.dump.first().path;
        si.sniff = run.k.sniffOf(si.path);
        ProgressSink part = subProgress(run.progress, 200, 550);
        const Result<OverflowSeries> r = runSingleDumpPipeline(si, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk()) {
            run.analysis.overflow = r.value();
            append(run.analysis.findings, saturationFindings(*r.value(), nullptr));
        } else {
            run.fail(si.path, r.error());
        }
    }
    return true;
}

// Two timelines: where the step time went (issue #10's comparison).
bool tracePhase(TriageRun &run)
{
    if (const auto pair = pairOf(run.k.trace)) {
        TracePipelineInput ti;
        ti.paths = QStringList{pair->first, pair->second};
        ti.statistics = false;
        ProgressSink part = subProgress(run.progress, 550, 800);
        const Result<TraceAnalysis> r = runTracePipeline(ti, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk()) {
            run.analysis.traces = r.value();
            TraceEvidence e{pair->first, pair->second, {}, {}, {}};
            for (const TraceFileOutcome &o : r.value()->files) {
                run.diagnostics.merge(o.diagnostics);
                if (o.error)
                    run.fail(o.path, *o.error);
                else if (o.path == pair->first)
                    e.benchmark = o.dataset;
                else if (o.path == pair->second)
                    e.test = o.dataset;
            }
            // Issue #10's comparison pairs GPU kernels with NPU ops by family.
            e.diff = diffTraceEvidence(e, run.cancel);
            if (run.cancel.isCanceled())
                return false;
            append(run.analysis.findings, traceFindings(e));
        } else {
            run.fail(pair->second, r.error());
        }
    }
    return true;
}

// Every profile input together: the slow-rank rules compare the ranks of one cluster.
bool profilePhase(TriageRun &run)
{
    if (!run.k.profile.isEmpty()) {
        // Every profile input together: the slow-rank rules compare the ranks of one cluster.
        ProfilePipelineInput pi;
        for (const InvestigationInput &in : run.k.profile)
            pi.paths << in.path;
        pi.signatures = false;
        pi.keepDetails = false;
        ProgressSink part = subProgress(run.progress, 800, 850);
        const Result<ProfileAnalysis> r = runProfilePipeline(pi, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk()) {
            run.analysis.profile = r.value();
            append(run.analysis.findings, profileFindings(*r.value()));
        } else {
            run.fail(pi.paths.first(), r.error());
        }
    }
    return true;
}

// Two checkpoints, parameter by parameter.
bool checkpointPhase(TriageRun &run)
{
    if (const auto pair = pairOf(run.k.checkpoint)) {
        CheckpointPipelineInput ci;
        ci.pathA = pair->first;
        ci.pathB = pair->second;
        ProgressSink part = subProgress(run.progress, 850, 900);
        const Result<CheckpointComparison> r = runCheckpointPipeline(ci, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk()) {
            run.analysis.checkpoints = r.value();
            append(run.analysis.findings, checkpointFindings(*r.value()));
        } else {
            run.fail(r.error().file.isEmpty() ? pair->second : r.error().file, r.error());
        }
    }
    return true;
}

// The run under test's op-info logs: recompiles, fallbacks, TransData.
bool opInfoPhase(TriageRun &run)
{
    const TriageSettings &s = run.input.workspace.settings;
    const QStringList opinfoPaths = notBenchmark(run.k.opinfo);
    if (!opinfoPaths.isEmpty()) {
        OpInfoPipelineInput oi;
        oi.paths = opinfoPaths;
        oi.analysis.cutoffNs = s.opinfoCutoffNs;
        oi.chart = false;
        ProgressSink part = subProgress(run.progress, 800, 900);
        const Result<OpInfoAnalysis> r = runOpInfoPipeline(oi, part, run.cancel);
        if (r.isCanceled())
            return false;
        run.diagnostics.merge(r.diagnostics());
        if (r.isOk() && r.value()->dataset && r.value()->report) {
            run.analysis.opinfo = r.value();
            append(run.analysis.findings, opInfoFindings(*r.value()->dataset, *r.value()->report));
        } else if (r.isFailed()) {
            run.fail(opinfoPaths.first(), r.error());
        }
    }
    return true;
}

// Known errors in the run under test's logs and op-info logs (the knowledge base's patterns).
bool knownErrorPhase(TriageRun &run, KnowledgeBase *kb)
{
    const QStringList logPaths = notBenchmark(run.k.log) + notBenchmark(run.k.opinfo);
    if (!run.input.scanLogs || logPaths.isEmpty())
        return true;
    *kb = loadKnowledgeBase(run.input.workspace.mappingPaths(u"knowledge"_s), &run.diagnostics);
    ProgressSink part = subProgress(run.progress, 900, 1000);
    const Result<KnownErrorReport> r = scanKnownErrors(logPaths, *kb, part, run.cancel);
    if (r.isCanceled())
        return false;
    run.diagnostics.merge(r.diagnostics());
    if (r.isOk()) {
        run.analysis.knownErrors = r.value();
        append(run.analysis.findings, knownErrorFindings(*r.value(), *kb));
    }
    return true;
}

} // namespace

Result<TriageAnalysis> runTriagePipeline(const TriagePipelineInput &input,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    const QString first =
        input.workspace.inputs.isEmpty() ? QString() : input.workspace.inputs.first().path;
    return runGuarded<TriageAnalysis>(first, [&]() -> Result<TriageAnalysis> {
        if (input.workspace.inputs.isEmpty())
            return Result<TriageAnalysis>::failed(
                Error::make(ErrorCode::NotFound, Tr::tr("The investigation has no input."), {}));
        auto analysis = std::make_shared<TriageAnalysis>();
        Diagnostics diagnostics;
        progress.report(0, Tr::tr("Drawing findings from the evidence"));
        const KindInputs k = sortInputs(input.workspace, &diagnostics, analysis.get());
        TriageRun run{input, k, progress, cancel, *analysis, diagnostics};
        for (bool (*phase)(TriageRun &) : {lossPhase,
                                           monitorPhase,
                                           dumpPairPhase,
                                           singleDumpPhase,
                                           tracePhase,
                                           profilePhase,
                                           checkpointPhase,
                                           opInfoPhase}) {
            if (!phase(run))
                return Result<TriageAnalysis>::canceled();
        }
        KnowledgeBase kb;
        if (!knownErrorPhase(run, &kb))
            return Result<TriageAnalysis>::canceled();
        addCrossLinks(analysis.get(), input.workspace, &diagnostics);
        analysis->checklist = checklistSuggestions(*analysis, kb);
        rankFindings(analysis->findings);
        progress.report(1000, {});
        return Result<TriageAnalysis>::ok(std::move(analysis), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
