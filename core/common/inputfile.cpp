#include "inputfile.h"

#include "tr.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

Error pathError(ErrorCode code, const QString &message, const QString &path)
{
    return Error::make(code, message, path);
}

#ifdef Q_OS_UNIX
// Why a stat result is not what was expected, or an empty string when it is.
QString kindMismatch(mode_t mode, InputKind kind)
{
    if (S_ISDIR(mode))
        return kind == InputKind::File ? Tr::tr("This is a folder, not a file.") : QString();
    if (S_ISREG(mode))
        return kind == InputKind::Folder ? Tr::tr("This is a file, not a folder.") : QString();
    if (S_ISFIFO(mode))
        return Tr::tr("This is a FIFO (named pipe), not a regular file; it is not read, since "
                      "reading it could wait forever.");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return Tr::tr("This is a device, not a regular file; it is not read.");
    if (S_ISSOCK(mode))
        return Tr::tr("This is a socket, not a regular file; it is not read.");
    return Tr::tr("This is not a regular file.");
}

Error errnoError(int err, const QString &path)
{
    if (err == ENOENT || err == ENOTDIR)
        return pathError(ErrorCode::NotFound, Tr::tr("The file does not exist."), path);
    if (err == EACCES || err == EPERM)
        return pathError(
            ErrorCode::Unreadable, Tr::tr("The file is not readable (permission denied)."), path);
    return pathError(
        ErrorCode::Unreadable,
        Tr::tr("The file could not be opened: %1").arg(QString::fromLocal8Bit(std::strerror(err))),
        path);
}
#endif

} // namespace

std::optional<Error> checkInputPath(const QString &path, InputKind kind)
{
    if (path.isEmpty())
        return pathError(ErrorCode::NotFound, Tr::tr("No path was given."), path);
#ifdef Q_OS_UNIX
    // stat, never open: the type is known before anything could block on it.
    struct stat st;
    const QByteArray native = QFile::encodeName(path);
    if (::stat(native.constData(), &st) != 0)
        return errnoError(errno, path);
    if (const QString why = kindMismatch(st.st_mode, kind); !why.isEmpty())
        return pathError(ErrorCode::NotRegularFile, why, path);
    const bool folder = S_ISDIR(st.st_mode);
    const qint64 size = qint64(st.st_size);
#else
    const QFileInfo info(path);
    if (!info.exists())
        return pathError(ErrorCode::NotFound, Tr::tr("The file does not exist."), path);
    const bool folder = info.isDir();
    if (folder && kind == InputKind::File)
        return pathError(ErrorCode::NotRegularFile, Tr::tr("This is a folder, not a file."), path);
    if (!folder && kind == InputKind::Folder)
        return pathError(ErrorCode::NotRegularFile, Tr::tr("This is a file, not a folder."), path);
    if (!folder && !info.isFile())
        return pathError(ErrorCode::NotRegularFile, Tr::tr("This is not a regular file."), path);
    const qint64 size = info.size();
#endif
    if (folder) {
        if (!QFileInfo(path).isReadable())
            return pathError(ErrorCode::Unreadable, Tr::tr("The folder is not readable."), path);
        return std::nullopt;
    }
    if (!QFileInfo(path).isReadable())
        return pathError(
            ErrorCode::Unreadable, Tr::tr("The file is not readable (permission denied)."), path);
    if (size == 0)
        return pathError(ErrorCode::EmptyFile, Tr::tr("The file is empty."), path);
    return std::nullopt;
}

std::optional<Error> checkReadableFile(const QString &path)
{
    return checkInputPath(path, InputKind::File);
}

bool openInputFile(QFile *file, const QString &path, Error *error)
{
#ifdef Q_OS_UNIX
    struct stat st;
    const QByteArray native = QFile::encodeName(path);
    // Refuse by type before opening (opening a device can have effects of its own) ...
    if (::stat(native.constData(), &st) != 0) {
        *error = errnoError(errno, path);
        return false;
    }
    if (const QString why = kindMismatch(st.st_mode, InputKind::File); !why.isEmpty()) {
        *error = pathError(ErrorCode::NotRegularFile, why, path);
        return false;
    }
    // ... and check again what was opened: the path may have been replaced in between.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        *error = errnoError(errno, path);
        return false;
    }
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const QString why = kindMismatch(st.st_mode, InputKind::File);
        ::close(fd);
        *error = pathError(ErrorCode::NotRegularFile,
                           why.isEmpty() ? Tr::tr("This is not a regular file.") : why,
                           path);
        return false;
    }
    // Regular files never block; clear the flag so reads behave as usual.
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (!file->open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = pathError(ErrorCode::Unreadable,
                           Tr::tr("The file could not be opened: %1").arg(file->errorString()),
                           path);
        return false;
    }
    return true;
#else
    file->setFileName(path);
    if (auto e = checkInputPath(path, InputKind::File); e && e->code != ErrorCode::EmptyFile) {
        *error = *e;
        return false;
    }
    if (!file->open(QIODevice::ReadOnly)) {
        *error = pathError(ErrorCode::Unreadable,
                           Tr::tr("The file could not be opened: %1").arg(file->errorString()),
                           path);
        return false;
    }
    return true;
#endif
}

std::optional<QByteArray> readSmallInputFile(const QString &path, qint64 maxBytes, Error *error)
{
    if (auto e = checkReadableFile(path)) {
        *error = *e;
        return std::nullopt;
    }
    QFile file;
    if (!openInputFile(&file, path, error))
        return std::nullopt;
    if (file.size() > maxBytes) {
        const QLocale locale;
        *error = pathError(ErrorCode::TooLarge,
                           Tr::tr("The file holds %1 bytes; at most %2 are read for this input.")
                               .arg(locale.toString(file.size()), locale.toString(maxBytes)),
                           path);
        return std::nullopt;
    }
    // Read one byte more than allowed: a file that grows past the cap is still refused.
    QByteArray data = file.read(maxBytes + 1);
    if (data.size() > maxBytes) {
        *error = pathError(ErrorCode::TooLarge,
                           Tr::tr("The file holds more than %1 bytes; at most that many are read "
                                  "for this input.")
                               .arg(QLocale().toString(maxBytes)),
                           path);
        return std::nullopt;
    }
    return data;
}

bool openOutputFile(QFile *file, const QString &path, Error *error)
{
    if (path.isEmpty()) {
        *error = pathError(ErrorCode::NotFound, Tr::tr("No path was given."), path);
        return false;
    }
#ifdef Q_OS_UNIX
    const QByteArray native = QFile::encodeName(path);
    struct stat st;
    if (::stat(native.constData(), &st) == 0 && S_ISDIR(st.st_mode)) {
        *error =
            pathError(ErrorCode::NotRegularFile, Tr::tr("This is a folder, not a file."), path);
        return false;
    }
    const int fd = ::open(
        native.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd < 0) {
        const int err = errno;
        *error =
            pathError(ErrorCode::Unreadable,
                      err == ENXIO ? Tr::tr("Nothing reads this FIFO (named pipe), so nothing was "
                                            "written to it.")
                                   : Tr::tr("The file could not be written: %1")
                                         .arg(QString::fromLocal8Bit(std::strerror(err))),
                      path);
        return false;
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (!file->open(fd, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = pathError(ErrorCode::Unreadable,
                           Tr::tr("The file could not be written: %1").arg(file->errorString()),
                           path);
        return false;
    }
    return true;
#else
    file->setFileName(path);
    if (QFileInfo(path).isDir()) {
        *error =
            pathError(ErrorCode::NotRegularFile, Tr::tr("This is a folder, not a file."), path);
        return false;
    }
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = pathError(ErrorCode::Unreadable,
                           Tr::tr("The file could not be written: %1").arg(file->errorString()),
                           path);
        return false;
    }
    return true;
#endif
}

namespace {

// The absolute path with every existing symlink resolved; a path that does not exist keeps its
// lexical form, with "." and ".." folded.
QString resolved(const QString &path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

} // namespace

bool pathIsInside(const QString &path, const QStringList &roots)
{
    const QString p = resolved(path);
    for (const QString &root : roots) {
        if (root.isEmpty())
            continue;
        QString r = resolved(root);
        if (p == r)
            return true;
        if (!r.endsWith(u'/'))
            r += u'/';
        if (p.startsWith(r))
            return true;
    }
    return false;
}

} // namespace Twinscope::Core
