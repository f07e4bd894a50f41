#pragma once

// Where tests find their fixtures. Everything a test reads lives in the repository, so a clone of
// the project alone passes the suite (issue #9): tests/data holds the project's own fixtures and
// tests/data/shared a byte-identical copy of the shared real-data corpus (../shared/data) in the
// same layout, its sources and licences in tests/data/shared/PROVENANCE.md.

#include <QDir>
#include <QString>

// tests/data/shared/<relative>: a real file written by other people (trace/, loss/, dump/ ...).
inline QString sharedData(const QString &relative = QString())
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/shared/") + relative;
}

// ../shared/data beside the checkout, or an empty string when the clone has none. Only the check
// that the in-repo copy is complete reads it: no test depends on it.
inline QString upstreamSharedData()
{
    const QString path = QStringLiteral(TWINSCOPE_UPSTREAM_SHARED_DATA);
    return QDir(path).exists() ? path : QString();
}
