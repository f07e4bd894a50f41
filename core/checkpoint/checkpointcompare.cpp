#include "checkpointcompare.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/dump/verdictpolicy.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// TroubleShooter's compare_pth_and_ckpt / compare_ms_ckpt defaults (equal_nan False); the
// options' rtol/atol replace them.
constexpr double TroubleShooterRtol = 1e-4;
constexpr double TroubleShooterAtol = 1e-4;

PairMatch pairMatchOf(MappingRule rule)
{
    switch (rule) {
    case MappingRule::Exact:
        return PairMatch::Exact;
    case MappingRule::Shape:
        return PairMatch::Order;
    case MappingRule::BuiltIn:
    case MappingRule::User:
    case MappingRule::Prefix:
        break;
    }
    return PairMatch::Mapped;
}

// A tensor as the comparison sees it: its update in update mode, else itself.
TensorEntry comparedTensor(const TensorEntry &after,
                           const std::shared_ptr<const Checkpoint> &before,
                           const QHash<QString, int> &beforeByName,
                           const std::shared_ptr<const TensorDump> &afterDump,
                           int afterIndex,
                           Diagnostics *diagnostics)
{
    TensorEntry t = after;
    if (!before)
        return t;
    const int k = beforeByName.value(after.name, -1);
    t.storage = TensorStorage{};
    t.storage.kind = TensorStorage::Kind::Difference;
    t.storage.stored = DType::Float64;
    if (k < 0 || before->tensors->tensors[k].shape != after.shape) {
        const QString why =
            k < 0 ? Tr::tr("%1 has no tensor %2 before the step").arg(before->path, after.name)
                  : Tr::tr("%1 changed shape during the step (%2 before, %3 after)")
                        .arg(after.name,
                             shapeText(before->tensors->tensors[k].shape),
                             shapeText(after.shape));
        diagnostics->add(u"ckpt_update_unpaired"_s,
                         Tr::tr("A tensor has no before-step twin of the same shape; its update "
                                "cannot be computed."),
                         Location{-1, -1, after.name});
        t.setUnreadable(why);
        t.storage.kind = TensorStorage::Kind::None;
        return t;
    }
    if (!after.unreadable().isEmpty() || !before->tensors->tensors[k].unreadable().isEmpty()) {
        t.setUnreadable(after.unreadable().isEmpty() ? before->tensors->tensors[k].unreadable()
                                                     : after.unreadable());
        t.storage.kind = TensorStorage::Kind::None;
        return t;
    }
    // Aliasing shared pointers keep both checkpoints' tensor lists alive as long as the update.
    t.storage.editLayout().minuend =
        std::shared_ptr<const TensorEntry>(afterDump, &afterDump->tensors[afterIndex]);
    t.storage.editLayout().subtrahend =
        std::shared_ptr<const TensorEntry>(before->tensors, &before->tensors->tensors[k]);
    t.storage.editLayout().axisOrder = after.storage.layout().axisOrder;
    // An update is a difference of floats: compare it in the after-step's own dtype.
    return t;
}

} // namespace

Result<CheckpointComparison> compareCheckpoints(std::shared_ptr<const Checkpoint> a,
                                                std::shared_ptr<const Checkpoint> b,
                                                std::shared_ptr<const Checkpoint> beforeA,
                                                std::shared_ptr<const Checkpoint> beforeB,
                                                const CompareOptions &options,
                                                ProgressSink &progress,
                                                const CancelToken &cancel)
{
    auto out = std::make_shared<CheckpointComparison>();
    out->a = a;
    out->b = b;
    out->beforeA = beforeA;
    out->beforeB = beforeB;
    progress.report(0, Tr::tr("Mapping parameter names"));
    out->mapping = mapParameters(*a, *b, options.mapping);
    out->structure = checkStructure(*a, *b, out->mapping);
    if (cancel.isCanceled())
        return Result<CheckpointComparison>::canceled();

    Diagnostics diagnostics;
    const ParameterMapping &m = out->mapping;
    QList<int> keyA(a->entries.size(), -1), keyB(b->entries.size(), -1);
    for (int k = 0; k < m.pairs.size(); ++k) {
        keyA[m.pairs[k].a] = k;
        keyB[m.pairs[k].b] = k;
    }
    auto build = [&](const std::shared_ptr<const Checkpoint> &c,
                     const std::shared_ptr<const Checkpoint> &before,
                     const QList<int> &pairOf,
                     const QList<int> &only,
                     const QString &side,
                     QList<int> *entryIndex) {
        auto dump = std::make_shared<TensorDump>();
        dump->path = c->path;
        dump->format = c->format;
        QHash<QString, int> beforeByName;
        if (before)
            for (int k = 0; k < before->tensors->tensors.size(); ++k)
                beforeByName.insert(before->tensors->tensors[k].name, k);
        const QSet<int> leftover(only.cbegin(), only.cend());
        for (int i = 0; i < c->entries.size(); ++i) {
            if (pairOf[i] < 0 && !leftover.contains(i))
                continue;
            TensorEntry t = comparedTensor(
                c->tensors->tensors[i], before, beforeByName, c->tensors, i, &diagnostics);
            // Partners share one key; a tensor left over gets a key of its own side.
            t.key = pairOf[i] >= 0 ? u"pair:"_s + QString::number(pairOf[i]) : side + t.name;
            t.op = layerName(t.name);
            t.isOutput = false;
            dump->tensors.append(std::move(t));
            entryIndex->append(i);
        }
        for (const TensorEntry &t : std::as_const(dump->tensors))
            if (t.unreadable().isEmpty())
                dump->dataBytes += t.numel() * dtypeSize(t.dtype);
        return dump;
    };
    auto benchDump = build(a, beforeA, keyA, m.onlyA, u"a:"_s, &out->aEntry);
    auto npuDump = build(b, beforeB, keyB, m.onlyB, u"b:"_s, &out->bEntry);
    // Shapes that differ only by axes of length 1 are compared as the first checkpoint's shape.
    for (int k = 0; k < npuDump->tensors.size(); ++k) {
        const int p = keyB[out->bEntry[k]];
        if (p >= 0 && m.pairs[p].reshaped)
            npuDump->tensors[k].shape = a->tensors->tensors[m.pairs[p].a].shape;
    }

    CompareOptions o = options;
    o.mapping.clear(); // already applied by the name mapping
    o.pairByKeyOnly = true;
    // Weights are judged as TroubleShooter's checkpoint compare judges them (applyAllcloseVerdict
    // below): any element outside allclose(rtol 1e-4, atol 1e-4) fails the parameter, whatever
    // its cosine (a moving variance scaled by 1.05 has cosine 1 and passes msprobe's rule).
    if (o.rtol < 0)
        o.rtol = TroubleShooterRtol;
    if (o.atol < 0)
        o.atol = TroubleShooterAtol;
    ProgressSink part = subProgress(progress, 20, 1000);
    const Result<DumpComparison> r = compareDumps(benchDump, npuDump, o, part, cancel);
    diagnostics.merge(r.diagnostics());
    if (!r.isOk()) {
        if (r.isCanceled())
            return Result<CheckpointComparison>::canceled();
        return Result<CheckpointComparison>::failed(r.error(), diagnostics);
    }
    auto comparison = std::make_shared<DumpComparison>(*r.value());
    applyAllcloseVerdict(comparison.get());
    for (CompareRow &row : comparison->rows) {
        const int p = keyA[out->aEntry[row.bench]];
        out->rowPair.append(p);
        if (p >= 0)
            row.match = pairMatchOf(m.pairs[p].rule);
    }
    out->comparison = std::move(comparison);
    return Result<CheckpointComparison>::ok(std::move(out), std::move(diagnostics));
}

} // namespace Twinscope::Core
