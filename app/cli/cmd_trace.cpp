#include "clicommand.h"
#include "core/export/tracejson.h"
#include "core/trace/tracepipeline.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

double toUs(qint64 ns)
{
    return double(ns) / 1000.0;
}

} // namespace

int runTrace(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliTr::tr("Load chrome traces and summarise them."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"threads"_s, CliTr::tr("Parser threads (default: all cores)."), u"N"_s});
    parser.addOption({u"ops"_s,
                      CliTr::tr("Which tracks the top ops come from: host, device or all (default: "
                                "every track but the profiler's Overlap Analysis)."),
                      u"KIND"_s});
    parser.addOption({u"summary"_s,
                      CliTr::tr("Print only the counts and the span: no steps, phases or top ops "
                                "(the quickest look at a big trace).")});
    parser.addOption({u"no-cache"_s,
                      CliTr::tr("Parse the traces even when the trace cache holds them, and write "
                                "no cache (also TWINSCOPE_CACHE=0).")});
    parser.addPositionalArgument(
        u"files"_s, CliTr::tr("Chrome trace files (.json or .json.gz)."), u"FILE..."_s);
    if (const auto done = parseArguments(parser, "trace", args, io))
        return *done;
    if (parser.positionalArguments().isEmpty()) {
        io.err << CliTr::tr("trace needs at least one file.") << '\n';
        return ExitUsage;
    }
    TracePipelineInput input;
    input.paths = parser.positionalArguments();
    input.groupBy = OpStatisticsQuery::GroupBy::Name;
    if (parser.isSet(u"ops"_s)) {
        const QString kind = parser.value(u"ops"_s);
        if (kind == u"host"_s)
            input.scope = OpStatisticsQuery::Scope::Host;
        else if (kind == u"device"_s)
            input.scope = OpStatisticsQuery::Scope::Device;
        else if (kind == u"all"_s)
            input.scope = OpStatisticsQuery::Scope::All;
        else {
            io.err << CliTr::tr("--ops needs host, device or all.") << '\n';
            return ExitUsage;
        }
    }
    if (parser.isSet(u"threads"_s)) {
        bool ok = false;
        input.load.threads = parser.value(u"threads"_s).toInt(&ok);
        if (!ok || input.load.threads < 1) {
            io.err << CliTr::tr("--threads needs a positive number.") << '\n';
            return ExitUsage;
        }
    }
    if (parser.isSet(u"no-cache"_s))
        input.load.cache.dir.clear();
    if (parser.isSet(u"summary"_s)) {
        input.statistics = false;
        input.summaries = false;
    }
    QElapsedTimer timer;
    timer.start();
    ProgressSink progress;
    const Result<TraceAnalysis> result = runTracePipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        io.err << result.error().toString() << '\n';
        return ExitInput;
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    const TraceAnalysis &a = *result.value();
    int exit = ExitOk;
    for (const TraceFileOutcome &f : a.files) {
        if (f.error) {
            io.err << CliTr::tr("%1: %2").arg(f.path, f.error->toString()) << '\n';
            exit = ExitInput;
        }
    }
    std::vector<OpStatisticsRow> top =
        a.statistics ? a.statistics->rows : std::vector<OpStatisticsRow>();
    if (top.size() > 20)
        top.resize(20);
    const TraceTotals &t = a.totals;
    const double spanUs = t.hasSpan ? toUs(t.lastNs - t.firstNs) : 0.0;
    if (parser.isSet(u"json"_s)) {
        writeJson(io.out, traceJson(a, top, seconds, result.diagnostics()));
        return exit;
    }
    printWarnings(io, result.diagnostics());
    const QLocale c = QLocale::c();
    io.out << CliTr::tr(
                  "%1 slices, %2 instants, %3 counter samples, %4 flows, %5 processes, %6 tracks")
                  .arg(t.slices)
                  .arg(t.instants)
                  .arg(t.counterSamples)
                  .arg(t.flows)
                  .arg(t.processes)
                  .arg(t.tracks)
           << '\n';
    io.out << CliTr::tr("span %1 µs, loaded in %2 s")
                  .arg(c.toString(spanUs, 'f', 3), c.toString(seconds, 'f', 3))
           << '\n';
    for (const TraceFileOutcome &f : a.files) {
        if (!f.dataset)
            continue;
        io.out << f.path << '\n';
        if (!input.summaries)
            continue;
        if (f.steps && f.steps->detected)
            io.out << "  "
                   << CliTr::tr("%n step(s), first %1", nullptr, int(f.steps->steps.size()))
                          .arg(f.steps->steps.front().name)
                   << '\n';
        if (f.offsetNs != 0)
            io.out << "  "
                   << CliTr::tr("aligned with the first file at the first step: offset %1 µs")
                          .arg(c.toString(toUs(f.offsetNs), 'f', 3))
                   << '\n';
        if (f.phases.phases) {
            const TracePhases &p = *f.phases.phases;
            io.out << "  "
                   << CliTr::tr("computing %1 µs, communication %2 µs (not overlapped %3 µs), "
                                "free %4 µs")
                          .arg(c.toString(toUs(p.computingNs), 'f', 3),
                               c.toString(toUs(p.communicationNs), 'f', 3),
                               c.toString(toUs(p.communicationNotOverlappedNs), 'f', 3),
                               c.toString(toUs(p.freeNs), 'f', 3))
                   << '\n';
        } else {
            io.out << "  " << f.phases.reason << '\n';
        }
    }
    if (!a.skipped.isEmpty())
        io.out << CliTr::tr("%n file(s) in the folders are not chrome traces and were skipped.",
                            nullptr,
                            int(a.skipped.size()))
               << '\n';
    for (const OpStatisticsRow &row : top) {
        io.out << c.toString(toUs(row.totalNs), 'f', 3).rightJustified(16) << ' '
               << QString::number(row.count).rightJustified(9) << "  " << row.name << '\n';
    }
    return exit;
}

} // namespace Twinscope::App
