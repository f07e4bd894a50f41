#pragma once

#include <QString>

namespace Twinscope::Core {

// Ops that wait for the device rather than work: a host read of a device value (aten::item,
// aten::_local_scalar_dense, .cpu()/.tolist() copies) and explicit stream or device
// synchronisation (cudaStreamSynchronize, aclrtSynchronizeStream, …). Their time grows when the
// device work queued before them grows, so a delta there is a symptom of a slower op elsewhere,
// not a cause (HTA's "CPU waiting on GPU"; issue #29 marks them in the Compare charts).
bool isDeviceWaitOp(const QString &name);

} // namespace Twinscope::Core
