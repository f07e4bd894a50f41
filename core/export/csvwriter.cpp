#include "csvwriter.h"

#include <QAbstractItemModel>
#include <QIODevice>
#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString csvField(const QString &text)
{
    const bool needsQuotes = text.contains(u',') || text.contains(u'"') || text.contains(u'\n') ||
                             text.contains(u'\r') ||
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
