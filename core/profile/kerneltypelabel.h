#pragma once

#include <QString>

namespace Twinscope::Core {

// The op type as shown: HCCL writes collective types with the separator of its task counters
// ("hcom_allReduce_", from "hcom_allReduce__184_0_1"); the display drops it (issue #29). Keys and
// exports stay raw.
QString kernelTypeLabel(const QString &type);

} // namespace Twinscope::Core
