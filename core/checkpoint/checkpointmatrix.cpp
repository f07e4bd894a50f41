#include "checkpointmatrix.h"

#include "core/common/tr.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString checkpointLayer(const CheckpointComparison &c, int benchTensor, int npuTensor)
{
    const bool a = benchTensor >= 0;
    const Checkpoint &ckpt = a ? *c.a : *c.b;
    const int entry = a ? c.aEntry[benchTensor] : c.bEntry[npuTensor];
    const CheckpointEntry &e = ckpt.entries[entry];
    const QString name = e.role == ParameterRole::OptimizerState && !e.owner.isEmpty()
                             ? e.owner
                             : ckpt.tensors->tensors[entry].name;
    const QString prefix = a ? c.mapping.prefixA : c.mapping.prefixB;
    const QString layer = layerName(name);
    return !prefix.isEmpty() && (layer + u'.').startsWith(prefix) ? layer.mid(prefix.size())
                                                                  : layer;
}

DivergenceMatrix buildCheckpointMatrix(const CheckpointComparison &c, bool perLayer)
{
    const DumpComparison &cmp = *c.comparison;
    DivergenceMatrix m;
    m.columns = divergenceMetricNames(false);
    const int cols = int(m.columns.size());
    // Every tensor shown, in the first checkpoint's order, then B's left-overs: (layer, label,
    // comparison row or -1).
    struct Item
    {
        QString label;
        int row;
    };
    QStringList layers;
    QHash<QString, QList<Item>> byLayer;
    auto add = [&](const QString &layer, const QString &label, int row) {
        if (!byLayer.contains(layer))
            layers << layer;
        byLayer[layer].append({label, row});
    };
    QList<int> rowOfBench(cmp.bench->tensors.size(), -1);
    for (int i = 0; i < cmp.rows.size(); ++i)
        rowOfBench[cmp.rows[i].bench] = i;
    for (int i = 0; i < cmp.bench->tensors.size(); ++i)
        add(checkpointLayer(c, i, -1), cmp.bench->tensors[i].name, rowOfBench[i]);
    for (int j : cmp.unmatchedNpu)
        add(checkpointLayer(c, -1, j), cmp.npu->tensors[j].name, -1);

    for (const QString &layer : std::as_const(layers)) {
        const QList<Item> &items = byLayer[layer];
        if (!perLayer) {
            for (const Item &it : items) {
                m.rowLabels << it.label;
                m.rowToRow << it.row;
                for (int k = 0; k < cols; ++k)
                    m.badness << divergenceBadness(cmp, it.row, k);
            }
            continue;
        }
        // The worst value per metric; the row clicked is the parameter worst over all metrics
        // (the first divergent one when the layer has one).
        QList<double> worst(cols, std::nan(""));
        int pick = -1;
        double pickScore = -1;
        for (const Item &it : items) {
            double score = 0;
            for (int k = 0; k < cols; ++k) {
                const double b = divergenceBadness(cmp, it.row, k);
                if (std::isnan(b))
                    continue;
                worst[k] = std::isnan(worst[k]) ? b : std::max(worst[k], b);
                score = std::max(score, b);
            }
            if (it.row >= 0 && cmp.rows[it.row].divergent)
                score += 2;
            if (it.row >= 0 && score > pickScore) {
                pick = it.row;
                pickScore = score;
            }
        }
        m.rowLabels << (layer.isEmpty() ? Tr::tr("(top level)") : layer) +
                           Tr::tr(" (%n tensor(s))", "", int(items.size()));
        m.rowToRow << pick;
        m.badness << worst;
    }
    m.rowAxis =
        perLayer
            ? Tr::tr("layers in file order, worst parameter (%n rows)", "", int(m.rowLabels.size()))
            : Tr::tr("parameters grouped by layer (%n rows)", "", int(m.rowLabels.size()));
    return m;
}

} // namespace Twinscope::Core
