#pragma once

#include "core/common/zipreader.h"
#include "torchpickle.h"

#include <memory>
#include <optional>

namespace Twinscope::Core {

// A PyTorch `.pt` file as torch.save writes it since PyTorch 1.6: a zip archive (read with
// ZipReader) holding "<archive>/data.pkl" (the pickle, read with parseTorchPickle) and one stored
// member "<archive>/data/<key>" per storage, plus "<archive>/version" and, since 2.1,
// "<archive>/byteorder". Storages are used in place: storageData() gives their offset inside the
// file, so a tensor's elements can be memory-mapped later without a copy.
//
// Refused with a message: the legacy pre-1.6 format (a bare pickle stream), TorchScript archives
// (torch.jit.save), compressed or missing storage members (when a tensor needs them).
class TorchFile
{
public:
    // Largest data.pkl read: state dicts of the largest models have pickles of a few MB.
    static constexpr qint64 MaxPickleBytes = qint64(256) << 20;

    static std::unique_ptr<TorchFile>
    open(const Source &source, const PickleOptions &options, Error *error);
    ~TorchFile();

    const QString &name() const { return m_name; }
    const PickleDocument &document() const { return *m_doc; }
    PickleValue root() const { return m_doc->root(); }
    QString archiveName() const { return m_archive; } // the folder inside the zip
    bool bigEndian() const { return m_bigEndian; }    // from the byteorder record
    const ZipReader &zip() const { return *m_zip; }

    // A storage's bytes in place (its stored member, zero copy), checked to hold numel elements.
    std::optional<ZipSpan> storageData(int storage, Error *error) const;

    // A tensor of this file as a TensorEntry that streams its elements from the file (RawFile
    // storage at the storage member's offset plus the view's offset). Row-major views and
    // permutations of them (a transpose: storage order recorded as axisOrder) are readable;
    // other strided views (slices with gaps, broadcasts) and files given as bytes get
    // *problem set. Fills shape, dtype and storage; name/key/op are the caller's.
    bool describeTensor(const TorchTensorRef &tensor, TensorEntry *entry, QString *problem) const;

private:
    TorchFile() = default;
    std::unique_ptr<ZipReader> m_zip;
    std::shared_ptr<const PickleDocument> m_doc;
    QString m_name;
    QString m_path; // empty when read from bytes
    QString m_archive;
    bool m_bigEndian = false;
};

// The first tensor a .pt file holds at its root (torch.save(tensor)), or inside a one-entry
// container, as a streamable TensorEntry (what msprobe's PyTorch dumper writes per tensor).
std::optional<TensorEntry> readPtTensor(const QString &path, Error *error);

} // namespace Twinscope::Core
