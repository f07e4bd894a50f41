#include "logfindings.h"

#include "core/common/tr.h"
#include "knownerrors.h"

#include <QJsonArray>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

FindingList knownErrorFindings(const KnownErrorReport &report, const KnowledgeBase &kb)
{
    const QLocale locale;
    FindingList out;
    for (const KnownErrorMatch &m : report.matches) {
        const KnownErrorEntry *e = kb.find(m.entry);
        if (!e || e->kind == KnownErrorEntry::Kind::Setting)
            continue;
        Finding f;
        f.code = u"known_error."_s + e->id;
        switch (e->kind) {
        case KnownErrorEntry::Kind::Error:
            f.severity = FindingSeverity::Critical;
            break;
        case KnownErrorEntry::Kind::Warning:
            f.severity = FindingSeverity::Warning;
            break;
        default:
            f.severity = FindingSeverity::Clear;
            break;
        }
        f.weight = double(m.count);
        f.text = f.severity == FindingSeverity::Clear
                     ? Tr::tr("%1 (%2 line(s)): the guide calls it harmless. %3")
                           .arg(e->title.text(), locale.toString(m.count), e->cause.text())
                     : Tr::tr("%1 (%2 line(s)): %3")
                           .arg(e->title.text(), locale.toString(m.count), e->cause.text());
        f.nextAction = e->fix.text();
        f.guide = e->section.isEmpty() ? e->source.text()
                                       : u"%1: %2"_s.arg(e->source.text(), e->section.text());
        f.evidence = QJsonObject{{u"file"_s, m.file},
                                 {u"line"_s, double(m.firstLine)},
                                 {u"count"_s, double(m.count)},
                                 {u"text"_s, m.firstText},
                                 {u"captures"_s, QJsonArray::fromStringList(m.captures)},
                                 {u"source_url"_s, e->sourceUrl}};
        f.link.view = FindingLink::View::LogLine;
        f.link.file = m.file;
        f.link.line = m.firstLine;
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace Twinscope::Core
