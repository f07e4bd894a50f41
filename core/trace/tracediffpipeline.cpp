#include "tracediffpipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"

#include <atomic>

namespace Twinscope::Core {

Result<TraceDiffAnalysis>
runTraceDiffPipeline(const TraceDiffInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<TraceDiffAnalysis>(input.baseline, [&] {
        auto families = std::make_shared<OpFamilyMap>(OpFamilyMap::builtIn());
        if (!input.familyFile.isEmpty()) {
            const Result<std::vector<OpFamilyRule>> rules = loadOpFamilyFile(input.familyFile);
            if (!rules.isOk())
                return forwardFailure<TraceDiffAnalysis>(rules);
            families->prepend(*rules.value());
        }
        // Both sides load at once; each side's files ask the same pool for their threads.
        const QStringList paths{input.baseline, input.target};
        PartsProgress parts(progress, paths, 950);
        Result<TraceDiffSide> sides[2];
        std::atomic<int> next{0};
        WorkerPool::run(2, [&](int) {
            for (;;) {
                const int k = next.fetch_add(1);
                if (k >= 2)
                    return;
                ProgressSink part = parts.part(k);
                sides[k] = loadTraceDiffSide(paths[k], input.load, part, cancel);
            }
        });
        if (cancel.isCanceled())
            return Result<TraceDiffAnalysis>::canceled();
        Diagnostics all;
        for (int k = 0; k < 2; ++k) {
            if (!sides[k].isOk())
                return forwardFailure<TraceDiffAnalysis>(sides[k], all);
            all.merge(sides[k].diagnostics());
        }
        progress.report(950, Tr::tr("Comparing the traces"));
        TraceDiffOptions options = input.options;
        options.families = families;
        const Result<TraceDiff> diff =
            compareTraceSides(*sides[0].value(), *sides[1].value(), options, cancel);
        if (!diff.isOk())
            return forwardFailure<TraceDiffAnalysis>(diff, all);
        all.merge(diff.diagnostics());
        auto analysis = std::make_shared<TraceDiffAnalysis>();
        analysis->baseline = sides[0].value();
        analysis->target = sides[1].value();
        analysis->diff = diff.value();
        analysis->families = std::move(families);
        progress.report(1000, {});
        return Result<TraceDiffAnalysis>::ok(std::move(analysis), std::move(all));
    });
}

} // namespace Twinscope::Core
