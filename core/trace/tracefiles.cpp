#include "tracefiles.h"

#include "core/common/filesniffer.h"
#include "core/common/tr.h"
#include "tracefileload.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// A chrome trace starts, after an optional BOM and whitespace, with '[' or '{' (or is gzip):
// 64 bytes tell a profiler folder's thousands of raw binary files apart before the full sniff.
bool mayBeTrace(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    QByteArray head = f.read(64);
    // gzip, or an SQLite database (a profiler database or an Nsight Systems export).
    if (head.startsWith("\x1f\x8b") || head.startsWith(QByteArrayView("SQLite format 3\0", 16)))
        return true;
    if (head.startsWith("\xef\xbb\xbf"))
        head.remove(0, 3);
    for (const char c : head) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        return c == '[' || c == '{';
    }
    return head.size() == 64; // 64 bytes of whitespace: let the sniffer decide
}

} // namespace

TraceFileScan scanTraceFiles(const QString &path, const CancelToken &cancel)
{
    TraceFileScan scan;
    const QFileInfo info(path);
    if (!info.isDir()) {
        scan.traces << path;
        return scan;
    }
    QStringList files;
    QDirIterator it(path, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &file : files) {
        if (cancel.isCanceled()) {
            scan.canceled = true;
            return scan;
        }
        if (!mayBeTrace(file)) {
            scan.skipped.append({file, fileKindId(FileKind::Unknown), QString()});
            continue;
        }
        // Content decides (docs/DESIGN.md §3): 64 KiB of each file, gzip inflated.
        const SniffResult s = sniffPath(file);
        if (isTimelineFormat(s.format) &&
            (s.kind == FileKind::Trace || s.alsoKinds.contains(FileKind::Trace)))
            scan.traces << file;
        else
            scan.skipped.append({file, fileKindId(s.kind), s.format});
    }
    return scan;
}

QStringList findTraceFiles(const QString &path)
{
    return scanTraceFiles(path).traces;
}

QString traceGroupLabel(const QString &path)
{
    static const QRegularExpression rank(u"(?:^|[_/])(?:rank|device)[_-]?(\\d+)(?:$|[_/.])"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = rank.match(QDir::fromNativeSeparators(path));
    if (m.hasMatch())
        return Tr::tr("rank %1").arg(m.captured(1));
    return QFileInfo(path).fileName();
}

} // namespace Twinscope::Core
