#pragma once

#include <QList>
#include <QString>

namespace Twinscope::Core {

// Where a warning happened. Fields are -1 when unknown.
struct Location
{
    qint64 offset = -1;
    qint64 line = -1;
    QString detail; // e.g. the event name or tensor key
};

enum class Severity { Info, Warning, Error };

// Warnings are counted per kind, never stored per occurrence (docs/DESIGN.md §3): one message, a
// count and the first few locations, so a file with a million bad lines costs a few bytes.
class Diagnostics
{
public:
    static constexpr int MaxLocations = 5;

    struct Entry
    {
        QString kind;    // stable id, e.g. "trailing_comma"; never translated
        QString message; // translated, from the first occurrence
        Severity severity = Severity::Warning;
        qint64 count = 0;
        QList<Location> first;
        QString file; // the input it came from; empty until a pipeline names it (setFile)
    };

    void add(const QString &kind,
             const QString &message,
             const Location &where = {},
             Severity severity = Severity::Warning,
             qint64 count = 1);
    // Entries of one kind from different files stay apart, so every warning can name its file.
    void merge(const Diagnostics &other);
    // Names the input of every entry that does not name one yet (pipelines call this per input).
    void setFile(const QString &file);

    const QList<Entry> &entries() const { return m_entries; }
    bool isEmpty() const { return m_entries.isEmpty(); }
    qint64 count(const QString &kind) const;
    qint64 totalCount() const;

private:
    QList<Entry> m_entries;
};

} // namespace Twinscope::Core
