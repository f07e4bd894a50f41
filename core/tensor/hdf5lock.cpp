#include "hdf5lock.h"

#include <hdf5.h>

namespace Twinscope::Core {

namespace {
// The one process-wide lock docs/DESIGN.md §3 allows: HDF5's own global state is what it protects.
std::mutex &hdf5Mutex()
{
    static std::mutex mutex;
    return mutex;
}
} // namespace

Hdf5Guard::Hdf5Guard()
    : m_lock(hdf5Mutex())
{
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

Hdf5Guard::~Hdf5Guard()
{
    // Failed calls leave records on this thread's error stack; a pool thread that lives until exit
    // would keep them and make HDF5's atexit handler report "infinite loop closing library".
    H5Eclear2(H5E_DEFAULT);
}

} // namespace Twinscope::Core
