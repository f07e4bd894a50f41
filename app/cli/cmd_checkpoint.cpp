#include "clicommand.h"
#include "compareoptions.h"
#include "core/checkpoint/checkpointpipeline.h"
#include "core/export/checkpointjson.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

QString ruleText(const ParameterPair &p)
{
    switch (p.rule) {
    case MappingRule::Exact:
        return CliTr::tr("exact");
    case MappingRule::BuiltIn:
        return CliTr::tr("built-in: %1").arg(p.how);
    case MappingRule::User:
        return CliTr::tr("mapping file: %1").arg(p.how);
    case MappingRule::Prefix:
        return CliTr::tr("prefix: %1").arg(p.how);
    case MappingRule::Shape:
        break;
    }
    return CliTr::tr("shape order");
}

// The structure check, the name mapping (every pair that is not an exact name, every name left
// over) and the verdicts, in that order: the guides check the structure before any metric.
void printText(CliIo &io, const CheckpointComparison &c, double seconds)
{
    const Checkpoint &a = *c.a, &b = *c.b;
    const CheckpointStructure &s = c.structure;
    const ParameterMapping &m = c.mapping;
    const DumpComparison &cmp = *c.comparison;
    auto nameA = [&](int i) {
        return a.tensors->tensors[i].name;
    };
    auto nameB = [&](int i) {
        return b.tensors->tensors[i].name;
    };
    io.out << CliTr::tr("A: %1 (%2) · B: %3 (%4)%5")
                  .arg(a.path,
                       a.format,
                       b.path,
                       b.format,
                       c.updateMode() ? CliTr::tr(" · updates after − before") : QString())
           << '\n';
    io.out << CliTr::tr("structure: %1")
                  .arg(s.clean() ? CliTr::tr("same parameters and shapes") : CliTr::tr("differs"))
           << '\n';
    io.out << CliTr::tr("  parameters: A %1 (%2 trainable, %3 tensors) · B %4 (%5 trainable, %6 "
                        "tensors)")
                  .arg(s.aParams)
                  .arg(s.aTrainable)
                  .arg(s.aTensors)
                  .arg(s.bParams)
                  .arg(s.bTrainable)
                  .arg(s.bTensors)
           << '\n';
    for (int k : s.shapeMismatches) {
        const ParameterPair &p = m.pairs[k];
        io.out << CliTr::tr("  shape differs: %1 %2 ↔ %3 %4")
                      .arg(nameA(p.a),
                           shapeText(a.tensors->tensors[p.a].shape),
                           nameB(p.b),
                           shapeText(b.tensors->tensors[p.b].shape))
               << '\n';
    }
    for (int i : s.onlyA)
        io.out
            << CliTr::tr("  only in A: %1 %2").arg(nameA(i), shapeText(a.tensors->tensors[i].shape))
            << '\n';
    for (int i : s.onlyB)
        io.out
            << CliTr::tr("  only in B: %1 %2").arg(nameB(i), shapeText(b.tensors->tensors[i].shape))
            << '\n';
    int exact = 0;
    for (const ParameterPair &p : m.pairs)
        exact += p.rule == MappingRule::Exact;
    io.out << CliTr::tr("mapping: %1 pairs (%2 by the same name), %3 / %4 without a twin by design")
                  .arg(m.pairs.size())
                  .arg(exact)
                  .arg(m.noTwinA.size())
                  .arg(m.noTwinB.size())
           << '\n';
    for (const ParameterPair &p : m.pairs) {
        if (p.rule == MappingRule::Exact && !p.reshaped)
            continue;
        io.out << CliTr::tr("  %1 ↔ %2 (%3)%4")
                      .arg(nameA(p.a),
                           nameB(p.b),
                           ruleText(p),
                           p.reshaped ? CliTr::tr(", compared as %1")
                                            .arg(shapeText(a.tensors->tensors[p.a].shape))
                                      : QString())
               << '\n';
    }
    for (int i : m.noTwinA)
        io.out << CliTr::tr("  no twin in B by design: %1").arg(nameA(i)) << '\n';
    for (int i : m.noTwinB)
        io.out << CliTr::tr("  no twin in A by design: %1").arg(nameB(i)) << '\n';
    int errors = 0, warnings = 0;
    for (const CompareRow &r : cmp.rows) {
        errors += r.verdict == Verdict::Error || r.verdict == Verdict::Unmatched;
        warnings += r.verdict == Verdict::Warning;
    }
    io.out << CliTr::tr("pairs: %1, errors: %2, warnings: %3")
                  .arg(cmp.rows.size())
                  .arg(errors)
                  .arg(warnings)
           << '\n';
    if (cmp.firstDivergent >= 0) {
        const CompareRow &r = cmp.rows[cmp.firstDivergent];
        io.out << CliTr::tr("first divergent: %1 ↔ %2 (cosine %3, max abs err %4)")
                      .arg(cmp.bench->tensors[r.bench].name, cmp.npu->tensors[r.npu].name)
                      .arg(r.metrics->cosine, 0, 'g', 8)
                      .arg(r.metrics->maxAbsErr, 0, 'g', 6)
               << '\n';
    } else {
        io.out << CliTr::tr("first divergent: none") << '\n';
    }
    io.out << CliTr::tr("%1 MB compared in %2 s (%3 GB/s)")
                  .arg(double(cmp.bytesCompared) / 1e6, 0, 'f', 1)
                  .arg(seconds, 0, 'f', 2)
                  .arg(double(cmp.bytesCompared) / 1e9 / std::max(seconds, 1e-9), 0, 'f', 2)
           << '\n';
}

} // namespace

int runCkpt(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Compare two checkpoints parameter by parameter (PyTorch .pth/.pt, MindSpore "
                  ".ckpt, safetensors, .npz, HDF5): structure first, then every metric."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption(
        {u"map"_s,
         CliTr::tr("JSON mapping file {\"regex\": \"replacement\"} applied to B's names."),
         u"FILE"_s});
    parser.addOption({u"update"_s,
                      CliTr::tr("Update mode: compare after − before; BEFORE_A here, BEFORE_B as "
                                "the first path (ckpt --update BEFORE_A BEFORE_B A B)."),
                      u"BEFORE_A"_s});
    parser.addOption(
        {u"rtol"_s, CliTr::tr("allclose relative tolerance (default: per B's dtype)."), u"R"_s});
    parser.addOption(
        {u"atol"_s, CliTr::tr("allclose absolute tolerance (default: per B's dtype)."), u"A"_s});
    parser.addOption(
        {u"max-entries"_s,
         CliTr::tr("Refuse a checkpoint with more entries (parameters, tensors) than N "
                   "(default: %1).")
             .arg(DefaultMaxCheckpointEntries),
         u"N"_s});
    parser.addOption({u"threads"_s,
                      CliTr::tr("Worker threads over tensor pairs (default: all cores)."),
                      u"N"_s});
    parser.addPositionalArgument(u"A"_s, CliTr::tr("First checkpoint (usually PyTorch)."));
    parser.addPositionalArgument(u"B"_s, CliTr::tr("Second checkpoint (usually MindSpore)."));
    if (const auto done = parseArguments(parser, "ckpt", args, io))
        return *done;
    QStringList paths = parser.positionalArguments();
    CheckpointPipelineInput input;
    if (parser.isSet(u"update"_s)) {
        if (paths.size() != 3) {
            io.err << CliTr::tr("ckpt --update needs BEFORE_A BEFORE_B A B.") << '\n';
            return ExitUsage;
        }
        input.beforeA = parser.value(u"update"_s);
        input.beforeB = paths.takeFirst();
    } else if (paths.size() != 2) {
        io.err << CliTr::tr("ckpt needs exactly two paths: A B.") << '\n';
        return ExitUsage;
    }
    input.pathA = paths[0];
    input.pathB = paths[1];
    CompareOptions &options = input.options;
    if (const auto bad = readCompareOptions(parser, &options, io))
        return *bad;
    if (parser.isSet(u"max-entries"_s)) {
        bool capOk = false;
        const qint64 cap = parser.value(u"max-entries"_s).toLongLong(&capOk);
        if (!capOk || cap < 1 || cap > (qint64(1) << 31)) {
            io.err << CliTr::tr("--max-entries needs a whole number from 1 to 2^31.") << '\n';
            return ExitUsage;
        }
        input.maxEntries = cap;
    }
    QElapsedTimer timer;
    timer.start();
    ProgressSink progress;
    const Result<CheckpointComparison> result =
        runCheckpointPipeline(input, progress, CancelToken());
    if (!result.isOk()) {
        printWarnings(io, result.diagnostics());
        io.err << CliTr::tr("%1: %2").arg(result.error().file.isEmpty() ? input.pathB
                                                                        : result.error().file,
                                          result.error().toString())
               << '\n';
        return ExitInput;
    }
    const CheckpointComparison &c = *result.value();
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (parser.isSet(u"json"_s)) {
        writeJson(io.out, checkpointJson(c, result.diagnostics()));
        return ExitOk;
    }
    printWarnings(io, result.diagnostics());
    printText(io, c, seconds);
    return ExitOk;
}

} // namespace Twinscope::App
