// libFuzzer target for the training-state monitor readers (issue #27): any bytes as a monitor CSV
// (v1 prefix, then the cube build and a comparison of the result with itself, which must find no
// departure), as an anomaly JSON, and as a monitor_metrics.db (fuzzsqlite.h: 'S' + SQL builds one).
#include "core/monitor/monitoranomalies.h"
#include "core/monitor/monitorcomparison.h"
#include "core/monitor/monitorcsvreader.h"
#include "core/monitor/monitordb.h"
#include "fuzzsqlite.h"

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    switch (size % 3) {
    case 0: {
        MonitorCubeBuilder builder;
        Diagnostics d;
        qint64 rows = 0;
        if (!readMonitorCsv(
                {QStringLiteral("grad_reduced_0-9.csv"), QStringLiteral("grad_reduced"), 0},
                bytes,
                builder,
                d,
                &rows)) {
            MonitorRun run;
            QString error;
            if (builder.build(&run.ranks, &error, &d)) {
                const MonitorComparison c = compareMonitorRuns(run, run, {});
                // A run never departs from itself (NaN against NaN is no gap).
                if (c.first)
                    __builtin_trap();
            }
        }
        break;
    }
    case 1: {
        std::vector<MonitorAnomaly> anomalies;
        Diagnostics d;
        (void)readMonitorAnomalies(QStringLiteral("anomaly.json"), bytes, &anomalies, d);
        break;
    }
    default: {
        const QString path = fuzzDatabase(data, size, "fuzz_monitor");
        MonitorCubeBuilder builder;
        std::vector<MonitorFileUse> files;
        Diagnostics d;
        if (!readMonitorMetricsDb(path, builder, files, d, {})) {
            MonitorRun run;
            QString error;
            (void)builder.build(&run.ranks, &error, &d);
        }
        QFile::remove(path);
        break;
    }
    }
    return 0;
}
