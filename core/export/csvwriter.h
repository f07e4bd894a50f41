#pragma once

#include <QString>
#include <QStringList>

class QAbstractItemModel;
class QIODevice;

namespace Twinscope::Core {

// The one CSV writer (RFC 4180): every table Twinscope exports, from the CLI or a view, goes
// through here, so quoting and number spelling are the same everywhere.

// A field quoted only when it must be: it holds a comma, a quote, a line break or leading or
// trailing spaces (which spreadsheets would otherwise drop).
QString csvField(const QString &text);
// Fields quoted as needed and joined with commas, without the line end.
QString csvRow(const QStringList &fields);
// Shortest round-trip spelling; NaN and infinities as nan / inf / -inf (what numpy and msprobe
// write and read back).
QString csvNumber(double value);

class CsvWriter
{
public:
    explicit CsvWriter(QIODevice *out);
    void row(const QStringList &fields);
    // False once a write failed (disk full, closed device).
    bool ok() const { return m_ok; }

private:
    QIODevice *m_out;
    bool m_ok = true;
};

// Every row and column of a table model, with its horizontal header. A cell is written from
// rawRole when the model gives a number there (so "1,234.5" in a locale's DisplayRole becomes
// 1234.5), else from its DisplayRole text.
bool writeModelCsv(const QAbstractItemModel &model, QIODevice *out, int rawRole);

} // namespace Twinscope::Core
