#include "investigationfile.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"
#include "finding.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// The first key of every workspace file; its value is the schema version.
constexpr char16_t Marker[] = u"twinscopeWorkspace";
// A workspace is a small hand-made document; this is far beyond any real one.
constexpr qint64 MaxWorkspaceBytes = 64 * 1024 * 1024;

QString relativeTo(const QString &baseDir, const QString &path)
{
    if (path.isEmpty() || baseDir.isEmpty())
        return path;
    return QDir(baseDir).relativeFilePath(path);
}

QString absoluteFrom(const QString &baseDir, const QString &path)
{
    if (path.isEmpty())
        return path;
    return QDir::cleanPath(QDir(baseDir).absoluteFilePath(path));
}

QJsonValue intOrNull(qint64 v)
{
    return v >= 0 ? QJsonValue(double(v)) : QJsonValue();
}

QJsonObject settingsJson(const TriageSettings &s)
{
    return QJsonObject{
        {u"loss"_s,
         QJsonObject{{u"rtol"_s, s.lossRtol},
                     {u"atol"_s, s.lossAtol},
                     {u"k"_s, s.lossK},
                     {u"metric"_s, s.lossMetric}}},
        {u"dumps"_s, QJsonObject{{u"cosine"_s, s.dumpCosine}, {u"max_abs_err"_s, s.dumpMaxAbsErr}}},
        // Plog times in ns since 1970 exceed a double's 53 bits: written as a decimal string.
        {u"opinfo"_s,
         QJsonObject{{u"cutoff_ns"_s,
                      s.opinfoCutoffNs >= 0 ? QJsonValue(QString::number(s.opinfoCutoffNs))
                                            : QJsonValue()}}},
    };
}

TriageSettings settingsFromJson(const QJsonObject &o)
{
    TriageSettings s;
    const QJsonObject loss = o.value(u"loss"_s).toObject();
    s.lossRtol = loss.value(u"rtol"_s).toDouble(s.lossRtol);
    s.lossAtol = loss.value(u"atol"_s).toDouble(s.lossAtol);
    s.lossK = loss.value(u"k"_s).toInt(s.lossK);
    s.lossMetric = loss.value(u"metric"_s).toString();
    const QJsonObject dumps = o.value(u"dumps"_s).toObject();
    s.dumpCosine = dumps.value(u"cosine"_s).toDouble(s.dumpCosine);
    s.dumpMaxAbsErr = dumps.value(u"max_abs_err"_s).toDouble(s.dumpMaxAbsErr);
    const QJsonValue cutoff = o.value(u"opinfo"_s).toObject().value(u"cutoff_ns"_s);
    bool ok = false;
    const qint64 ns = cutoff.toString().toLongLong(&ok);
    s.opinfoCutoffNs = ok ? ns : jsonInt64(cutoff, -1);
    return s;
}

} // namespace

QString inputRoleId(InputRole role)
{
    switch (role) {
    case InputRole::Benchmark:
        return u"benchmark"_s;
    case InputRole::Target:
        return u"target"_s;
    case InputRole::Log:
        return u"log"_s;
    case InputRole::Other:
        return u"other"_s;
    }
    return {};
}

std::optional<InputRole> inputRoleFromId(const QString &id)
{
    for (InputRole r :
         {InputRole::Benchmark, InputRole::Target, InputRole::Log, InputRole::Other}) {
        if (inputRoleId(r) == id)
            return r;
    }
    return std::nullopt;
}

QString inputRoleName(InputRole role)
{
    switch (role) {
    case InputRole::Benchmark:
        return Tr::tr("Benchmark");
    case InputRole::Target:
        return Tr::tr("Under test");
    case InputRole::Log:
        return Tr::tr("Log");
    case InputRole::Other:
        return Tr::tr("Other");
    }
    return {};
}

QStringList InvestigationFile::mappingPaths(const QString &kind) const
{
    QStringList paths;
    for (const MappingFile &m : mappings) {
        if (m.kind == kind)
            paths << m.path;
    }
    return paths;
}

QJsonObject investigationJson(const InvestigationFile &ws, const QString &baseDir)
{
    QJsonArray inputs;
    for (const InvestigationInput &in : ws.inputs) {
        inputs.append(QJsonObject{{u"path"_s, relativeTo(baseDir, in.path)},
                                  {u"kind"_s, in.kind},
                                  {u"role"_s, inputRoleId(in.role)},
                                  {u"rank"_s, intOrNull(in.rank)},
                                  {u"step"_s, intOrNull(in.step)},
                                  {u"label"_s, in.label}});
    }
    QJsonArray mappings;
    for (const MappingFile &m : ws.mappings)
        mappings.append(QJsonObject{{u"path"_s, relativeTo(baseDir, m.path)}, {u"kind"_s, m.kind}});
    return QJsonObject{{QString::fromUtf16(Marker), InvestigationFile::SchemaVersion},
                       {u"title"_s, ws.title},
                       {u"inputs"_s, inputs},
                       {u"settings"_s, settingsJson(ws.settings)},
                       {u"mappings"_s, mappings},
                       {u"view"_s, ws.view},
                       {u"notes"_s, ws.notes},
                       {u"checklist"_s, checklistJson(ws.checklist)}};
}

InvestigationFile
investigationFromJson(const QJsonObject &o, const QString &baseDir, Diagnostics *diagnostics)
{
    InvestigationFile ws;
    ws.title = o.value(u"title"_s).toString();
    qint64 index = 0;
    for (const QJsonValue &v : o.value(u"inputs"_s).toArray()) {
        const QJsonObject i = v.toObject();
        InvestigationInput in;
        in.path = absoluteFrom(baseDir, i.value(u"path"_s).toString());
        in.kind = i.value(u"kind"_s).toString();
        const auto role = inputRoleFromId(i.value(u"role"_s).toString());
        in.role = role.value_or(InputRole::Other);
        in.rank = i.value(u"rank"_s).toInt(-1);
        in.step = jsonInt64(i.value(u"step"_s), -1);
        in.label = i.value(u"label"_s).toString();
        if (in.path.isEmpty()) {
            if (diagnostics)
                diagnostics->add(u"workspace_input_skipped"_s,
                                 Tr::tr("An input without a path was skipped."),
                                 Location{-1, -1, u"inputs[%1]"_s.arg(index)});
        } else {
            if (!role && diagnostics)
                diagnostics->add(u"workspace_unknown_role"_s,
                                 Tr::tr("An input's role is unknown; it opens as \"other\"."),
                                 Location{-1, -1, in.path});
            ws.inputs.append(in);
        }
        ++index;
    }
    ws.settings = settingsFromJson(o.value(u"settings"_s).toObject());
    for (const QJsonValue &v : o.value(u"mappings"_s).toArray()) {
        const QJsonObject m = v.toObject();
        const QString path = m.value(u"path"_s).toString();
        if (!path.isEmpty())
            ws.mappings.append({absoluteFrom(baseDir, path), m.value(u"kind"_s).toString()});
    }
    ws.view = o.value(u"view"_s).toObject();
    ws.notes = o.value(u"notes"_s).toString();
    ws.checklist = checklistFromJson(o.value(u"checklist"_s).toArray());
    return ws;
}

bool isInvestigationFile(const QString &path)
{
    QFile f(path);
    if (!QFileInfo(path).isFile() || !f.open(QIODevice::ReadOnly))
        return false;
    // investigationBytes() writes the marker as the first key, so the head decides.
    static const QRegularExpression first(u"^\\s*\\{\\s*\"twinscopeWorkspace\"\\s*:"_s);
    return first.match(QString::fromUtf8(f.read(256))).hasMatch();
}

QByteArray investigationBytes(const InvestigationFile &workspace, const QString &baseDir)
{
    // QJsonDocument sorts keys; the marker goes first by hand so a reader of the first bytes
    // (isInvestigationFile) can tell a workspace without parsing it all.
    QJsonObject object = investigationJson(workspace, baseDir);
    object.remove(QString::fromUtf16(Marker));
    QByteArray bytes = QJsonDocument(object).toJson(QJsonDocument::Indented);
    const QByteArray marker =
        "{\n    \"twinscopeWorkspace\": " + QByteArray::number(InvestigationFile::SchemaVersion) +
        (object.isEmpty() ? "\n" : ",\n");
    return bytes.replace(0, bytes.indexOf('\n') + 1, marker);
}

Result<InvestigationFile> readInvestigationFile(const QString &path)
{
    if (auto e = checkReadableFile(path))
        return Result<InvestigationFile>::failed(*e);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Result<InvestigationFile>::failed(
            Error::make(ErrorCode::Unreadable, Tr::tr("Cannot read the file."), path));
    if (f.size() > MaxWorkspaceBytes)
        return Result<InvestigationFile>::failed(
            Error::make(ErrorCode::TooLarge,
                        Tr::tr("A workspace file larger than 64 MiB is not one Twinscope wrote."),
                        path));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (doc.isNull() || !doc.isObject()) {
        Error e = Error::make(
            ErrorCode::Malformed,
            doc.isNull()
                ? Tr::tr("The workspace is not valid JSON: %1.").arg(parseError.errorString())
                : Tr::tr("The workspace is not a JSON object."),
            path,
            doc.isNull() ? parseError.offset : 0);
        e.expected = Tr::tr("a Twinscope workspace (JSON)");
        return Result<InvestigationFile>::failed(e);
    }
    const QJsonObject root = doc.object();
    const QJsonValue version = root.value(QString::fromUtf16(Marker));
    if (!version.isDouble()) {
        Error e = Error::make(
            ErrorCode::UnknownFormat, Tr::tr("This JSON file is not a Twinscope workspace."), path);
        e.expected = u"\"twinscopeWorkspace\": 1"_s;
        return Result<InvestigationFile>::failed(e);
    }
    if (version.toInt() > InvestigationFile::SchemaVersion) {
        Error e = Error::make(ErrorCode::Unsupported,
                              Tr::tr("The workspace was written by a newer Twinscope (schema %1; "
                                     "this version reads %2).")
                                  .arg(version.toInt())
                                  .arg(InvestigationFile::SchemaVersion),
                              path);
        return Result<InvestigationFile>::failed(e);
    }
    Diagnostics diagnostics;
    auto ws = std::make_shared<InvestigationFile>(
        investigationFromJson(root, QFileInfo(path).absolutePath(), &diagnostics));
    diagnostics.setFile(path);
    return Result<InvestigationFile>::ok(std::move(ws), std::move(diagnostics));
}

std::optional<Error> writeInvestigationFile(const InvestigationFile &ws, const QString &path)
{
    const QFileInfo target(path);
    const QString absolute = target.absoluteFilePath();
    for (const InvestigationInput &in : ws.inputs) {
        if (QFileInfo(in.path).absoluteFilePath() == absolute)
            return Error::make(ErrorCode::Unsupported,
                               Tr::tr("This file is one of the workspace's inputs; choose another "
                                      "name for the workspace."),
                               path);
    }
    if (target.exists() && (!target.isFile() || !isInvestigationFile(path)))
        return Error::make(ErrorCode::Unsupported,
                           Tr::tr("This file exists and is not a Twinscope workspace; it is not "
                                  "overwritten."),
                           path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::make(ErrorCode::Unreadable,
                           Tr::tr("Cannot write the file: %1.").arg(file.errorString()),
                           path);
    const QByteArray bytes = investigationBytes(ws, target.absolutePath());
    if (file.write(bytes) != bytes.size() || !file.commit())
        return Error::make(ErrorCode::Unreadable,
                           Tr::tr("Cannot write the file: %1.").arg(file.errorString()),
                           path);
    return std::nullopt;
}

QList<InvestigationInput> missingInputs(const InvestigationFile &ws)
{
    QList<InvestigationInput> missing;
    for (const InvestigationInput &in : ws.inputs) {
        if (!QFileInfo::exists(in.path))
            missing << in;
    }
    return missing;
}

} // namespace Twinscope::Core
