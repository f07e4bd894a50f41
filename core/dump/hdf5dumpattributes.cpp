#include "hdf5dumpattributes.h"

#include <QHash>
#include <QLocale>
#include <QStringList>

#include <cmath>
#include <hdf5.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool readIntAttribute(qint64 object, const char *name, qint64 *value)
{
    if (H5Aexists(object, name) <= 0)
        return false;
    const hid_t attr = H5Aopen(object, name, H5P_DEFAULT);
    if (attr < 0)
        return false;
    const hid_t space = H5Aget_space(attr);
    const hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    long long v = 0;
    const bool ok = n == 1 && H5Aread(attr, H5T_NATIVE_LLONG, &v) >= 0;
    H5Aclose(attr);
    if (ok)
        *value = v;
    return ok;
}

QList<qint64> readIntArrayAttribute(qint64 object, const char *name, bool *present)
{
    QList<qint64> out;
    *present = H5Aexists(object, name) > 0;
    if (!*present)
        return out;
    const hid_t attr = H5Aopen(object, name, H5P_DEFAULT);
    if (attr < 0)
        return out;
    const hid_t space = H5Aget_space(attr);
    const hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    if (n > 0 && n <= 64) {
        std::vector<long long> v(static_cast<size_t>(n));
        if (H5Aread(attr, H5T_NATIVE_LLONG, v.data()) >= 0)
            for (long long x : v)
                out.append(x);
    }
    H5Aclose(attr);
    return out;
}

DType storedType(qint64 type, bool *bigEndian)
{
    const H5T_class_t cls = H5Tget_class(type);
    const size_t size = H5Tget_size(type);
    *bigEndian = H5Tget_order(type) == H5T_ORDER_BE;
    if (cls == H5T_FLOAT) {
        switch (size) {
        case 2:
            return DType::Float16;
        case 4:
            return DType::Float32;
        case 8:
            return DType::Float64;
        default:
            return DType::Unknown;
        }
    }
    if (cls == H5T_INTEGER) {
        const bool isSigned = H5Tget_sign(type) == H5T_SGN_2;
        switch (size) {
        case 1:
            return isSigned ? DType::Int8 : DType::UInt8;
        case 2:
            return isSigned ? DType::Int16 : DType::UInt16;
        case 4:
            return isSigned ? DType::Int32 : DType::UInt32;
        case 8:
            return isSigned ? DType::Int64 : DType::UInt64;
        default:
            return DType::Unknown;
        }
    }
    if (cls == H5T_ENUM && size == 1)
        return DType::Bool; // h5py stores numpy bool as an int8 enum {FALSE, TRUE}
    return DType::Unknown;
}

DType dumperType(qint64 code)
{
    switch (code) {
    case 1:
        return DType::Float32;
    case 2:
        return DType::UInt8;
    case 3:
        return DType::Int8;
    case 5:
        return DType::Int16;
    case 6:
        return DType::Int32;
    case 7:
        return DType::Int64;
    case 9:
        return DType::Bool;
    case 10:
        return DType::Float16;
    case 11:
        return DType::Float64;
    default:
        return DType::Unknown;
    }
}

bool dumperStorageMatches(DType logical, DType stored)
{
    switch (logical) {
    case DType::Float16:
        return stored == DType::Float32 || stored == DType::Float16;
    case DType::UInt8:
    case DType::Bool:
        return dtypeSize(stored) == 1 && !dtypeIsFloat(stored);
    default:
        return logical == stored;
    }
}

std::optional<ArgumentEntry> readDumperArgument(qint64 ds, const QString &path)
{
    qint64 saveType = -1;
    if (!readIntAttribute(ds, "Type", &saveType) || saveType == 0 || saveType == 1)
        return std::nullopt; // 0 TENSOR, 1 VEC_TENSOR: not arguments
    const hid_t space = H5Dget_space(ds);
    const int rank = H5Sget_simple_extent_ndims(space);
    const hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    const hid_t type = H5Dget_type(ds);
    const H5T_class_t cls = H5Tget_class(type);
    H5Tclose(type);
    if (rank < 0 || rank > 1 || n < 1 || n > 64 || (cls != H5T_INTEGER && cls != H5T_FLOAT))
        return std::nullopt;
    std::vector<double> values(static_cast<size_t>(n));
    // A conversion buffer the size of the values: HDF5's default callocs 1 MiB per read, which
    // for a dump's hundreds of arguments cost more than reading their tensors' metadata.
    const hid_t xfer = H5Pcreate(H5P_DATASET_XFER);
    H5Pset_buffer(xfer, 16 * size_t(n), nullptr, nullptr);
    const herr_t read = H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, xfer, values.data());
    H5Pclose(xfer);
    if (read < 0)
        return std::nullopt;
    static const QHash<qint64, QString> names = {{2, u"int[]"_s},
                                                 {3, u"int"_s},
                                                 {4, u"bool"_s},
                                                 {5, u"float"_s},
                                                 {6, u"float?"_s},
                                                 {7, u"scalar"_s},
                                                 {9, u"int?"_s},
                                                 {10, u"scalar?"_s},
                                                 {13, u"size"_s},
                                                 {14, u"dtype"_s}};
    const QStringList parts = path.split(u'/');
    ArgumentEntry a;
    a.key = path;
    a.op = parts.mid(0, 2).join(u'/');
    a.isOutput = parts.value(2) == u"output"_s;
    a.type = names.value(saveType, u"type %1"_s.arg(saveType));
    QStringList text;
    for (double v : values)
        text << (std::isnan(v)   ? u"nan"_s
                 : std::isinf(v) ? (v > 0 ? u"inf"_s : u"-inf"_s)
                                 : QString::number(v, 'g', QLocale::FloatingPointShortest));
    a.value = rank == 0 ? text.first() : u"["_s + text.join(u", "_s) + u"]"_s;
    if (rank == 0)
        a.number = values.front();
    return a;
}

} // namespace Twinscope::Core
