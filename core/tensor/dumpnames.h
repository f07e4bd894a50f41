#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Twinscope::Core {

// "input_2" before "input_10": digit runs compare by value.
bool naturalLess(const QString &a, const QString &b);

// The fields of a MindSpore or Ascend-converted dump file name (docs/FORMATS.md §5.3/§5.4):
// {op_type}.{op_name}.{task_id}[.{stream_id}].{timestamp}.{input|output}.{slot}[.{format}].npy,
// parsed from the right end because versions add and drop fields.
struct AscendDumpName
{
    QString opType;
    QString opName;
    qint64 taskId = -1;
    qint64 streamId = -1;
    qint64 timestamp = -1;
    bool isOutput = false;
    int slot = 0;
    QString format;
};
std::optional<AscendDumpName> parseAscendDumpName(const QString &fileName);

// An msprobe tensor name "{ApiType}.{api}.{call}.{forward|backward}.{input|output}.{i}..." or a
// module name "Module.{path}.{Class}.{forward|backward}.{call}.{input|output}.{i}": the call key
// and the tensor suffix; nullopt when the name has neither shape.
struct MsprobeTensorName
{
    QString callKey; // "Functional.softmax.5.forward"
    QString suffix;  // "output.0"
    bool isOutput = false;
};
std::optional<MsprobeTensorName> parseMsprobeTensorName(const QString &name);

// Shorter forms of a tensor name for narrow labels, longest first, each keeping what tells two rows
// apart: for an msprobe name the API (or module path and class), the call number, the direction
// when it is backward, and the input/output slot; the framework prefix ("Functional.", "Module.")
// goes first, then "forward", then the leading module path segments. Other names have one form.
// "Functional.linear.2.forward.input.1" → {…, "linear.2.forward.input.1", "linear.2.input.1"}.
QStringList shortTensorNames(const QString &name);

// The key used by fuzzy matching: every purely numeric name segment (call counters, sequence ids)
// is replaced by "#", so "softmax_int/17/output/result" and "Tensor.add.3.forward.input.0" lose
// their counters; the order of occurrence then pairs them (METRICS.md §7, fuzzy).
QString fuzzyKey(const QString &key);

} // namespace Twinscope::Core
