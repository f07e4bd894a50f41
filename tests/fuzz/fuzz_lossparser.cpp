// libFuzzer target for the loss-log loader: any bytes, under every name that changes the sniffer's
// tie-breaks, must load or fail cleanly; a comparison of the result with itself must not crash
// either.
#include "core/loss/losscomparison.h"
#include "core/loss/losscurvemath.h"
#include "core/loss/lossloader.h"

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    static const char *const names[] = {
        "train.log", "trainer_state.json", "trainer_log.jsonl", "loss.csv"};
    const char *name = names[size % 4];
    ProgressSink progress;
    LossLoadOptions options;
    // Every eighth input also goes through the user-pattern path.
    if (size % 8 == 7)
        options.pattern = QStringLiteral("(?<step>\\d+)\\D+(?<loss>[-+0-9.eEnaif]+)");
    const Result<LossRun> r =
        loadLossLog(Source::fromBytes(bytes, QString::fromLatin1(name)), options, progress, {});
    if (r.isOk() && !r.value()->series.empty()) {
        const LossRun &run = *r.value();
        const LossComparison c = compareLossRuns(run, run, {}, {});
        const LossSeries &s = run.series.front();
        (void)smoothEma(s.values, 0.6);
        std::vector<double> x(s.steps.begin(), s.steps.end());
        if (!x.empty()) {
            const MinMaxPyramid pyramid(s.values);
            const DecimatedCurve plain = decimateMinMax(x, s.values, x.front(), x.back(), 3);
            const DecimatedCurve fast =
                decimateMinMax(x, s.values, x.front(), x.back(), 3, &pyramid);
            // The block index must never change what is drawn.
            if (plain.x != fast.x)
                __builtin_trap();
        }
        (void)c;
    }
    return 0;
}
