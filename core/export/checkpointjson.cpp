#include "checkpointjson.h"

#include "core/common/constants.h"
#include "core/export/comparejson.h"
#include "core/export/diagnosticsexport.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QJsonObject checkpointStructureJson(const CheckpointComparison &c)
{
    const CheckpointStructure &s = c.structure;
    QJsonArray mismatches, onlyA, onlyB;
    for (int k : s.shapeMismatches) {
        const ParameterPair &p = c.mapping.pairs[k];
        const TensorEntry &ta = c.a->tensors->tensors[p.a], &tb = c.b->tensors->tensors[p.b];
        mismatches.append(QJsonObject{{u"a"_s, ta.name},
                                      {u"b"_s, tb.name},
                                      {u"a_shape"_s, shapeJson(ta.shape)},
                                      {u"b_shape"_s, shapeJson(tb.shape)}});
    }
    for (int i : s.onlyA)
        onlyA.append(c.a->tensors->tensors[i].name);
    for (int i : s.onlyB)
        onlyB.append(c.b->tensors->tensors[i].name);
    return QJsonObject{{u"a_params"_s, s.aParams},
                       {u"b_params"_s, s.bParams},
                       {u"a_trainable"_s, s.aTrainable},
                       {u"b_trainable"_s, s.bTrainable},
                       {u"shape_mismatches"_s, mismatches},
                       {u"only_in_a"_s, onlyA},
                       {u"only_in_b"_s, onlyB}};
}

QJsonObject checkpointJson(const CheckpointComparison &c, const Diagnostics &diagnostics)
{
    QJsonArray tensors;
    for (int i = 0; i < c.comparison->rows.size(); ++i)
        tensors.append(compareRowJson(*c.comparison, i));
    return QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                       {u"structure"_s, checkpointStructureJson(c)},
                       {u"pairs"_s, int(c.comparison->rows.size())},
                       {u"tensors"_s, tensors},
                       {u"first_divergent"_s, firstDivergentJson(*c.comparison)},
                       {u"warnings"_s, warningsJson(diagnostics)}};
}

} // namespace Twinscope::Core
