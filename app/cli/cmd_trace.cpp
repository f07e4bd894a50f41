#include "clicommand.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/opstatistics.h"
#include "core/trace/tracefiles.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

QJsonValue locationJson(const Location &l)
{
    QJsonObject o;
    if (l.offset >= 0)
        o.insert(u"offset"_s, l.offset);
    if (l.line >= 0)
        o.insert(u"line"_s, l.line);
    if (!l.detail.isEmpty())
        o.insert(u"detail"_s, l.detail);
    return o;
}

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
    parser.addPositionalArgument(
        u"files"_s, CliTr::tr("Chrome trace files (.json or .json.gz)."), u"FILE..."_s);
    if (const auto done = parseArguments(parser, "trace", args, io))
        return *done;
    QStringList paths;
    for (const QString &arg : parser.positionalArguments())
        paths += findTraceFiles(arg); // a profiling folder stands for its rank files
    if (parser.positionalArguments().isEmpty()) {
        io.err << CliTr::tr("trace needs at least one file.") << '\n';
        return ExitUsage;
    }
    if (paths.isEmpty()) {
        io.err << CliTr::tr("No chrome trace files were found in %1.")
                      .arg(parser.positionalArguments().join(u", "_s))
               << '\n';
        return ExitInput;
    }
    ChromeTraceOptions options;
    if (parser.isSet(u"threads"_s)) {
        bool ok = false;
        options.threads = parser.value(u"threads"_s).toInt(&ok);
        if (!ok || options.threads < 1) {
            io.err << CliTr::tr("--threads needs a positive number.") << '\n';
            return ExitUsage;
        }
    }
    const bool json = parser.isSet(u"json"_s);
    int exit = ExitOk;
    QJsonArray files;
    qint64 slices = 0, instants = 0, counterSamples = 0, flows = 0, processes = 0, tracks = 0;
    qint64 first = 0, last = 0;
    bool any = false;
    QHash<QString, OpStatisticsRow> merged;
    QElapsedTimer timer;
    timer.start();
    for (const QString &path : paths) {
        ProgressSink progress;
        const Result<TraceDataset> r =
            loadChromeTrace(Source::fromPath(path), options, progress, CancelToken());
        QJsonObject file{{u"path"_s, path}};
        QJsonArray warnings;
        for (const Diagnostics::Entry &e : r.diagnostics().entries()) {
            warnings.append(QJsonObject{
                {u"kind"_s, e.kind},
                {u"count"_s, e.count},
                {u"message"_s, e.message},
                {u"first"_s, e.first.isEmpty() ? QJsonValue() : locationJson(e.first.front())}});
        }
        file.insert(u"warnings"_s, warnings);
        if (!r.isOk()) {
            const Error &e = r.error();
            io.err << CliTr::tr("%1: %2").arg(path, e.toString()) << '\n';
            file.insert(u"error"_s,
                        QJsonObject{{u"code"_s, errorCodeId(e.code)},
                                    {u"message"_s, e.message},
                                    {u"offset"_s, e.offset},
                                    {u"line"_s, e.line}});
            files.append(file);
            exit = ExitInput;
            continue;
        }
        const TraceDataset &ds = *r.value();
        file.insert(u"producer"_s, ds.producer.isEmpty() ? QJsonValue() : QJsonValue(ds.producer));
        QJsonObject phases;
        for (auto it = ds.eventsByPhase.cbegin(); it != ds.eventsByPhase.cend(); ++it)
            phases.insert(it.key(), it.value());
        file.insert(u"events_by_phase"_s, phases);
        files.append(file);
        for (qint64 i = 0; i < ds.sliceCount(); ++i) {
            if (!(ds.sliceFlags[size_t(i)] & TraceSliceFlag::AsyncSlice))
                ++slices;
        }
        instants += qint64(ds.instantTs.size());
        counterSamples += qint64(ds.counterTs.size());
        flows += qint64(ds.flows.size());
        processes += qint64(ds.processes.size());
        tracks += qint64(ds.tracks.size());
        if (ds.lastNs > ds.firstNs || ds.sliceCount() > 0) {
            first = any ? std::min(first, ds.firstNs) : ds.firstNs;
            last = any ? std::max(last, ds.lastNs) : ds.lastNs;
            any = true;
        }
        const OpStatistics stats = computeOpStatistics(ds);
        for (const OpStatisticsRow &row : stats.rows) {
            auto it = merged.find(row.name);
            if (it == merged.end()) {
                merged.insert(row.name, row);
                continue;
            }
            it->count += row.count;
            it->totalNs += row.totalNs;
            it->selfNs += row.selfNs;
            it->minNs = std::min(it->minNs, row.minNs);
            it->maxNs = std::max(it->maxNs, row.maxNs);
        }
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    std::vector<OpStatisticsRow> top(merged.cbegin(), merged.cend());
    std::sort(top.begin(), top.end(), [](const OpStatisticsRow &a, const OpStatisticsRow &b) {
        if (a.totalNs != b.totalNs)
            return a.totalNs > b.totalNs;
        return a.name < b.name;
    });
    if (top.size() > 20)
        top.resize(20);
    if (json) {
        QJsonArray topJson;
        for (const OpStatisticsRow &row : top) {
            topJson.append(QJsonObject{{u"name"_s, row.name},
                                       {u"count"_s, row.count},
                                       {u"total_us"_s, toUs(row.totalNs)},
                                       {u"self_us"_s, toUs(row.selfNs)},
                                       {u"avg_us"_s, row.averageNs() / 1000.0},
                                       {u"max_us"_s, toUs(row.maxNs)}});
        }
        writeJson(io.out,
                  QJsonObject{{u"schemaVersion"_s, 1},
                              {u"files"_s, files},
                              {u"slices"_s, slices},
                              {u"instants"_s, instants},
                              {u"counter_samples"_s, counterSamples},
                              {u"flows"_s, flows},
                              {u"processes"_s, processes},
                              {u"tracks"_s, tracks},
                              {u"span_us"_s, any ? toUs(last - first) : 0.0},
                              {u"load_seconds"_s, seconds},
                              {u"top"_s, topJson}});
        return exit;
    }
    const QLocale c = QLocale::c();
    io.out << CliTr::tr(
                  "%1 slices, %2 instants, %3 counter samples, %4 flows, %5 processes, %6 tracks")
                  .arg(slices)
                  .arg(instants)
                  .arg(counterSamples)
                  .arg(flows)
                  .arg(processes)
                  .arg(tracks)
           << '\n';
    io.out << CliTr::tr("span %1 µs, loaded in %2 s")
                  .arg(c.toString(any ? toUs(last - first) : 0.0, 'f', 3),
                       c.toString(seconds, 'f', 3))
           << '\n';
    for (const OpStatisticsRow &row : top) {
        io.out << c.toString(toUs(row.totalNs), 'f', 3).rightJustified(16) << ' '
               << QString::number(row.count).rightJustified(9) << "  " << row.name << '\n';
    }
    return exit;
}

} // namespace Twinscope::App
