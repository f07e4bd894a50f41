#include "msprobereader.h"

#include "core/common/bytesource.h"
#include "core/common/inputfile.h"
#include "core/common/interner.h"
#include "core/common/jsontext.h"
#include "core/common/tr.h"
#include "core/dump/msprobestatvalue.h"
#include "core/tensor/dumpnames.h"
#include "core/torch/torchfile.h"
#include "jsonmembers.h"
#include "namepool.h"
#include "npyreader.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QSet>

#include <simdjson.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr int MaxNesting = 64;

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// A JSON value as short text: numbers as Python prints them (the non-finite words quoted by
// quoteNonFinite come back as inf/-inf/nan), strings quoted, arrays and objects compact.
QString argumentText(simdjson::dom::element v)
{
    std::string_view s;
    if (v.get_string().get(s) == simdjson::SUCCESS) {
        if (s == "NaN")
            return u"nan"_s;
        if (s == "Infinity")
            return u"inf"_s;
        if (s == "-Infinity")
            return u"-inf"_s;
        return u'"' + qstr(s) + u'"';
    }
    if (v.is_double())
        return QString::number(double(v), 'g', QLocale::FloatingPointShortest);
    const std::string text = simdjson::minify(v);
    return QString::fromStdString(text.size() > 200 ? text.substr(0, 197) + "..." : text);
}

struct Walker
{
    TensorDump *dump;
    Diagnostics *diagnostics;
    QString tensorDir;
    bool tensorMode = false;
    QString callKey;
    QString callOpType; // shared by the call's tensors: one string per call, not per tensor
    Interner<QList<qint64>> shapes;
    Interner<QString> opTypes;
    const NamePool *names = nullptr; // the other side's strings (may be null)
    // Where data_name files may be (empty: anywhere, the user allowed it).
    QStringList roots;

    // Whether a file dump.json names may be read; counts and explains a refusal on t.
    bool contained(const QString &file, const QString &dataName, TensorEntry *t)
    {
        if (roots.isEmpty() || pathIsInside(file, roots))
            return true;
        t->setUnreadable(
            Tr::tr("%1 lies outside the dump's folder, so it is not read (allow it with "
                   "--allow-outside-dump)")
                .arg(dataName));
        diagnostics->add(
            u"outside_dump_folder"_s,
            Tr::tr("files named in the dump that lie outside its folder were not read"),
            Location{-1, -1, dataName});
        return false;
    }

    void tensor(simdjson::dom::object o, const QString &suffix)
    {
        TensorEntry t;
        t.key = names ? names->key(callKey + u'.' + suffix) : callKey + u'.' + suffix;
        t.name = t.key;
        t.op = callKey;
        t.opType = callOpType;
        t.isOutput = suffix.startsWith(u"output"_s);
        std::string_view s;
        if (o["dtype"].get_string().get(s) == simdjson::SUCCESS)
            t.dtype = dtypeFromName(qstr(s));
        simdjson::dom::array shape;
        if (o["shape"].get_array().get(shape) == simdjson::SUCCESS) {
            qint64 numel = 1;
            for (auto d : shape) {
                int64_t v;
                // Each axis and the product stay below 2^50 (as in the npy and HDF5 readers), so
                // numel() never overflows whatever the file says.
                if (d.get_int64().get(v) != simdjson::SUCCESS || v < 0 || v > (int64_t(1) << 40) ||
                    t.shape.size() >= 64 || (v > 0 && numel > (qint64(1) << 50) / v)) {
                    diagnostics->add(u"msprobe_bad_shape"_s,
                                     Tr::tr("tensors with an invalid shape were kept without one"),
                                     Location{-1, -1, t.key});
                    t.shape.clear();
                    break;
                }
                numel *= v;
                t.shape.append(v);
            }
            t.shape = shapes.intern(std::move(t.shape));
        }
        TensorStats st;
        simdjson::dom::element v;
        if (o["Max"].get(v) == simdjson::SUCCESS)
            st.max = msprobeStatValue(v);
        if (o["Min"].get(v) == simdjson::SUCCESS)
            st.min = msprobeStatValue(v);
        if (o["Mean"].get(v) == simdjson::SUCCESS)
            st.mean = msprobeStatValue(v);
        if (o["Norm"].get(v) == simdjson::SUCCESS)
            st.norm = msprobeStatValue(v);
        t.stats = st;
        bool requiresGrad = false;
        if (o["requires_grad"].get_bool().get(requiresGrad) == simdjson::SUCCESS)
            t.requiresGrad = requiresGrad ? 1 : 0;
        if (tensorMode && o["data_name"].get_string().get(s) == simdjson::SUCCESS)
            readTensorFile(qstr(s), &t);
        dump->tensors.append(t);
    }

    // Tensor mode: the data_name file in dump_tensor_data/ (.pt from PyTorch, .npy from
    // MindSpore) gives the elements; dump.json keeps the say on dtype and shape.
    // The row keeps msprobe's name (the call key and slot, "….forward.input.1"), as msprobe's
    // compare and statistics mode show it; the file name stays in storage.file (Data_name).
    void readTensorFile(const QString &dataName, TensorEntry *t)
    {
        const QString file = QDir(tensorDir).filePath(dataName);
        if (!contained(file, dataName, t))
            return; // refused: nothing outside the dump is opened, or even looked at
        if (!QFileInfo::exists(file)) {
            t->setUnreadable(Tr::tr("Dump file: %1 not found.").arg(dataName));
            diagnostics->add(u"msprobe_missing_tensor"_s,
                             Tr::tr("tensor files named in dump.json are missing"),
                             Location{-1, -1, dataName});
            return;
        }
        Error error;
        const std::optional<TensorEntry> read =
            dataName.endsWith(u".pt"_s) ? readPtTensor(file, &error) : readNpyTensor(file, &error);
        if (!read) {
            t->setUnreadable(error.toString());
            diagnostics->add(u"msprobe_bad_tensor_file"_s,
                             Tr::tr("tensor files named in dump.json could not be read"),
                             Location{error.offset, -1, dataName});
            return;
        }
        t->storage = read->storage;
        if (!read->unreadable().isEmpty())
            t->setUnreadable(read->unreadable());
        else if (t->shape != read->shape)
            t->setUnreadable(Tr::tr("%1 has shape %2 but dump.json says %3")
                                 .arg(dataName, shapeText(read->shape), shapeText(t->shape)));
        else if (t->dtype != read->dtype && t->dtype != DType::BFloat16)
            t->dtype = read->dtype; // the file is the truth for what we compare
        dump->dataBytes += read->numel() * dtypeSize(read->storage.stored);
    }

    // A non-tensor argument: {"type": "int", "value": 2}, {"type": "float", "value": -Infinity},
    // {"type": "slice", "value": [0, 2, null]}, ...
    void argument(simdjson::dom::object o, std::string_view type, const QString &suffix)
    {
        ArgumentEntry a;
        a.key = callKey + u'.' + suffix;
        a.op = callKey;
        a.type = qstr(type);
        a.isOutput = suffix.startsWith(u"output"_s);
        simdjson::dom::element v;
        if (o["value"].get(v) == simdjson::SUCCESS) {
            a.value = argumentText(v);
            if (v.is_number() || v.is_bool() || v.is_string())
                a.number = msprobeStatValue(v);
        }
        dump->arguments.append(a);
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
            else
                argument(o, type, suffix);
            return;
        }
        for (auto field : o)
            walk(field.value, suffix + u'.' + qstr(field.key), depth + 1);
    }
};

// One call entry: its tensors, inputs before outputs whatever the key order in the file (backward
// entries use input/output).
void addCall(Walker &w, std::string_view key, simdjson::dom::element value)
{
    simdjson::dom::object entry;
    if (value.get_object().get(entry) != simdjson::SUCCESS) {
        w.diagnostics->add(u"msprobe_bad_entry"_s,
                           Tr::tr("entries that are not objects were skipped"),
                           Location{-1, -1, qstr(key)});
        return;
    }
    w.callKey = w.names ? w.names->op(qstr(key)) : qstr(key);
    w.callOpType = w.opTypes.intern(w.callKey.section(u'.', 0, 1));
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

QStringList stringList(simdjson::dom::array a)
{
    QStringList out;
    for (auto x : a) {
        std::string_view line;
        if (x.get_string().get(line) == simdjson::SUCCESS)
            out << qstr(line);
    }
    return out;
}

void readStacks(simdjson::dom::object stacks, QHash<QString, QStringList> *out)
{
    for (auto entry : stacks) {
        simdjson::dom::array value;
        if (entry.value.get_array().get(value) != simdjson::SUCCESS)
            continue;
        simdjson::dom::array names, frames;
        if (value.size() == 2 && value.at(0).get_array().get(names) == simdjson::SUCCESS &&
            value.at(1).get_array().get(frames) == simdjson::SUCCESS) {
            // msprobe 8.x: {"0": [[call keys sharing this stack], [frames]], ...}
            const QStringList lines = stringList(frames);
            for (const QString &name : stringList(names))
                out->insert(name, lines);
        } else {
            // Older: {call key: [frames]}
            out->insert(qstr(entry.key), stringList(value));
        }
    }
}

} // namespace

std::optional<QHash<QString, QStringList>> parseMsprobeStacks(std::string_view json)
{
    simdjson::dom::parser parser;
    simdjson::dom::object stacks;
    if (parser.parse(json.data(), json.size()).get_object().get(stacks) != simdjson::SUCCESS)
        return std::nullopt;
    QHash<QString, QStringList> out;
    readStacks(stacks, &out);
    return out;
}

Result<TensorDump> parseMsprobeDumpJson(std::string_view json,
                                        const QString &name,
                                        const QString &tensorDir,
                                        const CancelToken &cancel,
                                        const DumpReadOptions &options)
{
    Diagnostics diagnostics;
    auto malformed = [&](const QString &why, qint64 offset) {
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed,
                        Tr::tr("dump.json is not valid JSON (%1)").arg(why),
                        name,
                        offset),
            diagnostics);
    };
    // The document is read member by member (jsonmembers.h): the scan finds each call's text, and
    // only that text is parsed, so memory follows the largest call instead of the whole file.
    size_t start = json.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (start < json.size() && std::isspace(uchar(json[start])))
        ++start;
    if (start >= json.size() || json[start] != '{') {
        if (start < json.size() && json[start] == '[')
            return Result<TensorDump>::failed(Error::make(
                ErrorCode::Malformed, Tr::tr("dump.json must hold a JSON object"), name, 0));
        return malformed(u"expected {"_s, qint64(start));
    }
    const JsonObjectScan top = scanJsonObject(json, start);
    if (top.errorAt >= 0)
        return malformed(u"expected %1"_s.arg(QLatin1String(top.expected)), top.errorAt);
    for (size_t i = size_t(top.end); i < json.size(); ++i) {
        if (!std::isspace(uchar(json[i])))
            return malformed(u"unexpected text after the end"_s, qint64(i));
    }
    simdjson::dom::parser parser;
    std::string buffer;
    // One member as a one-member object {"key": value}, NaN/Infinity quoted (quoteNonFinite).
    auto parseMember = [&](const JsonMember &m,
                           simdjson::dom::object *out) -> std::optional<QString> {
        buffer.clear();
        buffer.push_back('{');
        buffer += quotePythonNonFinite(m.text);
        buffer.push_back('}');
        if (const auto err = parser.parse(buffer).get_object().get(*out); err != simdjson::SUCCESS)
            return QString::fromLatin1(simdjson::error_message(err));
        return std::nullopt;
    };
    auto dump = std::make_shared<TensorDump>();
    dump->path = name;
    dump->format = u"msprobe"_s;
    Walker w{dump.get(), &diagnostics, tensorDir, false, {}, {}, {}, {}, options.names.get(), {}};
    // The dump's folder (dump.json's) and its tensor folder, wherever a symlink puts that.
    if (!options.allowOutsideFolder && !tensorDir.isEmpty())
        w.roots = QStringList{QFileInfo(tensorDir).absolutePath(), tensorDir};
    const JsonMember *data = nullptr;
    for (const JsonMember &m : top.members) {
        if (m.key == "data" && m.value.starts_with('{'))
            data = &m;
    }
    const std::vector<JsonMember> *calls = &top.members;
    JsonObjectScan dataScan;
    if (data) {
        for (const JsonMember &m : top.members) {
            simdjson::dom::object member;
            if (m.key == "data")
                continue;
            if (const auto why = parseMember(m, &member))
                return malformed(*why, m.offset);
            std::string_view task;
            if (m.key == "task" && member["task"].get_string().get(task) == simdjson::SUCCESS)
                w.tensorMode = task == "tensor";
        }
        dataScan = scanJsonObject(json, size_t(data->value.data() - json.data()));
        if (dataScan.errorAt >= 0)
            return malformed(u"expected %1"_s.arg(QLatin1String(dataScan.expected)),
                             dataScan.errorAt);
        calls = &dataScan.members;
    }
    // Every tensor's type ends in Tensor" or Parameter" ("torch.Tensor", "mindspore.Tensor"):
    // reserving that many (a tight upper bound) keeps the list from holding up to twice its size
    // while it grows (issue #16).
    {
        const std::string_view all = data ? data->value : json;
        qsizetype types = 0;
        for (std::string_view word :
             {std::string_view("Tensor\""), std::string_view("Parameter\"")})
            for (size_t at = all.find(word); at != std::string_view::npos;
                 at = all.find(word, at + word.size()))
                ++types;
        dump->tensors.reserve(types);
    }
    // Legacy forward.json (no data wrapper): the call keys sit at the top level (docs/FORMATS.md
    // §5.6).
    qint64 done = 0;
    for (const JsonMember &m : *calls) {
        if ((++done & 1023) == 0 && cancel.isCanceled())
            return Result<TensorDump>::canceled();
        simdjson::dom::object member;
        if (const auto why = parseMember(m, &member))
            return malformed(*why, m.offset);
        for (auto call : member)
            addCall(w, call.key, call.value);
    }
    dump->statisticsOnly = !w.tensorMode;
    // The lists grew while reading: give back the slack (up to half of a 10^5-entry list).
    dump->tensors.squeeze();
    dump->arguments.squeeze();
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed, Tr::tr("dump.json lists no tensor"), name),
            diagnostics);
    return Result<TensorDump>::ok(dump, diagnostics);
}

Result<TensorDump> loadMsprobeDump(const Source &source,
                                   ProgressSink &progress,
                                   const CancelToken &cancel,
                                   const DumpReadOptions &options)
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
    auto result = parseMsprobeDumpJson(
        bytes->data(), jsonPath, dir.filePath(u"dump_tensor_data"_s), cancel, options);
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
    // construct.json and stack.json beside dump.json are part of the dump: a symlink leading out of
    // its folder is not followed either.
    auto besideDump = [&](const QString &file) {
        if (!QFileInfo::exists(file))
            return false;
        if (options.allowOutsideFolder || pathIsInside(file, {dir.absolutePath()}))
            return true;
        diagnostics.add(u"outside_dump_folder"_s,
                        Tr::tr("files named in the dump that lie outside its folder were not read"),
                        Location{-1, -1, file});
        return false;
    };
    const QString construct = dir.filePath(u"construct.json"_s);
    if (besideDump(construct)) {
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
    if (besideDump(stack)) {
        Error se;
        if (auto sbytes = ByteSource::open(Source::fromPath(stack), &se)) {
            if (auto stacks = parseMsprobeStacks(sbytes->data())) {
                dump->callStacks = std::move(*stacks);
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

Result<TensorDump> parsePtdbgPkl(std::string_view text,
                                 const QString &name,
                                 const CancelToken &cancel,
                                 const NamePool *names,
                                 const ByteSource *bytes)
{
    auto dump = std::make_shared<TensorDump>();
    dump->path = name;
    dump->format = u"ptdbg_pkl"_s;
    dump->statisticsOnly = true;
    Diagnostics diagnostics;
    // One record per line: reserving the line count keeps the list from holding up to twice its
    // size while it grows.
    dump->tensors.reserve(qsizetype(std::count(text.begin(), text.end(), '\n')) + 1);
    simdjson::dom::parser parser;
    QString lastOp, lastOpType;
    Interner<QList<qint64>> shapes;
    Interner<QString> opTypes;
    qint64 line = 0;
    qint64 released = 0;
    constexpr qint64 ReleaseStep = 16 << 20;
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
        // The lines read so far are never looked at again: their pages leave memory.
        if (bytes && offset - released > ReleaseStep) {
            bytes->release(released, offset);
            released = offset;
        }
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
        t.name = names ? names->key(qstr(tensorName)) : qstr(tensorName);
        t.key = t.name;
        t.dtype = dtypeFromName(qstr(dtype));
        qint64 numel = 1;
        for (auto d : shape) {
            int64_t v;
            if (d.get_int64().get(v) != simdjson::SUCCESS || v < 0 || t.shape.size() >= 64 ||
                (v > 0 && numel > (qint64(1) << 50) / v)) {
                diagnostics.add(u"ptdbg_bad_shape"_s,
                                Tr::tr("records with an invalid or absurd shape were kept without "
                                       "one"),
                                Location{offset, line, {}});
                t.shape.clear();
                break;
            }
            numel *= v;
            t.shape.append(v);
        }
        t.shape = shapes.intern(std::move(t.shape));
        TensorStats st;
        int k = 0;
        for (auto v : stats) {
            const double x = msprobeStatValue(v);
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
        // An op's inputs and outputs are consecutive lines: they share one op and type string.
        const QStringView op = at > 0 ? QStringView(t.name).left(at) : QStringView(t.name);
        if (op != lastOp) {
            lastOp = names ? names->op(op) : op.toString();
            lastOpType = opTypes.intern(lastOp.section(u'_', 0, 1));
        }
        t.op = lastOp;
        t.opType = lastOpType;
        dump->tensors.append(t);
    }
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed, Tr::tr("no line holds a ptdbg tensor record"), name),
            diagnostics);
    return Result<TensorDump>::ok(dump, diagnostics);
}

Result<TensorDump> loadPtdbgPkl(const Source &source,
                                ProgressSink &progress,
                                const CancelToken &cancel,
                                const DumpReadOptions &options)
{
    Error error;
    auto bytes = ByteSource::open(source, &error);
    if (!bytes)
        return Result<TensorDump>::failed(error);
    progress.report(0, Tr::tr("Reading ptdbg records"));
    auto r = parsePtdbgPkl(bytes->data(), source.name(), cancel, options.names.get(), bytes.get());
    progress.report(1000, Tr::tr("Reading ptdbg records"));
    return r;
}

} // namespace Twinscope::Core
