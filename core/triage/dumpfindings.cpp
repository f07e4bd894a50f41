#include "dumpfindings.h"

#include "core/common/tr.h"
#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"

#include <QJsonArray>
#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString dumpGuide()
{
    return Tr::tr("MindSpore, Guide to Locating Accuracy Problems: dump comparison");
}

const TensorEntry *npuTensor(const DumpComparison &c, const CompareRow &row)
{
    return row.npu >= 0 && c.npu ? &c.npu->tensors[row.npu] : nullptr;
}

const TensorEntry *benchTensor(const DumpComparison &c, const CompareRow &row)
{
    return row.bench >= 0 && c.bench ? &c.bench->tensors[row.bench] : nullptr;
}

// The tensor a row stands for: the NPU side's, else the benchmark's.
const TensorEntry *rowTensor(const DumpComparison &c, const CompareRow &row)
{
    const TensorEntry *t = npuTensor(c, row);
    return t ? t : benchTensor(c, row);
}

// A float16 tensor whose benchmark reaches float16's largest finite value overflowed.
bool saturatesFloat16(const TensorEntry *npu, const TensorEntry *bench)
{
    if (!npu || npu->dtype != DType::Float16 || !bench || !bench->stats)
        return false;
    return std::abs(bench->stats->max) >= Float16Max || std::abs(bench->stats->min) >= Float16Max;
}

Finding rowFinding(const DumpComparison &c, int run, const QString &label, int rowIndex)
{
    const CompareRow &row = c.rows[rowIndex];
    const TensorEntry *t = rowTensor(c, row);
    Finding f;
    f.guide = dumpGuide();
    f.evidence = QJsonObject{{u"benchmark_file"_s, c.bench ? c.bench->path : QString()},
                             {u"test_file"_s, c.npu ? c.npu->path : QString()},
                             {u"tensor"_s, t ? t->name : QString()},
                             {u"op"_s, t ? t->op : QString()},
                             {u"op_type"_s, t ? t->opType : QString()},
                             {u"dtype"_s, t ? dtypeId(t->dtype) : QString()},
                             {u"row"_s, rowIndex},
                             {u"origin"_s, row.origin}};
    if (!label.isEmpty())
        f.evidence.insert(u"run"_s, label);
    if (std::isfinite(row.metrics->cosine))
        f.evidence.insert(u"cosine"_s, row.metrics->cosine);
    if (std::isfinite(row.metrics->maxAbsErr))
        f.evidence.insert(u"max_abs_err"_s, row.metrics->maxAbsErr);
    f.link.view = FindingLink::View::DumpTensor;
    f.link.file = c.npu ? c.npu->path : QString();
    f.link.name = t ? t->name : QString();
    f.link.run = run;
    f.link.row = rowIndex;
    return f;
}

// The call's non-tensor arguments that differ from the benchmark's, as "input.1 = 0.0 (bench
// 2.83)": a changed scalar (a divisor set to 0) is the cause the tensors alone do not show.
QStringList changedArguments(const DumpComparison &c, const QString &op)
{
    QStringList out;
    for (const ArgumentDiff &d : c.arguments) {
        if (!d.changed || !c.bench || !c.npu)
            continue;
        const ArgumentEntry &b = c.bench->arguments[d.bench];
        if (b.op != op)
            continue;
        out << Tr::tr("%1 = %2 (bench %3)")
                   .arg(b.key.mid(op.size() + 1), c.npu->arguments[d.npu].value, b.value);
    }
    return out;
}

bool lowPrecision(DType t)
{
    return t == DType::Float16 || t == DType::BFloat16;
}

} // namespace

FindingList dumpFindings(const DumpSeries &series)
{
    const QLocale locale;
    FindingList out;
    // "Nothing diverges" is said once, of every run compared, and only when no run of the series
    // has a problem: a clean step 0 beside a step-1 NaN would read as a contradiction.
    bool anyProblem = false;
    qsizetype pairs = 0;
    QStringList cleanRuns;
    for (qsizetype run = 0; run < series.runs.size(); ++run) {
        const DumpComparison &c = *series.runs[run];
        anyProblem = anyProblem || c.nanOrigin >= 0 || c.firstDivergent >= 0;
        pairs += c.rows.size();
        if (!series.labels.value(run).isEmpty())
            cleanRuns << series.labels.value(run);
    }
    for (qsizetype run = 0; run < series.runs.size(); ++run) {
        const DumpComparison &c = *series.runs[run];
        const QString label = series.labels.value(run);
        const QString where = label.isEmpty() ? QString() : Tr::tr(" (run %1)").arg(label);
        if (c.nanOrigin >= 0) {
            Finding f = rowFinding(c, int(run), label, c.nanOrigin);
            const CompareRow &row = c.rows[c.nanOrigin];
            const bool saturated = saturatesFloat16(npuTensor(c, row), benchTensor(c, row));
            f.evidence.remove(u"origin"_s); // the divergence flag, not the NaN's
            f.evidence.insert(u"float16_saturation"_s, saturated);
            f.code = u"dump.nan_origin"_s;
            f.severity = FindingSeverity::Critical;
            f.weight = 2;
            const QString op = f.evidence.value(u"op"_s).toString();
            const TensorEntry *t = rowTensor(c, row);
            const QStringList arguments = changedArguments(c, op);
            if (!arguments.isEmpty())
                f.evidence.insert(u"changed_arguments"_s, QJsonArray::fromStringList(arguments));
            if (!arguments.isEmpty())
                f.text = Tr::tr("NaN/Inf first appears in %1%2, output of op %3 whose tensor "
                                "inputs are finite; a non-tensor argument of that call differs "
                                "from the benchmark: %4.")
                             .arg(f.link.name, where, op, arguments.join(u"; "_s));
            else if (saturated)
                f.text = Tr::tr("NaN/Inf first appears in %1%2, output of op %3 whose "
                                "inputs are finite: the benchmark exceeds float16's "
                                "range there (saturation).")
                             .arg(f.link.name, where, op);
            else
                f.text = Tr::tr("NaN/Inf first appears in %1%2, output of op %3 whose "
                                "inputs are finite: that op overflows.")
                             .arg(f.link.name, where, op);
            // The advice follows the cause and the dtype: float32 and loss-scale advice only
            // helps a low-precision op.
            if (!arguments.isEmpty())
                f.nextAction = Tr::tr("Find where the code computes %1 for op %2 (the call stack "
                                      "in the dump view): the value differs from the benchmark's "
                                      "before the op runs.")
                                   .arg(arguments.join(u"; "_s), op);
            else if (t && lowPrecision(t->dtype))
                f.nextAction = Tr::tr("Check op %1 for overflow in %2: look at its inputs' "
                                      "ranges, run it in float32 (or keep it out of the %2 "
                                      "list), and check the loss scale.")
                                   .arg(op, dtypeId(t->dtype));
            else
                f.nextAction = Tr::tr("Op %1 overflows in %2 with finite inputs: check its "
                                      "inputs' ranges and the values it divides by or "
                                      "exponentiates (a zero divisor, a large exponent).")
                                   .arg(op, t ? dtypeId(t->dtype) : Tr::tr("its dtype"));
            out.push_back(std::move(f));
        }
        if (c.firstDivergent >= 0) {
            Finding f = rowFinding(c, int(run), label, c.firstDivergent);
            const CompareRow &row = c.rows[c.firstDivergent];
            f.code = u"dump.first_divergent"_s;
            f.severity = FindingSeverity::Critical;
            f.weight = 1;
            const QString op = f.evidence.value(u"op"_s).toString();
            const QString cosine = std::isfinite(row.metrics->cosine)
                                       ? locale.toString(row.metrics->cosine, 'f', 4)
                                       : Tr::tr("n/a");
            f.text = row.origin ? Tr::tr("The first divergent tensor is %1%2 (op %3, cosine "
                                         "%4), and every input of its op passes: the "
                                         "divergence starts in this op.")
                                      .arg(f.link.name, where, op, cosine)
                                : Tr::tr("The first divergent tensor is %1%2 (op %3, cosine "
                                         "%4); an input of its op already differs.")
                                      .arg(f.link.name, where, op, cosine);
            f.nextAction = row.origin
                               ? Tr::tr("Reproduce op %1 alone with the dumped inputs on both "
                                        "sides (msprobe run_ut or a single-op script); check "
                                        "its dtype, precision mode and the API's NPU "
                                        "implementation.")
                                     .arg(op)
                               : Tr::tr("Follow the inputs of op %1 backwards to the earliest "
                                        "differing tensor; it may not be in this dump (dump "
                                        "more ops or the module above).")
                                     .arg(op);
            out.push_back(std::move(f));
        }
    }
    if (!anyProblem && pairs > 0 && !series.runs.isEmpty()) {
        const DumpComparison &c = *series.runs.front();
        Finding f;
        f.code = u"dump.all_pass"_s;
        f.severity = FindingSeverity::Clear;
        f.guide = dumpGuide();
        f.evidence = QJsonObject{{u"benchmark_file"_s, c.bench ? c.bench->path : QString()},
                                 {u"test_file"_s, c.npu ? c.npu->path : QString()},
                                 {u"pairs"_s, double(pairs)}};
        if (!cleanRuns.isEmpty())
            f.evidence.insert(u"runs"_s, QJsonArray::fromStringList(cleanRuns));
        f.text =
            cleanRuns.isEmpty()
                ? Tr::tr("No tensor of the %1 compared pairs diverges.").arg(locale.toString(pairs))
                : Tr::tr("No tensor of the %1 compared pairs diverges (runs %2).")
                      .arg(locale.toString(pairs), cleanRuns.join(u", "_s));
        f.nextAction = Tr::tr("Nothing to do for these dumps; if the loss still differs, "
                              "dump a later step or the backward pass.");
        out.push_back(std::move(f));
    }
    return out;
}

FindingList saturationFindings(const OverflowSeries &overflow, const DumpSeries *pairs)
{
    const QLocale locale;
    FindingList out;
    for (qsizetype run = 0; run < overflow.runs.size(); ++run) {
        const OverflowAnalysis &a = *overflow.runs[run];
        if (a.firstSaturated < 0 || !a.dump || a.firstSaturated >= a.dump->tensors.size())
            continue;
        const TensorEntry &t = a.dump->tensors[a.firstSaturated];
        const QString label = overflow.labels.value(run);
        const QString where = label.isEmpty() ? QString() : Tr::tr(" (run %1)").arg(label);
        Finding f;
        f.code = u"dump.fp16_saturation"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = a.saturatedTensors;
        f.guide = dumpGuide();
        f.evidence = QJsonObject{{u"test_file"_s, a.dump->path},
                                 {u"tensor"_s, t.name},
                                 {u"op"_s, t.op},
                                 {u"op_type"_s, t.opType},
                                 {u"dtype"_s, dtypeId(t.dtype)},
                                 {u"saturated_tensors"_s, a.saturatedTensors}};
        const TensorSummary &summary = a.tensors.value(a.firstSaturated);
        if (summary.saturated >= 0)
            f.evidence.insert(u"saturated_elements"_s, double(summary.saturated));
        if (!label.isEmpty())
            f.evidence.insert(u"run"_s, label);
        f.text = Tr::tr("%1%2 (op %3) holds ±65504, float16's largest value: it saturates, the "
                        "first of %4 saturated tensors.")
                     .arg(t.name, where, t.op, locale.toString(a.saturatedTensors));
        f.nextAction = Tr::tr("Scale the loss (dynamic loss scaling) or compute this op in fp32.");
        f.link.view = FindingLink::View::DumpTensor;
        f.link.file = a.dump->path;
        f.link.name = t.name;
        f.link.run = int(run);
        // The comparison row of the tensor, when the dumps were compared run for run.
        if (pairs && run < pairs->runs.size()) {
            const DumpComparison &c = *pairs->runs[run];
            for (qsizetype r = 0; r < c.rows.size() && f.link.row < 0; ++r) {
                if (c.rows[r].npu == a.firstSaturated)
                    f.link.row = int(r);
            }
        }
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace Twinscope::Core
