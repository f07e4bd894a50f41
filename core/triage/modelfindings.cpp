#include "modelfindings.h"

#include "core/common/tr.h"
#include "core/dump/modulepipeline.h"

#include <QFileInfo>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

FindingList moduleTreeFindings(const ModulePipelineResult &result,
                               const QString &benchPath,
                               const QString &npuPath)
{
    FindingList out;
    const ModuleComparison &c = *result.comparison;
    if (c.firstDivergent < 0)
        return out;
    const ModuleNode &node = c.npu->nodes[c.firstDivergent];
    const NodeComparison &nc = c.nodes[c.firstDivergent];
    Finding f;
    f.code = u"dump.first_divergent_module"_s;
    f.severity = FindingSeverity::Critical;
    f.weight = 1;
    f.text = Tr::tr("The first divergent module is %1 (depth %2, step %3, rank %4): its inputs "
                    "agree with the benchmark and its outputs do not (output error %5, msprobe "
                    "band %6).")
                 .arg(node.id)
                 .arg(node.depth)
                 .arg(result.step)
                 .arg(result.rank)
                 .arg(QString::number(nc.outputError, 'g', 3), precisionBandId(nc.band));
    if (c.firstDivergentAfterOutput)
        f.text = Tr::tr("The first divergent module is %1 (depth %2, step %3, rank %4): its "
                        "recorded outputs agree with the benchmark, but the next call already "
                        "reads a different value: its output was changed after msprobe recorded "
                        "it (a forward hook, or an op msprobe does not wrap).")
                     .arg(node.id)
                     .arg(node.depth)
                     .arg(result.step)
                     .arg(result.rank);
    f.nextAction = Tr::tr("Look inside %1: compare its parameters in the two checkpoints, its "
                          "kernels in the two timelines, and dump it alone in tensor mode "
                          "(msprobe scope = this module) to see which elements differ.")
                       .arg(node.id);
    f.guide = u"msprobe graph_visualize; docs/METRICS.md §13.6"_s;
    QJsonArray apis;
    if (c.firstDivergentApi >= 0)
        apis.append(c.npu->nodes[c.firstDivergentApi].id);
    f.evidence = QJsonObject{
        {u"module"_s, node.id},
        {u"path"_s, QJsonArray::fromStringList(c.npu->ancestors(c.firstDivergent))},
        {u"depth"_s, node.depth},
        {u"mode"_s, moduleCompareModeId(c.mode)},
        {u"band"_s, precisionBandId(nc.band)},
        {u"precision_index"_s,
         std::isfinite(nc.precisionIndex) ? QJsonValue(nc.precisionIndex) : QJsonValue()},
        {u"output_error"_s, nc.outputError},
        {u"after_output"_s, c.firstDivergentAfterOutput},
        {u"first_divergent_api"_s, apis.isEmpty() ? QJsonValue() : apis.first()},
        {u"step"_s, result.step},
        {u"rank"_s, result.rank},
        {u"benchmark_file"_s, benchPath},
        {u"test_file"_s, npuPath},
    };
    f.link.view = FindingLink::View::KindRow;
    f.link.kind = fileKindId(FileKind::Model);
    f.link.file = npuPath;
    f.link.name = node.id;
    f.link.row = c.firstDivergent;
    out.push_back(std::move(f));
    return out;
}

} // namespace Twinscope::Core
