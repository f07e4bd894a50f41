#include "resulttable.h"

#include "core/common/tr.h"
#include "core/common/zipreader.h"
#include "core/dump/xlsxsheetscan.h"

#include <QXmlStreamReader>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

// Cancel is also polled every this many bytes: one record of millions of fields (a CSV a million
// columns wide) would otherwise outrun it (issue #31).
constexpr qint64 PollBytes = 4 * 1024 * 1024;

namespace {

Error tableError(ErrorCode code, const QString &message, const QString &name, qint64 offset = -1)
{
    return Error::make(code, message, name, offset);
}

// Ends a row: the header, or a data row kept in t->rows or handed to sink. False when the sink
// does not want the table (its header() said no).
bool finishRow(
    ResultTable *t, QStringList row, ResultTable::Fill fill, bool keepFill, ResultRowSink *sink)
{
    if (t->header.isEmpty()) {
        t->header = row;
        return !sink || sink->header(t->header);
    }
    if (row.size() > t->header.size()) {
        t->droppedCells += row.size() - t->header.size();
        row.resize(t->header.size());
    }
    while (row.size() < t->header.size())
        row << QString();
    ++t->rowCount;
    if (sink) {
        sink->row(row, fill);
        return true;
    }
    t->rows << row;
    if (keepFill)
        t->fills << fill;
    return true;
}

Error tooWideError(const QString &name, qint64 columns)
{
    Error e = Error::make(ErrorCode::TooLarge,
                          Tr::tr("the table's header has %1 columns, more than the %2 Twinscope "
                                 "reads (a compare result has about 30)")
                              .arg(columns)
                              .arg(MaxResultColumns),
                          name,
                          0);
    e.line = 1;
    return e;
}

} // namespace

std::optional<ResultTable> readCsvTable(std::string_view text,
                                        const QString &name,
                                        const CancelToken &cancel,
                                        Error *error,
                                        ResultRowSink *sink)
{
    const qint64 bomBytes = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    text.remove_prefix(size_t(bomBytes));
    if (sink)
        sink->expectRows(
            std::min<qint64>(std::count(text.begin(), text.end(), '\n'), MaxResultRows + 1));
    ResultTable t;
    QStringList row;
    std::string field;
    bool quoted = false, fieldStarted = false;
    qint64 line = 1;
    // Cells past the header's width are skipped unread, and a cell longer than
    // MaxResultCellBytes is cut: memory follows the header's width and the cap, not the bytes.
    auto keepCell = [&] {
        return t.header.isEmpty() ? row.size() <= MaxResultColumns : row.size() < t.header.size();
    };
    qint64 fieldsInRow = 0;
    auto endField = [&] {
        ++fieldsInRow;
        if (keepCell())
            row << QString::fromUtf8(field.data(), qsizetype(field.size()));
        else if (!t.header.isEmpty())
            ++t.droppedCells;
        field.clear();
        fieldStarted = false;
    };
    auto addChar = [&](char c) {
        if (field.size() < size_t(MaxResultCellBytes))
            field.push_back(c);
        else if (field.size() == size_t(MaxResultCellBytes) && keepCell()) {
            ++t.cutCells;
            field.push_back('\0'); // marks the cut once; removed below
        }
    };
    for (size_t i = 0; i < text.size(); ++i) {
        // Also by bytes: a row of millions of fields (or one endless quoted field) has no line
        // break to poll at.
        if ((i & (size_t(PollBytes) - 1)) == 0 && i > 0) {
            if (cancel.isCanceled())
                return std::nullopt;
            if (sink)
                sink->consumed(qint64(i) + bomBytes);
        }
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                addChar('"');
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                line += c == '\n';
                addChar(c);
            }
            continue;
        }
        if (c == '"' && !fieldStarted && field.empty()) {
            quoted = fieldStarted = true;
        } else if (c == ',') {
            if (field.size() > size_t(MaxResultCellBytes))
                field.pop_back();
            endField();
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            if (field.size() > size_t(MaxResultCellBytes))
                field.pop_back();
            endField();
            if (t.header.isEmpty() && fieldsInRow > MaxResultColumns) {
                *error = tooWideError(name, fieldsInRow);
                return std::nullopt;
            }
            if (!(row.size() == 1 && row.first().isEmpty()) &&
                !finishRow(&t, row, ResultTable::Fill::None, false, sink))
                return t; // the sink declined the header
            row.clear();
            fieldsInRow = 0;
            if ((++line & 4095) == 0 && cancel.isCanceled())
                return std::nullopt;
            if (t.rowCount > MaxResultRows) {
                *error = tableError(ErrorCode::TooLarge,
                                    Tr::tr("the table has more than %1 rows").arg(MaxResultRows),
                                    name);
                return std::nullopt;
            }
        } else {
            addChar(c);
            fieldStarted = true;
        }
    }
    if (quoted) {
        Error e = tableError(ErrorCode::Truncated,
                             Tr::tr("a quoted field is not closed before the end of the file"),
                             name,
                             qint64(text.size()));
        e.line = line;
        *error = e;
        return std::nullopt;
    }
    if (field.size() > size_t(MaxResultCellBytes))
        field.pop_back();
    if (!field.empty() || !row.isEmpty()) {
        endField();
        if (t.header.isEmpty() && fieldsInRow > MaxResultColumns) {
            *error = tooWideError(name, fieldsInRow);
            return std::nullopt;
        }
        finishRow(&t, row, ResultTable::Fill::None, false, sink);
    }
    if (t.header.isEmpty()) {
        *error = tableError(ErrorCode::EmptyFile, Tr::tr("the table has no header row"), name);
        return std::nullopt;
    }
    return t;
}

namespace {

// Feeds a zip member to QXmlStreamReader chunk by chunk and calls onToken for every token.
bool streamXml(const ZipReader &zip,
               int index,
               const std::function<void(QXmlStreamReader &)> &onToken,
               const CancelToken &cancel,
               Error *error)
{
    QXmlStreamReader xml;
    bool failed = false;
    // QXmlStreamReader holds a text run or tag until its end has arrived, as UTF-16: a 1.5 GB
    // cell deflated into 1.5 MB took 3.1 GB (issue #30). Past MaxXmlTokenBytes of input without a
    // token the part is refused; Excel's cells hold at most 32 767 characters.
    qint64 fed = 0, lastToken = 0; // bytes of the part: all, and when the last token ended
    bool tokenTooLong = false;
    auto drain = [&] {
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.hasError())
                return xml.error() == QXmlStreamReader::PrematureEndOfDocumentError;
            lastToken = fed;
            onToken(xml);
        }
        return true;
    };
    const ZipReadResult r = zip.stream(
        index,
        [&](std::string_view chunk) {
            xml.addData(QByteArray(chunk.data(), qsizetype(chunk.size())));
            fed += qint64(chunk.size());
            failed = !drain();
            if (!failed && fed - lastToken > MaxXmlTokenBytes)
                failed = tokenTooLong = true;
            return !failed;
        },
        cancel);
    const QString member = zip.entries().value(index).name;
    if (r.error) {
        *error = *r.error;
        return false;
    }
    if (tokenTooLong) {
        Error e = tableError(ErrorCode::TooLarge,
                             Tr::tr("%1 holds a text run or tag longer than %2 MiB (a spreadsheet "
                                    "cell holds at most 32 767 characters); it is not read")
                                 .arg(member)
                                 .arg(MaxXmlTokenBytes >> 20),
                             zip.name());
        e.expected = Tr::tr("text runs and tags under %1 MiB").arg(MaxXmlTokenBytes >> 20);
        *error = e;
        return false;
    }
    if (failed || (xml.hasError() && xml.error() != QXmlStreamReader::NoError) || !xml.atEnd()) {
        Error e = tableError(
            ErrorCode::Malformed,
            Tr::tr("%1 is not well-formed XML: %2")
                .arg(member, xml.hasError() ? xml.errorString() : Tr::tr("it ends too early")),
            zip.name());
        e.line = xml.lineNumber();
        e.column = xml.columnNumber();
        *error = e;
        return false;
    }
    return !r.canceled;
}

// "BC12" -> column 54 (0-based), -1 when there are no letters.
int columnOf(QStringView ref)
{
    int col = 0, letters = 0;
    for (QChar ch : ref) {
        if (ch < u'A' || ch > u'Z')
            break;
        col = col * 26 + (ch.unicode() - u'A' + 1);
        if (++letters > 3)
            return -1;
    }
    return letters ? col - 1 : -1;
}

QString sheetPath(const ZipReader &zip, const CancelToken &cancel)
{
    // workbook.xml: the first <sheet r:id="rId1">; its relationship names the part.
    QString rid;
    Error ignored;
    const int wb = zip.indexOf(u"xl/workbook.xml"_s);
    if (wb >= 0)
        streamXml(
            zip,
            wb,
            [&](QXmlStreamReader &x) {
                if (rid.isEmpty() && x.isStartElement() && x.name() == u"sheet"_s)
                    for (const QXmlStreamAttribute &a : x.attributes())
                        if (a.name() == u"id"_s)
                            rid = a.value().toString();
            },
            cancel,
            &ignored);
    QString target;
    const int rels = zip.indexOf(u"xl/_rels/workbook.xml.rels"_s);
    if (!rid.isEmpty() && rels >= 0)
        streamXml(
            zip,
            rels,
            [&](QXmlStreamReader &x) {
                if (x.isStartElement() && x.name() == u"Relationship"_s &&
                    x.attributes().value(u"Id"_s) == rid)
                    target = x.attributes().value(u"Target"_s).toString();
            },
            cancel,
            &ignored);
    if (target.startsWith(u'/'))
        target = target.mid(1);
    else if (!target.isEmpty())
        target = u"xl/"_s + target;
    if (zip.indexOf(target) >= 0)
        return target;
    for (const ZipEntry &e : zip.entries()) // no (usable) workbook: the first sheet part
        if (e.name.startsWith(u"xl/worksheets/sheet"_s) && e.name.endsWith(u".xml"_s))
            return e.name;
    return {};
}

ResultTable::Fill fillOf(const QString &rgb)
{
    if (rgb.isEmpty())
        return ResultTable::Fill::None;
    if (rgb.endsWith(u"FF0000"_s, Qt::CaseInsensitive))
        return ResultTable::Fill::Red;
    if (rgb.endsWith(u"FFFF00"_s, Qt::CaseInsensitive))
        return ResultTable::Fill::Yellow;
    return ResultTable::Fill::Other;
}

// styles.xml: the fill of each cell format (cellXfs index -> fills[fillId]).
QList<ResultTable::Fill> cellFills(const ZipReader &zip, const CancelToken &cancel)
{
    QList<ResultTable::Fill> fills, xfs;
    const int styles = zip.indexOf(u"xl/styles.xml"_s);
    if (styles < 0)
        return xfs;
    bool inFills = false, inXfs = false, solid = false;
    QString rgb;
    Error ignored;
    streamXml(
        zip,
        styles,
        [&](QXmlStreamReader &x) {
            if (x.isStartElement()) {
                if (x.name() == u"fills"_s)
                    inFills = true;
                else if (x.name() == u"cellXfs"_s)
                    inXfs = true;
                else if (inFills && x.name() == u"fill"_s)
                    solid = false, rgb.clear();
                else if (inFills && x.name() == u"patternFill"_s)
                    solid = x.attributes().value(u"patternType"_s) == u"solid"_s;
                else if (inFills && x.name() == u"fgColor"_s)
                    rgb = x.attributes().value(u"rgb"_s).toString();
                else if (inXfs && x.name() == u"xf"_s && xfs.size() < 65536)
                    xfs << fills.value(x.attributes().value(u"fillId"_s).toInt(),
                                       ResultTable::Fill::None);
            } else if (x.isEndElement()) {
                if (x.name() == u"fills"_s)
                    inFills = false;
                else if (x.name() == u"cellXfs"_s)
                    inXfs = false;
                else if (inFills && x.name() == u"fill"_s && fills.size() < 65536)
                    fills << (solid ? fillOf(rgb) : ResultTable::Fill::None);
            }
        },
        cancel,
        &ignored);
    return xfs;
}

// The rows of a worksheet from its tokens (XlsxSheetScanner or QXmlStreamReader): cells by their
// reference (r="BC12") or position, shared strings by index, each row's fill from its first cell.
class SheetRows : public SheetTokenSink
{
public:
    SheetRows(ResultTable *t,
              const QStringList &shared,
              const QList<ResultTable::Fill> &xfs,
              ResultRowSink *sink)
        : m_t(t)
        , m_shared(shared)
        , m_xfs(xfs)
        , m_sink(sink)
    {}

    // Read again from the start: the rows handed on so far are not handed on twice.
    void restart()
    {
        m_row.clear();
        m_rowFill = ResultTable::Fill::None;
        m_col = -1;
        m_type = Type::Other;
        m_value.clear();
        m_inValue = m_inCell = false;
        m_firstCell = true;
        m_skip = m_handed;
        m_handed = 0;
    }

    void start(QStringView name, QStringView t, QStringView r, QStringView s) override
    {
        if (name == u"row") {
            m_row.clear();
            m_rowFill = ResultTable::Fill::None;
            m_firstCell = true;
            m_col = -1;
        } else if (name == u"c") {
            m_inCell = true;
            m_value.clear();
            m_type = t == u"s" ? Type::Shared : t == u"b" ? Type::Bool : Type::Other;
            const int c = columnOf(r);
            m_col = c >= 0 ? c : m_col + 1;
            if (m_firstCell)
                m_rowFill = m_xfs.value(s.toInt(), ResultTable::Fill::None);
            m_firstCell = false;
        } else if (m_inCell && (name == u"v" || name == u"t")) {
            m_inValue = true;
        }
    }

    void characters(QStringView text) override
    {
        if (m_inValue && m_value.size() < MaxResultCellBytes)
            m_value += text.left(MaxResultCellBytes - m_value.size());
    }

    void end(QStringView name) override
    {
        if (name == u"v" || name == u"t") {
            m_inValue = false;
        } else if (name == u"c") {
            m_inCell = false;
            if (m_type == Type::Shared)
                m_value = m_shared.value(m_value.toInt());
            else if (m_type == Type::Bool)
                m_value = m_value == u"1"_s ? u"True"_s : u"False"_s;
            if (m_col >= 0 && m_col < 1024) {
                while (m_row.size() < m_col)
                    m_row << QString();
                if (m_row.size() == m_col)
                    m_row << m_value;
            }
        } else if (name == u"row" && !m_row.isEmpty() && !m_declined &&
                   m_t->rowCount <= MaxResultRows) {
            ++m_handed;
            if (m_skip > 0)
                --m_skip;
            else
                m_declined = !finishRow(m_t, m_row, m_rowFill, true, m_sink);
        }
    }

private:
    enum class Type { Other, Shared, Bool };
    ResultTable *m_t;
    const QStringList &m_shared;
    const QList<ResultTable::Fill> &m_xfs;
    ResultRowSink *m_sink;
    QStringList m_row;
    ResultTable::Fill m_rowFill = ResultTable::Fill::None;
    int m_col = -1;
    Type m_type = Type::Other;
    QString m_value;
    bool m_inValue = false, m_inCell = false, m_firstCell = true, m_declined = false;
    qint64 m_handed = 0, m_skip = 0; // rows handed on; rows to pass over after restart()
};

} // namespace

std::optional<ResultTable>
readXlsxTable(const ZipReader &zip, const CancelToken &cancel, Error *error, ResultRowSink *sink)
{
    const QString sheet = sheetPath(zip, cancel);
    if (sheet.isEmpty()) {
        *error = tableError(ErrorCode::UnknownFormat,
                            Tr::tr("the zip archive holds no xl/worksheets/*.xml: not an .xlsx "
                                   "workbook"),
                            zip.name());
        return std::nullopt;
    }
    // Shared strings (Excel, LibreOffice) and inline strings (openpyxl, msprobe) both occur.
    QStringList shared;
    bool inSi = false;
    QString si;
    const int ss = zip.indexOf(u"xl/sharedStrings.xml"_s);
    if (ss >= 0 && !streamXml(
                       zip,
                       ss,
                       [&](QXmlStreamReader &x) {
                           if (x.isStartElement() && x.name() == u"si"_s)
                               inSi = true, si.clear();
                           else if (inSi && x.isCharacters() && si.size() < MaxResultCellBytes)
                               si += x.text().left(MaxResultCellBytes - si.size());
                           else if (x.isEndElement() && x.name() == u"si"_s &&
                                    shared.size() < MaxResultRows * 4) {
                               inSi = false;
                               shared << si;
                           }
                       },
                       cancel,
                       error))
        return std::nullopt;
    const QList<ResultTable::Fill> xfs = cellFills(zip, cancel);

    ResultTable t;
    SheetRows rows(&t, shared, xfs, sink);
    const int index = zip.indexOf(sheet);
    // The hand scanner first (speed, see xlsxsheetscan.h); for what it does not take on, the same
    // part again through QXmlStreamReader, which skips the rows already handed on.
    XlsxSheetScanner scanner(&rows);
    bool fallback = false;
    const ZipReadResult fast = zip.stream(
        index,
        [&](std::string_view chunk) {
            fallback = scanner.feed(chunk) == XlsxSheetScanner::Status::Fallback;
            return !fallback;
        },
        cancel);
    bool ok = true;
    if (fast.canceled && !fallback)
        return std::nullopt;
    if (fast.error || fallback || !scanner.finish()) {
        rows.restart();
        ok = streamXml(
            zip,
            index,
            [&](QXmlStreamReader &x) {
                if (x.isStartElement()) {
                    const QXmlStreamAttributes a = x.attributes();
                    rows.start(x.name(), a.value(u"t"_s), a.value(u"r"_s), a.value(u"s"_s));
                } else if (x.isCharacters()) {
                    rows.characters(x.text());
                } else if (x.isEndElement()) {
                    rows.end(x.name());
                }
            },
            cancel,
            error);
    }
    if (!ok)
        return std::nullopt;
    if (t.header.isEmpty()) {
        *error =
            tableError(ErrorCode::EmptyFile, Tr::tr("the worksheet has no header row"), zip.name());
        return std::nullopt;
    }
    return t;
}

} // namespace Twinscope::Core
