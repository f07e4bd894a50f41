#include "msprobereader.h"

#include "core/common/bytesource.h"
#include "core/common/jsontext.h"
#include "core/common/tr.h"
#include "dumpnames.h"
#include "npyreader.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <simdjson.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr int MaxNesting = 64;

double statValue(simdjson::dom::element v)
{
    double d;
    if (v.get_double().get(d) == simdjson::SUCCESS)
        return d;
    int64_t i;
    if (v.get_int64().get(i) == simdjson::SUCCESS)
        return double(i);
    uint64_t u;
    if (v.get_uint64().get(u) == simdjson::SUCCESS)
        return double(u);
    bool b;
    if (v.get_bool().get(b) == simdjson::SUCCESS)
        return b ? 1.0 : 0.0;
    std::string_view s;
    if (v.get_string().get(s) == simdjson::SUCCESS) {
        if (s == "NaN")
            return std::nan("");
        if (s == "Infinity" || s == "inf")
            return std::numeric_limits<double>::infinity();
        if (s == "-Infinity" || s == "-inf")
            return -std::numeric_limits<double>::infinity();
    }
    return std::nan("");
}

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

struct Walker
{
    TensorDump *dump;
    Diagnostics *diagnostics;
    QString tensorDir;
    bool tensorMode = false;
    QString callKey;

    void tensor(simdjson::dom::object o, const QString &suffix)
    {
        TensorEntry t;
        t.key = callKey + u'.' + suffix;
        t.name = t.key;
        t.op = callKey;
        t.opType = callKey.section(u'.', 0, 1);
        t.isOutput = suffix.startsWith(u"output"_s);
        std::string_view s;
        if (o["dtype"].get_string().get(s) == simdjson::SUCCESS)
            t.dtype = dtypeFromName(qstr(s));
        simdjson::dom::array shape;
        if (o["shape"].get_array().get(shape) == simdjson::SUCCESS) {
            for (auto d : shape) {
                int64_t v;
                if (d.get_int64().get(v) != simdjson::SUCCESS || v < 0 || v > (int64_t(1) << 40)) {
                    diagnostics->add(u"msprobe_bad_shape"_s,
                                     Tr::tr("tensors with an invalid shape were kept without one"),
                                     Location{-1, -1, t.key});
                    t.shape.clear();
                    break;
                }
                t.shape.append(v);
            }
        }
        TensorStats st;
        simdjson::dom::element v;
        if (o["Max"].get(v) == simdjson::SUCCESS)
            st.max = statValue(v);
        if (o["Min"].get(v) == simdjson::SUCCESS)
            st.min = statValue(v);
        if (o["Mean"].get(v) == simdjson::SUCCESS)
            st.mean = statValue(v);
        if (o["Norm"].get(v) == simdjson::SUCCESS)
            st.norm = statValue(v);
        t.stats = st;
        if (tensorMode && o["data_name"].get_string().get(s) == simdjson::SUCCESS) {
            const QString dataName = qstr(s);
            t.name = dataName;
            const QString file = QDir(tensorDir).filePath(dataName);
            QString npy = file;
            if (dataName.endsWith(u".pt"_s))
                npy = file.left(file.size() - 3) +
                      u".npy"_s; // a converted sibling, if the user made one
            if (QFileInfo::exists(npy) && npy.endsWith(u".npy"_s)) {
                Error error;
                if (auto n = readNpyTensor(npy, &error)) {
                    t.storage = n->storage;
                    if (t.shape != n->shape)
                        t.unreadable = Tr::tr("%1 has shape %2 but dump.json says %3")
                                           .arg(dataName, shapeText(n->shape), shapeText(t.shape));
                    else if (t.dtype != n->dtype && t.dtype != DType::BFloat16)
                        t.dtype = n->dtype; // the file is the truth for what we compare
                    dump->dataBytes += n->numel() * dtypeSize(n->storage.stored);
                } else {
                    t.unreadable = error.toString();
                }
            } else if (dataName.endsWith(u".pt"_s)) {
                t.unreadable = ptTensorAdvice(dataName);
                diagnostics->add(
                    u"msprobe_pt_tensor"_s, ptTensorAdvice(dataName), Location{-1, -1, dataName});
            } else {
                t.unreadable = Tr::tr("Dump file: %1 not found.").arg(dataName);
                diagnostics->add(u"msprobe_missing_tensor"_s,
                                 Tr::tr("tensor files named in dump.json are missing"),
                                 Location{-1, -1, dataName});
            }
        }
        dump->tensors.append(t);
    }

    void walk(simdjson::dom::element e, const QString &suffix, int depth)
    {
        if (depth > MaxNesting)
            return;
        simdjson::dom::array a;
        if (e.get_array().get(a) == simdjson::SUCCESS) {
            int j = 0;
            for (auto x : a)
                walk(x, suffix + u'.' + QString::number(j++), depth + 1);
            return;
        }
        simdjson::dom::object o;
        if (e.get_object().get(o) != simdjson::SUCCESS)
            return;
        std::string_view type;
        if (o["type"].get_string().get(type) == simdjson::SUCCESS) {
            if (type.ends_with("Tensor") || type.ends_with("Parameter"))
                tensor(o, suffix);
            return; // non-tensor arguments (int, str, slice, ...) are not compared
        }
        for (auto field : o)
            walk(field.value, suffix + u'.' + qstr(field.key), depth + 1);
    }
};

} // namespace

QString ptTensorAdvice(const QString &file)
{
    return Tr::
        tr("%1 is a torch.save (.pt) file, which Twinscope does not unpickle. Either compare in "
           "statistics mode (msprobe config \"task\": \"statistics\"), or convert the tensors once "
           "with "
           "python3 -c \"import glob, numpy, torch; [numpy.save(p[:-3] + '.npy', "
           "torch.load(p).float().numpy()) for p in glob.glob('dump_tensor_data/*.pt')]\" - the "
           ".npy "
           "files next to the .pt files are then read automatically.")
            .arg(file);
}

Result<TensorDump> parseMsprobeDumpJson(std::string_view json,
                                        const QString &name,
                                        const QString &tensorDir,
                                        const CancelToken &cancel)
{
    Diagnostics diagnostics;
    const std::string fixed = quotePythonNonFinite(json);
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (const auto err = parser.parse(fixed).get(doc); err != simdjson::SUCCESS) {
        Error e = Error::make(ErrorCode::Malformed,
                              Tr::tr("dump.json is not valid JSON (%1)")
                                  .arg(QString::fromLatin1(simdjson::error_message(err))),
                              name);
        return Result<TensorDump>::failed(e);
    }
    auto dump = std::make_shared<TensorDump>();
    dump->path = name;
    dump->format = u"msprobe"_s;
    simdjson::dom::object root;
    if (doc.get_object().get(root) != simdjson::SUCCESS)
        return Result<TensorDump>::failed(Error::make(
            ErrorCode::Malformed, Tr::tr("dump.json must hold a JSON object"), name, 0));
    simdjson::dom::object data;
    Walker w{dump.get(), &diagnostics, tensorDir, false, {}};
    std::string_view task;
    if (root["data"].get_object().get(data) == simdjson::SUCCESS) {
        if (root["task"].get_string().get(task) == simdjson::SUCCESS)
            w.tensorMode = task == "tensor";
    } else {
        // Legacy forward.json: the call keys sit at the top level (FORMATS.md §5.6).
        data = root;
    }
    qint64 calls = 0;
    for (auto call : data) {
        if ((++calls & 1023) == 0 && cancel.isCanceled())
            return Result<TensorDump>::canceled();
        simdjson::dom::object entry;
        if (call.value.get_object().get(entry) != simdjson::SUCCESS) {
            diagnostics.add(u"msprobe_bad_entry"_s,
                            Tr::tr("entries that are not objects were skipped"),
                            Location{-1, -1, qstr(call.key)});
            continue;
        }
        w.callKey = qstr(call.key);
        // Inputs before outputs whatever the key order in the file; backward entries use
        // input/output.
        for (const char *field : {"input_args", "input_kwargs", "input", "parameters", "output"}) {
            simdjson::dom::element v;
            if (entry[field].get(v) != simdjson::SUCCESS)
                continue;
            const QString base = std::string_view(field).starts_with("output") ? u"output"_s
                                 : std::string_view(field) == "parameters"     ? u"parameters"_s
                                                                               : u"input"_s;
            w.walk(v, base, 0);
        }
    }
    dump->statisticsOnly = !w.tensorMode;
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed, Tr::tr("dump.json lists no tensor"), name),
            diagnostics);
    return Result<TensorDump>::ok(dump, diagnostics);
}

Result<TensorDump>
loadMsprobeDump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    QString jsonPath = source.path;
    if (QFileInfo(jsonPath).isDir()) {
        // dump.json directly inside, or the first one under step{N}/rank{R}/ in name order.
        QStringList found;
        QDirIterator it(jsonPath, {u"dump.json"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext() && found.size() < 4096)
            found << it.next();
        std::sort(found.begin(), found.end(), naturalLess);
        const QString direct = QDir(jsonPath).filePath(u"dump.json"_s);
        if (found.contains(direct))
            jsonPath = direct;
        else if (!found.isEmpty())
            jsonPath = found.first();
        else
            return Result<TensorDump>::failed(
                Error::make(ErrorCode::UnknownFormat,
                            Tr::tr("the folder holds no msprobe dump.json"),
                            source.path));
    }
    progress.report(0, Tr::tr("Reading dump.json"));
    Error error;
    auto bytes = ByteSource::open(Source::fromPath(jsonPath), &error);
    if (!bytes)
        return Result<TensorDump>::failed(error);
    const QDir dir = QFileInfo(jsonPath).dir();
    auto result =
        parseMsprobeDumpJson(bytes->data(), jsonPath, dir.filePath(u"dump_tensor_data"_s), cancel);
    if (!result.isOk())
        return result;
    auto dump = std::make_shared<TensorDump>(*result.value());
    Diagnostics diagnostics = result.diagnostics();
    if (QFileInfo(jsonPath) != QFileInfo(source.path) && QFileInfo(source.path).isDir() &&
        QFileInfo(jsonPath).dir() != QDir(source.path))
        diagnostics.add(
            u"msprobe_first_rank"_s,
            Tr::tr("the folder holds several dumps; the first step and rank was used (%1)")
                .arg(jsonPath),
            Location{-1, -1, jsonPath});
    const QString construct = dir.filePath(u"construct.json"_s);
    if (QFileInfo::exists(construct)) {
        Error ce;
        if (auto cbytes = ByteSource::open(Source::fromPath(construct), &ce)) {
            simdjson::dom::parser parser;
            simdjson::dom::object tree;
            if (parser.parse(cbytes->data().data(), cbytes->data().size()).get_object().get(tree) ==
                simdjson::SUCCESS) {
                for (auto node : tree) {
                    std::string_view parent;
                    if (node.value.get_string().get(parent) == simdjson::SUCCESS)
                        dump->moduleParent.append({qstr(node.key), qstr(parent)});
                }
            } else {
                diagnostics.add(u"msprobe_bad_construct"_s,
                                Tr::tr("construct.json is not a JSON object; the module "
                                       "tree is not shown"),
                                Location{-1, -1, construct});
            }
        }
    }
    const QString stack = dir.filePath(u"stack.json"_s);
    if (QFileInfo::exists(stack)) {
        Error se;
        if (auto sbytes = ByteSource::open(Source::fromPath(stack), &se)) {
            simdjson::dom::parser parser;
            simdjson::dom::object stacks;
            if (parser.parse(sbytes->data().data(), sbytes->data().size())
                    .get_object()
                    .get(stacks) == simdjson::SUCCESS) {
                for (auto entry : stacks) {
                    simdjson::dom::array frames;
                    if (entry.value.get_array().get(frames) != simdjson::SUCCESS)
                        continue;
                    QStringList lines;
                    for (auto f : frames) {
                        std::string_view line;
                        if (f.get_string().get(line) == simdjson::SUCCESS)
                            lines << qstr(line);
                    }
                    dump->callStacks.insert(qstr(entry.key), lines);
                }
            } else {
                diagnostics.add(
                    u"msprobe_bad_stack"_s,
                    Tr::tr("stack.json is not a JSON object; call stacks are not shown"),
                    Location{-1, -1, stack});
            }
        }
    }
    dump->path = source.path;
    progress.report(1000, Tr::tr("Reading dump.json"));
    return Result<TensorDump>::ok(dump, diagnostics);
}

Result<TensorDump>
parsePtdbgPkl(std::string_view text, const QString &name, const CancelToken &cancel)
{
    auto dump = std::make_shared<TensorDump>();
    dump->path = name;
    dump->format = u"ptdbg_pkl"_s;
    dump->statisticsOnly = true;
    Diagnostics diagnostics;
    simdjson::dom::parser parser;
    qint64 line = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view l = text.substr(pos, end - pos);
        const qint64 offset = qint64(pos);
        pos = end + 1;
        ++line;
        if ((line & 1023) == 0 && cancel.isCanceled())
            return Result<TensorDump>::canceled();
        if (l.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        const std::string fixed = quotePythonNonFinite(l);
        simdjson::dom::array a;
        std::string_view tensorName, dtype;
        simdjson::dom::array shape, stats;
        if (parser.parse(fixed).get_array().get(a) != simdjson::SUCCESS || a.size() < 6 ||
            a.at(0).get_string().get(tensorName) != simdjson::SUCCESS ||
            a.at(3).get_string().get(dtype) != simdjson::SUCCESS ||
            a.at(4).get_array().get(shape) != simdjson::SUCCESS ||
            a.at(5).get_array().get(stats) != simdjson::SUCCESS) {
            diagnostics.add(u"ptdbg_bad_line"_s,
                            Tr::tr("lines that are not [name, n, [], dtype, shape, [max, min, "
                                   "mean]] were skipped"),
                            Location{offset, line, {}});
            continue;
        }
        TensorEntry t;
        t.name = qstr(tensorName);
        t.key = t.name;
        t.dtype = dtypeFromName(qstr(dtype));
        for (auto d : shape) {
            int64_t v;
            if (d.get_int64().get(v) == simdjson::SUCCESS && v >= 0)
                t.shape.append(v);
        }
        TensorStats st;
        int k = 0;
        for (auto v : stats) {
            const double x = statValue(v);
            if (k == 0)
                st.max = x;
            else if (k == 1)
                st.min = x;
            else if (k == 2)
                st.mean = x;
            ++k;
        }
        t.stats = st;
        // "Functional_linear_0_forward_input.0" / "..._output": the op is everything before
        // _input/_output.
        qsizetype at = t.name.lastIndexOf(u"_output"_s);
        t.isOutput = at >= 0;
        if (at < 0)
            at = t.name.lastIndexOf(u"_input"_s);
        t.op = at > 0 ? t.name.left(at) : t.name;
        t.opType = t.op.section(u'_', 0, 1);
        dump->tensors.append(t);
    }
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed, Tr::tr("no line holds a ptdbg tensor record"), name),
            diagnostics);
    return Result<TensorDump>::ok(dump, diagnostics);
}

Result<TensorDump>
loadPtdbgPkl(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    Error error;
    auto bytes = ByteSource::open(source, &error);
    if (!bytes)
        return Result<TensorDump>::failed(error);
    progress.report(0, Tr::tr("Reading ptdbg records"));
    auto r = parsePtdbgPkl(bytes->data(), source.name(), cancel);
    progress.report(1000, Tr::tr("Reading ptdbg records"));
    return r;
}

} // namespace Twinscope::Core
