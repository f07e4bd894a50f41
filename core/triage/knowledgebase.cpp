#include "knowledgebase.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// A knowledge base is a hand-written list; anything this big is not one.
constexpr qint64 MaxKnowledgeBytes = 16 * 1024 * 1024;

LocalizedText localized(const QJsonValue &value)
{
    if (value.isString())
        return {value.toString(), {}};
    const QJsonObject o = value.toObject();
    return {o.value(u"en"_s).toString(), o.value(u"zh_CN"_s).toString()};
}

std::optional<KnownErrorEntry::Kind> kindFromId(const QString &id)
{
    if (id.isEmpty() || id == u"error"_s)
        return KnownErrorEntry::Kind::Error;
    if (id == u"warning"_s)
        return KnownErrorEntry::Kind::Warning;
    if (id == u"harmless"_s)
        return KnownErrorEntry::Kind::Harmless;
    if (id == u"setting"_s)
        return KnownErrorEntry::Kind::Setting;
    return std::nullopt;
}

// Why an entry cannot be used, or empty.
QString
readEntry(const QJsonObject &o, const QJsonObject &sources, const QString &path, KnownErrorEntry *e)
{
    e->id = o.value(u"id"_s).toString();
    if (e->id.isEmpty())
        return Tr::tr("an entry has no \"id\"");
    for (const QJsonValue &p : o.value(u"patterns"_s).toArray()) {
        const QString text = p.toString();
        if (!text.isEmpty())
            e->patterns.push_back(text.toStdString());
    }
    const QString regex = o.value(u"regex"_s).toString();
    if (!regex.isEmpty()) {
        e->regex.setPattern(regex);
        if (!e->regex.isValid())
            return Tr::tr("entry \"%1\": the regex does not compile (%2)")
                .arg(e->id, e->regex.errorString());
    }
    if (e->patterns.empty())
        return Tr::tr("entry \"%1\" has no \"patterns\"").arg(e->id);
    const auto kind = kindFromId(o.value(u"severity"_s).toString());
    if (!kind)
        return Tr::tr("entry \"%1\": severity must be error, warning, harmless or setting")
            .arg(e->id);
    e->kind = *kind;
    e->title = localized(o.value(u"title"_s));
    e->cause = localized(o.value(u"cause"_s));
    e->fix = localized(o.value(u"fix"_s));
    if (e->title.isEmpty() || e->cause.isEmpty() || e->fix.isEmpty())
        return Tr::tr("entry \"%1\" needs a title, a cause and a fix").arg(e->id);
    // "source" names a source of the file's "sources" table, or is itself {en, zh_CN, url}.
    const QJsonValue source = o.value(u"source"_s);
    const QJsonObject sourceObject =
        source.isString() ? sources.value(source.toString()).toObject() : source.toObject();
    e->source = localized(sourceObject);
    e->sourceUrl = sourceObject.value(u"url"_s).toString();
    e->section = localized(o.value(u"section"_s));
    e->checklistItem = o.value(u"checklist"_s).toString();
    e->checklistState = o.value(u"checklistState"_s).toString();
    e->origin = path;
    return {};
}

} // namespace

QString LocalizedText::text() const
{
    if (!zhCN.isEmpty() && QLocale().language() == QLocale::Chinese)
        return zhCN;
    return en.isEmpty() ? zhCN : en;
}

QString knownErrorKindId(KnownErrorEntry::Kind kind)
{
    switch (kind) {
    case KnownErrorEntry::Kind::Error:
        return u"error"_s;
    case KnownErrorEntry::Kind::Warning:
        return u"warning"_s;
    case KnownErrorEntry::Kind::Harmless:
        return u"harmless"_s;
    case KnownErrorEntry::Kind::Setting:
        return u"setting"_s;
    }
    return {};
}

const KnownErrorEntry *KnowledgeBase::find(const QString &id) const
{
    for (const KnownErrorEntry &e : entries) {
        if (e.id == id)
            return &e;
    }
    return nullptr;
}

std::optional<Error>
readKnowledgeFile(const QString &path, KnowledgeBase *into, Diagnostics *diagnostics)
{
    // The built-in file is a Qt resource, which checkReadableFile's stat cannot see.
    if (!path.startsWith(u':')) {
        if (auto e = checkReadableFile(path))
            return e;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::make(ErrorCode::Unreadable, Tr::tr("Cannot read the file."), path);
    if (file.size() > MaxKnowledgeBytes)
        return Error::make(ErrorCode::TooLarge,
                           Tr::tr("A knowledge base larger than 16 MiB is not a list of known "
                                  "errors."),
                           path);
    const QByteArray bytes = file.readAll();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (doc.isNull()) {
        Error e = Error::make(
            ErrorCode::Malformed,
            Tr::tr("The knowledge base is not valid JSON: %1.").arg(parseError.errorString()),
            path,
            parseError.offset);
        e.expected = Tr::tr("a JSON object with \"entries\"");
        return e;
    }
    const QJsonObject root = doc.object();
    if (!root.value(u"entries"_s).isArray()) {
        Error e = Error::make(
            ErrorCode::Malformed, Tr::tr("The knowledge base has no \"entries\" list."), path);
        e.expected = Tr::tr("a JSON object with \"entries\"");
        return e;
    }
    const QJsonObject sources = root.value(u"sources"_s).toObject();
    Diagnostics local;
    qint64 index = 0;
    for (const QJsonValue &v : root.value(u"entries"_s).toArray()) {
        KnownErrorEntry entry;
        const QString why = readEntry(v.toObject(), sources, path, &entry);
        if (!why.isEmpty()) {
            local.add(u"knowledge_entry_skipped"_s,
                      Tr::tr("A knowledge-base entry was skipped: %1.").arg(why),
                      Location{-1, -1, u"entries[%1]"_s.arg(index)});
        } else {
            auto it = std::find_if(into->entries.begin(),
                                   into->entries.end(),
                                   [&](const KnownErrorEntry &e) { return e.id == entry.id; });
            if (it != into->entries.end())
                *it = std::move(entry);
            else
                into->entries.push_back(std::move(entry));
        }
        ++index;
    }
    local.setFile(path);
    if (diagnostics)
        diagnostics->merge(local);
    return std::nullopt;
}

KnowledgeBase loadKnowledgeBase(const QStringList &userFiles, Diagnostics *diagnostics)
{
    KnowledgeBase kb;
    const QString builtin = QString::fromUtf16(BuiltinKnowledgePath);
    if (auto e = readKnowledgeFile(builtin, &kb, diagnostics)) {
        // Only a broken build gets here: the file is embedded.
        if (diagnostics)
            diagnostics->add(u"knowledge_unreadable"_s, e->toString(), {}, Severity::Error);
    }
    for (const QString &path : userFiles) {
        Diagnostics local;
        if (auto e = readKnowledgeFile(path, &kb, &local)) {
            local.add(u"knowledge_unreadable"_s,
                      Tr::tr("The knowledge base was not read: %1").arg(e->message),
                      Location{e->offset, e->line, {}},
                      Severity::Error);
            local.setFile(path);
        }
        if (diagnostics)
            diagnostics->merge(local);
    }
    return kb;
}

} // namespace Twinscope::Core
