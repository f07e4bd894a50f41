#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

#include <string_view>

namespace Twinscope::Core {

class ByteSource;

// An msprobe dump (docs/FORMATS.md §5.5/§5.6): a dump.json file or a folder holding one (directly
// or under step{N}/rank{R}/), in statistics mode (Max/Min/Mean/Norm only) or tensor mode (data_name
// files in dump_tensor_data/: PyTorch's .pt through the restricted torch.save reader, MindSpore's
// .npy); the statistics dump.json gives are kept in both modes. Non-tensor arguments become
// TensorDump::arguments. construct.json gives the module tree, stack.json the call stacks (both
// its forms). Tensors are named "{call key}.{input|output}.{i}" (the data_name in tensor mode), in
// dump order: calls in file order, inputs then outputs.
// A data_name must resolve inside the dump's folder (where dump.json is, or its dump_tensor_data
// wherever that links to), symlinks resolved, unless options.allowOutsideFolder: "../../x.npy", an
// absolute path or a symlink leading out becomes an unreadable row and a counted warning.
Result<TensorDump> loadMsprobeDump(const Source &source,
                                   ProgressSink &progress,
                                   const CancelToken &cancel,
                                   const DumpReadOptions &options = {});

// The same on bytes already in memory (fuzzers, tests); tensorDir locates data_name files.
Result<TensorDump> parseMsprobeDumpJson(std::string_view json,
                                        const QString &name,
                                        const QString &tensorDir,
                                        const CancelToken &cancel,
                                        const DumpReadOptions &options = {});

// msprobe's stack.json in either form: {call key: [frames]} or, since msprobe 8.x,
// {"0": [[call keys sharing one stack], [frames]], ...}. nullopt when it is not a JSON object.
std::optional<QHash<QString, QStringList>> parseMsprobeStacks(std::string_view json);

// ptdbg .pkl files: JSON lines [name, 1, [], dtype, shape, [max, min, mean]] (docs/FORMATS.md
// §5.7).
Result<TensorDump> loadPtdbgPkl(const Source &source,
                                ProgressSink &progress,
                                const CancelToken &cancel,
                                const DumpReadOptions &options = {});
// names: the other side's strings to share (may be null); bytes: when given, the pages already
// parsed are dropped from memory as the parse goes.
Result<TensorDump> parsePtdbgPkl(std::string_view text,
                                 const QString &name,
                                 const CancelToken &cancel,
                                 const NamePool *names = nullptr,
                                 const ByteSource *bytes = nullptr);

} // namespace Twinscope::Core
