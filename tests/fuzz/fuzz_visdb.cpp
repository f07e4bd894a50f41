// libFuzzer target for msprobe's .vis.db reader (issue #26): any database must load or fail with
// an Error, never crash or loop. Seeds: tests/data/dump/msprobe_modules/vis/*.vis.db, and SQL
// scripts starting with 'S' (see fuzzsqlite.h).
#include "core/dump/modulepipeline.h"
#include "core/dump/visdbreader.h"
#include "fuzzsqlite.h"

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = fuzzDatabase(data, size, "fuzz_visdb");
    if (path.isEmpty())
        return 0;
    (void)isVisDbPath(path);
    (void)loadVisDb(path);
    (void)loadVisDb(path, 1, 1);
    QFile::remove(path);
    return 0;
}
