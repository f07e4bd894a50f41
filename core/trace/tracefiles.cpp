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

namespace Twinscope::Core {

namespace {

// The rank a plain JSON trace names in its distributedInfo (Kineto writes it near the top), or -1.
// Gzip files and files without it give -1: their names decide.
int distributedRank(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray head = f.read(64 * 1024);
    static const QRegularExpression info(
        QStringLiteral(R"("distributedInfo"\s*:\s*\{[^{}]*"rank"\s*:\s*(\d+))"));
    const QRegularExpressionMatch m = info.match(QString::fromUtf8(head));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// A name with its digit runs set aside: ranks and timestamps differ between the files of one run.
QString numberless(const QString &name)
{
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    return QString(name).replace(digits, QStringLiteral("#"));
}

} // namespace

bool looksLikeRanksOfOneRun(const QString &a, const QString &b)
{
    const QFileInfo x(a), y(b);
    if (x.absoluteFilePath() == y.absoluteFilePath())
        return false;
    const int ra = distributedRank(a), rb = distributedRank(b);
    if (ra >= 0 && rb >= 0)
        return ra != rb;
    if (numberless(x.fileName()) != numberless(y.fileName()))
        return false;
    const QDir da = x.absoluteDir(), db = y.absoluteDir();
    if (da == db)
        return true;
    // rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json beside rank1_ascend_pt/…: the folders
    // below a common parent are named alike once numbers are set aside.
    const QStringList pa = QDir::cleanPath(da.absolutePath()).split(u'/');
    const QStringList pb = QDir::cleanPath(db.absolutePath()).split(u'/');
    if (pa.size() != pb.size())
        return false;
    bool differs = false;
    for (qsizetype k = 0; k < pa.size(); ++k) {
        if (pa[k] == pb[k])
            continue;
        if (numberless(pa[k]) != numberless(pb[k]))
            return false;
        differs = true;
    }
    return differs;
}

} // namespace Twinscope::Core
