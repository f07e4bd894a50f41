#include "torchcheckpoint.h"

#include "checkpoint.h"
#include "core/common/tr.h"
#include "core/torch/torchfile.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// The keys under which training scripts keep the model's state dict.
bool isModelKey(const QString &key)
{
    static const QStringList keys = {
        u"state_dict"_s, u"model"_s, u"model_state_dict"_s, u"module"_s, u"net"_s, u"network"_s};
    return keys.contains(key);
}

// Longest key text used in a tensor's name: real keys are short, and a memoized megabyte key shared
// by many dicts would otherwise repeat in every name under them.
constexpr qsizetype MaxKeyChars = 1024;

QString keyText(const PickleValue &key)
{
    if (key.kind() == PickleValue::Kind::String)
        return key.toString().left(MaxKeyChars);
    bool ok = false;
    const qint64 i = key.toInt(&ok);
    return ok ? QString::number(i) : key.describe();
}

struct Flattener
{
    const TorchFile &file;
    const CancelToken &cancel;
    TensorDump *dump;
    Diagnostics *diagnostics;
    QSet<QString> names;
    // Containers already walked, by node: a pickle's values form a graph (memo references), and
    // walking a shared container again under every parent made a 20 KB pickle of nested memo
    // references (a "billion laughs" DAG) take minutes; each container is walked once, so the
    // walk is linear in the pickle (issue #30).
    std::vector<bool> walked = std::vector<bool>(size_t(file.document().nodeCount()), false);
    qint64 visited = 0;
    qint64 maxEntries = DefaultMaxCheckpointEntries;
    bool canceled = false;
    bool tooMany = false;

    void tensor(const PickleValue &v, const QString &name)
    {
        TensorEntry t;
        QString problem;
        if (!file.describeTensor(*v.tensor(), &t, &problem)) {
            t.setUnreadable(Tr::tr("%1: tensor %2: %3").arg(file.name(), name, problem));
            t.storage.kind = TensorStorage::Kind::None;
            diagnostics->add(u"torch_unreadable_tensor"_s,
                             Tr::tr("Tensor %1 cannot be read: %2").arg(name, problem),
                             Location{-1, -1, name});
        }
        t.name = name;
        t.key = name;
        t.op = name;
        if (names.contains(name)) {
            diagnostics->add(
                u"torch_duplicate_name"_s,
                Tr::tr("Two tensors flatten to the name %1; the second is skipped.").arg(name),
                Location{-1, -1, name});
            return;
        }
        names.insert(name);
        dump->tensors.append(std::move(t));
    }

    // Depth is bounded by the pickle reader (PickleOptions::maxDepth), so recursion is bounded.
    void walk(const PickleValue &v, const QString &name, bool root)
    {
        if (tooMany || dump->tensors.size() > maxEntries) {
            tooMany = true;
            return;
        }
        if (canceled || (++visited % 4096 == 0 && cancel.isCanceled())) {
            canceled = true;
            return;
        }
        auto join = [&](const QString &k) {
            return name.isEmpty() ? k : name + u'.' + k;
        };
        if (v.isContainer()) {
            if (walked[size_t(v.index())]) {
                diagnostics->add(u"torch_shared_container"_s,
                                 Tr::tr("A container appears under more than one name (a shared "
                                        "object in the pickle); its tensors are listed under the "
                                        "first name only."),
                                 Location{-1, -1, name});
                return;
            }
            walked[size_t(v.index())] = true;
        }
        switch (v.kind()) {
        case PickleValue::Kind::Tensor:
            tensor(v, name.isEmpty() ? u"tensor"_s : name);
            return;
        case PickleValue::Kind::Dict: {
            // A training checkpoint: the model's own names without the wrapper key.
            bool modelKeyUsed = false;
            for (qsizetype i = 0; i < v.size(); ++i) {
                const QString k = keyText(v.key(i));
                const bool strip = root && !modelKeyUsed && isModelKey(k) &&
                                   v.value(i).kind() == PickleValue::Kind::Dict;
                modelKeyUsed = modelKeyUsed || strip;
                walk(v.value(i), strip ? name : join(k), false);
            }
            return;
        }
        case PickleValue::Kind::List:
        case PickleValue::Kind::Tuple:
            for (qsizetype i = 0; i < v.size(); ++i)
                walk(v.at(i), join(QString::number(i)), false);
            return;
        default:
            // Epochs, learning rates, hyper-parameters, None: not tensors.
            diagnostics->add(u"torch_non_tensor"_s,
                             Tr::tr("Values that are not tensors (numbers, text, None) are not "
                                    "compared."),
                             Location{-1, -1, name},
                             Severity::Info);
            return;
        }
    }
};

} // namespace

Result<TensorDump> loadTorchCheckpoint(const Source &source,
                                       ProgressSink &progress,
                                       const CancelToken &cancel,
                                       qint64 maxEntries)
{
    progress.report(0, Tr::tr("Reading the PyTorch checkpoint"));
    Error error;
    // No opaque objects: a global outside the tensor allow-list fails the whole file.
    PickleOptions options;
    options.cancel = cancel;
    const auto file = TorchFile::open(source, options, &error);
    if (!file && cancel.isCanceled())
        return Result<TensorDump>::canceled(); // not an error: the user stopped it
    if (!file)
        return Result<TensorDump>::failed(error);
    if (cancel.isCanceled())
        return Result<TensorDump>::canceled();
    Diagnostics diagnostics;
    auto dump = std::make_shared<TensorDump>();
    dump->path = source.isPath() ? source.path : source.name();
    dump->format = u"torch_zip"_s;
    Flattener f{*file, cancel, dump.get(), &diagnostics, {}};
    f.maxEntries = maxEntries;
    f.walk(file->root(), QString(), true);
    if (f.canceled)
        return Result<TensorDump>::canceled();
    if (f.tooMany)
        return Result<TensorDump>::failed(tooManyEntriesError(source.name(), maxEntries),
                                          diagnostics);
    if (dump->tensors.isEmpty()) {
        Error e = Error::make(
            ErrorCode::Malformed,
            Tr::tr("the PyTorch file holds no tensors (%1)").arg(file->root().describe()),
            source.name());
        return Result<TensorDump>::failed(e, diagnostics);
    }
    for (const TensorEntry &t : std::as_const(dump->tensors))
        if (t.unreadable().isEmpty())
            dump->dataBytes += t.numel() * dtypeSize(t.storage.stored);
    progress.report(1000, Tr::tr("Reading the PyTorch checkpoint"));
    return Result<TensorDump>::ok(std::move(dump), std::move(diagnostics));
}

} // namespace Twinscope::Core
