#include "checkpointpipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// One Info entry per side listing what has no twin by design, so that the JSON warnings[] and the
// diagnostics panel show the mapping report's last list too.
void reportNoTwin(const Checkpoint &c, const QList<int> &noTwin, Diagnostics *diagnostics)
{
    for (int i : noTwin) {
        const CheckpointEntry &e = c.entries[i];
        const QString &name = c.tensors->tensors[i].name;
        if (e.role == ParameterRole::OptimizerState)
            diagnostics->add(u"ckpt_state_not_compared"_s,
                             Tr::tr("Optimizer state that the other checkpoint does not carry "
                                    "is not compared."),
                             Location{-1, -1, name},
                             Severity::Info);
        else
            diagnostics->add(u"ckpt_no_twin"_s,
                             Tr::tr("Tensors the other framework does not have "
                                    "(num_batches_tracked, step counters, learning rate) are not "
                                    "compared."),
                             Location{-1, -1, name},
                             Severity::Info);
    }
}

} // namespace

Result<CheckpointComparison> runCheckpointPipeline(const CheckpointPipelineInput &input,
                                                   ProgressSink &progress,
                                                   const CancelToken &cancel)
{
    return runGuarded<CheckpointComparison>(input.pathB, [&]() -> Result<CheckpointComparison> {
        const bool update = !input.beforeA.isEmpty() || !input.beforeB.isEmpty();
        if (update && (input.beforeA.isEmpty() || input.beforeB.isEmpty()))
            return Result<CheckpointComparison>::failed(
                Error::make(ErrorCode::Unsupported,
                            Tr::tr("update mode needs a before-step checkpoint for both sides"),
                            input.beforeA.isEmpty() ? input.pathA : input.pathB));
        QStringList paths{input.pathA, input.pathB};
        if (update)
            paths << input.beforeA << input.beforeB;
        std::shared_ptr<const Checkpoint> loaded[4];
        Diagnostics diagnostics;
        for (int i = 0; i < paths.size(); ++i) {
            // Loading reads headers only; the comparison streams every byte.
            ProgressSink part = subProgress(progress, i * 25, i * 25 + 25);
            const Result<Checkpoint> r =
                loadCheckpoint(Source::fromPath(paths[i]), part, cancel, input.maxEntries);
            Diagnostics side = r.diagnostics();
            side.setFile(paths[i]);
            diagnostics.merge(side);
            if (!r.isOk())
                return forwardFailure<CheckpointComparison>(r, diagnostics);
            loaded[i] = r.value();
        }
        ProgressSink part = subProgress(progress, 100, 1000);
        const Result<CheckpointComparison> c = compareCheckpoints(
            loaded[0], loaded[1], loaded[2], loaded[3], input.options, part, cancel);
        if (!c.isOk())
            return forwardFailure<CheckpointComparison>(c, diagnostics);
        Diagnostics compared = c.diagnostics();
        compared.setFile(input.pathB);
        diagnostics.merge(compared);
        Diagnostics noTwinA, noTwinB;
        reportNoTwin(*loaded[0], c.value()->mapping.noTwinA, &noTwinA);
        reportNoTwin(*loaded[1], c.value()->mapping.noTwinB, &noTwinB);
        noTwinA.setFile(input.pathA);
        noTwinB.setFile(input.pathB);
        diagnostics.merge(noTwinA);
        diagnostics.merge(noTwinB);
        progress.report(1000, Tr::tr("Comparing checkpoints"));
        return Result<CheckpointComparison>::ok(c.value(), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
