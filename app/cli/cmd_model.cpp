// twinscope-cli model: msprobe's module tree of an NPU dump against its benchmark (or an msprobe
// .vis.db), with msprobe's precision index and band per node and Twinscope's first divergent
// module (docs/CLI.md "model").
#include "clicommand.h"
#include "core/common/inputfile.h"
#include "core/dump/modulepipeline.h"
#include "core/export/diagnosticsexport.h"

#include <QCommandLineParser>
#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonValue nodeRef(const ModuleComparison &c, int n)
{
    if (n < 0)
        return QJsonValue::Null;
    const ModuleNode &node = c.npu->nodes[n];
    const NodeComparison &nc = c.nodes[n];
    QJsonObject o{
        {u"id"_s, node.id},
        {u"depth"_s, node.depth},
        {u"path"_s, QJsonArray::fromStringList(c.npu->ancestors(n))},
        {u"precision_index"_s, number(nc.precisionIndex)},
        {u"band"_s, precisionBandId(nc.band)},
        {u"input_error"_s, number(nc.inputError)},
        {u"output_error"_s, number(nc.outputError)},
    };
    if (n == c.firstDivergent)
        o.insert(u"after_output"_s, c.firstDivergentAfterOutput);
    return o;
}

QJsonObject nodeJson(const ModuleComparison &c, int n)
{
    const ModuleNode &node = c.npu->nodes[n];
    const NodeComparison &nc = c.nodes[n];
    QJsonObject o{
        {u"id"_s, node.id},
        {u"parent"_s, node.parent >= 0 ? QJsonValue(c.npu->nodes[node.parent].id) : QJsonValue()},
        {u"depth"_s, node.depth},
        {u"kind"_s, node.isModule ? u"module"_s : u"api"_s},
        {u"bench"_s, nc.bench >= 0 ? QJsonValue(c.bench->nodes[nc.bench].id) : QJsonValue()},
        {u"precision_index"_s, number(nc.precisionIndex)},
        {u"band"_s, precisionBandId(nc.band)},
        {u"overflow"_s, overflowLevelId(nc.overflow)},
    };
    if (nc.bench >= 0) {
        o.insert(u"input_error"_s, number(nc.inputError));
        o.insert(u"output_error"_s, number(nc.outputError));
        o.insert(u"diverges"_s, nc.diverges);
        o.insert(u"inputs_agree"_s, nc.inputsAgree);
        o.insert(u"fuzzy"_s, nc.fuzzy);
    }
    return o;
}

QString indexText(double v)
{
    return std::isnan(v) ? u"-"_s : QString::number(v, 'g', 4);
}

void printTree(CliIo &io, const ModuleComparison &c, bool modulesOnly)
{
    QList<int> stack(c.npu->roots.rbegin(), c.npu->roots.rend());
    while (!stack.isEmpty()) {
        const int n = stack.takeLast();
        const ModuleNode &node = c.npu->nodes[n];
        for (auto it = node.children.rbegin(); it != node.children.rend(); ++it)
            stack.append(*it);
        if (modulesOnly && !node.isModule)
            continue;
        const NodeComparison &nc = c.nodes[n];
        QString line = QString(node.depth * 2, u' ') + node.id + u"  "_s +
                       precisionBandId(nc.band) + u' ' + indexText(nc.precisionIndex);
        if (nc.overflow != OverflowLevel::None)
            line += u"  overflow "_s + overflowLevelId(nc.overflow);
        if (n == c.firstDivergent)
            line += u"  <- "_s + CliTr::tr("first divergent module");
        io.out << line << '\n';
    }
}

} // namespace

int runModel(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Compare an NPU msprobe dump's module tree (construct.json, level L0 or mix) "
                  "with its benchmark's: msprobe's precision index and colour band per node, "
                  "unmatched nodes and the first divergent module. One .vis.db argument shows "
                  "msprobe's own graph compare."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"npu"_s, CliTr::tr("NPU dump folder, or an msprobe .vis.db."));
    parser.addPositionalArgument(u"bench"_s, CliTr::tr("Benchmark dump folder."), u"[bench]"_s);
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"step"_s, CliTr::tr("Step to compare (default: the first)."), u"N"_s});
    parser.addOption({u"rank"_s, CliTr::tr("Rank to compare (default: the first)."), u"R"_s});
    parser.addOption(
        {u"fuzzy"_s, CliTr::tr("msprobe's fuzzy match: API call counts ignored inside modules.")});
    parser.addOption({u"mapping"_s,
                      CliTr::tr("Node mapping file: {\"npu node\": \"bench node\"} or "
                                "\"npu node: bench node\" lines."),
                      u"FILE"_s});
    parser.addOption({u"layer-mapping"_s,
                      CliTr::tr("msprobe layer-mapping YAML for trees of two frameworks "
                                "(MindSpore Cell names against PyTorch Module names)."),
                      u"FILE"_s});
    parser.addOption({u"tolerance"_s,
                      CliTr::tr("Largest error that still agrees, for the first divergent module "
                                "(default 0.001)."),
                      u"X"_s});
    parser.addOption({u"modules-only"_s, CliTr::tr("Text output: list modules, not APIs.")});
    if (auto done = parseArguments(parser, "model", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    // Every path is checked before anything opens it: a FIFO given as the .vis.db would block.
    for (const QString &p : paths)
        if (const auto e = checkInputPath(p, InputKind::FileOrFolder)) {
            io.err << e->toString() << '\n';
            return ExitInput;
        }
    ModulePipelineInput input;
    if (paths.size() == 2) {
        input.npu = paths[0];
        input.bench = paths[1];
    } else if (paths.size() == 1 && isVisDbPath(paths[0])) {
        input.npu = paths[0];
    } else {
        io.err << CliTr::tr("model needs NPU_DIR BENCH_DIR, or one msprobe .vis.db") << '\n';
        return ExitUsage;
    }
    auto intOption = [&](const QString &name, int *out) {
        if (!parser.isSet(name))
            return true;
        bool ok = false;
        *out = parser.value(name).toInt(&ok);
        return ok && *out >= 0;
    };
    if (!intOption(u"step"_s, &input.step) || !intOption(u"rank"_s, &input.rank)) {
        io.err << CliTr::tr("--step and --rank take a number >= 0") << '\n';
        return ExitUsage;
    }
    if (parser.isSet(u"tolerance"_s)) {
        bool ok = false;
        input.options.tolerance = parser.value(u"tolerance"_s).toDouble(&ok);
        if (!ok || !(input.options.tolerance >= 0)) {
            io.err << CliTr::tr("--tolerance takes a number >= 0") << '\n';
            return ExitUsage;
        }
    }
    input.options.fuzzy = parser.isSet(u"fuzzy"_s);
    if (parser.isSet(u"mapping"_s)) {
        QString error;
        if (const auto e = checkReadableFile(parser.value(u"mapping"_s))) {
            io.err << e->toString() << '\n';
            return ExitInput;
        }
        if (!loadNodeMapping(parser.value(u"mapping"_s), &input.options.mapping, &error)) {
            io.err << error << '\n';
            return ExitInput;
        }
    }
    if (parser.isSet(u"layer-mapping"_s)) {
        QString error;
        if (!loadLayerMapping(
                parser.value(u"layer-mapping"_s), &input.options.layerMapping, &error)) {
            io.err << error << '\n';
            return ExitInput;
        }
    }
    ProgressSink progress;
    const CancelToken cancel;
    const auto result = runModulePipeline(input, progress, cancel);
    if (!result.isOk()) {
        printWarnings(io, result.diagnostics());
        io.err << result.error().toString() << '\n';
        return ExitInput;
    }
    const ModulePipelineResult &r = *result.value();
    const ModuleComparison &c = *r.comparison;
    QStringList unmatchedNpu, unmatchedBench;
    for (int i = 0; i < c.nodes.size(); ++i)
        if (c.nodes[i].bench < 0)
            unmatchedNpu << c.npu->nodes[i].id;
    for (int b : c.unmatchedBench)
        unmatchedBench << c.bench->nodes[b].id;
    if (parser.isSet(u"json"_s)) {
        QJsonObject bands;
        for (int b = 0; b <= int(PrecisionBand::Unmatched); ++b)
            bands.insert(precisionBandId(PrecisionBand(b)), c.countBand(PrecisionBand(b)));
        QJsonArray stepRanks;
        for (const auto &sr : r.stepRanks)
            stepRanks.append(QJsonArray{sr.first, sr.second});
        QJsonObject head{
            {u"schemaVersion"_s, CliSchemaVersion},
            {u"source"_s, r.source},
            {u"mode"_s, moduleCompareModeId(c.mode)},
            {u"npu"_s, input.npu},
            {u"bench"_s, input.bench.isEmpty() ? QJsonValue() : QJsonValue(input.bench)},
            {u"step"_s, r.step},
            {u"rank"_s, r.rank},
            {u"step_ranks"_s, stepRanks},
            {u"tolerance"_s, input.options.tolerance},
            {u"fuzzy"_s, input.options.fuzzy},
            {u"npu_nodes"_s, int(c.npu->nodes.size())},
            {u"bench_nodes"_s, int(c.bench->nodes.size())},
            {u"matched"_s, c.matchedCount()},
            {u"bands"_s, bands},
            {u"first_divergent_module"_s, nodeRef(c, c.firstDivergent)},
            {u"first_divergent_api"_s, nodeRef(c, c.firstDivergentApi)},
            {u"unmatched_npu"_s, QJsonArray::fromStringList(unmatchedNpu)},
            {u"unmatched_bench"_s, QJsonArray::fromStringList(unmatchedBench)},
            {u"warnings"_s, warningsJson(result.diagnostics())},
        };
        if (r.msprobeMatched >= 0)
            head.insert(u"msprobe_matched"_s, r.msprobeMatched);
        writeJsonStreamed(io.out, head, u"nodes"_s, c.nodes.size(), [&](qsizetype i) {
            return nodeJson(c, int(i));
        });
        return ExitOk;
    }
    printWarnings(io, result.diagnostics());
    io.out << CliTr::tr(
                  "%1 compare, step %2, rank %3: %4 NPU nodes, %5 benchmark nodes, %6 matched")
                  .arg(moduleCompareModeId(c.mode))
                  .arg(r.step)
                  .arg(r.rank)
                  .arg(c.npu->nodes.size())
                  .arg(c.bench->nodes.size())
                  .arg(c.matchedCount())
           << '\n';
    printTree(io, c, parser.isSet(u"modules-only"_s));
    if (c.firstDivergent >= 0 && c.firstDivergentAfterOutput)
        io.out << CliTr::tr("first divergent module: %1 (its recorded outputs agree; they were "
                            "changed after msprobe recorded them)")
                      .arg(c.npu->nodes[c.firstDivergent].id)
               << '\n';
    else if (c.firstDivergent >= 0)
        io.out << CliTr::tr("first divergent module: %1").arg(c.npu->nodes[c.firstDivergent].id)
               << '\n';
    else
        io.out << CliTr::tr("first divergent module: none") << '\n';
    if (c.firstDivergentApi >= 0)
        io.out << CliTr::tr("first divergent API: %1").arg(c.npu->nodes[c.firstDivergentApi].id)
               << '\n';
    io.out << CliTr::tr("unmatched: %1 NPU nodes, %2 benchmark nodes")
                  .arg(unmatchedNpu.size())
                  .arg(unmatchedBench.size())
           << '\n';
    for (const QString &id : std::as_const(unmatchedNpu))
        io.out << u"  npu   "_s << id << '\n';
    for (const QString &id : std::as_const(unmatchedBench))
        io.out << u"  bench "_s << id << '\n';
    return ExitOk;
}

} // namespace Twinscope::App
