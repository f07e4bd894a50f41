#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"

#include <QList>
#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace Twinscope::Core {

// Text in the knowledge base's two languages; text() picks the one of the current locale (zh_CN
// when QLocale's default is Chinese), English otherwise or when the Chinese is missing.
struct LocalizedText
{
    QString en;
    QString zhCN;
    QString text() const;
    bool isEmpty() const { return en.isEmpty() && zhCN.isEmpty(); }
};

// One known log message (resources/knowledge/known_errors.json, issue #15): how to recognise it
// and what the guide says about it.
struct KnownErrorEntry
{
    enum class Kind : quint8 { Error, Warning, Harmless, Setting };
    QString id;
    std::vector<std::string> patterns; // any of them, case-sensitive, as UTF-8
    QRegularExpression regex;          // must also match when valid; its groups are captured
    Kind kind = Kind::Error;
    LocalizedText title, cause, fix;
    LocalizedText source; // the guide's title
    QString sourceUrl;
    LocalizedText section;  // the guide's section
    QString checklistItem;  // "sc.01": the precision-checklist item a match bears on, or empty
    QString checklistState; // the state a match suggests for that item ("no_problem", "problem")
    QString origin;         // the file the entry came from (":/knowledge/..." for built-in ones)
};
QString knownErrorKindId(KnownErrorEntry::Kind kind); // "error", "warning", "harmless", "setting"

struct KnowledgeBase
{
    std::vector<KnownErrorEntry> entries;
    const KnownErrorEntry *find(const QString &id) const;
};

// The built-in file embedded in core.
inline constexpr char16_t BuiltinKnowledgePath[] = u":/knowledge/known_errors.json";

// Reads one knowledge-base file (JSON, the built-in file's shape). A malformed entry is skipped
// with a warning naming it; a file that is not such a JSON document fails.
std::optional<Error>
readKnowledgeFile(const QString &path, KnowledgeBase *into, Diagnostics *diagnostics);

// The built-in entries, then each user file in order: an entry whose id is already present replaces
// it. Files that fail are reported in diagnostics and skipped.
KnowledgeBase loadKnowledgeBase(const QStringList &userFiles, Diagnostics *diagnostics);

} // namespace Twinscope::Core
