#pragma once

#include "core/common/diagnostics.h"
#include "core/common/result.h"
#include "core/tensor/tensordump.h"

#include <QHash>
#include <QList>
#include <QString>

#include <string_view>

namespace Twinscope::Core {

// One input or output of a node as dump.json records it: a tensor (type, dtype, shape, the four
// statistics, md5 mode's checksum) or a non-tensor argument (its value as text). slot is the key
// msprobe's compare uses after the call key: "input.0", "input.weight", "output.0.1".
struct ModuleArg
{
    QString slot;
    QString type;
    QString dtype;
    QString value; // non-tensors
    QString md5;   // md5 mode
    QList<qint64> shape;
    TensorStats stats;
    bool isTensor = false;
    bool isOutput = false;
};

// A node of msprobe's model tree (docs/FORMATS.md §5.5): a module call
// ("Module.layer1.0.conv1.Conv2d.forward.0") or an API call ("Functional.conv2d.0.forward").
struct ModuleNode
{
    QString id;
    int parent = -1;     // index into ModuleTree::nodes; -1 at the top level
    QList<int> children; // in dump order
    QList<ModuleArg> args;
    int depth = 0;
    bool isModule = false; // "Module."/"Cell." ids; APIs otherwise
};

// One step/rank of one side: the nodes in construct.json order (the order the calls ran).
struct ModuleTree
{
    QString path;      // the folder or dump.json it was read from
    QString task;      // "statistics", "tensor" or "md5" (from dump.json and its records)
    QString framework; // "pytorch", "mindspore", or empty
    int step = 0;      // from the step{N} folder, 0 when none
    int rank = 0;      // from the rank{R} folder, 0 when none ("rank" alone is rank 0)
    QList<ModuleNode> nodes;
    QList<int> roots;
    QHash<QString, int> index;              // node id -> index
    QHash<QString, QStringList> callStacks; // stack.json
    int find(const QString &id) const { return index.value(id, -1); }
    // Parent ids from the top down ("Module.layer1.Sequential.forward.0", ...).
    QStringList ancestors(int node) const;
};

// Builds a tree from construct.json ({node: parent or null}) and dump.json's "data" (the inputs
// and outputs of each node). Nodes dump.json has and construct.json lacks (parameters_grad
// entries, APIs of a level without a tree) become top-level nodes. msprobe's repair of backward
// parents is applied: a backward node with no parent takes its forward twin's parent turned to
// backward. A cycle or a parent that is the node itself is cut and counted.
// name is construct.json's path, dumpName dump.json's (errors name the file that broke; empty:
// name).
Result<ModuleTree> parseModuleTree(std::string_view constructJson,
                                   std::string_view dumpJson,
                                   const QString &name,
                                   std::string_view stackJson = {},
                                   const QString &dumpName = {});

// The step/rank folders of an msprobe dump folder ("OUT/step0/rank0/dump.json", or the folder of
// one dump.json), sorted by step then rank: each entry is the folder holding dump.json.
QStringList moduleTreeFolders(const QString &path, QString *error);

// Reads the tree of one dump folder (construct.json, dump.json, stack.json), read-only; step and
// rank come from the folder names.
Result<ModuleTree> loadModuleTree(const QString &folder);

// Sets every node's parent from parentOf (index or -1), cutting each link that closes a loop, then
// the children (in node order), roots and depths. Returns the number of links cut.
qint64 linkModuleTree(ModuleTree *tree, const QList<int> &parentOf);

// "step3" -> 3, "rank7" -> 7, "rank" -> 0; -1 when the name is neither.
int stepOrRankNumber(const QString &folderName, const QString &prefix);

} // namespace Twinscope::Core
