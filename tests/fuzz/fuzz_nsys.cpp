// libFuzzer target for the Nsight Systems SQLite reader (issue #25): loadNsysTrace through the
// timeline dispatcher, as `twinscope-cli trace` and `tracediff` open it. Seeds:
// tests/data/shared/nsys/*.sqlite, and SQL scripts starting with 'S' (see fuzzsqlite.h), e.g.
// "SCREATE TABLE StringIds(id,value);CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start,end,...)".
#include "core/trace/nsystrace.h"
#include "core/trace/tracefileload.h"
#include "fuzzsqlite.h"

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = fuzzDatabase(data, size, "fuzz_nsys");
    if (path.isEmpty())
        return 0;
    ProgressSink progress;
    (void)loadNsysTrace(path, progress, CancelToken());
    (void)loadTraceFile(path, {}, progress, CancelToken());
    QFile::remove(path);
    return 0;
}
