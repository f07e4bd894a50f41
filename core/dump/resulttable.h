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
    qint64 rowCount = 0;     // data rows read, kept in rows or handed to a ResultRowSink
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
// Longest text run or tag read through QXmlStreamReader (shared strings, workbook parts, a
// worksheet the hand scanner leaves), in bytes of the part: it holds one whole until its end
// arrives, so a deflated text bomb (1.5 GB in 1.5 MB) took 3.1 GB. Refused past this.
constexpr qint64 MaxXmlTokenBytes = 16 << 20;

// Where a reader hands the rows when the table is not kept: the header once, then every data row
// (padded to the header's width) with its fill. A 2 M-row compare result held as a table of
// strings took 7.5 GB before a row of it was used (issue #30); handed on row by row, only what the
// consumer keeps stays. header() returning false ends the read (not the table wanted).
class ResultRowSink
{
public:
    virtual ~ResultRowSink() = default;
    virtual bool header(const QStringList &header) = 0;
    virtual void row(const QStringList &row, ResultTable::Fill fill) = 0;
    // About how many rows follow (an upper bound: the text's line breaks), so that the consumer
    // can size its arrays once instead of growing them (a grown copy doubles the peak).
    virtual void expectRows(qint64 rows) { Q_UNUSED(rows); }
    // The text before this byte offset has been read and is not needed again (its pages can go).
    virtual void consumed(qint64 offset) { Q_UNUSED(offset); }
};

// RFC 4180 CSV: quoted fields with doubled quotes and line breaks inside, CRLF or LF, a UTF-8 BOM.
// With a sink, rows go to it and the table returned holds the header and the counts only.
std::optional<ResultTable> readCsvTable(std::string_view text,
                                        const QString &name,
                                        const CancelToken &cancel,
                                        Error *error,
                                        ResultRowSink *sink = nullptr);

// The first worksheet of an .xlsx workbook through ZipReader, XlsxSheetScanner and, for what the
// scanner leaves, QXmlStreamReader (streamed, so memory follows the table, not the XML):
// workbook.xml and its relationships name the sheet, sharedStrings.xml and inline strings give the
// text, styles.xml the fill of each row's first cell (msprobe paints whole rows red FFFF0000 or
// yellow FFFF00).
std::optional<ResultTable> readXlsxTable(const ZipReader &zip,
                                         const CancelToken &cancel,
                                         Error *error,
                                         ResultRowSink *sink = nullptr);

} // namespace Twinscope::Core
