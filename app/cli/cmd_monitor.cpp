#include "clicommand.h"
#include "core/export/monitorjson.h"
#include "core/monitor/monitorpipeline.h"

#include <QCommandLineParser>
#include <QLocale>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

void printRun(CliIo &io, const MonitorRun &run)
{
    io.out << run.path << '\n'
           << "  " << CliTr::tr("layout %1, %n rank(s)", "", int(run.ranks.size())).arg(run.layout)
           << '\n';
    for (const MonitorRank &r : run.ranks)
        io.out << "  "
               << CliTr::tr("rank %1: steps %2..%3 (%4), %5 modules, %6 metrics")
                      .arg(r.rank)
                      .arg(r.steps.front())
                      .arg(r.steps.back())
                      .arg(r.steps.size())
                      .arg(r.modules.size())
                      .arg(r.metrics.size())
               << '\n';
    io.out << "  " << CliTr::tr("metrics: %1").arg(run.metricNames().join(u", "_s)) << '\n';
    int read = 0;
    for (const MonitorFileUse &f : run.files)
        read += f.read;
    io.out << "  "
           << CliTr::tr("files: %1 read, %2 listed and left (--json files[] says why)")
                  .arg(read)
                  .arg(qsizetype(run.files.size()) - read)
           << '\n';
    io.out << "  "
           << CliTr::tr("%n anomaly(ies) from msprobe's rules", "", int(run.anomalies.size()));
    if (!run.anomalies.empty()) {
        const MonitorAnomaly &a = run.anomalies.front();
        io.out << CliTr::tr(", first listed: rank %1 step %2 %3 (%4)")
                      .arg(a.rank)
                      .arg(a.step)
                      .arg(a.module, a.prefix);
    }
    io.out << '\n';
}

QString departureText(const MonitorDeparture &d)
{
    const QLocale locale;
    return CliTr::tr("step %1, rank %2, %3 of %4 (gap %5 over a noise floor of %6)")
        .arg(d.step)
        .arg(d.rank)
        .arg(d.metric, d.module, locale.toString(d.gap, 'g', 4), locale.toString(d.floor, 'g', 4));
}

} // namespace

int runMonitor(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Read msprobe training-state monitor output (per-module statistics over steps); "
                  "with two runs, find the first step and module where B leaves the benchmark A."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"early"_s,
                      CliTr::tr("Steps the noise floor is estimated from (default: 20 % of the "
                                "aligned steps, 5 to 50)."),
                      u"N"_s,
                      u"0"_s});
    parser.addOption({u"factor"_s,
                      CliTr::tr("The floor is this times the largest early gap (default 2)."),
                      u"F"_s,
                      u"2"_s});
    parser.addOption(
        {u"k"_s,
         CliTr::tr("Consecutive steps over the floor that make a departure (default 3)."),
         u"K"_s,
         u"3"_s});
    parser.addOption(
        {u"gate"_s,
         CliTr::tr("Exit 1 when B departs from A anywhere (a CI gate, like loss --gate).")});
    parser.addPositionalArgument(
        u"RUN"_s,
        CliTr::tr("A monitor output folder, rank folder or monitor_metrics.db (the benchmark)."));
    parser.addPositionalArgument(u"BENCH"_s, CliTr::tr("The run under test, optional."), u"[B]"_s);
    if (const auto done = parseArguments(parser, "monitor", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty() || paths.size() > 2) {
        io.err << CliTr::tr("monitor needs one or two monitor outputs.") << '\n';
        return ExitUsage;
    }
    bool okE = false, okF = false, okK = false;
    MonitorPipelineInput input;
    input.paths = paths;
    input.compare.earlySteps = parser.value(u"early"_s).toInt(&okE);
    input.compare.factor = parser.value(u"factor"_s).toDouble(&okF);
    input.compare.k = parser.value(u"k"_s).toInt(&okK);
    if (!okE || !okF || !okK || input.compare.earlySteps < 0 || !(input.compare.factor > 0) ||
        input.compare.k < 1) {
        io.err << CliTr::tr(
                      "--early needs an integer >= 0, --factor a number > 0, --k an integer >= 1.")
               << '\n';
        return ExitUsage;
    }
    const bool gate = parser.isSet(u"gate"_s);
    if (gate && paths.size() != 2) {
        io.err << CliTr::tr("--gate needs two runs.") << '\n';
        return ExitUsage;
    }
    ProgressSink progress;
    const Result<MonitorAnalysis> result = runMonitorPipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        printWarnings(io, result.diagnostics());
        io.err << result.error().toString() << '\n';
        return ExitInput;
    }
    const MonitorAnalysis &analysis = *result.value();
    const MonitorComparison *c = analysis.comparison.get();
    const bool failed = gate && c && c->first;
    if (parser.isSet(u"json"_s)) {
        QJsonObject root = monitorJson(analysis, result.diagnostics());
        if (gate)
            root.insert(u"gate"_s, QJsonObject{{u"passed"_s, !failed}});
        writeJson(io.out, root);
        return failed ? ExitGateFailed : ExitOk;
    }
    printWarnings(io, result.diagnostics());
    for (const MonitorRunOutcome &o : analysis.runs)
        printRun(io, *o.run);
    if (c) {
        io.out << CliTr::tr("aligned ranks: %1; noise floor from the first %2 steps (factor %3, "
                            "at least %4), k %5")
                      .arg(c->ranks.size())
                      .arg(c->earlySteps)
                      .arg(c->options.factor)
                      .arg(c->options.minFloor)
                      .arg(c->options.k)
               << '\n';
        if (c->first)
            io.out << CliTr::tr("first departure: %1").arg(departureText(*c->first)) << '\n';
        else
            io.out << CliTr::tr("no departure: every gap stays within its module's noise floor")
                   << '\n';
        for (const MonitorDeparture &d : c->firstPerMetric)
            io.out << "  " << d.metric << ": " << departureText(d) << '\n';
        if (!c->onlyInA.isEmpty())
            io.out << CliTr::tr("only in A: %1").arg(c->onlyInA.join(u", "_s)) << '\n';
        if (!c->onlyInB.isEmpty())
            io.out << CliTr::tr("only in B: %1").arg(c->onlyInB.join(u", "_s)) << '\n';
    }
    if (gate)
        io.out << (failed ? CliTr::tr("gate: FAILED") : CliTr::tr("gate: passed")) << '\n';
    return failed ? ExitGateFailed : ExitOk;
}

} // namespace Twinscope::App
