#pragma once

#include "core/common/error.h"
#include "core/common/progress.h"

#include <QList>
#include <QStringList>

#include <optional>
#include <string_view>

namespace Twinscope::Core {

class ZipReader;

// A compare-result table as msprobe and ptdbg write it (docs/FORMATS.md §5.8): a header row, data
// rows, and where the file says so (msprobe's .xlsx) each row's highlight colour.
struct ResultTable
{
    enum class Fill : quint8 { None, Red, Yellow, Other };
    QStringList header;
    QList<QStringList> rows; // padded to the header's width
    QList<Fill> fills;       // per row; empty for CSV
    int column(const QString &name) const { return int(header.indexOf(name)); }
};

// Largest table read: msprobe itself stops highlighting at 1 M rows (MAX_EXCEL_LENGTH).
constexpr qint64 MaxResultRows = 1 << 21;

// RFC 4180 CSV: quoted fields with doubled quotes and line breaks inside, CRLF or LF, a UTF-8 BOM.
std::optional<ResultTable>
readCsvTable(std::string_view text, const QString &name, const CancelToken &cancel, Error *error);

// The first worksheet of an .xlsx workbook through ZipReader and QXmlStreamReader (streamed, so
// memory follows the table, not the XML): workbook.xml and its relationships name the sheet,
// sharedStrings.xml and inline strings give the text, styles.xml the fill of each row's first
// cell (msprobe paints whole rows red FFFF0000 or yellow FFFF00).
std::optional<ResultTable>
readXlsxTable(const ZipReader &zip, const CancelToken &cancel, Error *error);

} // namespace Twinscope::Core
