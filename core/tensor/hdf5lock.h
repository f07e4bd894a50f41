#pragma once

#include <mutex>

namespace Twinscope::Core {

// Every HDF5 call in Twinscope runs while holding this guard (docs/DESIGN.md §3: we cannot count on
// the library being built thread-safe). It also switches off HDF5's automatic error printing, which
// is per thread in thread-safe builds, so it is done on every acquisition rather than once.
class Hdf5Guard
{
public:
    Hdf5Guard();
    ~Hdf5Guard();
    Hdf5Guard(const Hdf5Guard &) = delete;
    Hdf5Guard &operator=(const Hdf5Guard &) = delete;

private:
    std::unique_lock<std::mutex> m_lock;
};

} // namespace Twinscope::Core
