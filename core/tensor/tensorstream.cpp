#include "tensorstream.h"

#include "core/common/inputfile.h"
#include "core/common/mappedfile.h"
#include "core/common/tr.h"
#include "hdf5lock.h"
#include "hdf5safety.h"

#include <QFile>

#include <algorithm>
#include <bit>
#include <cstring>
#include <hdf5.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

template<typename T>
T loadElement(const unsigned char *p, bool swap)
{
    T v;
    std::memcpy(&v, p, sizeof(T));
    if (swap) {
        unsigned char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        for (size_t i = 0; i < sizeof(T) / 2; ++i)
            std::swap(b[i], b[sizeof(T) - 1 - i]);
        std::memcpy(&v, b, sizeof(T));
    }
    return v;
}

double halfToDouble(quint16 h)
{
    const quint32 sign = quint32(h >> 15) << 31;
    const quint32 exponent = (h >> 10) & 0x1f;
    const quint32 mantissa = h & 0x3ff;
    if (exponent == 0) {
        // Subnormal (or zero): m * 2^-24 is exact in float.
        const float v = float(mantissa) * 5.9604644775390625e-08f;
        return sign ? -double(v) : double(v);
    }
    quint32 bits;
    if (exponent == 31)
        bits = sign | 0x7f800000u | (mantissa << 13);
    else
        bits = sign | ((exponent - 15 + 127) << 23) | (mantissa << 13);
    return double(std::bit_cast<float>(bits));
}

template<typename T>
void widenTyped(const unsigned char *src, bool swap, qint64 count, double *dst)
{
    if (!swap) {
        // The common case: let the compiler vectorise a plain conversion loop.
        for (qint64 i = 0; i < count; ++i) {
            T v;
            std::memcpy(&v, src + i * qint64(sizeof(T)), sizeof(T));
            dst[i] = double(v);
        }
        return;
    }
    for (qint64 i = 0; i < count; ++i)
        dst[i] = double(loadElement<T>(src + i * qint64(sizeof(T)), true));
}

} // namespace

void widenToDouble(
    const unsigned char *src, DType stored, bool bigEndian, qint64 count, double *dst)
{
    const bool swap = bigEndian != (std::endian::native == std::endian::big);
    switch (stored) {
    case DType::Bool:
        for (qint64 i = 0; i < count; ++i)
            dst[i] = src[i] ? 1.0 : 0.0;
        return;
    case DType::UInt8:
        return widenTyped<quint8>(src, false, count, dst);
    case DType::Int8:
        return widenTyped<qint8>(src, false, count, dst);
    case DType::Int16:
        return widenTyped<qint16>(src, swap, count, dst);
    case DType::UInt16:
        return widenTyped<quint16>(src, swap, count, dst);
    case DType::Int32:
        return widenTyped<qint32>(src, swap, count, dst);
    case DType::UInt32:
        return widenTyped<quint32>(src, swap, count, dst);
    case DType::Int64:
        return widenTyped<qint64>(src, swap, count, dst);
    case DType::UInt64:
        return widenTyped<quint64>(src, swap, count, dst);
    case DType::Float32:
        return widenTyped<float>(src, swap, count, dst);
    case DType::Float64:
        return widenTyped<double>(src, swap, count, dst);
    case DType::Float16:
        for (qint64 i = 0; i < count; ++i)
            dst[i] = halfToDouble(loadElement<quint16>(src + 2 * i, swap));
        return;
    case DType::BFloat16:
        for (qint64 i = 0; i < count; ++i)
            dst[i] = double(
                std::bit_cast<float>(quint32(loadElement<quint16>(src + 2 * i, swap)) << 16));
        return;
    case DType::Unknown:
        break;
    }
    std::fill(dst, dst + count, std::nan(""));
}

namespace {

class RawFileStream final : public TensorStream
{
public:
    bool open(const TensorEntry &t, QString *error)
    {
        m_storage = t.storage;
        m_itemSize = dtypeSize(m_storage.stored);
        m_total = t.numel();
        Error openError;
        if (m_itemSize <= 0 || !openInputFile(&m_file, m_storage.file, &openError)) {
            *error = Tr::tr("cannot open %1 for reading").arg(m_storage.file);
            return false;
        }
        QList<QPair<qint64, qint64>> ranges = m_storage.layout().segments;
        if (ranges.isEmpty())
            ranges.append({m_storage.offset, m_total * m_itemSize});
        qint64 first = 0;
        for (const auto &[offset, bytes] : std::as_const(ranges)) {
            if (offset < 0 || bytes < 0 || bytes % m_itemSize != 0 ||
                offset + bytes > m_file.size()) {
                *error =
                    Tr::tr(
                        "%1 is truncated: the tensor needs %2 bytes from byte %3, the file has %4")
                        .arg(m_storage.file)
                        .arg(bytes)
                        .arg(offset)
                        .arg(m_file.size());
                return false;
            }
            if (bytes > 0)
                m_segments.push_back({offset, first, bytes / m_itemSize});
            first += bytes / m_itemSize;
        }
        if (first != m_total) {
            *error = Tr::tr("%1: the tensor's pieces hold %2 elements, its shape says %3")
                         .arg(m_storage.file)
                         .arg(first)
                         .arg(m_total);
            return false;
        }
        return true;
    }

    qint64 read(double *dst, qint64 count, QString *error) override
    {
        // Fills as much as asked: a request may cross from one piece of the file into the next.
        qint64 done = 0;
        while (done < count) {
            qint64 n = count - done;
            const uchar *p = span(&n, error);
            if (!p)
                return n == 0 && !changed(error) ? done : -1;
            widenToDouble(p, m_storage.stored, m_storage.bigEndian, n, dst + done);
            done += n;
        }
        // A fault in the window just read (cheap: one atomic); size and time are compared when
        // the window moves on and at the end.
        return m_window && m_window->faulted() && changed(error) ? -1 : done;
    }

    const float *readFloats(qint64 count, qint64 *got, QString *error) override
    {
        *got = 0;
        if (m_storage.stored != DType::Float32 ||
            m_storage.bigEndian != (std::endian::native == std::endian::big))
            return nullptr;
        count = std::min(count, m_total - m_position);
        const qint64 start = m_position;
        qint64 n = count;
        const uchar *p = span(&n, error);
        if (!p)
            return nullptr;
        if (n == count && (quintptr(p) % alignof(float)) == 0) {
            *got = n;
            return reinterpret_cast<const float *>(p);
        }
        // Misaligned (a protobuf or zip member puts the bytes anywhere) or split over two pieces:
        // copy this chunk into an aligned buffer, which stays in cache and keeps the fast kernel.
        m_floats.resize(size_t(count));
        qint64 done = 0;
        for (;;) {
            std::memcpy(m_floats.data() + done, p, size_t(n) * sizeof(float));
            done += n;
            if (done == count)
                break;
            n = count - done;
            p = span(&n, error);
            if (!p) {
                m_position = start;
                return nullptr;
            }
        }
        *got = count;
        return m_floats.data();
    }

    bool changed(QString *error) const override
    {
        // A window of a file that shrank reads zeros past the new end (MappedFile): whatever was
        // computed from it is not the file's content.
        if (!m_faulted && !(m_window && m_window->changed()))
            return false;
        m_faulted = true;
        if (error)
            *error = Tr::tr("%1 changed while it was read (it was cut short or replaced)")
                         .arg(m_storage.file);
        return true;
    }

private:
    struct Segment
    {
        qint64 offset; // file offset of its first element
        qint64 first;  // index of its first element in the tensor
        qint64 count;
    };

    // The next *count elements as mapped bytes (count clipped to what is left of the tensor, the
    // piece of the file they lie in and the window); advances the position.
    const uchar *span(qint64 *count, QString *error)
    {
        *count = std::min(*count, m_total - m_position);
        if (*count <= 0)
            return nullptr;
        auto seg = std::upper_bound(m_segments.cbegin(),
                                    m_segments.cend(),
                                    m_position,
                                    [](qint64 pos, const Segment &s) { return pos < s.first; });
        if (seg == m_segments.cbegin()) {
            *error = Tr::tr("internal error: element %1 of %2 lies in no piece of the file")
                         .arg(m_position)
                         .arg(m_storage.file);
            *count = -1;
            return nullptr;
        }
        --seg;
        const qint64 segmentEnd = seg->first + seg->count;
        *count = std::min(*count, segmentEnd - m_position);
        if (!m_window || m_position < m_windowStart ||
            m_position + *count > m_windowStart + m_windowCount) {
            // A window of a few MiB keeps the mmap calls rare and the resident set O(window):
            // unmapping drops the pages from this process (the page cache keeps them for the next
            // reader). A window that read zeros for a shrunk file is remembered before it goes.
            if (m_window && changed(error)) {
                *count = -1;
                return nullptr;
            }
            m_window.reset();
            const qint64 first = seg->offset + (m_position - seg->first) * m_itemSize;
            m_windowStart = m_position;
            m_windowCount =
                std::min(segmentEnd - m_position, std::max(*count, WindowBytes / m_itemSize));
            // MAP_POPULATE maps the whole window in one go instead of a page fault per 16 pages.
            QString why;
            m_window =
                MappedFile::map(m_file.handle(), first, m_windowCount * m_itemSize, true, &why);
            if (!m_window) {
                *error =
                    Tr::tr("cannot map %1 at byte %2: %3").arg(m_storage.file).arg(first).arg(why);
                *count = -1;
                return nullptr;
            }
        }
        const uchar *p = reinterpret_cast<const uchar *>(m_window->data()) +
                         (m_position - m_windowStart) * m_itemSize;
        m_position += *count;
        return p;
    }
    static constexpr qint64 WindowBytes = 8 << 20;
    TensorStorage m_storage;
    int m_itemSize = 0;
    QFile m_file;
    std::vector<Segment> m_segments;
    std::vector<float> m_floats;
    std::unique_ptr<MappedFile> m_window;
    mutable bool m_faulted = false;
    qint64 m_windowStart = 0;
    qint64 m_windowCount = 0;
};

// after − before, element by element, for the update mode of the checkpoint comparison: both
// tensors are streamed side by side, so an update costs no more memory than a tensor.
class DifferenceStream final : public TensorStream
{
public:
    bool open(const TensorEntry &t, QString *error)
    {
        const TensorLayout &l = t.storage.layout();
        if (!l.minuend || !l.subtrahend || l.minuend->numel() != l.subtrahend->numel() ||
            l.minuend->storage.layout().axisOrder != l.subtrahend->storage.layout().axisOrder) {
            *error =
                Tr::tr("%1: the two tensors of an update differ in shape or layout").arg(t.name);
            return false;
        }
        m_total = t.numel();
        if (m_total != l.minuend->numel()) {
            *error = Tr::tr("%1: the update's shape does not match its tensors").arg(t.name);
            return false;
        }
        m_after = TensorStream::open(*l.minuend, error);
        m_before = m_after ? TensorStream::open(*l.subtrahend, error) : nullptr;
        return m_before != nullptr;
    }

    qint64 read(double *dst, qint64 count, QString *error) override
    {
        const qint64 got = m_after->read(dst, count, error);
        if (got <= 0)
            return got;
        m_buffer.resize(size_t(got));
        for (qint64 done = 0; done < got;) {
            const qint64 g = m_before->read(m_buffer.data() + done, got - done, error);
            if (g <= 0) {
                if (error->isEmpty())
                    *error = Tr::tr("a tensor ended before its shape says");
                return -1;
            }
            done += g;
        }
        for (qint64 i = 0; i < got; ++i)
            dst[i] -= m_buffer[size_t(i)];
        m_position += got;
        return got;
    }

    bool seek(qint64 position) override
    {
        if (!TensorStream::seek(position))
            return false;
        return m_after->seek(position) && m_before->seek(position);
    }

private:
    std::unique_ptr<TensorStream> m_after, m_before;
    std::vector<double> m_buffer;
};

class Hdf5Stream final : public TensorStream
{
public:
    ~Hdf5Stream() override
    {
        Hdf5Guard guard;
        if (m_memType >= 0)
            H5Tclose(m_memType);
        if (m_space >= 0)
            H5Sclose(m_space);
        if (m_dataset >= 0)
            H5Dclose(m_dataset);
        if (m_file >= 0)
            H5Fclose(m_file);
    }

    bool open(const TensorEntry &t, QString *error)
    {
        m_storage = t.storage;
        m_total = t.numel();
        // HDF5 opens without O_NONBLOCK: make sure the path is still a regular file first.
        if (const auto e = checkReadableFile(m_storage.file)) {
            *error = e->toString();
            return false;
        }
        Hdf5Guard guard;
        const QByteArray path = QFile::encodeName(m_storage.file);
        m_file = H5Fopen(path.constData(), H5F_ACC_RDONLY, H5P_DEFAULT);
        if (m_file < 0) {
            *error = Tr::tr("cannot open %1 as HDF5").arg(m_storage.file);
            return false;
        }
        m_dataset = H5Dopen2(m_file, dataset().toUtf8().constData(), H5P_DEFAULT);
        if (m_dataset < 0) {
            *error = Tr::tr("dataset %1 cannot be opened").arg(dataset());
            return false;
        }
        // The loader refused these; the file may have been replaced since it was listed.
        if (const QString foreign = hdf5ForeignStorage(m_dataset, dataset()); !foreign.isEmpty()) {
            *error = foreign;
            return false;
        }
        m_space = H5Dget_space(m_dataset);
        const int rank = H5Sget_simple_extent_ndims(m_space);
        if (rank < 0 || rank > 32) {
            *error = Tr::tr("dataset %1 has an unsupported rank").arg(dataset());
            return false;
        }
        m_dims.resize(size_t(rank));
        if (rank > 0)
            H5Sget_simple_extent_dims(m_space, m_dims.data(), nullptr);
        qint64 n = 1;
        for (hsize_t d : m_dims)
            n *= qint64(d);
        if (n != m_total) {
            *error = Tr::tr("dataset %1 changed shape since it was listed").arg(dataset());
            return false;
        }
        const hid_t fileType = H5Dget_type(m_dataset);
        m_memType = H5Tget_native_type(fileType, H5T_DIR_ASCEND);
        H5Tclose(fileType);
        if (m_memType < 0 || int(H5Tget_size(m_memType)) != dtypeSize(m_storage.stored)) {
            *error = Tr::tr("dataset %1 has an unexpected element type").arg(dataset());
            return false;
        }
        return true;
    }

    qint64 read(double *dst, qint64 count, QString *error) override
    {
        count = std::min(count, m_total - m_position);
        if (count <= 0)
            return 0;
        const int rank = int(m_dims.size());
        const int itemSize = dtypeSize(m_storage.stored);
        // Select a block of whole rows of the innermost axes that fit: find the first axis k whose
        // trailing product fits in count, then take as many consecutive indices along axis k-1 as
        // fit without crossing its end.
        std::vector<hsize_t> start(size_t(rank), 0), block(m_dims);
        qint64 take = count;
        if (rank > 0) {
            int k = rank;
            qint64 inner = 1;
            while (k > 0 && inner * qint64(m_dims[size_t(k - 1)]) <= count) {
                inner *= qint64(m_dims[size_t(k - 1)]);
                --k;
            }
            if (k < rank && m_position % inner != 0) {
                k = rank; // mid-row after an earlier short read: finish the row piecewise
                inner = 1;
            }
            // Unravel the position (a multiple of inner) into start indices for the axes before k.
            qint64 outer = m_position / inner;
            for (int a = k - 1; a >= 0; --a) {
                start[size_t(a)] = hsize_t(outer % qint64(m_dims[size_t(a)]));
                outer /= qint64(m_dims[size_t(a)]);
                block[size_t(a)] = 1;
            }
            if (k == 0) {
                take = m_total;
            } else if (k == rank) {
                // Even one innermost row is longer than count: read it in pieces.
                take = std::min<qint64>(
                    count, qint64(m_dims[size_t(rank - 1)]) - qint64(start[size_t(rank - 1)]));
                block[size_t(rank - 1)] = hsize_t(take);
            } else {
                const qint64 along = qint64(m_dims[size_t(k - 1)]) - qint64(start[size_t(k - 1)]);
                const qint64 rows = std::max<qint64>(1, std::min(count / inner, along));
                block[size_t(k - 1)] = hsize_t(rows);
                take = rows * inner;
            }
        }
        if (take <= 0) {
            *error = Tr::tr("internal error planning a read of %1").arg(dataset());
            return -1;
        }
        m_buffer.resize(size_t(take * itemSize));
        {
            Hdf5Guard guard;
            herr_t status;
            if (rank == 0) {
                status =
                    H5Dread(m_dataset, m_memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, m_buffer.data());
            } else {
                H5Sselect_hyperslab(
                    m_space, H5S_SELECT_SET, start.data(), nullptr, block.data(), nullptr);
                const hsize_t flat = hsize_t(take);
                const hid_t mem = H5Screate_simple(1, &flat, nullptr);
                status = H5Dread(m_dataset, m_memType, mem, m_space, H5P_DEFAULT, m_buffer.data());
                H5Sclose(mem);
            }
            if (status < 0) {
                *error =
                    Tr::tr("reading dataset %1 failed at element %2 (corrupt or truncated file)")
                        .arg(dataset())
                        .arg(m_position);
                return -1;
            }
        }
        widenToDouble(m_buffer.data(), m_storage.stored, false, take, dst);
        m_position += take;
        return take;
    }

private:
    const QString &dataset() const { return m_storage.layout().dataset; }

    TensorStorage m_storage;
    hid_t m_file = -1;
    hid_t m_dataset = -1;
    hid_t m_space = -1;
    hid_t m_memType = -1;
    std::vector<hsize_t> m_dims;
    std::vector<unsigned char> m_buffer;
};

} // namespace

std::unique_ptr<TensorStream> TensorStream::open(const TensorEntry &tensor, QString *error)
{
    if (!tensor.unreadable().isEmpty()) {
        *error = tensor.unreadable();
        return nullptr;
    }
    switch (tensor.storage.kind) {
    case TensorStorage::Kind::RawFile: {
        auto s = std::make_unique<RawFileStream>();
        if (!s->open(tensor, error))
            return nullptr;
        return s;
    }
    case TensorStorage::Kind::Hdf5: {
        auto s = std::make_unique<Hdf5Stream>();
        if (!s->open(tensor, error))
            return nullptr;
        return s;
    }
    case TensorStorage::Kind::Difference: {
        auto s = std::make_unique<DifferenceStream>();
        if (!s->open(tensor, error))
            return nullptr;
        return s;
    }
    case TensorStorage::Kind::None:
        break;
    }
    *error = Tr::tr("%1 holds statistics only, no tensor data").arg(tensor.name);
    return nullptr;
}

qint64 storageToLogicalIndex(const TensorEntry &tensor, qint64 storageIndex)
{
    const QList<int> &order = tensor.storage.layout().axisOrder;
    if (order.isEmpty())
        return storageIndex;
    const int rank = int(tensor.shape.size());
    // Unravel over the storage axes (innermost last), then ravel in row-major order.
    std::vector<qint64> idx(static_cast<size_t>(rank), 0);
    qint64 rest = storageIndex;
    for (int i = rank - 1; i >= 0; --i) {
        const int axis = order[i];
        const qint64 d = std::max<qint64>(1, tensor.shape[axis]);
        idx[size_t(axis)] = rest % d;
        rest /= d;
    }
    qint64 logical = 0;
    for (int a = 0; a < rank; ++a)
        logical = logical * tensor.shape[a] + idx[size_t(a)];
    return logical;
}

bool readTensorLogical(const TensorEntry &tensor,
                       std::vector<double> *out,
                       qint64 maxElements,
                       QString *error)
{
    const qint64 n = tensor.numel();
    if (n > maxElements) {
        *error = Tr::tr("%1 has %2 elements, more than the %3 this view reads at once")
                     .arg(tensor.name)
                     .arg(n)
                     .arg(maxElements);
        return false;
    }
    auto stream = TensorStream::open(tensor, error);
    if (!stream)
        return false;
    std::vector<double> storage(static_cast<size_t>(n));
    qint64 done = 0;
    while (done < n) {
        const qint64 got =
            stream->read(storage.data() + done, std::min<qint64>(n - done, 1 << 20), error);
        if (got <= 0) {
            if (got == 0)
                *error = Tr::tr("%1 ended early").arg(tensor.name);
            return false;
        }
        done += got;
    }
    if (tensor.storage.layout().axisOrder.isEmpty()) {
        *out = std::move(storage);
        return true;
    }
    out->assign(size_t(n), 0.0);
    for (qint64 i = 0; i < n; ++i)
        (*out)[size_t(storageToLogicalIndex(tensor, i))] = storage[size_t(i)];
    return true;
}

} // namespace Twinscope::Core
