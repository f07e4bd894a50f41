#pragma once

#include "moduletree.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Twinscope::Core {

// msprobe's layer-mapping YAML (-lm), for trees of two frameworks (MindSpore "Cell..." against
// PyTorch "Module..."): under a module's type name, its children's layer names on the NPU side
// and what they are called on the bench side.
//
//   TopLayer:                      # the top of the model ("Cell" in older files)
//     network_with_loss: module
//   ParallelAttention:
//     flash_attention_score: core_attention_flash.npu_fusion_attention
//
// A key may span several levels ("reduce_from_mp_region.all_reduce"); a value is cut at "(" as
// msprobe does.
struct LayerMappingRule
{
    QString origin; // "a.b.c"
    QString target; // "new_c"
    int levels = 1; // layers origin spans
};
struct LayerMapping
{
    // type name -> first layer of origin -> rules, longest origin first (msprobe's order).
    QHash<QString, QHash<QString, QList<LayerMappingRule>>> rules;
    bool isEmpty() const { return rules.isEmpty(); }
};

// Parses the YAML subset msprobe's layer-mapping files use: top-level "Type:" keys, each with
// indented "key: value" scalars, comments, quotes. yaml-cpp is not a dependency of Twinscope and
// the files are this one two-level shape, so a bounded parser; anything else (lists, flow
// mappings, deeper nesting) is an error naming the line.
bool parseLayerMapping(const QByteArray &text,
                       const QString &name,
                       LayerMapping *mapping,
                       QString *error);
bool loadLayerMapping(const QString &path, LayerMapping *mapping, QString *error);

// NPU node id -> bench node id by msprobe's layer-mapping rule (core/compare/layer_mapping): each
// node's scope (its module path, an API's parent module path plus the API name) is renamed layer by
// layer with the rules of the enclosing module's type, and the node takes the bench node of the
// renamed scope, direction and the same position among that scope's calls. Nodes without a bench
// twin are left out. msprobe also inserts framework stack frames into an API's scope; Twinscope
// does not (docs/METRICS.md §13.7).
QHash<QString, QString>
layerMappedIds(const ModuleTree &npu, const ModuleTree &bench, const LayerMapping &mapping);

} // namespace Twinscope::Core
