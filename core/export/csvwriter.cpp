#include "csvwriter.h"

#include <QAbstractItemModel>
#include <QIODevice>
#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// C0 controls (tab and line breaks included), DEL, C1 controls, and the bidirectional embeddings,
// overrides and isolates that reorder what a reader sees (U+202A..U+202E, U+2066..U+2069).
bool mustEscape(char16_t c)
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

bool isAsciiDigit(QChar c)
{
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}

// A number as Twinscope and msprobe spell one ("-1.5", "+2e-3", "-12.5%", "-inf", "-Nan"): a
// spreadsheet reads it as a number, never as a formula, so it keeps its sign.
bool isNumberSpelling(QStringView t)
{
    qsizetype i = 0;
    if (i < t.size() && (t[i] == u'+' || t[i] == u'-'))
        ++i;
    const QStringView rest = t.mid(i);
    if (rest.compare(u"inf", Qt::CaseInsensitive) == 0 ||
        rest.compare(u"nan", Qt::CaseInsensitive) == 0)
        return true;
    qsizetype digits = 0;
    for (; i < t.size() && isAsciiDigit(t[i]); ++i)
        ++digits;
    if (i < t.size() && t[i] == u'.') {
        for (++i; i < t.size() && isAsciiDigit(t[i]); ++i)
            ++digits;
    }
    if (digits == 0)
        return false;
    if (i < t.size() && (t[i] == u'e' || t[i] == u'E')) {
        ++i;
        if (i < t.size() && (t[i] == u'+' || t[i] == u'-'))
            ++i;
        const qsizetype exponentFrom = i;
        while (i < t.size() && isAsciiDigit(t[i]))
            ++i;
        if (i == exponentFrom)
            return false;
    }
    if (i < t.size() && t[i] == u'%')
        ++i;
    return i == t.size();
}

} // namespace

QString csvSafeText(const QString &text)
{
    qsizetype first = 0;
    while (first < text.size() && !mustEscape(text[first].unicode()))
        ++first;
    QString out;
    if (first < text.size()) { // the common case, a clean field, is returned without a copy
        out.reserve(text.size() + 16);
        out = text.left(first);
        for (qsizetype i = first; i < text.size(); ++i) {
            const char16_t c = text[i].unicode();
            if (mustEscape(c))
                out += u"\\u"_s + u"%1"_s.arg(uint(c), 4, 16, QChar(u'0')).toUpper();
            else
                out += text[i];
        }
    }
    const QString &safe = first < text.size() ? out : text;
    // OWASP's CSV injection rule: a cell that begins with = + - @ (or tab / CR, escaped above) is
    // a formula to Excel and LibreOffice; a leading apostrophe makes it text. Numbers keep their
    // sign.
    if (!safe.isEmpty() &&
        (safe.front() == u'=' || safe.front() == u'@' ||
         ((safe.front() == u'+' || safe.front() == u'-') && !isNumberSpelling(safe))))
        return u'\'' + safe;
    return safe;
}

QString csvField(const QString &raw)
{
    const QString text = csvSafeText(raw);
    const bool needsQuotes = text.contains(u',') || text.contains(u'"') ||
                             (!text.isEmpty() && (text.front().isSpace() || text.back().isSpace()));
    if (!needsQuotes)
        return text;
    QString quoted = text;
    quoted.replace(u"\""_s, u"\"\""_s);
    return u'"' + quoted + u'"';
}

QString csvRow(const QStringList &fields)
{
    QString line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i)
            line += u',';
        line += csvField(fields[i]);
    }
    return line;
}

QString csvNumber(double value)
{
    if (std::isnan(value))
        return u"nan"_s;
    if (std::isinf(value))
        return value > 0 ? u"inf"_s : u"-inf"_s;
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

CsvWriter::CsvWriter(QIODevice *out)
    : m_out(out)
{}

void CsvWriter::row(const QStringList &fields)
{
    if (!m_ok)
        return;
    const QByteArray line = csvRow(fields).toUtf8() + '\n';
    m_ok = m_out && m_out->write(line) == line.size();
}

bool writeModelCsv(const QAbstractItemModel &model, QIODevice *out, int rawRole)
{
    CsvWriter csv(out);
    const int columns = model.columnCount();
    QStringList header;
    for (int c = 0; c < columns; ++c)
        header << model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    csv.row(header);
    for (int r = 0; r < model.rowCount() && csv.ok(); ++r) {
        QStringList cells;
        for (int c = 0; c < columns; ++c) {
            const QModelIndex index = model.index(r, c);
            const QVariant raw = model.data(index, rawRole);
            bool isNumber = false;
            const double v = raw.toDouble(&isNumber);
            const bool numeric = raw.isValid() && isNumber &&
                                 raw.metaType().id() != QMetaType::QString &&
                                 raw.metaType().id() != QMetaType::Bool;
            cells << (numeric ? csvNumber(v) : model.data(index, Qt::DisplayRole).toString());
        }
        csv.row(cells);
    }
    return csv.ok();
}

} // namespace Twinscope::Core
