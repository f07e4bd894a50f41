#include "bytesource.h"

#include "tr.h"

#include <QFileInfo>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && uchar(bytes[0]) == 0x1f && uchar(bytes[1]) == 0x8b;
}

std::unique_ptr<ByteSource> ByteSource::open(const Source &source, Error *error)
{
    std::unique_ptr<ByteSource> bs(new ByteSource);
    bs->m_name = source.name();
    if (!source.isPath()) {
        bs->m_bytes = source.bytes;
        bs->m_data = std::string_view(bs->m_bytes.constData(), size_t(bs->m_bytes.size()));
        if (bs->m_bytes.isEmpty()) {
            *error =
                Error::make(ErrorCode::EmptyFile, Tr::tr("The input is empty."), source.name());
            return nullptr;
        }
        return bs;
    }
    if (auto e = checkReadableFile(source.path)) {
        *error = *e;
        return nullptr;
    }
    if (!openInputFile(&bs->m_file, source.path, error))
        return nullptr;
    const qint64 size = bs->m_file.size();
    // A private mapping is never written through; the guard turns a shrinking file into an error
    // instead of SIGBUS.
    QString mapError;
    bs->m_map = MappedFile::map(bs->m_file.handle(), 0, size, false, &mapError);
    if (bs->m_map) {
        bs->m_data = std::string_view(bs->m_map->data(), size_t(size));
        return bs;
    }
    // Some file systems (pipes, /proc) cannot be mapped: fall back to reading.
    bs->m_bytes = bs->m_file.readAll();
    if (bs->m_bytes.size() != size) {
        *error = Error::make(
            ErrorCode::Unreadable,
            Tr::tr("Only %1 of %2 bytes could be read.").arg(bs->m_bytes.size()).arg(size),
            source.path);
        return nullptr;
    }
    bs->m_data = std::string_view(bs->m_bytes.constData(), size_t(bs->m_bytes.size()));
    return bs;
}

ByteSource::~ByteSource() = default;

bool ByteSource::changedWhileRead() const
{
    return m_map && m_map->changed();
}

void ByteSource::release(qint64 from, qint64 to) const
{
    if (m_map)
        m_map->release(from, to);
}

Error fileChangedError(const QString &file)
{
    return Error::make(ErrorCode::FileChanged,
                       Tr::tr("The file changed while it was read (it was cut short or replaced); "
                              "open it again once it is complete."),
                       file);
}

} // namespace Twinscope::Core
