#pragma once

#include <QString>
#include <QStringList>

class QAbstractItemModel;
class QIODevice;

namespace Twinscope::Core {

// The one CSV writer (RFC 4180): every table Twinscope exports, from the CLI or a view, goes
// through here, so quoting and number spelling are the same everywhere.

// A cell's text made inert (issue #31): control characters (tab and line breaks included), DEL,
// C1 controls and bidirectional overrides/isolates are written as \uXXXX, so a name cannot carry
// ESC sequences or reorder what a reader sees; a cell that a spreadsheet would run as a formula
// (first character = + - @) gets a leading apostrophe, as OWASP recommends. Numbers such as -1.5,
// -2e-3, -12.5% or -inf keep their sign: only text is neutralised.
QString csvSafeText(const QString &text);
// csvSafeText(), then quoted only when it must be: it holds a comma, a quote, or leading or
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
