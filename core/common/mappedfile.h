#pragma once

#include <QString>

#include <memory>

namespace Twinscope::Core {

// A read-only memory map of part of a file that survives the file shrinking while it is read.
//
// Reading a page of a mapping that lies past the file's end raises SIGBUS, which kills the process
// by default: a trace still being written, a rotated log or a file replaced on a network file
// system would take the CLI or the GUI down with it (issue #16). Every mapping core makes goes
// through this class, which registers its range with one process-wide SIGBUS handler. When a
// fault lands inside a registered range, the handler maps anonymous zero pages over the rest of the
// range (MAP_FIXED; mmap is a plain system call, safe in a signal handler) and counts the fault;
// the read goes on with zeros and the owner, which checks changed() when it is done, fails the
// current load with "the file changed while it was read". A fault anywhere else goes to the
// handler that was installed before (or the default action), so real bugs still crash.
//
// Reading with pread instead would need a copy of every byte (the trace parser works in place on
// the mapping and drops parsed pages with madvise); the guard costs nothing on the hot path.
class MappedFile
{
public:
    // Maps [offset, offset + length) of fd (opened read-only by the caller, who keeps it open).
    // populate asks the kernel to read the pages ahead (MAP_POPULATE). nullptr with *error set when
    // the region cannot be mapped.
    static std::unique_ptr<MappedFile>
    map(int fd, qint64 offset, qint64 length, bool populate, QString *error);
    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    const char *data() const { return m_data; }
    qint64 size() const { return m_size; }

    // True once a read of this mapping hit a page the file no longer has (it was read as zeros),
    // or the file's size or modification time differ from when it was mapped.
    bool changed() const;
    // Only the fault half of changed(), without a system call.
    bool faulted() const;
    // Gives the pages of [from, to) back to the kernel (parsed bytes of a big file); they are read
    // from the file again if touched.
    void release(qint64 from, qint64 to) const;

    // Faults this process turned into zeros so far (tests).
    static qint64 faultsHandled();

private:
    MappedFile() = default;
    int m_fd = -1;
    int m_slot = -1;
    void *m_base = nullptr;
    size_t m_mapBytes = 0;
    const char *m_data = nullptr;
    qint64 m_size = 0;
    qint64 m_fileSize = 0;
    qint64 m_mtimeNs = 0;
};

} // namespace Twinscope::Core
