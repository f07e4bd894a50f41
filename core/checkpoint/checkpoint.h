#pragma once

#include "checkpointlimits.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

#include <memory>

namespace Twinscope::Core {

// What a tensor of a checkpoint is, judged from its name and dtype (a state dict does not say):
// the guides' structure check counts parameters and buffers, trainable = parameters only.
enum class ParameterRole : quint8 {
    Parameter, // a weight the optimizer updates
    Buffer,    // model state without gradient: BatchNorm running/moving statistics, int tensors
    OptimizerState, // Adam's exp_avg/exp_avg_sq (MindSpore moment1/moment2), SGD's momentum
    Other,          // bookkeeping scalars: global_step, learning_rate, beta1_power, step, ...
};
QString parameterRoleId(ParameterRole role); // "parameter", "buffer", "optimizer_state", "other"

struct CheckpointEntry
{
    ParameterRole role = ParameterRole::Parameter;
    // False for tensors the other framework does not have: num_batches_tracked (MindSpore's
    // BatchNorm has no counter) and bookkeeping scalars. They are reported, never "missing".
    bool twinExpected = true;
    // OptimizerState: the state's kind in PyTorch's words ("exp_avg", "exp_avg_sq",
    // "momentum_buffer", "max_exp_avg_sq") and the name of the parameter it belongs to in this
    // file (empty when it cannot be told).
    QString stateKind;
    QString owner;
};

// One checkpoint file: its tensors (names as in the file, data streamed from the file) and what
// each one is.
struct Checkpoint
{
    QString path;
    QString format;    // "mindspore_ckpt", "torch_zip", "safetensors", "npz", "hdf5"
    QString framework; // "mindspore", "pytorch", or empty when the format does not say
    std::shared_ptr<const TensorDump> tensors;
    QList<CheckpointEntry> entries; // one per tensors->tensors
};

// Any supported checkpoint, by content: MindSpore .ckpt, PyTorch .pth/.pt state dicts (zip),
// safetensors, .npz, HDF5 parameter files. HDF5 dataset paths become dotted names ("a/b" ->
// "a.b") so they line up with the other formats.
// More than maxEntries tensors fail with TooLarge before the names are mapped (the readers stop
// counting there; checkpointlimits.h).
Result<Checkpoint> loadCheckpoint(const Source &source,
                                  ProgressSink &progress,
                                  const CancelToken &cancel,
                                  qint64 maxEntries = DefaultMaxCheckpointEntries);

// The error for a checkpoint with more than maxEntries entries.
Error tooManyEntriesError(const QString &file, qint64 maxEntries, qint64 offset = -1);

// Sets every entry's role, twin expectation and optimizer owner from the names (exposed for tests).
QList<CheckpointEntry> classifyCheckpoint(const TensorDump &tensors, const QString &framework);

// The last dotted segment of a name ("layer1.0.bn1.running_var" -> "running_var") and the rest.
QString leafName(const QString &name);
QString layerName(const QString &name);

} // namespace Twinscope::Core
