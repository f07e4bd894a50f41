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
    qint64 cutCells = 0;     // cells cut at MaxResultCellBytes
    qint64 droppedCells = 0; // cells past the header's width, not kept
    int column(const QString &name) const { return int(header.indexOf(name)); }
};

// Largest table read: msprobe itself stops highlighting at 1 M rows (MAX_EXCEL_LENGTH).
constexpr qint64 MaxResultRows = 1 << 21;
// Widest header read (msprobe writes about 30 columns): every row is padded to the header, so a
// 0.2 MB header of 100 000 columns took 4.6 GB (issue #30). Refused with a message past this.
constexpr qint64 MaxResultColumns = 10000;
// Longest cell kept, in bytes (CSV) or characters (xlsx, shared strings included): names,
// numbers and msprobe's messages are far shorter; a longer cell is cut there and counted
// (ResultTable::cutCells), so a 200 MB field or a 10 MB shared string used 300 times stays small.
constexpr qint64 MaxResultCellBytes = 64 << 10;

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
