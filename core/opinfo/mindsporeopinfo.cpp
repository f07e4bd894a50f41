#include "mindsporeopinfo.h"

#include "aclopparser.h"
#include "ascendenums.h"
#include "core/common/csvreader.h"
#include "core/common/diagnostics.h"
#include "core/common/tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr std::string_view FrameworkHeader =
    "task_id,stream_id,block_dim,full_op_name,op_name,op_type";

QList<qint64> shapeFromCommaText(const QString &text, bool *ok)
{
    QList<qint64> shape;
    *ok = true;
    if (text.trimmed().isEmpty())
        return shape;
    for (const QString &part : text.split(u',')) {
        bool good = false;
        shape.append(part.trimmed().toLongLong(&good));
        *ok = *ok && good;
    }
    return shape;
}

TensorDesc descFromMindSpore(const QJsonObject &o, bool *ok)
{
    TensorDesc d;
    const QString format = o.value(u"format"_s).toString();
    const QString type = o.value(u"data_type"_s).toString();
    const int formatCode = formatCodeFromName(format);
    const int typeCode = dataTypeCodeFromName(type);
    d.format = d.storageFormat = formatCode >= -1 ? formatCode : -1;
    d.formatText = formatCode >= -1 ? QString() : format;
    d.dataType = typeCode >= -1 ? typeCode : -1;
    d.dataTypeText = typeCode >= -1 ? QString() : mindSporeTypeName(type);
    // MindSpore writes UNKNOWN or its enum's bounds (NUMBER_TYPE_BEGIN/END) where the kernel
    // records no type (TransData, graph-internal kernels): say so rather than ACL's "undefined".
    if (typeCode == -1)
        d.dataTypeText = u"no dtype"_s;
    d.shape = shapeFromCommaText(o.value(u"shape"_s).toString(), ok);
    d.storageShape = d.shape;
    d.hasShape = d.hasStorageShape = *ok;
    d.complete = *ok;
    return d;
}

} // namespace

MindSporeTable mindSporeTable(std::string_view head)
{
    if (head.substr(0, FrameworkHeader.size()) == FrameworkHeader)
        return head.find(",op_info") != std::string_view::npos ? MindSporeTable::FrameworkRaw
                                                               : MindSporeTable::NoSignatures;
    if (head.substr(0, 27) == "full_op_name,execution_time" ||
        head.find("op compute time") != std::string_view::npos)
        return MindSporeTable::NoSignatures;
    size_t i = 0;
    while (i < head.size() && std::isspace(uchar(head[i])))
        ++i;
    if (i < head.size() && head[i] == '{' && head.find("\"operator\"") != std::string_view::npos &&
        head.find("\"shape_info\"") != std::string_view::npos)
        return MindSporeTable::DynamicShape;
    return MindSporeTable::None;
}

ProfilerParse parseMindSporeFrameworkRaw(std::string_view data, const QString &name)
{
    ProfilerParse out;
    CsvReader reader(data);
    std::vector<std::string_view> header;
    reader.next(header);
    const CsvColumns columns(header);
    const int typeCol = columns.find({"op_type"});
    const int infoCol = columns.find({"op_info"});
    const int nameCol = columns.find({"full_op_name"});
    if (typeCol < 0 || infoCol < 0) {
        Error e = Error::make(ErrorCode::Malformed,
                              Tr::tr("The MindSpore table has no op_type and op_info columns."),
                              name,
                              0);
        e.line = 1;
        e.expected = u"task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info"_s;
        e.found = columns.names().join(u","_s);
        out.error = e;
        return out;
    }
    qint64 line = 1;
    auto unparsed = [&] {
        if (out.firstUnparsed.size() < Diagnostics::MaxLocations)
            out.firstUnparsed.append(line);
        ++out.unparsed;
    };
    std::vector<std::string_view> row;
    while (reader.next(row)) {
        line = reader.line();
        if (row.size() == 1 && csvValue(row.front()).empty())
            continue;
        ++out.lines;
        if (qsizetype(row.size()) <= std::max(typeCol, infoCol)) {
            unparsed();
            continue;
        }
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(
            QByteArray(row[size_t(infoCol)].data(), qsizetype(row[size_t(infoCol)].size())), &perr);
        if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
            unparsed();
            continue;
        }
        const QJsonObject info = doc.object();
        ProfilerCompile c;
        c.line = line;
        OpSignature &s = c.signature;
        const std::string_view type = csvValue(row[size_t(typeCol)]);
        s.opType = QString::fromUtf8(type.data(), qsizetype(type.size()));
        if (nameCol >= 0 && size_t(nameCol) < row.size()) {
            const std::string_view full = csvValue(row[size_t(nameCol)]);
            c.fullName = QString::fromUtf8(full.data(), qsizetype(full.size()));
        }
        // input_0, input_1, ... then output_0, ...: numbered keys, read in number order.
        bool complete = true;
        for (const QString &side : {u"input_"_s, u"output_"_s}) {
            for (int k = 0;; ++k) {
                const QJsonValue v = info.value(side + QString::number(k));
                if (!v.isObject())
                    break;
                bool ok = false;
                TensorDesc d = descFromMindSpore(v.toObject(), &ok);
                complete = complete && ok;
                (side == u"input_"_s ? s.inputs : s.outputs).append(d);
            }
        }
        s.truncated = !complete || s.opType.isEmpty();
        s.text = u"OpType: "_s + s.opType + u", "_s +
                 QString::fromUtf8(QJsonDocument(info).toJson(QJsonDocument::Compact));
        out.compiles.append(c);
    }
    return out;
}

ProfilerParse parseMindSporeDynamicShape(std::string_view data, const QString &name)
{
    ProfilerParse out;
    QJsonParseError perr;
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(data.data(), qsizetype(data.size())), &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        Error e = Error::make(
            ErrorCode::Malformed,
            Tr::tr("The dynamic shape file is not valid JSON: %1.").arg(perr.errorString()),
            name,
            perr.offset);
        e.expected = u"{\"operator\": {\"1\": [...]}}"_s;
        out.error = e;
        return out;
    }
    const QJsonObject ops = doc.object().value(u"operator"_s).toObject();
    QList<QPair<int, QString>> steps;
    for (auto it = ops.begin(); it != ops.end(); ++it)
        steps.append({it.key().toInt(), it.key()});
    // Keys are strings: "10" sorts before "2" in the object.
    std::sort(steps.begin(), steps.end());
    for (const auto &[step, key] : steps) {
        for (const QJsonValue &entry : ops.value(key).toArray()) {
            ++out.lines;
            const QJsonObject o = entry.toObject();
            ProfilerCompile c;
            c.step = step;
            OpSignature &s = c.signature;
            s.opType = o.value(u"op_type"_s).toString();
            QStringList shapes;
            bool complete = !s.opType.isEmpty();
            for (const QJsonValue &sv : o.value(u"shape_info"_s).toArray()) {
                TensorDesc d;
                const QByteArray text = sv.toString().toUtf8();
                d.hasShape = parseShapeList(std::string_view(text.constData(), size_t(text.size())),
                                            &d.shape);
                d.storageShape = d.shape;
                d.hasStorageShape = d.hasShape;
                // The table gives shapes only; "-" says so instead of a made-up type or format.
                d.dataTypeText = d.formatText = u"-"_s;
                d.complete = d.hasShape;
                complete = complete && d.hasShape;
                s.inputs.append(d);
                shapes.append(sv.toString());
            }
            if (!complete) {
                ++out.unparsed;
                continue;
            }
            s.text = u"OpType: "_s + s.opType + u", shapes: "_s + shapes.join(u' ');
            out.compiles.append(c);
        }
    }
    return out;
}

} // namespace Twinscope::Core
