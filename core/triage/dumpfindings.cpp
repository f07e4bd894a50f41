#include "dumpfindings.h"

#include "core/common/tr.h"
#include "core/dump/divergencematrix.h"

#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// float16's largest finite value: a float16 tensor whose benchmark reaches it overflowed.
constexpr double Float16Max = 65504.0;

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
    if (std::isfinite(row.metrics.cosine))
        f.evidence.insert(u"cosine"_s, row.metrics.cosine);
    if (std::isfinite(row.metrics.maxAbsErr))
        f.evidence.insert(u"max_abs_err"_s, row.metrics.maxAbsErr);
    f.link.view = FindingLink::View::DumpTensor;
    f.link.file = c.npu ? c.npu->path : QString();
    f.link.name = t ? t->name : QString();
    f.link.run = run;
    f.link.row = rowIndex;
    return f;
}

} // namespace

FindingList dumpFindings(const DumpSeries &series)
{
    const QLocale locale;
    FindingList out;
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
            f.text = saturated ? Tr::tr("NaN/Inf first appears in %1%2, output of op %3 whose "
                                        "inputs are finite: the benchmark exceeds float16's "
                                        "range there (saturation).")
                                     .arg(f.link.name, where, op)
                               : Tr::tr("NaN/Inf first appears in %1%2, output of op %3 whose "
                                        "inputs are finite: that op overflows.")
                                     .arg(f.link.name, where, op);
            f.nextAction = Tr::tr("Check op %1 for overflow: look at its inputs' ranges, run it "
                                  "in float32 (or keep it out of the float16 list), and check "
                                  "the loss scale.")
                               .arg(op);
            out.push_back(std::move(f));
        }
        if (c.firstDivergent >= 0) {
            Finding f = rowFinding(c, int(run), label, c.firstDivergent);
            const CompareRow &row = c.rows[c.firstDivergent];
            f.code = u"dump.first_divergent"_s;
            f.severity = FindingSeverity::Critical;
            f.weight = 1;
            const QString op = f.evidence.value(u"op"_s).toString();
            const QString cosine = std::isfinite(row.metrics.cosine)
                                       ? locale.toString(row.metrics.cosine, 'f', 4)
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
        if (c.nanOrigin < 0 && c.firstDivergent < 0 && !c.rows.isEmpty()) {
            Finding f;
            f.code = u"dump.all_pass"_s;
            f.severity = FindingSeverity::Clear;
            f.guide = dumpGuide();
            f.evidence = QJsonObject{{u"benchmark_file"_s, c.bench ? c.bench->path : QString()},
                                     {u"test_file"_s, c.npu ? c.npu->path : QString()},
                                     {u"pairs"_s, c.rows.size()}};
            if (!label.isEmpty())
                f.evidence.insert(u"run"_s, label);
            f.text = Tr::tr("No tensor of the %1 compared pairs diverges%2.")
                         .arg(locale.toString(c.rows.size()), where);
            f.nextAction = Tr::tr("Nothing to do for these dumps; if the loss still differs, "
                                  "dump a later step or the backward pass.");
            out.push_back(std::move(f));
        }
    }
    return out;
}

} // namespace Twinscope::Core
