#include "namemapping.h"

#include "core/common/tr.h"
#include "core/tensor/dumpnames.h"
#include "core/tensor/tensordump.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr qint64 MaxTableBytes = 16 * 1024 * 1024;

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray()) {
        if (!s.toString().isEmpty())
            out << s.toString();
    }
    return out;
}

bool readTable(const QString &path, OpNameTable *table, QString *why)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = f.errorString();
        return false;
    }
    if (f.size() > MaxTableBytes) {
        *why = Tr::tr("larger than 16 MiB");
        return false;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (doc.isNull()) {
        *why = Tr::tr("not valid JSON (%1, byte %2)").arg(error.errorString()).arg(error.offset);
        return false;
    }
    const QJsonObject apis = doc.object().value(u"apis"_s).toObject();
    if (apis.isEmpty()) {
        *why = Tr::tr("no \"apis\" object");
        return false;
    }
    for (auto it = apis.begin(); it != apis.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        table->apis.insert(
            it.key().toLower(),
            OpNameTable::Entry{strings(o.value(u"aten"_s)), strings(o.value(u"ascend"_s)), path});
    }
    return true;
}

// ATen overload suffixes the torch dumper appends to op names ("softmax_int", "add_Tensor").
bool isOverloadSuffix(const QString &s)
{
    static const QStringList known = {
        u"int"_s, u"default"_s, u"self"_s, u"out"_s, u"dim"_s, u"self_int"_s, u"using_ints"_s};
    return !s.isEmpty() && (s.front().isUpper() || known.contains(s));
}

QString camelCase(const QString &api)
{
    QString out;
    bool upper = true;
    for (QChar c : api) {
        if (c == u'_') {
            upper = true;
            continue;
        }
        out += upper ? c.toUpper() : c;
        upper = false;
    }
    return out;
}

} // namespace

QString OpNameMapping::describe() const
{
    return u"%1 → %2 → %3 (%4)"_s.arg(api,
                                      aten.join(u", "_s),
                                      ascend.join(u", "_s),
                                      rule == u"table"_s ? Tr::tr("mapping table")
                                                         : Tr::tr("derived from the name"));
}

OpNameTable loadOpNameTable(const QStringList &userFiles, Diagnostics *diagnostics)
{
    OpNameTable table;
    QString why;
    if (!readTable(QString::fromUtf16(BuiltinOpNamesPath), &table, &why) && diagnostics)
        diagnostics->add(u"op_names_unreadable"_s, why, {}, Severity::Error);
    for (const QString &path : userFiles) {
        if (readTable(path, &table, &why) || !diagnostics)
            continue;
        Diagnostics d;
        d.add(u"op_names_unreadable"_s,
              Tr::tr("The op-name mapping file was not read: %1.").arg(why),
              {},
              Severity::Error);
        d.setFile(path);
        diagnostics->merge(d);
    }
    return table;
}

QString apiNameOfTensor(const TensorEntry &entry)
{
    if (const auto parsed = parseMsprobeTensorName(entry.name)) {
        const QStringList parts = parsed->callKey.split(u'.');
        if (parts.size() >= 4 && parts.front() == u"Module"_s)
            return parts[parts.size() - 3].toLower(); // Module.{path}.{Class}.{dir}.{call}
        if (parts.size() >= 2)
            return parts[1].toLower();
    }
    QString type = entry.opType;
    if (type.contains(u'.'))
        type = type.section(u'.', 1, 1);
    if (type.isEmpty())
        type = entry.name.section(u'/', 0, 0);
    const qsizetype underscore = type.lastIndexOf(u'_');
    if (underscore > 0 && isOverloadSuffix(type.mid(underscore + 1)))
        type.truncate(underscore);
    return type.toLower();
}

OpNameMapping mapOpName(const OpNameTable &table, const QString &api)
{
    OpNameMapping m;
    m.api = api.toLower();
    const auto it = table.apis.constFind(m.api);
    if (it != table.apis.cend()) {
        m.aten = it->aten;
        m.ascend = it->ascend;
        m.rule = u"table"_s;
        m.origin = it->origin;
        return m;
    }
    QString bare = m.api;
    while (bare.startsWith(u'_'))
        bare.remove(0, 1);
    while (bare.endsWith(u'_'))
        bare.chop(1);
    m.aten = {u"aten::"_s + bare};
    m.ascend = {camelCase(bare)};
    m.rule = u"name"_s;
    return m;
}

bool nameCarriesOpType(const QString &name, const QString &opType)
{
    if (opType.isEmpty())
        return false;
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = name.indexOf(opType, from);
        if (at < 0)
            return false;
        const qsizetype end = at + opType.size();
        const bool startOk = at == 0 || name[at - 1] == u'_';
        const bool endOk = end == name.size() || name[end] == u'_';
        if (startOk && endOk)
            return true;
        from = at + 1;
    }
}

} // namespace Twinscope::Core
