#include "hdf5dumpreader.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"
#include "core/tensor/dumpnames.h"
#include "core/tensor/hdf5lock.h"
#include "core/tensor/hdf5safety.h"
#include "hdf5dumpattributes.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <hdf5.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

struct Listed
{
    QString path; // without the leading "/"
    qint64 callIndex = -1;
    qint64 visit = 0;
};

struct VisitState
{
    QList<Listed> datasets;
    const CancelToken *cancel = nullptr;
    bool canceled = false;
    qint64 externalLinks = 0; // links into other files: never followed
    QStringList firstExternal;
};

herr_t visitLink(hid_t group, const char *name, const H5L_info_t *info, void *data)
{
    auto *state = static_cast<VisitState *>(data);
    if (state->cancel->isCanceled()) {
        state->canceled = true;
        return 1;
    }
    if (info->type == H5L_TYPE_EXTERNAL || info->type >= H5L_TYPE_UD_MIN) {
        if (state->externalLinks++ < Diagnostics::MaxLocations)
            state->firstExternal << QString::fromUtf8(name);
        return 0;
    }
    // Soft links point inside this file, whose datasets are listed by their hard links.
    if (info->type != H5L_TYPE_HARD)
        return 0;
    H5O_info_t oinfo;
    if (H5Oget_info_by_name(group, name, &oinfo, H5P_DEFAULT) < 0 || oinfo.type != H5O_TYPE_DATASET)
        return 0;
    Listed l;
    l.path = QString::fromUtf8(name);
    l.visit = state->datasets.size();
    state->datasets.append(l);
    return 0;
}

// A tensor before the dump is put in execution order.
struct Ordered
{
    TensorEntry entry;
    qint64 seq = -1;
    QString arg;
    qint64 visit = 0;
};

// What the per-dataset phases share: the open file, its layout and what they add to.
struct DumpScan
{
    hid_t file;
    const QString &path;
    bool dumper; // the torch.utils.dumper layout
    TensorDump &dump;
    Diagnostics &diagnostics;
};

// The cheap checks, before HDF5 is asked anything.
std::optional<Error> checkDumpSource(const Source &source)
{
    if (!source.isPath())
        return Error::make(ErrorCode::Unsupported,
                           Tr::tr("HDF5 dumps can only be read from a file"),
                           source.name());
    return checkReadableFile(source.path);
}

// Opens the file read-only into *file; the error says whether it is no HDF5 file or a broken one.
std::optional<Error> openHdf5File(const QString &path, hid_t *file)
{
    const QByteArray encoded = QFile::encodeName(path);
    if (H5Fis_hdf5(encoded.constData()) <= 0)
        return Error::make(ErrorCode::UnknownFormat,
                           Tr::tr("not an HDF5 file: the HDF5 signature is missing"),
                           path,
                           0);
    *file = H5Fopen(encoded.constData(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (*file >= 0)
        return std::nullopt;
    Error e = Error::make(
        ErrorCode::Truncated,
        Tr::tr("the HDF5 file cannot be opened: it is truncated or its metadata is corrupt"),
        path);
    e.expected = Tr::tr("a complete HDF5 file");
    e.found = Tr::tr("%n bytes", nullptr, int(std::min<qint64>(QFileInfo(path).size(), INT_MAX)));
    return e;
}

// Walks the group tree into state.datasets, counting the links it does not follow; false when
// canceled.
bool listDatasets(hid_t file, const QString &path, VisitState &state, Diagnostics &diagnostics)
{
    const herr_t visited = H5Lvisit(file, H5_INDEX_NAME, H5_ITER_INC, visitLink, &state);
    if (state.canceled)
        return false;
    for (qsizetype i = 0; i < state.firstExternal.size(); ++i)
        diagnostics.add(u"hdf5_external_link"_s,
                        Tr::tr("links to other files (external links) were not followed; only "
                               "data inside the file given is read"),
                        Location{-1, -1, state.firstExternal[i]},
                        Severity::Warning,
                        i == 0 ? state.externalLinks - state.firstExternal.size() + 1 : 1);
    if (visited < 0)
        diagnostics.add(
            u"hdf5_visit_failed"_s,
            Tr::tr("the group tree could not be walked completely; later datasets are missing"),
            Location{-1, -1, path});
    return true;
}

// The dumper marks every tensor with DataType and Stride (docs/FORMATS.md §5.1): one is enough.
bool isDumperLayout(hid_t file, const QList<Listed> &datasets)
{
    for (const Listed &l : datasets) {
        const hid_t ds = H5Dopen2(file, l.path.toUtf8().constData(), H5P_DEFAULT);
        if (ds < 0)
            continue;
        const bool dumper = H5Aexists(ds, "DataType") > 0 && H5Aexists(ds, "Stride") > 0;
        H5Dclose(ds);
        if (dumper)
            return true;
    }
    return false;
}

// Appends the dataset's dimensions to shape; false for a rank or size no tensor has, in which case
// shape holds the dimensions before the absurd one.
bool readShape(hid_t ds, QList<qint64> &shape)
{
    const hid_t space = H5Dget_space(ds);
    const int rank = H5Sget_simple_extent_ndims(space);
    bool shapeOk = rank >= 0 && rank <= 32;
    if (shapeOk && rank > 0) {
        std::vector<hsize_t> dims(static_cast<size_t>(rank));
        H5Sget_simple_extent_dims(space, dims.data(), nullptr);
        qint64 n = 1;
        for (hsize_t d : dims) {
            if (d > hsize_t(1) << 40 || (d && n > (qint64(1) << 50) / qint64(d))) {
                shapeOk = false;
                break;
            }
            n *= qint64(d);
            shape.append(qint64(d));
        }
    }
    H5Sclose(space);
    return shapeOk;
}

// A dataset without DataType in a dumper file: a non-tensor argument, kept for the comparison of
// arguments, or a tensor of a dtype the dumper does not write, skipped.
void keepDumperArgument(DumpScan &scan, hid_t ds, const QString &path)
{
    if (auto a = readDumperArgument(ds, path)) {
        scan.dump.arguments.append(*a);
        return;
    }
    scan.diagnostics.add(
        u"dumper_no_datatype"_s,
        Tr::tr("datasets without a DataType attribute (non-tensor arguments or undumped "
               "dtypes) were skipped"),
        Location{-1, -1, path},
        Severity::Info);
}

// The dumper's Stride attribute says how the stored axes are ordered.
void applyDumperStride(hid_t ds, const QString &path, TensorEntry &t)
{
    bool hasStride = false;
    const QList<qint64> stride = readIntArrayAttribute(ds, "Stride", &hasStride);
    if (!t.unreadable().isEmpty() || !hasStride || t.shape.isEmpty())
        return;
    if (stride.size() != t.shape.size()) {
        t.setUnreadable(Tr::tr("dataset %1: Stride has %2 entries but the shape has %3 axes")
                            .arg(path)
                            .arg(stride.size())
                            .arg(t.shape.size()));
    } else if (auto order = axisOrderFromStride(t.shape, stride)) {
        t.storage.editLayout().axisOrder = *order;
    } else {
        t.setUnreadable(Tr::tr("dataset %1: Stride %2 is not a reordering of a contiguous layout")
                            .arg(path, shapeText(stride)));
    }
}

// The dumper layout /{irName}/{seqId}/input|output/{arg}[/{arg}_{i}]: op, order and the logical
// dtype from the DataType code.
void placeDumperTensor(
    DumpScan &scan, hid_t ds, const QStringList &parts, qint64 code, DType stored, Ordered &o)
{
    TensorEntry &t = o.entry;
    const QString &path = t.name;
    const bool layoutOk = parts.size() >= 4 && (parts[2] == u"input"_s || parts[2] == u"output"_s);
    bool seqOk = false;
    o.seq = layoutOk ? parts[1].toLongLong(&seqOk) : -1;
    if (!layoutOk || !seqOk) {
        scan.diagnostics.add(
            u"dumper_unexpected_path"_s,
            Tr::tr("datasets outside /{op}/{seq}/input|output/{arg} were ordered by path"),
            Location{-1, -1, path});
        o.seq = -1;
    }
    t.opType = parts.value(0);
    t.op = parts.mid(0, 2).join(u'/');
    t.isOutput = parts.value(2) == u"output"_s;
    o.arg = parts.mid(3).join(u'/');
    const DType logical = dumperType(code);
    if (t.unreadable().isEmpty() && logical == DType::Unknown)
        t.setUnreadable(Tr::tr("dataset %1 has the unknown DataType code %2").arg(path).arg(code));
    else if (t.unreadable().isEmpty() && !dumperStorageMatches(logical, stored))
        t.setUnreadable(Tr::tr("dataset %1: DataType %2 says %3, but it is stored as %4")
                            .arg(path)
                            .arg(code)
                            .arg(dtypeId(logical), dtypeId(stored)));
    t.dtype = logical;
    if (logical == DType::UInt8 || logical == DType::Bool)
        t.storage.stored = logical; // reinterpret the signed I8 bits
    applyDumperStride(ds, path, t);
}

// Any other layout: the op is the enclosing group, and a call_index-like attribute on an enclosing
// group gives the execution order.
void placeGenericTensor(hid_t file, const QStringList &parts, Ordered &o)
{
    TensorEntry &t = o.entry;
    t.op = parts.mid(0, parts.size() - 1).join(u'/');
    t.opType = parts.size() >= 3 ? parts[parts.size() - 3] : parts.value(0);
    for (const QString &p : parts.mid(std::max<qsizetype>(0, parts.size() - 2)))
        t.isOutput = t.isOutput || p.startsWith(u"output"_s) || p.startsWith(u"out"_s);
    for (qsizetype depth = parts.size() - 1; depth >= 1 && o.seq < 0; --depth) {
        const QByteArray g = parts.mid(0, depth).join(u'/').toUtf8();
        const hid_t grp = H5Gopen2(file, g.constData(), H5P_DEFAULT);
        if (grp < 0)
            continue;
        for (const char *attr : {"call_index", "seq", "seq_id", "index", "order"})
            if (o.seq < 0)
                readIntAttribute(grp, attr, &o.seq);
        H5Gclose(grp);
    }
}

// Nothing outside the file is read, and nothing the file does not store (issue #16).
void refuseDataOutsideFile(Diagnostics &diagnostics, hid_t ds, DType stored, TensorEntry &t)
{
    const QString &path = t.name;
    if (const QString foreign = hdf5ForeignStorage(ds, path); !foreign.isEmpty()) {
        t.setUnreadable(foreign);
        diagnostics.add(u"hdf5_external_storage"_s,
                        Tr::tr("datasets stored outside the file (external raw files or "
                               "virtual datasets) were not read"),
                        Location{-1, -1, path});
    } else if (const QString unstored =
                   hdf5UnstoredElements(ds, path, t.numel(), dtypeSize(stored));
               !unstored.isEmpty()) {
        t.setUnreadable(unstored);
        diagnostics.add(u"hdf5_unstored_elements"_s,
                        Tr::tr("datasets that declare more elements than they store "
                               "were not compared"),
                        Location{-1, -1, path});
    }
}

// Contiguous, unfiltered, little- or big-endian data is read straight from the file through mmap
// windows without the HDF5 lock; everything else goes through hyperslab reads. Returns the bytes
// the tensor's data takes.
qint64 chooseReadPath(const QString &file, hid_t ds, DType stored, TensorEntry &t)
{
    const hid_t dcpl = H5Dget_create_plist(ds);
    const bool contiguous = H5Pget_layout(dcpl) == H5D_CONTIGUOUS && H5Pget_nfilters(dcpl) == 0;
    H5Pclose(dcpl);
    const haddr_t offset = contiguous ? H5Dget_offset(ds) : HADDR_UNDEF;
    const qint64 bytes = t.numel() * dtypeSize(t.storage.stored);
    if (offset != HADDR_UNDEF && bytes > 0) {
        t.storage.kind = TensorStorage::Kind::RawFile;
        t.storage.offset = qint64(offset);
        if (t.storage.offset + bytes > QFileInfo(file).size())
            t.setUnreadable(
                Tr::tr(
                    "dataset %1 is truncated: its data ends at byte %2, past the end of the file")
                    .arg(t.name)
                    .arg(t.storage.offset + bytes));
    } else if (stored == DType::Float16) {
        t.setUnreadable(Tr::tr("dataset %1 is a chunked or compressed float16 dataset, which HDF5 "
                               "1.10 cannot convert")
                            .arg(t.name));
    } else {
        t.storage.kind = TensorStorage::Kind::Hdf5;
    }
    return bytes;
}

// One open dataset as a tensor: shape, dtypes, place in the op order and where its data is;
// nullopt when it is no tensor (an argument, a skipped dataset).
std::optional<Ordered> describeDataset(DumpScan &scan, const Listed &l, hid_t ds)
{
    Ordered o;
    o.visit = l.visit;
    TensorEntry &t = o.entry;
    t.name = l.path;
    t.key = l.path;
    t.storage.file = scan.path;
    t.storage.editLayout().dataset = l.path;
    const QStringList parts = l.path.split(u'/');
    qint64 code = -1;
    const bool hasType = readIntAttribute(ds, "DataType", &code);
    if (scan.dumper && !hasType) {
        keepDumperArgument(scan, ds, l.path);
        return std::nullopt;
    }
    const bool shapeOk = readShape(ds, t.shape);
    const hid_t type = H5Dget_type(ds);
    bool bigEndian = false;
    const DType stored = storedType(type, &bigEndian);
    H5Tclose(type);
    if (!shapeOk) {
        t.setUnreadable(Tr::tr("dataset %1 has an unsupported rank or an absurd size").arg(l.path));
    } else if (stored == DType::Unknown) {
        if (!scan.dumper) {
            scan.diagnostics.add(u"hdf5_non_numeric"_s,
                                 Tr::tr("non-numeric datasets were skipped"),
                                 Location{-1, -1, l.path},
                                 Severity::Info);
            return std::nullopt;
        }
        t.setUnreadable(Tr::tr("dataset %1 is not stored as a number").arg(l.path));
    }
    t.storage.stored = stored;
    t.storage.bigEndian = bigEndian;
    t.dtype = stored;
    if (scan.dumper)
        placeDumperTensor(scan, ds, parts, code, stored, o);
    else
        placeGenericTensor(scan.file, parts, o);
    if (t.unreadable().isEmpty() && stored != DType::Unknown)
        refuseDataOutsideFile(scan.diagnostics, ds, stored, t);
    if (t.unreadable().isEmpty() && stored != DType::Unknown)
        scan.dump.dataBytes += chooseReadPath(scan.path, ds, stored, t);
    return o;
}

// Every listed dataset that is a tensor, in listing order; false when canceled.
bool describeDatasets(DumpScan &scan,
                      const QList<Listed> &datasets,
                      QList<Ordered> &tensors,
                      ProgressSink &progress,
                      const CancelToken &cancel)
{
    qint64 done = 0;
    for (const Listed &l : datasets) {
        if ((++done & 63) == 0) {
            if (cancel.isCanceled())
                return false;
            progress.reportRange(done, datasets.size(), 0, 900, Tr::tr("Listing HDF5 datasets"));
        }
        const QByteArray dsPath = l.path.toUtf8();
        const hid_t ds = H5Dopen2(scan.file, dsPath.constData(), H5P_DEFAULT);
        if (ds < 0) {
            scan.diagnostics.add(u"hdf5_dataset_unreadable"_s,
                                 Tr::tr("a dataset could not be opened; it was skipped"),
                                 Location{-1, -1, l.path});
            continue;
        }
        std::optional<Ordered> o = describeDataset(scan, l, ds);
        H5Dclose(ds);
        if (o)
            tensors.append(std::move(*o));
    }
    return true;
}

// Execution order: dumper seqId (one global counter), inputs before outputs, arguments by name;
// elsewhere the enclosing call_index when there is one, then the path in natural order.
void sortInExecutionOrder(QList<Ordered> &tensors)
{
    std::stable_sort(tensors.begin(), tensors.end(), [](const Ordered &a, const Ordered &b) {
        if (a.seq != b.seq)
            return a.seq < b.seq;
        if (a.entry.op == b.entry.op && a.entry.isOutput != b.entry.isOutput)
            return !a.entry.isOutput;
        if (!a.arg.isEmpty() || !b.arg.isEmpty())
            return naturalLess(a.arg, b.arg);
        return naturalLess(a.entry.name, b.entry.name);
    });
}

} // namespace

Result<TensorDump>
loadHdf5Dump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    const QString path = source.path;
    if (auto error = checkDumpSource(source))
        return Result<TensorDump>::failed(*error);
    progress.report(0, Tr::tr("Listing HDF5 datasets"));

    auto dump = std::make_shared<TensorDump>();
    dump->path = path;
    Diagnostics diagnostics;
    Hdf5Guard guard;
    hid_t file = -1;
    if (auto error = openHdf5File(path, &file))
        return Result<TensorDump>::failed(*error);
    VisitState state;
    state.cancel = &cancel;
    if (!listDatasets(file, path, state, diagnostics)) {
        H5Fclose(file);
        return Result<TensorDump>::canceled();
    }
    const bool dumper = isDumperLayout(file, state.datasets);
    dump->format = dumper ? u"torch_dumper_h5"_s : u"hdf5"_s;
    DumpScan scan{file, path, dumper, *dump, diagnostics};
    QList<Ordered> tensors;
    const bool complete = describeDatasets(scan, state.datasets, tensors, progress, cancel);
    H5Fclose(file);
    if (!complete)
        return Result<TensorDump>::canceled();

    sortInExecutionOrder(tensors);
    for (const Ordered &o : std::as_const(tensors))
        dump->tensors.append(o.entry);
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed,
                        Tr::tr("the HDF5 file holds no numeric dataset to compare"),
                        path),
            diagnostics);
    progress.report(1000, Tr::tr("Listing HDF5 datasets"));
    return Result<TensorDump>::ok(dump, diagnostics);
}

} // namespace Twinscope::Core
