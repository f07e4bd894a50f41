#pragma once

// Where tests find their fixtures. Everything a test reads lives in the repository, so a clone of
// the project alone passes the suite (issue #9): tests/data holds the project's own fixtures and
// tests/data/shared a byte-identical copy of the shared real-data corpus (../shared/data) in the
// same layout, its sources and licences in tests/data/shared/PROVENANCE.md.

#include <QDir>
#include <QString>
#include <QStringList>

// tests/data/shared/<relative>: a real file written by other people (trace/, loss/, dump/ ...).
inline QString sharedData(const QString &relative = QString())
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/shared/") + relative;
}

// The files in tests/data/shared/<folder> that match patterns, as paths sorted by name. A missing
// or empty folder gives the folder itself, so a data-driven test fails on that row: a data table
// without rows makes QFETCH abort the whole test program instead.
inline QStringList sharedFiles(const QString &folder, const QStringList &patterns)
{
    const QDir dir(sharedData(folder));
    QStringList files;
    for (const QString &f : dir.entryList(patterns, QDir::Files, QDir::Name))
        files << dir.filePath(f);
    if (files.isEmpty())
        files << dir.path();
    return files;
}

// ../shared/data beside the checkout, or an empty string when the clone has none. Only the check
// that the in-repo copy is complete reads it: no test depends on it.
inline QString upstreamSharedData()
{
    const QString path = QStringLiteral(TWINSCOPE_UPSTREAM_SHARED_DATA);
    return QDir(path).exists() ? path : QString();
}
