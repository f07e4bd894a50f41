#pragma once

#include "checkpoint.h"

#include <QRegularExpression>

namespace Twinscope::Core {

// How two parameter names were found to be the same parameter (TroubleShooter's weight map and
// MindSpore's migration guide, docs/METRICS.md §10).
enum class MappingRule : quint8 {
    Exact,   // the same name
    BuiltIn, // MindSpore <-> PyTorch naming: gamma/weight, beta/bias, moving_mean/running_mean, ...
    User,    // the user's mapping file rewrote the second checkpoint's name
    Prefix,  // equal once a wrapper prefix is set aside ("module.", "network.", "_backbone.")
    Shape,   // no name matched: paired by aligning the remaining shapes in file order
};
QString mappingRuleId(MappingRule rule); // "exact", "builtin", "user", "prefix", "shape"

struct ParameterPair
{
    int a = -1; // entry index in the first checkpoint
    int b = -1; // entry index in the second
    MappingRule rule = MappingRule::Exact;
    QString how; // what was applied, e.g. "gamma → weight" or the user's pattern; empty for Exact
    // The shapes differ only by axes of length 1 (MindSpore's Conv1d keeps [out, in, 1, k] where
    // PyTorch has [out, in, k]): compared element by element, as MindSpore's loader reshapes them.
    bool reshaped = false;
};

// Every name of both checkpoints ends up in exactly one list: a pair, or left over on its side.
struct ParameterMapping
{
    QList<ParameterPair> pairs; // in the first checkpoint's order
    QList<int> onlyA, onlyB;    // expected a twin and found none: missing or extra
    // Not expected to have one and found none: num_batches_tracked, bookkeeping scalars, and the
    // optimizer state of a file whose partner carries none.
    QList<int> noTwinA, noTwinB;
    QString prefixA, prefixB; // wrapper prefixes set aside, "" when none
};

// The built-in MindSpore -> PyTorch renaming of a parameter's last segments; sameSide holds the
// side's own names so that a rename never lands on a name the side already has. Returns the name
// unchanged (and *rule empty) when no rule applies.
QString builtInParameterName(const QString &name, const QSet<QString> &sameSide, QString *rule);

// Pairs the tensors of two checkpoints: exact names, the built-in rules, the user mapping
// (regex -> replacement on the second checkpoint's names, the format of the dump mapping), wrapper
// prefixes, then shape-sequence alignment of what remains (the dump comparison's order alignment).
// Optimizer states pair when their parameters pair and their kinds agree (exp_avg <-> moment1).
ParameterMapping mapParameters(const Checkpoint &a,
                               const Checkpoint &b,
                               const QList<QPair<QRegularExpression, QString>> &userMapping);

} // namespace Twinscope::Core
