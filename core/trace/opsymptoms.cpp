#include "opsymptoms.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool isDeviceWaitOp(const QString &name)
{
    static const QString exact[] = {
        u"aten::item"_s, u"aten::_local_scalar_dense"_s, u"aten::is_nonzero"_s};
    for (const QString &e : exact) {
        if (name == e)
            return true;
    }
    // cudaStreamSynchronize, cudaDeviceSynchronize, cudaEventSynchronize, aclrtSynchronizeStream,
    // aclrtSynchronizeDevice. A copy that synchronises (D2DCopywithStreamSynchronize) moves data:
    // it is a copy bottleneck, a cause.
    return name.contains(u"Synchronize"_s, Qt::CaseInsensitive) &&
           !name.contains(u"Copy"_s, Qt::CaseInsensitive);
}

} // namespace Twinscope::Core
