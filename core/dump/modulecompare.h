#pragma once

#include "layermapping.h"
#include "moduletree.h"

#include <QHash>
#include <QList>
#include <QString>

#include <cmath>
#include <memory>

namespace Twinscope::Core {

// msprobe's graph compare modes (visualization/utils.py GraphConst): what a node's precision
// index means.
enum class ModuleCompareMode : quint8 {
    Statistics, // the largest relative error of the outputs' Max/Min/Mean/Norm, capped at 1
    Tensor,     // inputs' least one-thousandth ratio minus outputs' least, clamped to [0, 1]
    Md5,        // 1 when every input and output checksum matches, else 0
};
QString moduleCompareModeId(ModuleCompareMode m); // "statistics", "tensor", "md5"

// msprobe's five colour bands (node_colors.py), lowest (no error) first, and its grey for nodes
// that were not matched. The band of a precision index depends on the mode; in md5 mode only the
// lowest and the highest band exist.
enum class PrecisionBand : qint8 { None = -1, Yellow1, Yellow2, Orange1, Orange2, Red, Unmatched };
constexpr int PrecisionBandCount = 5;
PrecisionBand precisionBand(ModuleCompareMode mode, double precisionIndex);
QString precisionBandId(PrecisionBand b);    // "yellow1" ... "red", "unmatched", "none"
QString precisionBandColor(PrecisionBand b); // msprobe's hex colour, "#FFFCF3" ...
// The band's range as msprobe's legend states it ("[0, 0.2)", "1 (all md5 equal)").
QString precisionBandRange(ModuleCompareMode mode, PrecisionBand b);

// msprobe's overflow levels (core/overflow_check): where a node's tensors hold NaN/Inf.
enum class OverflowLevel : quint8 { None, Medium, High, Critical };
QString overflowLevelId(OverflowLevel l); // "", "medium", "high", "critical"

struct ModuleCompareOptions
{
    // msprobe's fuzzy mode (-f): modules match by id alone (shapes only checked), and the APIs
    // directly inside two matched modules by name and order inside the module, call counts
    // ignored.
    bool fuzzy = false;
    // Node ids mapped NPU -> bench before matching, msprobe's mapping mode: a mapped node is
    // matched without the structure check (its layer-mapping compare does the same).
    QHash<QString, QString> mapping;
    // msprobe's layer-mapping YAML (-lm) for trees of two frameworks: turned into node mappings
    // once both trees are known (layerMappedIds); an id in mapping above wins.
    LayerMapping layerMapping;
    // Twinscope's first divergent module: an output diverges when its error is above this, inputs
    // agree when every error is at most this. Errors: statistics and tensor mode the largest
    // relative error of Max/Min/Mean/Norm (tensor mode: or 1 - one-thousandth ratio); md5 a
    // changed checksum.
    double tolerance = 1e-3;
    // Tensor mode: the one-thousandth ratio of each NPU tensor, keyed "{node id}.{slot}", from the
    // element-wise dump compare. Without it, tensor mode falls back to the statistics.
    QHash<QString, double> oneThousandth;
};

// One NPU node's comparison. Indices into the trees' nodes.
struct NodeComparison
{
    int bench = -1;                       // -1: unmatched
    double precisionIndex = std::nan(""); // msprobe's, NaN when unmatched
    PrecisionBand band = PrecisionBand::Unmatched;
    OverflowLevel overflow = OverflowLevel::None;
    double inputError = 0;  // Twinscope's: the largest error over the inputs
    double outputError = 0; // ... over the outputs
    bool diverges = false;  // outputError > tolerance
    bool inputsAgree = true;
    bool fuzzy = false; // matched by the fuzzy or mapping rule
};

struct ModuleComparison
{
    std::shared_ptr<const ModuleTree> npu;
    std::shared_ptr<const ModuleTree> bench;
    ModuleCompareMode mode = ModuleCompareMode::Statistics;
    QList<NodeComparison> nodes; // one per NPU node, same index
    QList<int> unmatchedBench;   // bench nodes no NPU node matched
    // The deepest module whose inputs agree and outputs diverge, on the first path (in run order)
    // of such modules from the top: -1 when none.
    int firstDivergent = -1;
    // How firstDivergent was found: false, its own recorded outputs diverge while its inputs
    // agree; true, its recorded outputs still agree and the next call already reads a different
    // value (or its parent's output differs from it): its output was changed after msprobe
    // recorded it (a forward hook, an op msprobe does not wrap). docs/METRICS.md §13.6.
    bool firstDivergentAfterOutput = false;
    // The first API with agreeing inputs and diverging outputs inside it (or anywhere, when no
    // module qualifies): where the divergence starts below module level.
    int firstDivergentApi = -1;
    int matchedCount() const;
    int countBand(PrecisionBand b) const;
};

// Matches the two trees and computes every node's precision index, band, overflow level and
// divergence, then the first divergent module.
std::shared_ptr<ModuleComparison> compareModuleTrees(std::shared_ptr<const ModuleTree> npu,
                                                     std::shared_ptr<const ModuleTree> bench,
                                                     const ModuleCompareOptions &options = {});

// The mode msprobe's graph compare would pick for the trees: md5 if either has checksums, tensor
// if the task is "tensor", statistics otherwise.
ModuleCompareMode moduleCompareMode(const ModuleTree &npu, const ModuleTree &bench);

// Reads a node mapping file: a JSON object {"npu id": "bench id"} or YAML-like "npu id: bench id"
// lines (what the Model tab's manual matching saves).
bool loadNodeMapping(const QString &path, QHash<QString, QString> *mapping, QString *error);

} // namespace Twinscope::Core
