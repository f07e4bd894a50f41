#pragma once

#include "checkpointlimits.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "core/tensor/tensordump.h"

namespace Twinscope::Core {

// A PyTorch checkpoint (.pth/.pt, torch.save since 1.6) read through the restricted pickle reader
// of core/torch (TorchFile): nothing in the file is ever executed, and a pickle that refers to
// anything but tensors, storages, containers and plain values is refused with a message naming
// the file, data.pkl and the offending global.
//
// The pickle's root is flattened to dotted names in insertion order: a state dict directly
// (OrderedDict or dict), or a training checkpoint whose model lies under "state_dict", "model",
// "model_state_dict", "module", "net" or "network" (that key is dropped from the names, so they
// read as the model's own) and whose optimizer state_dict becomes "optimizer.state.<i>.exp_avg"
// (keyed by the parameter's index, as torch.optim keeps it). Other nested dicts keep their key as
// a prefix; numbers, strings and None are not tensors and are counted, not listed. Tensors point
// into their storage members (zero copy); views Twinscope cannot stream are unreadable entries.
Result<TensorDump> loadTorchCheckpoint(const Source &source,
                                       ProgressSink &progress,
                                       const CancelToken &cancel,
                                       qint64 maxEntries = DefaultMaxCheckpointEntries);

} // namespace Twinscope::Core
