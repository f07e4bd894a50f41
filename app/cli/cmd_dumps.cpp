#include "clicommand.h"
#include "compareoptions.h"
#include "core/common/inputfile.h"
#include "core/dump/dumppipeline.h"
#include "core/export/comparecsv.h"
#include "core/export/comparejson.h"
#include "core/export/diagnosticsexport.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

int runDumps(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Compare a benchmark (GPU) dump with an NPU dump tensor by tensor."));
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
    parser.addOption({u"allow-outside-dump"_s,
                      CliTr::tr("Also read tensor files a dump names outside its folder (by "
                                "\"../\", an absolute path or a symlink).")});
    parser.addPositionalArgument(
        u"bench"_s, CliTr::tr("Benchmark dump: HDF5, .npy file or folder, msprobe dump."));
    parser.addPositionalArgument(u"npu"_s, CliTr::tr("NPU dump of the same kind."));
    if (const auto done = parseArguments(parser, "dumps", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.size() != 2) {
        io.err << CliTr::tr("dumps needs exactly two paths: BENCH NPU.") << '\n';
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
    options.read.allowOutsideFolder = parser.isSet(u"allow-outside-dump"_s);
    QElapsedTimer timer;
    timer.start();
    DumpPipelineInput input;
    input.benchPath = paths[0];
    input.npuPath = paths[1];
    input.options = options;
    // One pair per command for now: with two step/rank trees, each loader takes its first run.
    input.runs = DumpPipelineInput::Runs::First;
    ProgressSink progress;
    const Result<DumpSeries> result = runDumpPipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        printWarnings(io, result.diagnostics());
        io.err << CliTr::tr("%1: %2").arg(result.error().file.isEmpty() ? paths[1]
                                                                        : result.error().file,
                                          result.error().toString())
               << '\n';
        return ExitInput;
    }
    const DumpComparison &c = *result.value()->runs.first();
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

    auto rowName = [&](int row) {
        return c.bench->tensors[c.rows[row].bench].name;
    };
    // One tensor's JSON, built only when it is written (writeJsonStreamed).
    auto tensorJson = [&](qsizetype i) {
        return compareRowJson(c, int(i));
    };
    QJsonArray unmatchedBench, unmatchedNpu;
    for (int i : c.unmatchedBench)
        unmatchedBench.append(c.bench->tensors[i].name);
    for (int i : c.unmatchedNpu)
        unmatchedNpu.append(c.npu->tensors[i].name);
    const QJsonValue first = firstDivergentJson(c);
    QJsonValue nanOrigin;
    if (c.nanOrigin >= 0)
        nanOrigin =
            QJsonObject{{u"name"_s, rowName(c.nanOrigin)}, {u"index"_s, c.rows[c.nanOrigin].bench}};

    if (parser.isSet(u"json"_s)) {
        writeJsonStreamed(io.out,
                          QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                                      {u"warnings"_s, warningsJson(result.diagnostics())},
                                      {u"bench"_s, paths[0]},
                                      {u"npu"_s, paths[1]},
                                      {u"bench_format"_s, c.bench->format},
                                      {u"npu_format"_s, c.npu->format},
                                      {u"statistics_mode"_s, c.statisticsMode},
                                      {u"pairs"_s, int(c.rows.size())},
                                      {u"unmatched_bench"_s, unmatchedBench},
                                      {u"unmatched_npu"_s, unmatchedNpu},
                                      {u"first_divergent"_s, first},
                                      {u"nan_origin"_s, nanOrigin},
                                      {u"bytes_compared"_s, c.bytesCompared},
                                      {u"seconds"_s, seconds}},
                          u"tensors"_s,
                          c.rows.size(),
                          tensorJson);
        return ExitOk;
    }
    printWarnings(io, result.diagnostics());
    int errors = 0, warnings = 0;
    for (const CompareRow &r : c.rows) {
        errors += r.verdict == Verdict::Error || r.verdict == Verdict::Unmatched;
        warnings += r.verdict == Verdict::Warning;
    }
    io.out << CliTr::tr("%1 vs %2 (%3, %4)").arg(paths[0], paths[1], c.bench->format, c.npu->format)
           << '\n';
    io.out << CliTr::tr("pairs: %1, unmatched: %2 bench / %3 NPU, errors: %4, warnings: %5")
                  .arg(c.rows.size())
                  .arg(c.unmatchedBench.size())
                  .arg(c.unmatchedNpu.size())
                  .arg(errors)
                  .arg(warnings)
           << '\n';
    if (c.firstDivergent >= 0) {
        const CompareRow &r = c.rows[c.firstDivergent];
        io.out << CliTr::tr("first divergent: %1 (index %2, cosine %3, max abs err %4, %5)")
                      .arg(rowName(c.firstDivergent))
                      .arg(r.bench)
                      .arg(r.metrics.cosine, 0, 'g', 8)
                      .arg(r.metrics.maxAbsErr, 0, 'g', 6)
                      .arg(r.origin ? CliTr::tr("origin") : CliTr::tr("propagated"))
               << '\n';
    } else {
        io.out << CliTr::tr("first divergent: none") << '\n';
    }
    if (c.nanOrigin >= 0)
        io.out << CliTr::tr("NaN/Inf origin: %1 (index %2)")
                      .arg(rowName(c.nanOrigin))
                      .arg(c.rows[c.nanOrigin].bench)
               << '\n';
    io.out << CliTr::tr("%1 MB compared in %2 s (%3 GB/s)")
                  .arg(double(c.bytesCompared) / 1e6, 0, 'f', 1)
                  .arg(seconds, 0, 'f', 2)
                  .arg(double(c.bytesCompared) / 1e9 / std::max(seconds, 1e-9), 0, 'f', 2)
           << '\n';
    return ExitOk;
}

} // namespace Twinscope::App
