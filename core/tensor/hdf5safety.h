#pragma once

#include <QString>

namespace Twinscope::Core {

// Checks an HDF5 dataset before any element is read (issue #16). The handles are HDF5 hid_t values
// (int64_t in HDF5 1.10; no HDF5 type appears in a core header). Call under the Hdf5Guard.

// Why the dataset's elements live outside the file the user gave, or an empty string: external raw
// storage (H5Pset_external: any path, /dev/zero or /etc/passwd included) or a virtual dataset
// mapping other files. Such datasets are never read. Cheap: property lists only.
QString hdf5ForeignStorage(qint64 dataset, const QString &name);

// Why the dataset declares more elements than it stores, or an empty string: unallocated
// contiguous storage, or fewer chunks stored than its shape needs. Reading would stream fill
// values (a few-KB file can declare 10^12 elements). Costs one walk of the chunk index.
QString hdf5UnstoredElements(qint64 dataset, const QString &name, qint64 numel, int itemSize);

} // namespace Twinscope::Core
