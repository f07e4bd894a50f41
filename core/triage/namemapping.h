#pragma once

#include "core/common/diagnostics.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace Twinscope::Core {

struct TensorEntry;

// One operator under its three names (issue #15, cross-links): the API name msprobe and the torch
// dumper write, the ATen names of the framework profiler, and the Ascend op types of CANN.
struct OpNameMapping
{
    QString api;        // "softmax"
    QStringList aten;   // "aten::softmax", "aten::_softmax"
    QStringList ascend; // "SoftmaxV2"
    QString rule;       // "table" (a mapping file) or "name" (derived from the API name alone)
    QString origin;     // the mapping file the entry came from; empty for "name"
    QString describe() const; // "softmax → aten::softmax, aten::_softmax → SoftmaxV2 (table)"
};

struct OpNameTable
{
    struct Entry
    {
        QStringList aten;
        QStringList ascend;
        QString origin;
    };
    QHash<QString, Entry> apis; // lower-case API name -> names
};

inline constexpr char16_t BuiltinOpNamesPath[] = u":/knowledge/op_names.json";

// The built-in table, then the user's files ({"apis": {api: {aten: [...], ascend: [...]}}}); a
// user entry replaces the built-in one. Files that cannot be read are reported and skipped.
OpNameTable loadOpNameTable(const QStringList &userFiles, Diagnostics *diagnostics);

// The API a dumped tensor belongs to, lower case: "Functional.softmax.5.forward.output.0" and the
// dumper's "softmax_int/5/output/result" both give "softmax"; a module gives its class name.
QString apiNameOfTensor(const TensorEntry &entry);

// The mapping of an API: from the table, else derived from the name ("aten::<api>" and the API in
// CamelCase), said as such in `rule`.
OpNameMapping mapOpName(const OpNameTable &table, const QString &api);

// Whether a slice or op name stands for an Ascend op type: the type itself, or a kernel name that
// carries it between underscores ("aclnnMatmul_MatMulCommon_MatMulV2"); "Add" does not match
// "AddLayerNorm".
bool nameCarriesOpType(const QString &name, const QString &opType);

} // namespace Twinscope::Core
