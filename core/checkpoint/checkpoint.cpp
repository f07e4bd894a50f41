#include "checkpoint.h"

#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/dump/hdf5dumpreader.h"
#include "core/dump/npyreader.h"
#include "mindsporeckpt.h"
#include "safetensorsreader.h"
#include "torchcheckpoint.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString parameterRoleId(ParameterRole role)
{
    switch (role) {
    case ParameterRole::Parameter:
        return u"parameter"_s;
    case ParameterRole::Buffer:
        return u"buffer"_s;
    case ParameterRole::OptimizerState:
        return u"optimizer_state"_s;
    case ParameterRole::Other:
        break;
    }
    return u"other"_s;
}

QString leafName(const QString &name)
{
    const qsizetype dot = name.lastIndexOf(u'.');
    return dot < 0 ? name : name.mid(dot + 1);
}

QString layerName(const QString &name)
{
    const qsizetype dot = name.lastIndexOf(u'.');
    return dot < 0 ? QString() : name.left(dot);
}

namespace {

// MindSpore optimizers prefix a clone of each parameter (nn.Adam: "moment1.", "moment2.";
// nn.Momentum: "moments."; MindFormers' AdamW: "adam_m.", "adam_v."). PyTorch names the same states
// exp_avg, exp_avg_sq and momentum_buffer.
const struct
{
    const char16_t *prefix;
    const char16_t *kind;
} MindSporeStates[] = {
    {u"moment1.", u"exp_avg"},
    {u"moment2.", u"exp_avg_sq"},
    {u"adam_m.", u"exp_avg"},
    {u"adam_v.", u"exp_avg_sq"},
    {u"moments.", u"momentum_buffer"},
};

bool isBookkeeping(const QString &name)
{
    // Scalars MindSpore's Model and optimizers save next to the weights, and PyTorch's per-state
    // step counter; none is a model parameter.
    static const QStringList names = {
        u"global_step"_s,
        u"learning_rate"_s,
        u"beta1_power"_s,
        u"beta2_power"_s,
        u"epoch_num"_s,
        u"step_num"_s,
        u"current_iterator_step"_s,
        u"last_overflow_iterator_step"_s,
        u"loss_scale"_s,
        u"scale_sense"_s,
        u"current_epoch"_s,
        u"momentum"_s,
    };
    return names.contains(name);
}

} // namespace

QList<CheckpointEntry> classifyCheckpoint(const TensorDump &tensors, const QString &framework)
{
    Q_UNUSED(framework);
    static const QRegularExpression torchState(u"^optimizer\\.state\\.(\\d+)\\.(\\w+)$"_s);
    QList<CheckpointEntry> entries(tensors.tensors.size());
    QList<int> torchStates;
    for (qsizetype i = 0; i < tensors.tensors.size(); ++i) {
        const TensorEntry &t = tensors.tensors[i];
        CheckpointEntry &e = entries[i];
        const QString leaf = leafName(t.name);
        if (const auto m = torchState.match(t.name); m.hasMatch()) {
            e.role = ParameterRole::OptimizerState;
            e.stateKind = m.captured(2);
            if (e.stateKind == u"step"_s) {
                e.role = ParameterRole::Other;
                e.twinExpected = false;
            } else {
                torchStates << int(i);
            }
            continue;
        }
        bool state = false;
        for (const auto &s : MindSporeStates) {
            const QString prefix = QString::fromUtf16(s.prefix);
            if (t.name.startsWith(prefix) && t.name.size() > prefix.size()) {
                e.role = ParameterRole::OptimizerState;
                e.stateKind = QString::fromUtf16(s.kind);
                e.owner = t.name.mid(prefix.size());
                state = true;
                break;
            }
        }
        if (state)
            continue;
        if (isBookkeeping(t.name) || t.name.startsWith(u"optimizer."_s)) {
            e.role = ParameterRole::Other;
            e.twinExpected = false;
        } else if (leaf == u"num_batches_tracked"_s) {
            e.role = ParameterRole::Buffer;
            e.twinExpected = false; // MindSpore's BatchNorm keeps no counter
        } else if (leaf == u"running_mean"_s || leaf == u"running_var"_s ||
                   leaf == u"moving_mean"_s || leaf == u"moving_variance"_s ||
                   (t.dtype != DType::Unknown && !dtypeIsFloat(t.dtype))) {
            e.role = ParameterRole::Buffer;
        }
    }
    // torch.optim state is keyed by the parameter's position in model.parameters(), which is the
    // order of the state dict without its buffers.
    QList<int> parameters;
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (entries[i].role == ParameterRole::Parameter)
            parameters << int(i);
    static const QRegularExpression index(u"^optimizer\\.state\\.(\\d+)\\."_s);
    for (int i : std::as_const(torchStates)) {
        const qsizetype k = index.match(tensors.tensors[i].name).captured(1).toLongLong();
        if (k >= 0 && k < parameters.size())
            entries[i].owner = tensors.tensors[parameters[k]].name;
    }
    return entries;
}

namespace {

// Dotted names for HDF5 parameter files: h5py writes "conv1.weight" as one dataset name, Keras and
// nested exports as groups "conv1/weight".
std::shared_ptr<const TensorDump> dottedNames(const TensorDump &dump)
{
    auto out = std::make_shared<TensorDump>(dump);
    for (TensorEntry &t : out->tensors) {
        QString n = t.name;
        while (n.startsWith(u'/'))
            n.remove(0, 1);
        n.replace(u'/', u'.');
        t.name = n;
        t.key = n;
        t.op = n;
    }
    return out;
}

} // namespace

Error tooManyEntriesError(const QString &file, qint64 maxEntries, qint64 offset)
{
    Error e = Error::make(ErrorCode::TooLarge,
                          Tr::tr("the checkpoint holds more than %1 entries, more than Twinscope "
                                 "compares by default; raise the cap with --max-entries")
                              .arg(maxEntries),
                          file,
                          offset);
    e.expected = Tr::tr("at most %1 entries").arg(maxEntries);
    return e;
}

Result<Checkpoint> loadCheckpoint(const Source &source,
                                  ProgressSink &progress,
                                  const CancelToken &cancel,
                                  qint64 maxEntries)
{
    return runGuarded<Checkpoint>(source.name(), [&]() -> Result<Checkpoint> {
        SniffResult s;
        if (source.isPath()) {
            s = sniffPath(source.path);
            if (s.error)
                return Result<Checkpoint>::failed(*s.error);
        } else {
            const std::string_view head(source.bytes.constData(),
                                        size_t(std::min<qsizetype>(source.bytes.size(), 65536)));
            s = sniffBytes(head, source.name(), source.bytes.size());
        }
        if (s.folder)
            return Result<Checkpoint>::failed(
                Error::make(ErrorCode::Unsupported,
                            Tr::tr("a checkpoint is one file; this is a folder"),
                            source.name()));
        QString framework;
        Result<TensorDump> r = Result<TensorDump>::canceled();
        const bool ckptName = source.name().endsWith(u".ckpt"_s, Qt::CaseInsensitive);
        if (s.format == u"mindspore_ckpt"_s || (s.kind == FileKind::Unknown && ckptName)) {
            // An unrecognised .ckpt still goes to the decoder: it says where the framing breaks
            // (and that an encrypted checkpoint needs MindSpore's key).
            framework = u"mindspore"_s;
            r = loadMindSporeCheckpoint(source, progress, cancel, maxEntries);
        } else if (s.format == u"safetensors"_s ||
                   (s.kind == FileKind::Unknown &&
                    source.name().endsWith(u".safetensors"_s, Qt::CaseInsensitive))) {
            r = loadSafetensors(source, progress, cancel, maxEntries);
        } else if (s.format == u"torch_zip"_s || s.format == u"torch_legacy"_s) {
            framework = u"pytorch"_s;
            r = loadTorchCheckpoint(source, progress, cancel, maxEntries);
        } else if (s.format == u"npz"_s) {
            r = loadNpzDump(source, progress, cancel);
        } else if (s.format == u"hdf5"_s && source.isPath()) {
            const Result<TensorDump> h = loadHdf5Dump(source, progress, cancel);
            r = h.isOk() ? Result<TensorDump>::ok(dottedNames(*h.value()), h.diagnostics()) : h;
        } else {
            Error e = Error::make(ErrorCode::UnknownFormat,
                                  Tr::tr("not a checkpoint Twinscope reads (MindSpore .ckpt, "
                                         "PyTorch .pth/.pt, safetensors, .npz, HDF5)"),
                                  source.name(),
                                  0);
            e.found = s.seen.isEmpty() ? fileKindDisplayName(s.kind) + u" ("_s + s.format + u")"_s
                                       : s.seen;
            return Result<Checkpoint>::failed(e);
        }
        if (!r.isOk())
            return forwardFailure<Checkpoint>(r);
        if (r.value()->tensors.size() > maxEntries) // .npz and HDF5 files
            return Result<Checkpoint>::failed(tooManyEntriesError(source.name(), maxEntries),
                                              r.diagnostics());
        auto c = std::make_shared<Checkpoint>();
        c->path = source.isPath() ? source.path : source.name();
        c->format = r.value()->format;
        c->framework = framework;
        c->tensors = r.value();
        c->entries = classifyCheckpoint(*c->tensors, framework);
        return Result<Checkpoint>::ok(std::move(c), r.diagnostics());
    });
}

} // namespace Twinscope::Core
