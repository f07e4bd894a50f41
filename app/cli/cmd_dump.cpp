#include "clicommand.h"
#include "compareoptions.h"
#include "core/common/inputfile.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"
#include "core/export/comparecsv.h"
#include "core/export/comparejson.h"
#include "core/export/dumpjson.h"
#include "dumptext.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

// "--step 1,3" / "--step 1 --step 2" -> {1, 3} / {1, 2}; false on a bad number.
bool intList(const QStringList &values, QList<int> *out)
{
    for (const QString &v : values)
        for (const QString &part : v.split(u',', Qt::SkipEmptyParts)) {
            bool ok = false;
            const int n = part.trimmed().toInt(&ok);
            if (!ok || n < 0)
                return false;
            out->append(n);
        }
    return true;
}

int failed(CliIo &io, const Diagnostics &diagnostics, const Error &error, const QString &path)
{
    printWarnings(io, diagnostics);
    io.err << CliTr::tr("%1: %2").arg(error.file.isEmpty() ? path : error.file, error.toString())
           << '\n';
    return ExitInput;
}

} // namespace

int runDumps(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Compare a benchmark (GPU) dump with an NPU dump tensor by tensor; with one "
                  "dump, find where it overflows; with a compare result, show it."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption(
        {u"csv"_s, CliTr::tr("Also write msprobe's compare-result CSV to OUT."), u"OUT"_s});
    parser.addOption(
        {u"map"_s,
         CliTr::tr("JSON mapping file {\"regex\": \"replacement\"} applied to NPU names."),
         u"FILE"_s});
    parser.addOption(
        {u"rtol"_s, CliTr::tr("allclose relative tolerance (default: per NPU dtype)."), u"R"_s});
    parser.addOption(
        {u"atol"_s, CliTr::tr("allclose absolute tolerance (default: per NPU dtype)."), u"A"_s});
    parser.addOption(
        {u"kl"_s,
         CliTr::tr("Also compute msaccucmp's KL divergence (a second pass over every pair).")});
    parser.addOption({u"threads"_s,
                      CliTr::tr("Worker threads over tensor pairs (default: all cores)."),
                      u"N"_s});
    parser.addOption(
        {u"max-elements"_s,
         CliTr::tr("Per-tensor element cap: larger tensors are listed but not read (default %1).")
             .arg(DumpReadOptions::DefaultMaxElements),
         u"N"_s});
    parser.addOption(
        {u"max-rows"_s,
         CliTr::tr("Rows kept from a compare result (default: as many as fit in 4 times the "
                   "file's size, at least 512 MiB; the rest are counted as rows_capped)."),
         u"N"_s});
    parser.addOption({u"allow-outside-dump"_s,
                      CliTr::tr("Also read tensor files a dump names outside its folder (by "
                                "\"../\", an absolute path or a symlink).")});
    parser.addOption({u"step"_s,
                      CliTr::tr("Only these steps of step*/rank* trees (N or N,M; default all)."),
                      u"N"_s});
    parser.addOption({u"rank"_s,
                      CliTr::tr("Only these ranks of step*/rank* trees (N or N,M; default all)."),
                      u"N"_s});
    parser.addPositionalArgument(
        u"bench"_s,
        CliTr::tr("Benchmark dump (HDF5, .npy/.pt file or folder, msprobe dump), or the only dump "
                  "to analyse, or an msprobe/ptdbg compare result (CSV, .xlsx)."));
    parser.addPositionalArgument(u"npu"_s, CliTr::tr("NPU dump of the same kind (optional)."));
    if (const auto done = parseArguments(parser, "dumps", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty() || paths.size() > 2) {
        io.err << CliTr::tr("dumps needs one path (a dump or a compare result) or two: BENCH NPU.")
               << '\n';
        return ExitUsage;
    }
    CompareOptions options;
    options.computeKl = parser.isSet(u"kl"_s);
    if (const auto bad = readCompareOptions(parser, &options, io))
        return *bad;
    if (parser.isSet(u"max-elements"_s)) {
        // Accepts 1e12 as well as 1000000000000; at most 2^50, the readers' own ceiling.
        bool capOk = false;
        const double cap = parser.value(u"max-elements"_s).toDouble(&capOk);
        if (!capOk || cap < 1 || cap > double(qint64(1) << 50) || cap != std::floor(cap)) {
            io.err << CliTr::tr("--max-elements needs a whole number from 1 to 2^50.") << '\n';
            return ExitUsage;
        }
        options.read.maxElements = qint64(cap);
    }
    if (parser.isSet(u"max-rows"_s)) {
        bool rowsOk = false;
        const qint64 rows = parser.value(u"max-rows"_s).toLongLong(&rowsOk);
        if (!rowsOk || rows < 1 || rows > (qint64(1) << 31)) {
            io.err << CliTr::tr("--max-rows needs a whole number from 1 to 2^31.") << '\n';
            return ExitUsage;
        }
        options.read.maxResultRows = rows;
    }
    options.read.allowOutsideFolder = parser.isSet(u"allow-outside-dump"_s);
    QList<int> steps, ranks;
    if (!intList(parser.values(u"step"_s), &steps) || !intList(parser.values(u"rank"_s), &ranks)) {
        io.err << CliTr::tr("--step and --rank need non-negative numbers (N or N,M).") << '\n';
        return ExitUsage;
    }
    QElapsedTimer timer;
    timer.start();
    ProgressSink progress;
    const bool json = parser.isSet(u"json"_s);

    // The first path is sniffed once here; the pipeline and the reader use this result.
    const SniffResult first = sniffPath(paths[0]);
    if (paths.size() == 1 && !isCompareResult(first)) {
        // One dump, no benchmark: the overflow analysis.
        SingleDumpInput input{paths[0], steps, ranks, options.threads, options.read, first};
        const Result<OverflowSeries> r = runSingleDumpPipeline(input, progress, CancelToken());
        if (!r.isOk())
            return failed(io, r.diagnostics(), r.error(), paths[0]);
        const int shown = firstOverflowRun(*r.value());
        if (json) {
            writeJson(io.out,
                      dumpsOverflowJson(*r.value(),
                                        shown,
                                        paths[0],
                                        double(timer.nsecsElapsed()) / 1e9,
                                        r.diagnostics()));
            return ExitOk;
        }
        printWarnings(io, r.diagnostics());
        io.out << paths[0] << '\n';
        printOverflow(io, *r.value(), shown);
        return ExitOk;
    }

    DumpPipelineInput input;
    input.benchPath = paths[0];
    input.npuPath = paths.value(1);
    input.benchSniff = first;
    input.options = options;
    input.steps = steps;
    input.ranks = ranks;
    const Result<DumpSeries> result = runDumpPipeline(input, progress, CancelToken());
    if (!result.isOk())
        return failed(io, result.diagnostics(), result.error(), paths.last());
    const DumpSeries &series = *result.value();
    const int shown = firstDivergingRun(series);
    const DumpComparison &c = *series.runs[shown];
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (parser.isSet(u"csv"_s)) {
        QFile f;
        Error openError;
        if (!openOutputFile(&f, parser.value(u"csv"_s), &openError)) {
            io.err << CliTr::tr("%1: cannot write the CSV file: %2")
                          .arg(parser.value(u"csv"_s), openError.message)
                   << '\n';
            return ExitInput;
        }
        if (!writeCompareCsv(c, &f)) {
            io.err << CliTr::tr("%1: cannot write the CSV file").arg(parser.value(u"csv"_s))
                   << '\n';
            return ExitInput;
        }
    }
    if (json) {
        const QJsonObject head = dumpsCompareHeadJson(
            series, shown, paths[0], paths.last(), seconds, result.diagnostics());
        // arguments[] and tensors[] one at a time, built only when written: 600 000 rows as one
        // QJsonArray took 4 GB (issue #16).
        writeJsonStreamed(io.out,
                          head,
                          {StreamedArray{u"arguments"_s,
                                         c.arguments.size(),
                                         [&](qsizetype i) {
                                             return argumentJson(c, i);
                                         }},
                           StreamedArray{u"tensors"_s, c.rows.size(), [&](qsizetype i) {
                                             return compareRowJson(c, int(i));
                                         }}});
        return ExitOk;
    }
    printWarnings(io, result.diagnostics());
    io.out << CliTr::tr("%1 vs %2 (%3, %4)")
                  .arg(paths[0], paths.last(), c.bench->format, c.npu->format)
           << '\n';
    printComparison(io, series, shown);
    io.out << CliTr::tr("%1 MB compared in %2 s (%3 GB/s)")
                  .arg(double(c.bytesCompared) / 1e6, 0, 'f', 1)
                  .arg(seconds, 0, 'f', 2)
                  .arg(double(c.bytesCompared) / 1e9 / std::max(seconds, 1e-9), 0, 'f', 2)
           << '\n';
    return ExitOk;
}

} // namespace Twinscope::App
