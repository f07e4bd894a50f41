#include "torchfile.h"

#include "core/common/bytesource.h"
#include "core/common/gzipstream.h"
#include "core/common/tr.h"

#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

TorchFile::~TorchFile() = default;

namespace {

Error torchError(ErrorCode code, const QString &message, const QString &file)
{
    return Error::make(code, message, file);
}

} // namespace

std::unique_ptr<TorchFile>
TorchFile::open(const Source &source, const PickleOptions &options, Error *error)
{
    const QString name = source.name();
    Error zipError;
    auto zip = ZipReader::open(source, &zipError);
    if (!zip) {
        // The legacy format (torch.save before 1.6, or _use_new_zipfile_serialization=False) is a
        // bare pickle stream: protocol opcode first.
        const QByteArray head = source.isPath() ? QByteArray() : source.bytes.left(2);
        bool legacy = head.startsWith("\x80");
        if (source.isPath()) {
            QFile f(source.path);
            legacy = f.open(QIODevice::ReadOnly) && f.read(1) == QByteArray("\x80", 1);
        }
        if (legacy) {
            *error = torchError(ErrorCode::Unsupported,
                                Tr::tr("this is the legacy torch.save format (before PyTorch 1.6), "
                                       "which Twinscope does not read; load and save it again "
                                       "with a newer PyTorch"),
                                name);
            return nullptr;
        }
        *error = zipError;
        return nullptr;
    }
    // The pickle is "<archive>/data.pkl", the archive folder being any name (the file's stem in
    // PyTorch 1.x, "archive" in 2.x).
    int pickleIndex = -1;
    QString archive;
    bool torchScript = false;
    for (int i = 0; i < zip->entries().size(); ++i) {
        const QString &member = zip->entries()[i].name;
        const QStringList parts = member.split(u'/');
        if (parts.size() == 2 && parts[1] == u"data.pkl"_s && pickleIndex < 0) {
            pickleIndex = i;
            archive = parts[0];
        }
        if (parts.size() >= 2 && (parts[1] == u"constants.pkl"_s || parts[1] == u"code"_s))
            torchScript = true;
    }
    if (pickleIndex < 0) {
        *error = torchError(
            torchScript ? ErrorCode::Unsupported : ErrorCode::UnknownFormat,
            torchScript ? Tr::tr("this is a TorchScript archive (torch.jit.save), not a torch.save "
                                 "file; Twinscope does not read TorchScript")
                        : Tr::tr("the zip archive holds no <archive>/data.pkl, so it is not a "
                                 "torch.save file"),
            name);
        return nullptr;
    }
    if (zip->entries()[pickleIndex].uncompressedSize > MaxPickleBytes) {
        *error = torchError(ErrorCode::TooLarge,
                            Tr::tr("data.pkl holds %1 bytes, more than the %2 Twinscope reads")
                                .arg(zip->entries()[pickleIndex].uncompressedSize)
                                .arg(MaxPickleBytes),
                            name);
        return nullptr;
    }
    // torch.save stores data.pkl uncompressed; one that inflates like a gzip bomb is refused
    // before it is inflated (the same ratio as every gzip reader, core/common/gzipstream.h).
    const ZipEntry &pickleEntry = zip->entries()[pickleIndex];
    if (pickleEntry.uncompressedSize > InflateFloorBytes &&
        pickleEntry.uncompressedSize / InflateMaxRatio > pickleEntry.compressedSize) {
        *error = torchError(ErrorCode::TooLarge,
                            Tr::tr("data.pkl inflates from %1 to %2 bytes, more than %3-fold: "
                                   "refused as a likely zip bomb (torch.save stores it "
                                   "uncompressed)")
                                .arg(pickleEntry.compressedSize)
                                .arg(pickleEntry.uncompressedSize)
                                .arg(InflateMaxRatio),
                            name);
        return nullptr;
    }
    const ZipReadResult pickle = zip->read(pickleIndex, MaxPickleBytes, options.cancel);
    if (!pickle.isOk()) {
        *error =
            pickle.error
                ? *pickle.error
                : torchError(ErrorCode::Internal, Tr::tr("reading data.pkl was canceled"), name);
        return nullptr;
    }
    const QString pickleName = name + u": "_s + zip->entries()[pickleIndex].name;
    auto doc =
        parseTorchPickle(std::string_view(pickle.data.constData(), size_t(pickle.data.size())),
                         pickleName,
                         options,
                         error);
    if (!doc)
        return nullptr;
    auto file = std::unique_ptr<TorchFile>(new TorchFile);
    const int order = zip->indexOf(archive + u"/byteorder"_s);
    if (order >= 0) {
        const ZipReadResult r = zip->read(order, 16);
        file->m_bigEndian = r.isOk() && r.data.trimmed() == "big";
    }
    file->m_zip = std::move(zip);
    file->m_doc = std::move(doc);
    file->m_name = name;
    file->m_path = source.isPath() ? source.path : QString();
    file->m_archive = archive;
    return file;
}

std::optional<ZipSpan> TorchFile::storageData(int storage, Error *error) const
{
    const TorchStorageRef &s = m_doc->storages().at(storage);
    const QString member = m_archive + u"/data/"_s + s.key;
    const int index = m_zip->indexOf(member);
    if (index < 0) {
        *error = torchError(ErrorCode::Malformed,
                            Tr::tr("storage %1 has no member %2 in the archive").arg(s.key, member),
                            m_name);
        return std::nullopt;
    }
    auto span = m_zip->storedData(index, error);
    if (!span)
        return std::nullopt;
    const int itemSize = s.dtype == DType::Unknown ? 1 : dtypeSize(s.dtype);
    if (span->size / itemSize < s.numel) {
        *error = torchError(ErrorCode::Truncated,
                            Tr::tr("storage %1 should hold %2 elements of %3 bytes, its member "
                                   "has %4 bytes")
                                .arg(s.key)
                                .arg(s.numel)
                                .arg(itemSize)
                                .arg(span->size),
                            m_name);
        return std::nullopt;
    }
    return span;
}

bool TorchFile::describeTensor(const TorchTensorRef &t, TensorEntry *entry, QString *problem) const
{
    const TorchStorageRef &s = m_doc->storages().at(t.storage);
    entry->shape = t.shape;
    entry->dtype = s.dtype;
    entry->storage = TensorStorage{};
    if (!t.problem.isEmpty()) {
        *problem = t.problem;
        return false;
    }
    std::optional<QList<int>> order = axisOrderFromStride(t.shape, t.stride);
    if (!order) {
        *problem = Tr::tr("the tensor is a strided view (size %1, stride %2) that is not a "
                          "reordering of a contiguous layout; save tensor.contiguous() instead")
                       .arg(shapeText(t.shape), shapeText(t.stride));
        return false;
    }
    if (m_path.isEmpty()) {
        *problem = Tr::tr("the .pt file was not read from a file, so its elements cannot be "
                          "streamed");
        return false;
    }
    if (t.numel() == 0)
        return true; // nothing to read; Kind::None
    Error error;
    const auto span = storageData(t.storage, &error);
    if (!span) {
        *problem = error.message;
        return false;
    }
    entry->storage.kind = TensorStorage::Kind::RawFile;
    entry->storage.file = m_path;
    entry->storage.offset = span->offset + t.storageOffset * dtypeSize(s.dtype);
    entry->storage.stored = s.dtype;
    entry->storage.bigEndian = m_bigEndian;
    entry->storage.editLayout().axisOrder = *order;
    return true;
}

std::optional<TensorEntry> readPtTensor(const QString &path, Error *error)
{
    if (auto e = checkReadableFile(path)) {
        *error = *e;
        return std::nullopt;
    }
    const auto file = TorchFile::open(Source::fromPath(path), PickleOptions{}, error);
    if (!file)
        return std::nullopt;
    // torch.save(tensor) puts the tensor at the root; accept a one-element list/tuple/dict too.
    PickleValue v = file->root();
    if (v.isContainer() && v.size() == 1)
        v = v.kind() == PickleValue::Kind::Dict ? v.value(0) : v.at(0);
    const TorchTensorRef *t = v.tensor();
    if (!t) {
        *error = Error::make(ErrorCode::Unsupported,
                             Tr::tr("the .pt file holds %1, not one tensor").arg(v.describe()),
                             path);
        return std::nullopt;
    }
    TensorEntry entry;
    entry.name = QFileInfo(path).fileName();
    entry.key = entry.name;
    QString problem;
    if (!file->describeTensor(*t, &entry, &problem))
        entry.setUnreadable(QFileInfo(path).fileName() + u": "_s + problem);
    return entry;
}

} // namespace Twinscope::Core
