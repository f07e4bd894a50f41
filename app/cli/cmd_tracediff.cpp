#include "clicommand.h"
#include "core/export/tracediffjson.h"
#include "core/trace/tracediffpipeline.h"

#include <QLocale>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

QString us(double ns)
{
    return QLocale::c().toString(ns / 1000.0, 'f', 1);
}

void printText(CliIo &io, const TraceDiff &d)
{
    const TraceDiffSideSummary &b = d.baseline, &t = d.target;
    auto stepName = [](const TraceDiffSideSummary &s) {
        return s.usedStepsText();
    };
    io.out << CliTr::tr("baseline: %1 (%2), step %3 µs").arg(b.path, stepName(b), us(b.stepNs))
           << '\n';
    io.out << CliTr::tr("target:   %1 (%2), step %3 µs").arg(t.path, stepName(t), us(t.stepNs))
           << '\n';
    if (b.stepNs > 0)
        io.out << CliTr::tr("target / baseline: %1×")
                      .arg(QLocale::c().toString(t.stepNs / b.stepNs, 'f', 2))
               << '\n';
    io.out << '\n' << CliTr::tr("phases (µs)              baseline      target") << '\n';
    const QList<std::pair<QString, qint64 TracePhases::*>> phases{
        {CliTr::tr("Computing"), &TracePhases::computingNs},
        {CliTr::tr("Communication"), &TracePhases::communicationNs},
        {CliTr::tr("Comm. not overlapped"), &TracePhases::communicationNotOverlappedNs},
        {CliTr::tr("Overlapped"), &TracePhases::overlappedNs},
        {CliTr::tr("Free"), &TracePhases::freeNs}};
    for (const auto &[name, member] : phases) {
        auto cell = [member](const TracePhasesResult &r) {
            return r.phases ? us(double((*r.phases).*member)) : CliTr::tr("n/a");
        };
        io.out << name.leftJustified(22) << cell(b.phases).rightJustified(12)
               << cell(t.phases).rightJustified(12) << '\n';
    }
    io.out << '\n'
           << CliTr::tr("categories (µs)          baseline      target       delta") << '\n';
    for (const TraceCategoryDiffRow &c : d.categories) {
        io.out << stepCategoryId(c.category).leftJustified(22)
               << us(c.baselineNs).rightJustified(12) << us(c.targetNs).rightJustified(12)
               << us(c.deltaNs()).rightJustified(12) << '\n';
    }
    io.out << '\n'
           << CliTr::tr("ops by impact (µs per step): delta, baseline, target, state, name")
           << '\n';
    for (size_t i = 0; i < d.ops.size() && i < 20; ++i) {
        const OpDiffRow &o = d.ops[i];
        io.out << us(o.deltaNs()).rightJustified(12) << us(o.baselineNs).rightJustified(12)
               << us(o.targetNs).rightJustified(12) << "  "
               << opDiffStateId(o.state).leftJustified(8) << opLevelId(o.level).leftJustified(10)
               << o.shortName
               << (o.symptom ? CliTr::tr("  (waits for the device: a symptom)") : QString())
               << '\n';
    }
}

} // namespace

int runTraceDiff(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Compare two performance runs: step phases, categories and an op diff."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"step"_s,
                      CliTr::tr("Compare the N-th step of each side, counting from 0 (default: "
                                "each side's steady steps: complete, warm-up excluded)."),
                      u"N"_s});
    parser.addOption(
        {u"all-steps"_s,
         CliTr::tr("Compare every complete step, the warm-up included, as a mean per step.")});
    parser.addOption({u"map"_s,
                      CliTr::tr("A JSON object of regular expression → op family, tried before "
                                "the built-in families."),
                      u"FILE"_s});
    parser.addOption({u"no-cache"_s,
                      CliTr::tr("Parse the traces even when the trace cache holds them, and write "
                                "no cache (also TWINSCOPE_CACHE=0).")});
    parser.addPositionalArgument(u"baseline"_s,
                                 CliTr::tr("The reference run: a trace or a folder of ranks."),
                                 u"BASELINE"_s);
    parser.addPositionalArgument(
        u"target"_s, CliTr::tr("The run to explain: a trace or a folder of ranks."), u"TARGET"_s);
    if (const auto done = parseArguments(parser, "tracediff", args, io))
        return *done;
    if (parser.positionalArguments().size() != 2) {
        io.err << CliTr::tr("tracediff needs two inputs: BASELINE TARGET.") << '\n';
        return ExitUsage;
    }
    TraceDiffInput input;
    input.baseline = parser.positionalArguments().at(0);
    input.target = parser.positionalArguments().at(1);
    if (parser.isSet(u"step"_s) && parser.isSet(u"all-steps"_s)) {
        io.err << CliTr::tr("--step and --all-steps exclude each other.") << '\n';
        return ExitUsage;
    }
    if (parser.isSet(u"step"_s)) {
        bool ok = false;
        input.options.stepIndex = parser.value(u"step"_s).toInt(&ok);
        if (!ok || input.options.stepIndex < 0) {
            io.err << CliTr::tr("--step needs a step number from 0.") << '\n';
            return ExitUsage;
        }
        input.options.choice = TraceStepChoice::Index;
    } else if (parser.isSet(u"all-steps"_s)) {
        input.options.choice = TraceStepChoice::All;
    }
    input.familyFile = parser.value(u"map"_s);
    if (parser.isSet(u"no-cache"_s))
        input.load.cache.dir.clear();
    ProgressSink progress;
    const Result<TraceDiffAnalysis> result = runTraceDiffPipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        io.err << result.error().toString() << '\n';
        return result.error().code == ErrorCode::Unsupported ? ExitUsage : ExitInput;
    }
    const TraceDiffAnalysis &a = *result.value();
    int exit = ExitOk;
    for (const TraceDiffSide *side : {a.baseline.get(), a.target.get()}) {
        for (const Error &e : side->failed) {
            io.err << e.toString() << '\n';
            exit = ExitInput;
        }
    }
    const TraceDiff &d = *a.diff;
    if (!parser.isSet(u"json"_s)) {
        printWarnings(io, result.diagnostics());
        printText(io, d);
        return exit;
    }
    writeJson(io.out, traceDiffJson(d, result.diagnostics()));
    return exit;
}

} // namespace Twinscope::App
