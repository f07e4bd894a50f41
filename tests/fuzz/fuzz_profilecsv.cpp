// libFuzzer target for the profiler table readers (issue #11): any bytes, read as each CSV table
// kind, must be read (possibly with skipped rows counted) or refused with an error naming the file;
// the kernel table built from them must regroup. The sniffer's CSV rules run on the bytes too.
#include "core/common/filesniffer.h"
#include "core/profile/profilereaders.h"
#include "core/profile/profiletable.h"

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const QString name = QStringLiteral("fuzz.csv");
    const CancelToken cancel;
    RankProfile rank;
    rank.info.insert(QStringLiteral("hwts_frequency_mhz"), QStringLiteral("50"));
    Diagnostics d;
    (void)readKernelDetails(bytes, name, rank, d, cancel);
    (void)readOpStatistic(bytes, name, rank, d, cancel);
    (void)readStepTraceTime(bytes, name, rank, d, cancel);
    (void)readMsprofStepTrace(bytes, name, rank, d, cancel);
    (void)readMindSporeStepTrace(bytes, name, rank, d, cancel);
    (void)readMemoryRecord(bytes, name, rank, d, cancel);
    (void)readOperatorMemory(bytes, name, rank, d, cancel);
    (void)readNpuModuleMem(bytes, name, rank, d, cancel);
    (void)readMindSporeAicoreDetail(bytes, name, {}, rank, d, cancel);
    (void)readMindSporeAicoreType(bytes, name, rank, d, cancel);
    (void)readMindSporeOpComputeTime(bytes, name, {}, rank, d, cancel);
    (void)countTableRows(bytes, name);
    std::map<int, RankProfile> ranks;
    (void)readClusterStepTraceTime(bytes, name, ranks, d, cancel);
    computeStepMemoryPeaks(rank);
    for (const KernelGrouping g :
         {KernelGrouping::TypeAndCore, KernelGrouping::Core, KernelGrouping::Signature})
        (void)rank.kernels.regrouped(g).byTotal();
    (void)stepMeans(rank.steps);
    (void)sniffBytes(bytes, name, qint64(size));
    return 0;
}
