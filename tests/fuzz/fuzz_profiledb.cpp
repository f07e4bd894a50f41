// libFuzzer target for the profiler SQLite readers (issue #11): bytes written to a file and opened
// read-only through QtSql's QSQLITE driver, as a rank's export and as msprof-analyze's cluster
// database. SQLite itself checks the file format; this fuzzes Twinscope's queries and what they do
// with whatever tables, columns and values a database holds.
#include "core/profile/profiledb.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cstddef>
#include <cstdint>
#include <unistd.h>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int argc = 1;
    static char arg0[] = "fuzz_profiledb";
    static char *argv[] = {arg0, nullptr};
    static QCoreApplication app(argc, argv); // QtSql finds its driver plugin through the app
    const QString path =
        QDir::temp().filePath(QStringLiteral("twinscope_fuzz_%1.db").arg(::getpid()));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    Diagnostics d;
    RankProfile rank;
    (void)readProfileDatabase(path, rank, d, CancelToken());
    std::map<int, RankProfile> ranks;
    std::vector<MatrixLink> matrix;
    (void)readClusterDatabase(path, ranks, matrix, d, CancelToken());
    QFile::remove(path);
    return 0;
}
