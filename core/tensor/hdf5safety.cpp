#include "hdf5safety.h"

#include "core/common/tr.h"

#include <QLocale>

#include <hdf5.h>
#include <type_traits>
#include <vector>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

static_assert(std::is_same_v<hid_t, int64_t> && sizeof(qint64) == sizeof(hid_t),
              "hdf5safety.h passes hid_t as qint64");

QString hdf5ForeignStorage(qint64 dataset, const QString &name)
{
    const hid_t dcpl = H5Dget_create_plist(dataset);
    if (dcpl < 0)
        return Tr::tr("dataset %1: its storage properties cannot be read").arg(name);
    QString why;
    if (H5Pget_layout(dcpl) == H5D_VIRTUAL) {
        why = Tr::tr("dataset %1 is a virtual dataset that maps other files; only data inside the "
                     "file given is read")
                  .arg(name);
    } else if (const int external = H5Pget_external_count(dcpl); external != 0) {
        char file[512] = {};
        off_t offset = 0;
        hsize_t size = 0;
        if (external < 0 || H5Pget_external(dcpl, 0, sizeof file - 1, file, &offset, &size) < 0)
            file[0] = '\0';
        why = Tr::tr("dataset %1 keeps its elements in an external file (%2); only data inside "
                     "the file given is read")
                  .arg(name, QString::fromLocal8Bit(file));
    }
    H5Pclose(dcpl);
    return why;
}

QString hdf5UnstoredElements(qint64 dataset, const QString &name, qint64 numel, int itemSize)
{
    if (numel <= 0 || itemSize <= 0)
        return {};
    const QLocale locale;
    const hid_t dcpl = H5Dget_create_plist(dataset);
    if (dcpl < 0)
        return Tr::tr("dataset %1: its storage properties cannot be read").arg(name);
    const H5D_layout_t layout = H5Pget_layout(dcpl);
    QString why;
    if (layout == H5D_CHUNKED) {
        // Every chunk the shape needs must be stored: an unwritten chunk reads as fill values.
        // Counting allocated chunks works for compressed data too, where sizes tell nothing.
        const hid_t space = H5Dget_space(dataset);
        const int rank = H5Sget_simple_extent_ndims(space);
        std::vector<hsize_t> dims(size_t(std::max(rank, 0))), chunk(dims.size());
        hsize_t stored = 0;
        // The dataset's whole dataspace as the selection (HDF5 1.10 refuses H5S_ALL here).
        bool ok = rank > 0 && H5Sget_simple_extent_dims(space, dims.data(), nullptr) == rank &&
                  H5Pget_chunk(dcpl, rank, chunk.data()) == rank &&
                  H5Dget_num_chunks(dataset, space, &stored) >= 0;
        H5Sclose(space);
        qint64 needed = 1;
        for (size_t i = 0; ok && i < dims.size(); ++i) {
            if (chunk[i] == 0) {
                ok = false;
                break;
            }
            needed *= qint64((dims[i] + chunk[i] - 1) / chunk[i]); // <= numel: no overflow
        }
        if (!ok)
            why = Tr::tr("dataset %1: its chunk index cannot be read").arg(name);
        else if (qint64(stored) < needed)
            why = Tr::tr("dataset %1 declares %2 elements but stores only %3 of the %4 chunks "
                         "they need; the rest would read as fill values, so it is not compared")
                      .arg(name,
                           locale.toString(numel),
                           locale.toString(qint64(stored)),
                           locale.toString(needed));
    } else {
        // Contiguous and compact storage hold every byte, or (contiguous, never written) none.
        const qint64 bytes = numel * itemSize;
        const qint64 stored = qint64(H5Dget_storage_size(dataset));
        if (stored < bytes)
            why = Tr::tr("dataset %1 declares %2 elements (%3 bytes) but stores only %4 bytes; the "
                         "rest would read as fill values, so it is not compared")
                      .arg(name,
                           locale.toString(numel),
                           locale.toString(bytes),
                           locale.toString(stored));
    }
    H5Pclose(dcpl);
    return why;
}

} // namespace Twinscope::Core
