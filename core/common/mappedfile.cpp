#include "mappedfile.h"

#include "tr.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Twinscope::Core {

namespace {

// The registry the signal handler reads: plain atomics in a fixed array, so the handler takes no
// lock and allocates nothing. A slot is claimed with `used`, published by storing `begin` last and
// retired by clearing `begin` first, before the range is unmapped.
struct Slot
{
    std::atomic<bool> used{false};
    std::atomic<quintptr> begin{0};
    std::atomic<quintptr> end{0};
    std::atomic<qint64> faults{0};
};

constexpr int SlotCount = 1024; // mappings alive at once: a trace per rank, a window per tensor
Slot s_slots[SlotCount];
std::atomic<qint64> s_faultsHandled{0};
struct sigaction s_previous;
std::once_flag s_installed;
quintptr s_page = 4096; // set before the handler is installed; the handler only reads it

quintptr pageSize()
{
    return s_page;
}

void onSigbus(int sig, siginfo_t *info, void *context)
{
    const auto addr = reinterpret_cast<quintptr>(info->si_addr);
    const quintptr page = s_page;
    for (Slot &slot : s_slots) {
        const quintptr begin = slot.begin.load(std::memory_order_acquire);
        if (begin == 0 || addr < begin || addr >= slot.end.load(std::memory_order_relaxed))
            continue;
        const quintptr from = addr & ~(page - 1);
        const quintptr to = (slot.end.load(std::memory_order_relaxed) + page - 1) & ~(page - 1);
        // Zero pages over the rest of the range: the faulting read and every later one past the new
        // end of the file see zeros instead of faulting again.
        void *m = mmap(reinterpret_cast<void *>(from),
                       size_t(to - from),
                       PROT_READ,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                       -1,
                       0);
        if (m != MAP_FAILED) {
            slot.faults.fetch_add(1, std::memory_order_relaxed);
            s_faultsHandled.fetch_add(1, std::memory_order_relaxed);
            return;
        }
        break; // cannot repair: behave as if it were not ours
    }
    // Not a mapping of ours: whoever handled SIGBUS before us decides, else the default action.
    if ((s_previous.sa_flags & SA_SIGINFO) && s_previous.sa_sigaction) {
        s_previous.sa_sigaction(sig, info, context);
        return;
    }
    if (s_previous.sa_handler != SIG_DFL && s_previous.sa_handler != SIG_IGN) {
        s_previous.sa_handler(sig);
        return;
    }
    struct sigaction dfl;
    std::memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGBUS, &dfl, nullptr);
    if (info->si_code <= 0)
        raise(sig); // sent by kill(): no instruction to re-run
    // a real fault: returning re-runs the access, which now ends the process as it would have
}

void installHandler()
{
    s_page = quintptr(sysconf(_SC_PAGESIZE));
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = onSigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &s_previous);
}

int claimSlot(quintptr begin, quintptr end)
{
    for (int i = 0; i < SlotCount; ++i) {
        bool expected = false;
        if (s_slots[i].used.compare_exchange_strong(expected, true)) {
            s_slots[i].faults.store(0, std::memory_order_relaxed);
            s_slots[i].end.store(end, std::memory_order_relaxed);
            s_slots[i].begin.store(begin, std::memory_order_release);
            return i;
        }
    }
    return -1;
}

void fileStamp(int fd, qint64 *size, qint64 *mtimeNs)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *size = -1;
        *mtimeNs = -1;
        return;
    }
    *size = qint64(st.st_size);
    *mtimeNs = qint64(st.st_mtim.tv_sec) * 1000000000 + qint64(st.st_mtim.tv_nsec);
}

} // namespace

std::unique_ptr<MappedFile>
MappedFile::map(int fd, qint64 offset, qint64 length, bool populate, QString *error)
{
    std::call_once(s_installed, installHandler);
    if (length <= 0 || offset < 0) {
        *error = Tr::tr("nothing to map");
        return nullptr;
    }
    const qint64 aligned = offset & ~qint64(pageSize() - 1);
    const size_t bytes = size_t(offset - aligned + length);
    std::unique_ptr<MappedFile> m(new MappedFile);
    m->m_fd = fd;
    fileStamp(fd, &m->m_fileSize, &m->m_mtimeNs);
    void *p = mmap(
        nullptr, bytes, PROT_READ, MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, off_t(aligned));
    if (p == MAP_FAILED) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return nullptr;
    }
    m->m_base = p;
    m->m_mapBytes = bytes;
    m->m_data = static_cast<const char *>(p) + (offset - aligned);
    m->m_size = length;
    m->m_slot = claimSlot(quintptr(p), quintptr(p) + bytes);
    if (m->m_slot < 0) {
        // Unguarded is not an option: the caller reads the file instead.
        *error = Tr::tr("too many files are mapped at once");
        return nullptr; // the destructor unmaps
    }
    return m;
}

MappedFile::~MappedFile()
{
    if (m_slot >= 0) {
        Slot &slot = s_slots[m_slot];
        slot.begin.store(0, std::memory_order_release);
        slot.end.store(0, std::memory_order_relaxed);
        slot.used.store(false, std::memory_order_release);
    }
    if (m_base)
        munmap(m_base, m_mapBytes);
}

bool MappedFile::faulted() const
{
    return m_slot >= 0 && s_slots[m_slot].faults.load(std::memory_order_relaxed) > 0;
}

bool MappedFile::changed() const
{
    if (faulted())
        return true;
    qint64 size = 0, mtime = 0;
    fileStamp(m_fd, &size, &mtime);
    return size != m_fileSize || mtime != m_mtimeNs;
}

void MappedFile::release(qint64 from, qint64 to) const
{
    const quintptr page = pageSize();
    const quintptr b = (quintptr(m_data) + quintptr(from) + page - 1) & ~(page - 1);
    const quintptr e = (quintptr(m_data) + quintptr(to)) & ~(page - 1);
    if (e > b)
        madvise(reinterpret_cast<void *>(b), e - b, MADV_DONTNEED);
}

qint64 MappedFile::faultsHandled()
{
    return s_faultsHandled.load(std::memory_order_relaxed);
}

} // namespace Twinscope::Core
