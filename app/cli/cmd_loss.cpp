#include "clicommand.h"
#include "core/export/lossjson.h"
#include "core/export/monitorjson.h"
#include "core/loss/lossgate.h"
#include "core/loss/losspipeline.h"

#include <QCommandLineParser>
#include <QLocale>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

QString stepText(const std::optional<qint64> &step)
{
    return step ? QString::number(*step) : CliTr::tr("none");
}

void printGate(CliIo &io, const LossGate &g)
{
    const QLocale locale;
    io.out << CliTr::tr("gate: rel %1 after %2 warm-up step(s), %3 step(s) checked, max gap %4 at "
                        "step %5")
                  .arg(locale.toString(g.tolerance, 'g', 6))
                  .arg(g.warmup)
                  .arg(g.checkedSteps)
                  .arg(locale.toString(g.maxGap, 'g', 6), stepText(g.maxGapStep))
           << '\n';
    if (g.passed)
        io.out << CliTr::tr("gate: passed") << '\n';
    else if (g.firstExceedingStep)
        io.out << CliTr::tr("gate: FAILED at step %1 (gap %2 > %3)")
                      .arg(*g.firstExceedingStep)
                      .arg(locale.toString(g.gapAtFirst, 'g', 6),
                           locale.toString(g.tolerance, 'g', 6))
               << '\n';
    else
        io.out << CliTr::tr("gate: FAILED, no common step after the warm-up") << '\n';
    // Where to look next: the monitors of the same runs say which module parted first.
    if (!g.passed)
        io.out << CliTr::tr("the monitors' equivalent: twinscope-cli monitor A_MONITOR B_MONITOR "
                            "--gate (first step and module where B leaves A)")
               << '\n';
}

} // namespace

int runLoss(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliTr::tr(
        "Parse loss logs; with two, compare the run under test B against the benchmark A."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption(
        {u"metric"_s, CliTr::tr("The series to compare (default: the main loss)."), u"NAME"_s});
    parser.addOption(
        {u"rtol"_s, CliTr::tr("Relative tolerance against A (default 1e-2)."), u"R"_s, u"0.01"_s});
    parser.addOption({u"atol"_s, CliTr::tr("Absolute tolerance (default 0)."), u"A"_s, u"0"_s});
    parser.addOption({u"k"_s,
                      CliTr::tr("Consecutive exceeding steps that make a divergence (default 3)."),
                      u"K"_s,
                      u"3"_s});
    parser.addOption(
        {u"pattern"_s,
         CliTr::tr("Regular expression for logs of no known format: a group \"step\" (or group "
                   "1) and value groups (named groups become series)."),
         u"RE"_s});
    parser.addOption({u"gate"_s,
                      CliTr::tr("CI gate: exit 1 when the relative gap |B - A| / |A| of a step "
                                "after the warm-up passes REL (or a value is NaN/Inf)."),
                      u"REL"_s});
    parser.addOption({u"warmup"_s,
                      CliTr::tr("Steps after the first common step that --gate does not check "
                                "(default 0)."),
                      u"N"_s,
                      u"0"_s});
    parser.addPositionalArgument(u"A"_s, CliTr::tr("The benchmark log (e.g. GPU)."));
    parser.addPositionalArgument(
        u"B"_s, CliTr::tr("The log under test (e.g. NPU), optional."), u"[B]"_s);
    if (const auto done = parseArguments(parser, "loss", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty() || paths.size() > 2) {
        io.err << CliTr::tr("loss needs one or two log files.") << '\n';
        return ExitUsage;
    }
    bool okR = false;
    bool okA = false;
    bool okK = false;
    LossCompareOptions compare;
    compare.rtol = parser.value(u"rtol"_s).toDouble(&okR);
    compare.atol = parser.value(u"atol"_s).toDouble(&okA);
    compare.k = parser.value(u"k"_s).toInt(&okK);
    if (!okR || !okA || !okK || compare.rtol < 0 || compare.atol < 0 || compare.k < 1) {
        io.err << CliTr::tr("--rtol and --atol need numbers >= 0, --k an integer >= 1.") << '\n';
        return ExitUsage;
    }
    // The gate (issue #27) only adds: without --gate every output stays byte for byte as before.
    const bool gate = parser.isSet(u"gate"_s);
    bool okG = true;
    bool okW = true;
    const double gateRel = gate ? parser.value(u"gate"_s).toDouble(&okG) : 0.0;
    const qint64 warmup = parser.value(u"warmup"_s).toLongLong(&okW);
    if (gate && (!okG || !(gateRel >= 0) || !okW || warmup < 0 || paths.size() != 2)) {
        io.err << CliTr::tr("--gate needs two logs and a number >= 0, --warmup an integer >= 0.")
               << '\n';
        return ExitUsage;
    }
    LossLoadOptions options;
    options.pattern = parser.value(u"pattern"_s);
    options.metricName = parser.value(u"metric"_s);

    LossPipelineInput input;
    for (const QString &path : paths)
        input.runs.append({path, options, nullptr, 0, nullptr});
    input.metric = parser.value(u"metric"_s);
    input.compare = compare;
    ProgressSink progress;
    const Result<LossAnalysis> result = runLossPipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        io.err << result.error().toString() << '\n';
        return ExitInput;
    }
    const LossAnalysis &analysis = *result.value();
    std::vector<std::shared_ptr<const LossRun>> runs;
    for (const LossRunOutcome &o : analysis.runs) {
        if (o.error) {
            printWarnings(io, result.diagnostics());
            io.err << o.error->toString() << '\n';
            return ExitInput;
        }
        runs.push_back(o.run);
    }
    const QString metric = analysis.metric;
    for (const auto &run : runs) {
        if (!run->find(metric)) {
            io.err << CliTr::tr("%1: has no metric \"%2\"; it has: %3")
                          .arg(run->path, metric, run->metricNames().join(u", "_s))
                   << '\n';
            return ExitInput;
        }
    }

    const std::shared_ptr<const LossComparison> c = analysis.comparison;
    std::optional<LossGate> verdict;
    if (gate && c)
        verdict = gateLossComparison(*c, gateRel, warmup);
    const int exitCode = verdict && !verdict->passed ? int(ExitGateFailed) : int(ExitOk);
    if (parser.isSet(u"json"_s)) {
        QJsonObject root = lossJson(analysis, compare, result.diagnostics());
        if (verdict)
            root.insert(u"gate"_s, lossGateJson(*verdict));
        writeJson(io.out, root);
        return exitCode;
    }
    const QLocale locale;
    printWarnings(io, result.diagnostics());
    for (const auto &run : runs) {
        const LossSeries *s = run->find(metric);
        io.out << run->path << '\n'
               << "  "
               << CliTr::tr("format %1, %n point(s) of \"%2\"", "", int(s->size()))
                      .arg(run->format, metric);
        if (!s->steps.empty())
            io.out << CliTr::tr(", steps %1..%2").arg(s->steps.front()).arg(s->steps.back());
        io.out << '\n'
               << "  " << CliTr::tr("metrics: %1").arg(run->metricNames().join(u", "_s)) << '\n';
        const auto nonFinite = s->nonFiniteSteps();
        if (!nonFinite.empty())
            io.out << "  "
                   << CliTr::tr("%n non-finite step(s), first %1", "", int(nonFinite.size()))
                          .arg(nonFinite.front())
                   << '\n';
    }
    if (c) {
        io.out << CliTr::tr("aligned steps: %1 (rtol %2, atol %3, k %4)")
                      .arg(c->alignedSteps())
                      .arg(compare.rtol)
                      .arg(compare.atol)
                      .arg(compare.k)
               << '\n'
               << CliTr::tr("first differing step: %1").arg(stepText(c->firstDiffStep)) << '\n'
               << CliTr::tr("first divergent step: %1").arg(stepText(c->firstDivergentStep)) << '\n'
               << CliTr::tr("max abs diff: %1, max rel diff: %2")
                      .arg(locale.toString(c->maxAbsDiff, 'g', 6),
                           locale.toString(c->maxRelDiff, 'g', 6))
               << '\n'
               << c->diagnosis.text << '\n';
        if (!c->noiseFloorHint.isEmpty())
            io.out << c->noiseFloorHint << '\n';
    }
    if (verdict)
        printGate(io, *verdict);
    return exitCode;
}

} // namespace Twinscope::App
