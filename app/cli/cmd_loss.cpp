#include "clicommand.h"
#include "core/export/lossjson.h"
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

    if (parser.isSet(u"json"_s)) {
        writeJson(io.out, lossJson(analysis, compare, result.diagnostics()));
        return ExitOk;
    }
    const std::shared_ptr<const LossComparison> c = analysis.comparison;
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
    return ExitOk;
}

} // namespace Twinscope::App
