#pragma once

#include "core/common/error.h"
#include "opinfodataset.h"

#include <optional>
#include <string_view>

namespace Twinscope::Core {

// One op signature read from a MindSpore profiler table (docs/FORMATS.md §4.5), with the step it
// was seen in where the table has steps.
struct ProfilerCompile
{
    OpSignature signature;
    qint32 step = -1;
    qint64 line = -1; // CSV line; -1 for JSON
    QString fullName; // framework_raw's full_op_name: the key the per-op time tables use
};

struct ProfilerParse
{
    QList<ProfilerCompile> compiles;
    qint64 lines = 0;
    qint64 unparsed = 0;         // rows or entries that could not be read
    QList<qint64> firstUnparsed; // their first lines (CSV), up to Diagnostics::MaxLocations
    std::optional<Error> error;
};

enum class MindSporeTable { None, FrameworkRaw, DynamicShape, NoSignatures };
// Which MindSpore table the head of a file is: framework_raw_*.csv and dynamic_shape_info_*.json
// carry op signatures; aicore_intermediate_*.csv and output_op_compute_time_*.txt only times.
MindSporeTable mindSporeTable(std::string_view head);

// framework_raw_*.csv: task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info
// with op_info a JSON object {"input_0": {"format", "data_type", "shape"}, ..., "output_0": {...}}.
// Each row is one kernel of the graph; format is the device format (no separate storage format).
ProfilerParse parseMindSporeFrameworkRaw(std::string_view data, const QString &name);

// dynamic_shape_info_*.json: "operator" keyed by step, entries {op_type, op_name, shape_info[]}.
// A shape that changes between steps is the MindSpore analogue of a recompile.
ProfilerParse parseMindSporeDynamicShape(std::string_view data, const QString &name);

} // namespace Twinscope::Core
