#include "tensorstream.h"

#include "core/common/tr.h"
#include "hdf5lock.h"

#include <QFile>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#endif

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
        m_file.setFileName(m_storage.file);
        if (m_itemSize <= 0 || !m_file.open(QIODevice::ReadOnly)) {
            *error = Tr::tr("cannot open %1 for reading").arg(m_storage.file);
            return false;
        }
        if (m_storage.offset + m_total * m_itemSize > m_file.size()) {
            *error =
                Tr::tr("%1 is truncated: the tensor needs %2 bytes from byte %3, the file has %4")
                    .arg(m_storage.file)
                    .arg(m_total * m_itemSize)
                    .arg(m_storage.offset)
                    .arg(m_file.size());
            return false;
        }
        return true;
    }

    ~RawFileStream() override { unmapWindow(); }

    qint64 read(double *dst, qint64 count, QString *error) override
    {
        const uchar *p = span(&count, error);
        if (!p)
            return count == 0 ? 0 : -1;
        widenToDouble(p, m_storage.stored, m_storage.bigEndian, count, dst);
        return count;
    }

    const float *readFloats(qint64 count, qint64 *got, QString *error) override
    {
        *got = 0;
        if (m_storage.stored != DType::Float32 ||
            m_storage.bigEndian != (std::endian::native == std::endian::big))
            return nullptr;
        const uchar *p = span(&count, error);
        if (!p)
            return nullptr;
        *got = count;
        if ((quintptr(p) % alignof(float)) == 0)
            return reinterpret_cast<const float *>(p);
        // Data at a file offset that is not a multiple of 4 (HDF5 contiguous datasets, npz
        // members): copied once into an aligned buffer; a memcpy per chunk costs far less than
        // the comparison (docs/PERFORMANCE.md).
        m_aligned.resize(size_t(count));
        std::memcpy(m_aligned.data(), p, size_t(count) * sizeof(float));
        return m_aligned.data();
    }

private:
    // The next *count elements as mapped bytes (count clipped to what is left); advances the
    // position.
    const uchar *span(qint64 *count, QString *error)
    {
        *count = std::min(*count, m_total - m_position);
        if (*count <= 0)
            return nullptr;
        if (!m_window || m_position + *count > m_windowStart + m_windowCount) {
            // A window of a few MiB keeps the mmap calls rare and the resident set O(window):
            // unmapping drops the pages from this process (the page cache keeps them for the next
            // reader).
            unmapWindow();
            const qint64 first = m_storage.offset + m_position * m_itemSize;
            const qint64 aligned = first & ~qint64(PageBytes - 1);
            m_windowStart = m_position;
            m_windowCount =
                std::min(m_total - m_position, std::max(*count, WindowBytes / m_itemSize));
            m_mapBytes = size_t(first - aligned + m_windowCount * m_itemSize);
#ifdef Q_OS_UNIX
            // MAP_POPULATE maps the whole window in one go instead of a page fault per 16 pages.
            void *m = ::mmap(nullptr,
                             m_mapBytes,
                             PROT_READ,
                             MAP_PRIVATE | MAP_POPULATE,
                             m_file.handle(),
                             off_t(aligned));
            m_map = m == MAP_FAILED ? nullptr : static_cast<uchar *>(m);
#else
            m_map = m_file.map(aligned, qint64(m_mapBytes));
#endif
            if (!m_map) {
                *error = Tr::tr("cannot map %1 at byte %2").arg(m_storage.file).arg(first);
                *count = -1;
                return nullptr;
            }
            m_window = m_map + (first - aligned);
        }
        const uchar *p = m_window + (m_position - m_windowStart) * m_itemSize;
        m_position += *count;
        return p;
    }
    void unmapWindow()
    {
        if (!m_map)
            return;
#ifdef Q_OS_UNIX
        ::munmap(m_map, m_mapBytes);
#else
        m_file.unmap(m_map);
#endif
        m_map = nullptr;
        m_window = nullptr;
    }

    std::vector<float> m_aligned;
    static constexpr qint64 WindowBytes = 8 << 20;
    static constexpr qint64 PageBytes = 65536; // a multiple of every page size we run on
    TensorStorage m_storage;
    int m_itemSize = 0;
    QFile m_file;
    uchar *m_map = nullptr;
    size_t m_mapBytes = 0;
    uchar *m_window = nullptr;
    qint64 m_windowStart = 0;
    qint64 m_windowCount = 0;
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
        Hdf5Guard guard;
        const QByteArray path = QFile::encodeName(m_storage.file);
        m_file = H5Fopen(path.constData(), H5F_ACC_RDONLY, H5P_DEFAULT);
        if (m_file < 0) {
            *error = Tr::tr("cannot open %1 as HDF5").arg(m_storage.file);
            return false;
        }
        m_dataset = H5Dopen2(m_file, m_storage.dataset.toUtf8().constData(), H5P_DEFAULT);
        if (m_dataset < 0) {
            *error = Tr::tr("dataset %1 cannot be opened").arg(m_storage.dataset);
            return false;
        }
        m_space = H5Dget_space(m_dataset);
        const int rank = H5Sget_simple_extent_ndims(m_space);
        if (rank < 0 || rank > 32) {
            *error = Tr::tr("dataset %1 has an unsupported rank").arg(m_storage.dataset);
            return false;
        }
        m_dims.resize(size_t(rank));
        if (rank > 0)
            H5Sget_simple_extent_dims(m_space, m_dims.data(), nullptr);
        qint64 n = 1;
        for (hsize_t d : m_dims)
            n *= qint64(d);
        if (n != m_total) {
            *error = Tr::tr("dataset %1 changed shape since it was listed").arg(m_storage.dataset);
            return false;
        }
        const hid_t fileType = H5Dget_type(m_dataset);
        m_memType = H5Tget_native_type(fileType, H5T_DIR_ASCEND);
        H5Tclose(fileType);
        if (m_memType < 0 || int(H5Tget_size(m_memType)) != dtypeSize(m_storage.stored)) {
            *error = Tr::tr("dataset %1 has an unexpected element type").arg(m_storage.dataset);
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
            *error = Tr::tr("internal error planning a read of %1").arg(m_storage.dataset);
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
                        .arg(m_storage.dataset)
                        .arg(m_position);
                return -1;
            }
        }
        widenToDouble(m_buffer.data(), m_storage.stored, false, take, dst);
        m_position += take;
        return take;
    }

private:
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
    if (!tensor.unreadable.isEmpty()) {
        *error = tensor.unreadable;
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
    case TensorStorage::Kind::None:
        break;
    }
    *error = Tr::tr("%1 holds statistics only, no tensor data").arg(tensor.name);
    return nullptr;
}

qint64 storageToLogicalIndex(const TensorEntry &tensor, qint64 storageIndex)
{
    const QList<int> &order = tensor.storage.axisOrder;
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
    if (tensor.storage.axisOrder.isEmpty()) {
        *out = std::move(storage);
        return true;
    }
    out->assign(size_t(n), 0.0);
    for (qint64 i = 0; i < n; ++i)
        (*out)[size_t(storageToLogicalIndex(tensor, i))] = storage[size_t(i)];
    return true;
}

} // namespace Twinscope::Core
