// libFuzzer target for the torch_npu / CANN profiler database readers (issue #25): the Profile
// tab's reader (readNpuProfilerDatabase), the timeline (loadNpuProfilerDbTrace) and the sniffer's
// look at the tables. Seeds:
// tests/data/shared/profiler/torch_npu_level1/db/*/ASCEND_PROFILER_OUTPUT/
// *.db, and SQL scripts starting with 'S' (see fuzzsqlite.h).
#include "core/common/filesniffer.h"
#include "core/profile/npudb.h"
#include "core/trace/npudbtrace.h"
#include "fuzzsqlite.h"

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = fuzzDatabase(data, size, "fuzz_npudb");
    if (path.isEmpty())
        return 0;
    (void)sniffPath(path);
    Diagnostics d;
    RankProfile rank;
    (void)readNpuProfilerDatabase(path, rank, d, CancelToken());
    NpuDbOptions elsewhere;
    elsewhere.stepsAndCommunicationElsewhere = true;
    RankProfile other;
    (void)readNpuProfilerDatabase(path, other, d, CancelToken(), elsewhere);
    ProgressSink progress;
    (void)loadNpuProfilerDbTrace(path, progress, CancelToken());
    QFile::remove(path);
    return 0;
}
