#include "checkpointfindings.h"

#include "core/checkpoint/checkpointcompare.h"
#include "core/common/tr.h"

#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

FindingList checkpointFindings(const CheckpointComparison &c)
{
    const DumpComparison *cmp = c.comparison.get();
    if (!cmp || cmp->firstDivergent < 0 || !cmp->bench || !cmp->npu)
        return {};
    const int rowIndex = cmp->firstDivergent;
    const CompareRow &row = cmp->rows[rowIndex];
    const QString nameA = row.bench >= 0 ? cmp->bench->tensors[row.bench].name : QString();
    const QString nameB = row.npu >= 0 ? cmp->npu->tensors[row.npu].name : QString();
    const int pairIndex = c.rowPair.value(rowIndex, -1);
    const ParameterPair *pair = pairIndex >= 0 && pairIndex < c.mapping.pairs.size()
                                    ? &c.mapping.pairs[pairIndex]
                                    : nullptr;
    const QString rule = pair ? mappingRuleId(pair->rule) : QString();
    const QString cosine = std::isfinite(row.metrics->cosine)
                               ? QLocale().toString(row.metrics->cosine, 'f', 4)
                               : Tr::tr("n/a");
    Finding f;
    f.code = u"ckpt.divergent_parameter"_s;
    f.severity = FindingSeverity::Critical;
    f.weight = 1;
    f.guide = Tr::tr("MindSpore, Guide to Locating Accuracy Problems: checkpoint comparison");
    f.evidence = QJsonObject{{u"benchmark_file"_s, c.a ? c.a->path : QString()},
                             {u"test_file"_s, c.b ? c.b->path : QString()},
                             {u"parameter_a"_s, nameA},
                             {u"parameter_b"_s, nameB},
                             {u"mapping_rule"_s, rule},
                             {u"mapping_how"_s, pair ? pair->how : QString()},
                             {u"update_mode"_s, c.updateMode()},
                             {u"row"_s, rowIndex}};
    if (std::isfinite(row.metrics->cosine))
        f.evidence.insert(u"cosine"_s, row.metrics->cosine);
    if (std::isfinite(row.metrics->maxAbsErr))
        f.evidence.insert(u"max_abs_err"_s, row.metrics->maxAbsErr);
    const QString mapped = pair && !pair->how.isEmpty() ? u"%1 (%2)"_s.arg(rule, pair->how) : rule;
    f.text = (c.updateMode() ? Tr::tr("The first parameter whose update diverges is %1 ↔ %2 "
                                      "(mapped by rule %3, cosine %4).")
                             : Tr::tr("The first divergent parameter is %1 ↔ %2 (mapped by rule "
                                      "%3, cosine %4)."))
                 .arg(nameA, nameB, mapped, cosine);
    f.nextAction = Tr::tr("The weights already differ: compare the step before, or the update "
                          "(after − before).");
    f.link.view = FindingLink::View::CheckpointParam;
    f.link.file = c.b ? c.b->path : QString();
    f.link.name = nameA;
    f.link.row = rowIndex;
    return {f};
}

} // namespace Twinscope::Core
