#include "filesniffer.h"

#include "bytesource.h"
#include "core/common/constants.h"
#include "jsonprefixscanner.h"
#include "sqlitedb.h"
#include "tr.h"
#include "zipreader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// The first worksheet's first row names NPU Name and Bench Name (a few KiB inflated).
bool xlsxIsCompareResult(const Source &source)
{
    Error error;
    const auto zip = ZipReader::open(source, &error);
    if (!zip)
        return false;
    // openpyxl (msprobe) writes inline strings into the sheet, Excel into sharedStrings.xml.
    for (int i = 0; i < zip->entries().size(); ++i) {
        const QString &n = zip->entries()[i].name;
        if (n != u"xl/sharedStrings.xml"_s &&
            !(n.startsWith(u"xl/worksheets/"_s) && n.endsWith(u".xml"_s)))
            continue;
        const ZipReadResult head = zip->readPrefix(i, 16384);
        if (head.isOk() && head.data.contains("NPU Name") && head.data.contains("Bench Name"))
            return true;
    }
    return false;
}

SniffResult make(FileKind kind, const QString &producer, const QString &format)
{
    SniffResult r;
    r.kind = kind;
    r.producer = producer;
    r.format = format;
    return r;
}

bool isHdf5At(std::string_view head, size_t offset)
{
    static constexpr char sig[] = "\x89HDF\r\n\x1a\n";
    return head.size() >= offset + 8 && head.substr(offset, 8) == std::string_view(sig, 8);
}

bool isHdf5(std::string_view head)
{
    // The superblock may sit at 0, 512, 1024, 2048, ... (user block); the head covers the first 64
    // KiB.
    if (isHdf5At(head, 0))
        return true;
    for (size_t off = 512; off + 8 <= head.size(); off *= 2) {
        if (isHdf5At(head, off))
            return true;
    }
    return false;
}

// A MindSpore .ckpt starts with a serialized Checkpoint.value (field 1) whose own field 1 is the
// parameter's name and whose field 2 (or 3) the tensor: decoded with libprotobuf, not by hand.
bool isMindSporeCheckpoint(std::string_view head)
{
    using google::protobuf::io::CodedInputStream;
    using Wire = google::protobuf::internal::WireFormatLite;
    const auto lengthDelimited = [](quint32 tag, int field) {
        return Wire::GetTagFieldNumber(tag) == field &&
               Wire::GetTagWireType(tag) == Wire::WIRETYPE_LENGTH_DELIMITED;
    };
    CodedInputStream in(reinterpret_cast<const uchar *>(head.data()),
                        int(std::min<size_t>(head.size(), 1 << 20)));
    uint64_t valueLength = 0, tagLength = 0;
    if (!lengthDelimited(in.ReadTag(), 1) || !in.ReadVarint64(&valueLength) ||
        !lengthDelimited(in.ReadTag(), 1) || !in.ReadVarint64(&tagLength) || tagLength == 0 ||
        tagLength > 4096 || tagLength >= valueLength)
        return false;
    std::string name;
    if (!in.ReadString(&name, int(tagLength)))
        return false;
    for (const char c : name)
        if (uchar(c) < 0x20 || c == 0x7f)
            return false;
    const quint32 next = in.ReadTag();
    return lengthDelimited(next, 2) || lengthDelimited(next, 3);
}

// safetensors: an 8-byte little-endian header length, then the JSON header.
bool isSafetensors(std::string_view head, qint64 totalBytes)
{
    if (head.size() < 10 || head[8] != '{')
        return false;
    quint64 n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | uchar(head[size_t(i)]);
    if (n < 2 || qint64(n) > totalBytes - 8)
        return false;
    const std::string_view json = head.substr(8, size_t(std::min<quint64>(n, head.size() - 8)));
    return json.find("\"data_offsets\"") != std::string_view::npos ||
           json.find("\"__metadata__\"") != std::string_view::npos;
}

// torch.save's zip: data.pkl comes first and is stored, so its pickle is in the head. A state dict
// pickles a dict or an OrderedDict at the top; a saved tensor starts with _rebuild_tensor.
bool isTorchStateDict(std::string_view head)
{
    const size_t pkl = head.find("data.pkl");
    if (pkl == std::string_view::npos)
        return false;
    const size_t proto = head.find('\x80', pkl);
    if (proto == std::string_view::npos || proto + 2 >= head.size())
        return false;
    size_t op = proto + 2;
    if (uchar(head[op]) == 0x95) // FRAME (protocol 4+) and its 8-byte length
        op += 9;
    if (op >= head.size())
        return false;
    if (head[op] == '}')
        return true;
    const std::string_view start = head.substr(op, 64);
    return start.find("OrderedDict") != std::string_view::npos &&
           start.find("_rebuild") == std::string_view::npos;
}

// numpy.savez of a state dict: the first member is named like a parameter.
bool isParameterArchive(std::string_view head)
{
    if (head.size() < 30)
        return false;
    const size_t nameLength = uchar(head[26]) | (size_t(uchar(head[27])) << 8);
    if (head.size() < 30 + nameLength)
        return false;
    static const QRegularExpression parameter(
        u"\\.(weight|bias|gamma|beta|running_mean|running_var|moving_mean|moving_variance|"
        "embedding_table|num_batches_tracked)\\.npy$"_s);
    return QString::fromUtf8(head.data() + 30, qsizetype(nameLength)).contains(parameter);
}

QString describeHead(std::string_view head)
{
    QString hex;
    const size_t n = std::min<size_t>(head.size(), 8);
    for (size_t i = 0; i < n; ++i)
        hex += QString::asprintf("%02X ", uchar(head[i]));
    QString text;
    for (size_t i = 0; i < std::min<size_t>(head.size(), 40); ++i) {
        const char c = head[i];
        if (c == '\n' || c == '\r')
            break;
        text += (uchar(c) >= 0x20 && uchar(c) < 0x7f) ? QChar::fromLatin1(c) : QChar(u'.');
    }
    return Tr::tr("first bytes %1(\"%2\")").arg(hex, text);
}

QString stripAnsi(QString text)
{
    static const QRegularExpression ansi(u"\\x1b\\[[0-9;]*[A-Za-z]"_s);
    return text.remove(ansi);
}

// Ascend profiler JSON (docs/FORMATS.md §2.8): per rank {step: {collective|p2p: {op: {...}}}}, and
// msprof-analyze's cluster files {group: {step: {op: {rank: {...}}}}}; the field names inside tell
// communication times from the link matrix. Rank and run metadata sit beside them.
SniffResult
sniffProfileJson(const JsonPrefixShape &shape, std::string_view head, const QString &lower)
{
    if (shape.top != '{' || shape.members.isEmpty())
        return make(FileKind::Unknown, {}, u"json"_s);
    const auto &first = shape.members.first();
    const bool perRank =
        first.childKeys.contains(u"collective"_s) || first.childKeys.contains(u"p2p"_s);
    const bool times = head.find("\"Communication Time Info\"") != std::string_view::npos ||
                       head.find("\"Communication Bandwidth Info\"") != std::string_view::npos;
    const bool links = head.find("\"Transport Type\"") != std::string_view::npos;
    if (times)
        return perRank
                   ? make(FileKind::Profile, u"torch_npu"_s, u"communication_json"_s)
                   : make(FileKind::Profile, u"msprof_analyze"_s, u"cluster_communication_json"_s);
    if (links)
        return perRank ? make(FileKind::Profile, u"torch_npu"_s, u"communication_matrix_json"_s)
                       : make(FileKind::Profile,
                              u"msprof_analyze"_s,
                              u"cluster_communication_matrix_json"_s);
    if (shape.has(u"config"_s) && (shape.has(u"start_info"_s) || shape.has(u"end_info"_s) ||
                                   shape.has(u"rank_id"_s) || lower.startsWith(u"profiler_info"_s)))
        return make(FileKind::Profile, u"torch_npu"_s, u"profiler_info_json"_s);
    if (shape.has(u"distributed_args"_s) || shape.has(u"parallel_group_info"_s) ||
        lower == u"profiler_metadata.json"_s)
        return make(FileKind::Profile, u"torch_npu"_s, u"profiler_metadata_json"_s);
    if (shape.has(u"DeviceInfo"_s) && (shape.has(u"hwtype"_s) || shape.has(u"rank_id"_s)))
        return make(FileKind::Profile, u"cann_msprof"_s, u"cann_info_json"_s);
    return make(FileKind::Unknown, {}, u"json"_s);
}

SniffResult sniffJson(std::string_view head, const QString &name)
{
    const JsonPrefixShape shape = scanJsonPrefix(head);
    const QString lower = QFileInfo(name).fileName().toLower();

    // JSON lines: one value per line (ptdbg .pkl, LLaMA-Factory trainer_log.jsonl).
    if (shape.firstLineIsComplete && shape.secondLineStartsValue) {
        if (shape.top == '[' && shape.firstElementStart == '"')
            return make(FileKind::Dump, u"ptdbg"_s, u"json_lines"_s);
        if (shape.top == '{' && shape.has(u"current_steps"_s))
            return make(FileKind::Loss, u"llamafactory"_s, u"json_lines"_s);
        if (shape.top == '{' && (shape.has(u"loss"_s) || shape.has(u"step"_s)))
            return make(FileKind::Loss, u"json_lines"_s, u"json_lines"_s);
    }

    if (shape.top == '[') {
        const bool eventLike = shape.has(u"ph"_s) || shape.has(u"ts"_s);
        if (!eventLike && !(shape.firstElementStart == ']'))
            return make(FileKind::Unknown, {}, u"json"_s);
        const QString text = QString::fromUtf8(head.data(), qsizetype(head.size()));
        static const QRegularExpression stringTs(u"\"ts\"\\s*:\\s*\"\\d"_s);
        static const QRegularExpression pythonProcess(
            u"\"process_name\"[^}]*\"args\"\\s*:\\s*\\{\\s*\"name\"\\s*:\\s*\"Python\""_s);
        static const QRegularExpression ascendProcess(
            u"\"name\"\\s*:\\s*\"(Ascend Hardware|CANN|HCCL|Step Trace|Overlap Analysis|AI Core Freq)\""_s);
        static const QRegularExpression metadata(u"\"ph\"\\s*:\\s*\"M\""_s);
        static const QRegularExpression mindsporeOp(
            u"\"(op_full_name|fullname)\"|\"name\"\\s*:\\s*\"(Default|Gradients|recompute_Default)/"_s);
        // torch.autograd.profiler's export_chrome_trace: "pid": "CPU functions" (and "CUDA
        // functions"), no categories.
        static const QRegularExpression legacyTorch(u"\"pid\"\\s*:\\s*\"C(PU|UDA) functions\""_s);
        if (text.contains(legacyTorch))
            return make(FileKind::Trace, u"pytorch_legacy"_s, u"chrome_json"_s);
        if (text.contains(stringTs) || text.contains(pythonProcess))
            return make(FileKind::Trace, u"torch_npu"_s, u"chrome_json"_s);
        if (text.contains(ascendProcess))
            return make(FileKind::Trace, u"cann_msprof"_s, u"chrome_json"_s);
        if (!text.contains(metadata) && text.contains(mindsporeOp))
            return make(FileKind::Trace, u"mindspore"_s, u"chrome_json"_s);
        if (lower.contains(u"timeline_display"_s))
            return make(FileKind::Trace, u"mindspore"_s, u"chrome_json"_s);
        return make(FileKind::Trace, u"catapult"_s, u"chrome_json"_s);
    }
    if (shape.top != '{')
        return make(FileKind::Unknown, {}, u"json"_s);
    // msprobe's monitor anomalies (anomaly.json, anomaly_analyse.json): entries keyed by tag.
    // The keys sit one level down (the top keys are tags), so the head's text decides.
    if (head.find("\"tag_name\"") != std::string_view::npos &&
        head.find("\"call_id\"") != std::string_view::npos &&
        head.find("\"group_mates\"") != std::string_view::npos)
        return make(FileKind::Monitor, u"msprobe"_s, u"monitor_anomaly_json"_s);

    if (shape.has(u"traceEvents"_s)) {
        if (shape.has(u"schemaVersion"_s) || shape.has(u"deviceProperties"_s) ||
            shape.has(u"distributedInfo"_s) || shape.has(u"baseTimeNanoseconds"_s) ||
            lower.contains(u".pt.trace.json"_s))
            return make(FileKind::Trace, u"kineto"_s, u"chrome_json"_s);
        return make(FileKind::Trace, u"catapult"_s, u"chrome_json"_s);
    }
    if (shape.has(u"task"_s) && (shape.has(u"data"_s) || shape.has(u"dump_data_dir"_s)))
        return make(FileKind::Dump, u"msprobe"_s, u"msprobe_dump_json"_s);
    if (shape.has(u"log_history"_s))
        return make(FileKind::Loss, u"hf_trainer_state"_s, u"json"_s);
    if (const auto *lm = shape.member(u"lm loss"_s)) {
        if (lm->valueStart == '[')
            return make(FileKind::Loss, u"mindspeed_baseline"_s, u"json"_s);
        if (lm->valueStart == '{')
            return make(FileKind::Loss, u"megatron_golden"_s, u"json"_s);
    }
    if (const auto *op = shape.member(u"operator"_s); op && op->valueStart == '{' &&
                                                      !op->childKeys.isEmpty() &&
                                                      op->childKeys.first().toLongLong() > 0)
        return make(FileKind::OpInfo, u"mindspore"_s, u"dynamic_shape_json"_s);

    if (!shape.members.isEmpty()) {
        const auto &first = shape.members.first();
        if (first.valueStart == '[' && first.firstStringInValue.startsWith(u"File "_s))
            return make(FileKind::Dump, u"msprobe"_s, u"msprobe_stack_json"_s);
        // msprobe 8.x: {"0": [["Functional.linear.0.forward", ...], ["File ...", ...]], ...}
        static const QRegularExpression callKey(u"\\.(forward|backward)(\\.\\d+)?$"_s);
        bool numbered = false;
        first.key.toInt(&numbered);
        if (first.valueStart == '[' && numbered && first.firstStringInValue.contains(callKey))
            return make(FileKind::Dump, u"msprobe"_s, u"msprobe_stack_json"_s);
        bool allStrings = true;
        for (const auto &m : shape.members)
            allStrings = allStrings && (m.valueStart == '"' || m.valueStart == 0);
        static const QRegularExpression apiKey(u"\\.(forward|backward)(\\.\\d+)?$"_s);
        if (allStrings && first.key.contains(apiKey))
            return make(FileKind::Dump, u"msprobe"_s, u"msprobe_construct_json"_s);
        if (first.valueStart == '{' &&
            (first.childKeys.contains(u"input_args"_s) || first.childKeys.contains(u"output"_s) ||
             first.childKeys.contains(u"input"_s)))
            return make(FileKind::Dump, u"msprobe"_s, u"msprobe_forward_json"_s);
    }
    return sniffProfileJson(shape, head, lower);
}

// The tables of Ascend profiler folders (docs/FORMATS.md §2.7-2.8, §4.5), told apart by the column
// names of their header (CANN and torch_npu versions add and reorder columns, so never by
// position).
SniffResult sniffProfileCsv(const QString &header, const QString &name)
{
    QStringList cols;
    for (const QString &c : header.split(u','))
        cols << c.trimmed().toLower();
    if (!cols.isEmpty() && cols.first().startsWith(QChar(0xFEFF)))
        cols.first().remove(0, 1);
    auto has = [&cols](const char16_t *col) {
        return cols.contains(QString::fromUtf16(col));
    };
    auto hasPrefix = [&cols](const char16_t *prefix) {
        for (const QString &c : cols)
            if (c.startsWith(QString::fromUtf16(prefix)))
                return true;
        return false;
    };
    const QString lower = QFileInfo(name).fileName().toLower();
    const QString stats = lower.startsWith(u"op_statistic_"_s) ? u"cann_msprof"_s : u"torch_npu"_s;
    if (has(u"input shapes") && (has(u"task id") || has(u"step id")) &&
        (has(u"accelerator core") || has(u"type")))
        return make(FileKind::Profile, u"torch_npu"_s, u"kernel_details_csv"_s);
    // torch_npu's l2_cache.csv (L2 hit and victim rates per task): shown as written.
    if (has(u"stream id") && has(u"task id") && has(u"hit rate") && has(u"victim rate"))
        return make(FileKind::Profile, u"torch_npu"_s, u"l2_cache_csv"_s);
    // Level0 writes no shapes: a kernel table is still told by its name, type, core and times.
    if (has(u"name") && has(u"type") && has(u"accelerator core") && has(u"duration(us)") &&
        (has(u"task id") || has(u"step id")))
        return make(FileKind::Profile, u"torch_npu"_s, u"kernel_details_csv"_s);
    if (has(u"op name") && has(u"op type") && has(u"task type") && has(u"task duration(us)"))
        return make(FileKind::Profile, u"cann_msprof"_s, u"op_summary_csv"_s);
    // Step tables are told by two phase columns, so one that lacks a third still reads as a step
    // table and its reader names the missing column.
    const bool phases =
        has(u"computing") && (has(u"free") || has(u"communication(not overlapped)"));
    if (has(u"type") && has(u"index") && phases)
        return make(FileKind::Profile, u"msprof_analyze"_s, u"cluster_step_trace_time_csv"_s);
    if (phases)
        return make(FileKind::Profile, u"torch_npu"_s, u"step_trace_time_csv"_s);
    if (has(u"op type") && has(u"core type") && has(u"count") && has(u"total time(us)"))
        return make(FileKind::Profile, stats, u"op_statistic_csv"_s);
    if (has(u"component") && has(u"timestamp(us)") && hasPrefix(u"total reserved(")) {
        if (hasPrefix(u"total allocated("))
            return make(FileKind::Profile, u"torch_npu"_s, u"memory_record_csv"_s);
        return make(FileKind::Profile, u"torch_npu"_s, u"npu_module_mem_csv"_s);
    }
    if (has(u"name") && has(u"size(kb)") && has(u"allocation time(us)"))
        return make(FileKind::Profile, u"torch_npu"_s, u"operator_memory_csv"_s);
    if (has(u"api name") && has(u"count"))
        return make(FileKind::Profile, u"torch_npu"_s, u"api_statistic_csv"_s);
    if (has(u"name") && has(u"input shapes") &&
        (has(u"host self duration(us)") || has(u"device self duration(us)")))
        return make(FileKind::Profile, u"torch_npu"_s, u"operator_details_csv"_s);
    if (has(u"iteration id") && has(u"iteration time(us)"))
        return make(FileKind::Profile, u"cann_msprof"_s, u"step_trace_csv"_s);
    if (cols.value(0) == u"full_op_name"_s && has(u"execution_time"))
        return make(FileKind::Profile, u"mindspore"_s, u"aicore_detail_csv"_s);
    if (cols.value(0) == u"op_type"_s && has(u"total_time") && has(u"execution_frequency"))
        return make(FileKind::Profile, u"mindspore"_s, u"aicore_type_csv"_s);
    if (has(u"step_num") && has(u"start_point") && has(u"end_point") && has(u"total"))
        return make(FileKind::Profile, u"mindspore"_s, u"step_trace_raw_csv"_s);
    return {};
}

SniffResult sniffCsv(const QString &firstLine, const QString &body, const QString &name)
{
    const QString h = firstLine.trimmed();
    if (SniffResult profile = sniffProfileCsv(h, name); profile.kind == FileKind::Profile)
        return profile;
    if (h.startsWith(u"NPU Name,Bench Name"_s)) // msprobe 8.x says "NPU Dtype", ptdbg not
        return make(FileKind::Dump,
                    h.contains(u"NPU Dtype"_s) ? u"msprobe"_s : u"ptdbg"_s,
                    u"compare_result"_s);
    if (h.startsWith(u"task_id,stream_id,block_dim,full_op_name"_s) ||
        h.startsWith(u"full_op_name,execution_time"_s))
        return make(FileKind::OpInfo, u"mindspore"_s, u"csv"_s);
    // msprobe's training-state monitor CSV (its CSV writer's fixed first columns), before the
    // loss rule: it has a step column too.
    if (h.startsWith(u"vpp_stage,name,step"_s))
        return make(FileKind::Monitor, u"msprobe"_s, u"monitor_csv"_s);
    const QChar sep = h.contains(u'\t') ? u'\t' : u',';
    const QStringList cols = h.split(sep);
    static const QRegularExpression stepCol(u"^\\s*(step|iteration|iter|global_step)\\s*$"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    if (cols.size() >= 2 && !cols.filter(stepCol).isEmpty() && !body.isEmpty())
        return make(FileKind::Loss, u"csv"_s, u"csv"_s);
    return make(FileKind::Unknown, {}, u"csv"_s);
}

SniffResult sniffText(std::string_view head, const QString &name)
{
    // Up to ~200 lines of the head (docs/FORMATS.md §0), ANSI colour codes removed.
    QString text = stripAnsi(QString::fromUtf8(head.data(), qsizetype(head.size())));
    text.remove(u'\r');
    QStringList lines = text.split(u'\n');
    if (head.size() >= size_t(SniffBytes) && lines.size() > 1)
        lines.removeLast(); // probably cut
    if (lines.size() > 200)
        lines = lines.mid(0, 200);
    const QString firstLine = lines.isEmpty() ? QString() : lines.first();

    if (firstLine.count(u',') >= 1 && lines.size() >= 1 && !firstLine.contains(u':')) {
        SniffResult csv = sniffCsv(firstLine, lines.size() > 1 ? lines.at(1) : QString(), name);
        if (csv.kind != FileKind::Unknown)
            return csv;
    }
    if (firstLine.contains(u'\t') && !firstLine.contains(u':')) {
        SniffResult tsv = sniffCsv(firstLine, lines.size() > 1 ? lines.at(1) : QString(), name);
        if (tsv.kind != FileKind::Unknown)
            return tsv;
    }

    static const QRegularExpression plog(
        u"^\\s*(\\[\\d{4}-\\d\\d-\\d\\d[ T][\\d:.]+\\]\\s*)?\\[(DEBUG|INFO|WARNING|ERROR|EVENT|TRACE)\\]\\s+[A-Z_][A-Z0-9_]*\\(\\d+,[^)]*\\):\\d{4}-"_s);
    static const QRegularExpression summary(u"^\\S+ InputDesc\\[0\\]: \\[TensorDesc\\]"_s);
    static const QRegularExpression megatron(
        u"iteration\\s+\\d+\\s*/\\s*\\d+\\s*\\|.*\\b(lm loss|loss)\\s*:"_s);
    static const QRegularExpression rayIteration(u"iteration\\s*:\\s*\\d+\\s*/\\s*\\d+\\s*\\|"_s);
    static const QRegularExpression mindspore(
        u"(\\bstep:\\s*\\d+,\\s*loss:|epoch:\\s*\\d+,?\\s*step:\\s*\\d+,\\s*loss is)"_s);
    static const QRegularExpression imagenet(u"Epoch:\\s*\\[\\d+\\]\\[\\s*\\d+/\\d+\\]"_s);
    static const QRegularExpression keyValue(
        u"\\b(step|batch|iter|iteration)\\s*:\\s*\\d+\\s*,.*\\bloss\\s*:\\s*[-+0-9.naifNAIF]"_s);

    // Documentation that quotes log lines (PROVENANCE.md, READMEs) is not a log.
    for (const QString &l : lines) {
        if (l.startsWith(u"```"_s) || l.startsWith(u"|---"_s) || l.startsWith(u"| ---"_s))
            return make(FileKind::Unknown, {}, u"markdown"_s);
    }
    int plogLines = 0;
    for (const QString &l : lines) {
        if (l.contains(u"op compute time"_s) && l.contains(u"===="_s))
            return make(FileKind::Profile, u"mindspore"_s, u"op_compute_time_text"_s);
        if (l.contains(plog))
            ++plogLines;
        if (l.contains(summary))
            return make(FileKind::OpInfo, u"ascend_op_info_summary"_s, u"text"_s);
    }
    for (const QString &l : lines) {
        if (l.contains(megatron))
            return make(FileKind::Loss, u"megatron"_s, u"text"_s);
        if (l.contains(rayIteration))
            return make(FileKind::Loss, u"mindspeed_rl"_s, u"text"_s);
        if (l.contains(mindspore))
            return make(FileKind::Loss, u"mindspore_log"_s, u"text"_s);
        if (l.contains(imagenet))
            return make(FileKind::Loss, u"pytorch_imagenet"_s, u"text"_s);
        if (l.contains(keyValue))
            return make(FileKind::Loss, u"keyvalue_log"_s, u"text"_s);
    }
    if (plogLines > 0)
        return make(FileKind::OpInfo, u"ascend_plog"_s, u"text"_s);
    return make(FileKind::Unknown, {}, u"text"_s);
}

QByteArray readHead(const QString &path, qint64 bytes, QString *errorText)
{
    QFile f;
    Error error;
    if (!openInputFile(&f, path, &error)) {
        *errorText = error.message;
        return {};
    }
    return f.read(bytes);
}

// Profiler SQLite exports (torch_npu's ascend_pytorch_profiler_*.db, msprof_*.db, msprof-analyze's
// analysis.db) and Nsight Systems' SQLite export. The table names decide, not the file name:
// sniffPath reads them from sqlite_master (layout); bytes alone (a fuzzer input, a head) fall back
// to the CREATE TABLE statements of the first page, which hold them only for small schemas.
SniffResult sniffSqlite(std::string_view head, const QString &name, SqliteLayout layout)
{
    const QString lower = QFileInfo(name).fileName().toLower();
    auto producerFromName = [&]() {
        if (lower.startsWith(u"ascend_pytorch_profiler"_s))
            return u"torch_npu"_s;
        if (lower.startsWith(u"ascend_mindspore_profiler"_s))
            return u"mindspore"_s;
        return u"cann_msprof"_s;
    };
    if (layout == SqliteLayout::Unknown) {
        auto in = [&](const char *t) {
            return head.find(t) != std::string_view::npos;
        };
        if (in("StringIds") && (in("CUPTI_ACTIVITY_KIND_KERNEL") || in("NVTX_EVENTS")))
            layout = SqliteLayout::NsightSystems;
        else if (in("STRING_IDS") && (in("CREATE TABLE TASK") || in("PYTORCH_API")))
            layout = SqliteLayout::ProfilerDb;
        else if (in("tb_nodes") && in("tb_config"))
            layout = SqliteLayout::MsprobeGraph;
    }
    switch (layout) {
    case SqliteLayout::ProfilerDb: {
        // Tables and a timeline both: the Profile tab and the timeline read it.
        SniffResult r = make(FileKind::Profile, producerFromName(), u"profiler_db"_s);
        r.alsoKinds.append(FileKind::Trace);
        return r;
    }
    case SqliteLayout::NsightSystems:
        return make(FileKind::Trace, u"nsys"_s, u"nsys_sqlite"_s);
    case SqliteLayout::ClusterAnalysis:
        return make(FileKind::Profile, u"msprof_analyze"_s, u"cluster_sqlite"_s);
    case SqliteLayout::AnalysisDb:
        return make(FileKind::Profile, u"msprof_analyze"_s, u"sqlite"_s);
    case SqliteLayout::MsprobeGraph: // msprobe graph_visualize's .vis.db (issue #26)
        return make(FileKind::Model, u"msprobe"_s, u"vis_db"_s);
    case SqliteLayout::Unknown:
        break;
    }
    static const char *const tables[] = {"COMPUTE_TASK_INFO",
                                         "STRING_IDS",
                                         "COMMUNICATION_OP",
                                         "StepTraceTime",
                                         "CommAnalyzerTime",
                                         "CommAnalyzerBandwidth",
                                         "ClusterStepTraceTime",
                                         "ClusterCommAnalyzerTime"};
    bool known = false;
    for (const char *t : tables)
        known = known || head.find(t) != std::string_view::npos;
    // msprobe's csv2db output (monitor_metrics.db), or data2db's .trend.db (one trend_data table).
    if (head.find("monitoring_targets") != std::string_view::npos &&
        head.find("monitoring_metrics") != std::string_view::npos)
        return make(FileKind::Monitor,
                    u"msprobe"_s,
                    head.find("trend_data") != std::string_view::npos ? u"monitor_trend_db"_s
                                                                      : u"monitor_metrics_db"_s);
    if (!known) {
        SniffResult r = make(FileKind::Unknown, {}, u"sqlite"_s);
        r.seen = Tr::tr("an SQLite database without the tables of a known profiler export");
        return r;
    }
    QString producer = u"msprof_analyze"_s;
    if (lower.startsWith(u"ascend_pytorch_profiler"_s) ||
        lower.startsWith(u"ascend_mindspore_profiler"_s) || lower.startsWith(u"msprof"_s) ||
        head.find("COMPUTE_TASK_INFO") != std::string_view::npos)
        producer = producerFromName();
    // msprof-analyze's cluster_analysis.db holds every rank's rows, like its cluster CSV files.
    if (head.find("ClusterStepTraceTime") != std::string_view::npos ||
        head.find("ClusterCommAnalyzer") != std::string_view::npos)
        return make(FileKind::Profile, u"msprof_analyze"_s, u"cluster_sqlite"_s);
    return make(FileKind::Profile, producer, u"sqlite"_s);
}

} // namespace

QString fileKindId(FileKind kind)
{
    switch (kind) {
    case FileKind::Trace:
        return u"trace"_s;
    case FileKind::OpInfo:
        return u"opinfo"_s;
    case FileKind::Dump:
        return u"dump"_s;
    case FileKind::Loss:
        return u"loss"_s;
    case FileKind::Checkpoint:
        return u"checkpoint"_s;
    case FileKind::Profile:
        return u"profile"_s;
    case FileKind::Model:
        return u"model"_s;
    case FileKind::Monitor:
        return u"monitor"_s;
    case FileKind::Unknown:
        break;
    }
    return u"unknown"_s;
}

FileKind fileKindFromId(const QString &id)
{
    for (int k = 0; k < int(FileKind::Unknown); ++k) {
        if (fileKindId(FileKind(k)) == id)
            return FileKind(k);
    }
    return FileKind::Unknown;
}

QString fileKindDisplayName(FileKind kind)
{
    switch (kind) {
    case FileKind::Trace:
        return Tr::tr("Timeline");
    case FileKind::OpInfo:
        return Tr::tr("Op info");
    case FileKind::Dump:
        return Tr::tr("Tensor dump");
    case FileKind::Loss:
        return Tr::tr("Loss curve");
    case FileKind::Checkpoint:
        return Tr::tr("Checkpoint");
    case FileKind::Profile:
        return Tr::tr("Profiler tables");
    case FileKind::Model:
        return Tr::tr("Model tree");
    case FileKind::Monitor:
        return Tr::tr("Training monitor");
    case FileKind::Unknown:
        break;
    }
    return Tr::tr("Unknown");
}

SniffResult sniffBytes(std::string_view head, const QString &name, qint64 totalBytes)
{
    SniffResult r;
    if (head.empty()) {
        r.bytes = totalBytes;
        r.seen = Tr::tr("no bytes");
        return r;
    }
    if (isGzip(head)) {
        const InflateResult inflated = inflateGzip(head, name, nullptr, SniffBytes);
        if (inflated.data.isEmpty()) {
            r.format = u"gzip"_s;
            r.gzip = true;
            r.bytes = totalBytes;
            r.seen = Tr::tr("gzip data that does not inflate");
            return r;
        }
        QString inner = name;
        if (inner.endsWith(u".gz"_s, Qt::CaseInsensitive))
            inner.chop(3);
        r = sniffBytes(std::string_view(inflated.data.constData(), size_t(inflated.data.size())),
                       inner,
                       totalBytes);
        r.gzip = true;
        return r;
    }
    if (isHdf5(head)) {
        // torch.utils.dumper writes DataType/FormatType attributes on every tensor (docs/FORMATS.md
        // §5.1); their names sit in object headers near the start of the file.
        const bool dumper = head.find("FormatType") != std::string_view::npos &&
                            head.find("DataType") != std::string_view::npos;
        if (head.find("weight_names") != std::string_view::npos)
            r = make(FileKind::Checkpoint, u"keras"_s, u"hdf5"_s); // Keras save_weights
        else
            r = make(FileKind::Dump, dumper ? u"torch_dumper_h5"_s : u"hdf5"_s, u"hdf5"_s);
    } else if (head.substr(0, 16) == std::string_view("SQLite format 3\0", 16)) {
        r = sniffSqlite(head, name, SqliteLayout::Unknown);
    } else if (head.substr(0, 6) == "\x93NUMPY") {
        r = make(FileKind::Dump, u"npy"_s, u"npy"_s);
    } else if (head.substr(0, 4) == std::string_view("PK\x03\x04", 4)) {
        if (name.endsWith(u".npz"_s, Qt::CaseInsensitive))
            r = isParameterArchive(head) ? make(FileKind::Checkpoint, u"numpy"_s, u"npz"_s)
                                         : make(FileKind::Dump, u"npy"_s, u"npz"_s);
        else if (isTorchStateDict(head))
            r = make(FileKind::Checkpoint, u"torch"_s, u"torch_zip"_s);
        else if (head.find("data.pkl") != std::string_view::npos)
            r = make(FileKind::Dump, u"torch_pt"_s, u"torch_zip"_s);
        else if (head.find("xl/workbook.xml") != std::string_view::npos ||
                 head.find("xl/worksheets/") != std::string_view::npos)
            // A workbook: msprobe's compare result when its first row has NPU Name and Bench
            // Name. A workbook larger than the head is looked at again by sniffPath.
            r = xlsxIsCompareResult(
                    Source::fromBytes(QByteArray(head.data(), qsizetype(head.size())), name))
                    ? make(FileKind::Dump, u"msprobe"_s, u"compare_result"_s)
                    : make(FileKind::Unknown, {}, u"xlsx"_s);
        else
            r = make(FileKind::Unknown, {}, u"zip"_s);
    } else if (head.substr(0, 14) ==
               std::string_view("\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 14)) {
        // torch.save(..., _use_new_zipfile_serialization=False): pickle protocol 2 and torch's
        // legacy magic number.
        r = make(FileKind::Checkpoint, u"torch"_s, u"torch_legacy"_s);
    } else if (isMindSporeCheckpoint(head)) {
        r = make(FileKind::Checkpoint, u"mindspore"_s, u"mindspore_ckpt"_s);
    } else if (isSafetensors(head, totalBytes)) {
        r = make(FileKind::Checkpoint, u"safetensors"_s, u"safetensors"_s);
    } else {
        size_t i = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
        while (i < head.size() && std::isspace(uchar(head[i])))
            ++i;
        // A leading '[' is also how bracketed timestamps start (" [2025-03-24 18:49:41]
        // iteration") and host logs ("[INFO] ASCENDCL(..."): text patterns get their turn when the
        // JSON shapes do not match.
        if (i < head.size() && (head[i] == '{' || head[i] == '['))
            r = sniffJson(head, name);
        if (r.kind == FileKind::Unknown)
            r = sniffText(head, name);
    }
    r.bytes = totalBytes;
    if (r.kind == FileKind::Unknown && r.seen.isEmpty())
        r.seen = describeHead(head);
    return r;
}

namespace {

// Run and rank metadata of a profiler folder: they belong to the tables but do not make a folder
// a profiler folder on their own (a PROF_* folder with timelines only has nothing to tabulate).
bool isProfileMetadata(const SniffResult &f)
{
    return f.format == u"profiler_info_json"_s || f.format == u"profiler_metadata_json"_s ||
           f.format == u"cann_info_json"_s;
}

bool hasTimelineFile(const QString &path)
{
    QDirIterator it(path,
                    {u"trace_view.json"_s,
                     u"*.pt.trace.json"_s,
                     u"*.pt.trace.json.gz"_s,
                     u"*timeline_display_*.json"_s,
                     u"msprof_*.json"_s},
                    QDir::Files | QDir::Readable,
                    QDirIterator::Subdirectories);
    return it.hasNext();
}

SniffResult sniffFolder(const QString &path)
{
    SniffResult r;
    r.path = path;
    r.folder = true;
    r.format = u"folder"_s;
    // Breadth-first over at most 4 levels and 2 000 entries: enough for msprobe's step/rank tree
    // and the torch_npu *_ascend_pt/ASCEND_PROFILER_OUTPUT layout without walking a whole home
    // folder. A cluster of a thousand rank folders is told after its first 64 profiler tables.
    QDirIterator it(
        path, QDir::Files | QDir::NoDotAndDotDot | QDir::Readable, QDirIterator::Subdirectories);
    int looked = 0;
    constexpr int Kinds = int(FileKind::Unknown);
    int counts[Kinds + 1] = {};
    QString producers[Kinds + 1];
    const int baseDepth = QDir::cleanPath(path).count(u'/');
    bool stoppedEarly = false;
    bool hasModuleTree = false;
    while (it.hasNext() && looked < 2000) {
        const QString file = it.next();
        if (QDir::cleanPath(file).count(u'/') - baseDepth > 4)
            continue;
        // A symlink leading out of the folder is not part of it: never opened to sniff (issue #16).
        if (it.fileInfo().isSymLink() && !pathIsInside(file, {path}))
            continue;
        ++looked;
        const QString fname = it.fileName();
        SniffResult f;
        if (fname == u"dump.json"_s) {
            f = make(FileKind::Dump, u"msprobe"_s, {});
        } else if (fname == u"stack.json"_s || fname == u"construct.json"_s) {
            // Sidecars of dump.json: they do not decide the folder's kind on their own. A
            // construct.json with nodes (levels L0 and mix; L1 writes "{}") makes the dump a
            // module tree too (issue #26).
            if (fname == u"construct.json"_s && it.fileInfo().size() > 16)
                hasModuleTree = true;
            continue;
        } else {
            f = sniffPath(file);
        }
        r.bytes += QFileInfo(file).size();
        if (f.kind == FileKind::Unknown || isProfileMetadata(f))
            continue;
        const int k = int(f.kind);
        ++counts[k];
        // msprof-analyze's analysis.db is derived from the profiler's own output beside it: the
        // profiler (torch_npu, CANN) names the folder.
        if (producers[k].isEmpty() || (f.producer == u"msprobe"_s) ||
            (producers[k] == u"msprof_analyze"_s && !f.producer.isEmpty()))
            producers[k] = f.producer;
        for (const FileKind also : f.alsoKinds) { // a profiler database is a timeline too
            ++counts[int(also)];
            if (producers[int(also)].isEmpty())
                producers[int(also)] = f.producer;
        }
        if (counts[int(FileKind::Profile)] >= 64 && it.hasNext()) {
            stoppedEarly = true;
            break;
        }
    }
    int best = int(FileKind::Unknown);
    for (int k = 0; k < Kinds; ++k) {
        if (counts[k] > 0 && (best == int(FileKind::Unknown) || counts[k] > counts[best]))
            best = k;
    }
    // A folder with a msprobe dump.json is a dump folder whatever else it holds (npy tensors,
    // logs).
    if (counts[int(FileKind::Dump)] > 0 && producers[int(FileKind::Dump)] == u"msprobe"_s)
        best = int(FileKind::Dump);
    r.kind = FileKind(best);
    if (r.kind != FileKind::Unknown)
        r.producer = producers[best];
    if (r.kind == FileKind::Dump && r.producer == u"msprobe"_s && hasModuleTree)
        r.alsoKinds.append(FileKind::Model);
    else
        r.seen = looked == 0 ? Tr::tr("an empty folder")
                             : Tr::tr("%n file(s), none of a known kind", "", looked);
    // A profiler folder opens whole: its tables, its timelines and its op signatures.
    if (counts[int(FileKind::Profile)] > 0 && r.kind != FileKind::Dump) {
        if (stoppedEarly && counts[int(FileKind::Trace)] == 0 && hasTimelineFile(path))
            counts[int(FileKind::Trace)] = 1;
        for (const FileKind k : {FileKind::Profile, FileKind::Trace, FileKind::OpInfo}) {
            if (k != r.kind && counts[int(k)] > 0)
                r.alsoKinds.append(k);
        }
    }
    return r;
}

} // namespace

SniffResult sniffedOr(const std::optional<SniffResult> &given, const QString &path)
{
    // A result that names no kind and no error was never sniffed (a caller that only set the
    // path): read the content then.
    const bool usable =
        given && given->path == path && (given->error || given->kind != FileKind::Unknown);
    return usable ? *given : sniffPath(path);
}

SniffResult sniffPath(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        if (!info.isReadable()) {
            SniffResult r;
            r.path = path;
            r.folder = true;
            r.error =
                Error::make(ErrorCode::Unreadable, Tr::tr("The folder is not readable."), path);
            return r;
        }
        return sniffFolder(path);
    }
    if (auto e = checkReadableFile(path)) {
        SniffResult r;
        r.path = path;
        r.bytes = info.exists() ? info.size() : 0;
        r.error = *e;
        return r;
    }
    QString errorText;
    const QByteArray head = readHead(path, SniffBytes, &errorText);
    if (head.isEmpty()) {
        SniffResult r;
        r.path = path;
        r.error = Error::make(
            ErrorCode::Unreadable, Tr::tr("The file could not be read: %1").arg(errorText), path);
        return r;
    }
    SniffResult r =
        sniffBytes(std::string_view(head.constData(), size_t(head.size())), path, info.size());
    // A database's schema may lie anywhere in the file: ask SQLite for the table names.
    if (head.startsWith(QByteArrayView("SQLite format 3\0", 16))) {
        const QStringList tables = sqliteTableNames(path);
        const SqliteLayout layout = sqliteLayout(tables);
        if (layout != SqliteLayout::Unknown)
            r = sniffSqlite(std::string_view(head.constData(), size_t(head.size())), path, layout);
        else if (tables.contains(u"monitoring_targets"_s) &&
                 tables.contains(u"monitoring_metrics"_s))
            r = make(FileKind::Monitor,
                     u"msprobe"_s,
                     tables.contains(u"trend_data"_s) ? u"monitor_trend_db"_s
                                                      : u"monitor_metrics_db"_s);
    }
    if (r.format == u"xlsx"_s && info.size() > head.size() &&
        xlsxIsCompareResult(Source::fromPath(path)))
        r = make(FileKind::Dump, u"msprobe"_s, u"compare_result"_s);
    r.bytes = info.size();
    r.path = path;
    return r;
}

Result<QList<SniffResult>>
sniffPaths(const QStringList &paths, ProgressSink &progress, const CancelToken &cancel)
{
    auto results = std::make_shared<QList<SniffResult>>();
    for (qsizetype i = 0; i < paths.size(); ++i) {
        if (cancel.isCanceled())
            return Result<QList<SniffResult>>::canceled();
        results->append(sniffPath(paths[i]));
        progress.reportRange(i + 1, paths.size(), 0, 1000);
    }
    return Result<QList<SniffResult>>::ok(std::move(results));
}

} // namespace Twinscope::Core
