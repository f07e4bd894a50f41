// The worksheet hand scanner (issue #30): on what it accepts it reports exactly the tokens
// QXmlStreamReader reports, whatever the chunking; it never accepts what QXmlStreamReader refuses,
// and it leaves to QXmlStreamReader what it does not take on.
#include "common/hostileinputs.h"
#include "core/common/zipreader.h"
#include "core/dump/resulttable.h"
#include "core/dump/xlsxsheetscan.h"

#include <QXmlStreamReader>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

// Tokens as text lines; adjacent text merged, text outside the root dropped.
class Recorder : public SheetTokenSink
{
public:
    QStringList lines;
    int depth = 0;
    void start(QStringView name, QStringView t, QStringView r, QStringView s) override
    {
        lines << u"<%1 t=%2 r=%3 s=%4>"_s.arg(name, t, r, s);
        ++depth;
    }
    void characters(QStringView text) override
    {
        if (depth == 0 || text.isEmpty())
            return;
        if (!lines.isEmpty() && lines.last().startsWith(u'"'))
            lines.last().insert(lines.last().size() - 1, text.toString());
        else
            lines << u"\""_s + text.toString() + u"\""_s;
    }
    void end(QStringView name) override
    {
        lines << u"</%1>"_s.arg(name);
        --depth;
    }
};

// QXmlStreamReader's tokens, or nullopt when it refuses the document.
std::optional<QStringList> reference(const QByteArray &xml)
{
    QXmlStreamReader x(xml);
    Recorder r;
    while (!x.atEnd()) {
        x.readNext();
        if (x.isStartElement()) {
            const QXmlStreamAttributes a = x.attributes();
            r.start(x.name(), a.value(u"t"_s), a.value(u"r"_s), a.value(u"s"_s));
        } else if (x.isCharacters()) {
            r.characters(x.text());
        } else if (x.isEndElement()) {
            r.end(x.name());
        }
    }
    if (x.hasError())
        return std::nullopt;
    return r.lines;
}

// The scanner's tokens in chunks of `chunk` bytes, or nullopt when it falls back.
// readXlsxTable on a workbook of one sheet.
std::optional<ResultTable> table(const QByteArray &sheet, Error *error)
{
    const QByteArray xlsx = Hostile::zipArchive({{"xl/worksheets/sheet1.xml", sheet}}, true);
    const auto zip = ZipReader::open(Source::fromBytes(xlsx, u"t.xlsx"_s), error);
    if (!zip)
        return std::nullopt;
    return readXlsxTable(*zip, {}, error);
}

std::optional<QStringList> scanned(const QByteArray &xml, qsizetype chunk)
{
    Recorder r;
    XlsxSheetScanner scanner(&r);
    for (qsizetype at = 0; at < xml.size(); at += chunk) {
        const qsizetype n = std::min(chunk, xml.size() - at);
        if (scanner.feed(std::string_view(xml.constData() + at, size_t(n))) ==
            XlsxSheetScanner::Status::Fallback)
            return std::nullopt;
    }
    if (!scanner.finish())
        return std::nullopt;
    return r.lines;
}

const char *const Head = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n";
const char *const Root = "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/"
                         "2006/main\" xmlns:x14ac=\"urn:x14ac\">";

} // namespace

class TestXlsxSheetScan : public QObject
{
    Q_OBJECT

private slots:
    void sameTokensAsQXmlStreamReader_data()
    {
        QTest::addColumn<QByteArray>("xml");
        const QByteArray head = Head, root = Root;
        QTest::newRow("openpyxl inline")
            << QByteArray("<?xml version=\"1.0\"?>" + root +
                          "<sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>NPU "
                          "Name</t></is></c><c r=\"B1\"><v>0.5</v></c></row></sheetData>"
                          "</worksheet>");
        QTest::newRow("excel shared")
            << QByteArray(head + root +
                          "<sheetData><row r=\"1\" spans=\"1:3\" x14ac:dyDescent=\"0.25\"><c "
                          "r=\"A1\" s=\"2\" t=\"s\"><v>0</v></c><c r=\"C1\" t=\"b\"><v>1</v></c>"
                          "<c r=\"D1\"/></row></sheetData></worksheet>\r\n");
        QTest::newRow("references")
            << QByteArray(root + "<row><c t='inlineStr'><is><t xml:space=\"preserve\"> a&amp;b "
                                 "&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;\r\nx\ry</t></is></c>"
                                 "<c r = 'B1' t=\"&#115;\"><v>]]</v></c></row></worksheet>");
        QTest::newRow("no declaration") << QByteArray("<a><b t=\"x\tz\"/>text</a>  \n");
        QTest::newRow("tiny") << QByteArray("<a/>");
        QTest::newRow("excel extLst")
            << QByteArray(head + root +
                          "<sheetData/><extLst><ext uri=\"{78C0D931}\" xmlns:x14=\"urn:x14\">"
                          "<x14:conditionalFormattings><x14:cf x14:id=\"1\"/>"
                          "</x14:conditionalFormattings></ext></extLst></worksheet>");
    }
    void sameTokensAsQXmlStreamReader()
    {
        QFETCH(QByteArray, xml);
        const auto want = reference(xml);
        QVERIFY(want);
        for (qsizetype chunk : {qsizetype(1), qsizetype(3), qsizetype(17), xml.size()}) {
            const auto got = scanned(xml, chunk);
            QVERIFY2(got, qPrintable(u"fell back in chunks of %1"_s.arg(chunk)));
            QCOMPARE(*got, *want);
        }
    }

    // Each is either refused by QXmlStreamReader or outside the subset: the scanner never
    // accepts it, so QXmlStreamReader decides.
    void leftToQXmlStreamReader_data()
    {
        QTest::addColumn<QByteArray>("xml");
        QTest::newRow("comment") << QByteArray("<a><!-- x --></a>");
        QTest::newRow("cdata") << QByteArray("<a><![CDATA[x]]></a>");
        QTest::newRow("doctype") << QByteArray("<!DOCTYPE a><a/>");
        QTest::newRow("pi") << QByteArray("<a><?p x?></a>");
        QTest::newRow("utf-8 text") << QByteArray("<a>\xc3\xa9</a>");
        QTest::newRow("bom") << QByteArray("\xef\xbb\xbf<a/>");
        QTest::newRow("utf-16 declared")
            << QByteArray("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>");
        QTest::newRow("version first")
            << QByteArray("<?xml encoding=\"UTF-8\" version=\"1.0\"?><a/>");
        QTest::newRow("mismatched") << QByteArray("<a><b></a></b>");
        QTest::newRow("unclosed") << QByteArray("<a><b>");
        QTest::newRow("two roots") << QByteArray("<a/><b/>");
        QTest::newRow("text after root") << QByteArray("<a/>x");
        QTest::newRow("duplicate attribute") << QByteArray("<a t=\"1\" t=\"2\"/>");
        QTest::newRow("attributes unseparated") << QByteArray("<a t=\"1\"r=\"2\"/>");
        QTest::newRow("undeclared prefix") << QByteArray("<a><b p:x=\"1\"/></a>");
        QTest::newRow("prefix out of scope")
            << QByteArray("<a><b xmlns:p=\"u\"/><c p:x=\"1\"/><p:d/></a>");
        QTest::newRow("prefixed end mismatched") << QByteArray("<a xmlns:p=\"u\"><p:b></b></a>");
        QTest::newRow("unknown entity") << QByteArray("<a>&nbsp;</a>");
        QTest::newRow("bad char reference") << QByteArray("<a>&#0;</a>");
        QTest::newRow("control character") << QByteArray("<a>\x01</a>");
        QTest::newRow("lt in attribute") << QByteArray("<a t=\"<\"/>");
        QTest::newRow("cdata end in text") << QByteArray("<a>]]></a>");
        QTest::newRow("bare ampersand") << QByteArray("<a>a & b</a>");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("deep") << QByteArray("<a>").repeated(300) + QByteArray("</a>").repeated(300);
        QTest::newRow("long text") << QByteArray("<a>" + QByteArray(2 << 20, 'x') + "</a>");
    }
    void leftToQXmlStreamReader()
    {
        QFETCH(QByteArray, xml);
        // A text run longer than 1 MiB left open across chunks (64 KiB here) is not held.
        const QList<qsizetype> chunks =
            xml.size() < 4096 ? QList<qsizetype>{1, 5, std::max(xml.size(), qsizetype(1))}
                              : QList<qsizetype>{1 << 16};
        for (qsizetype chunk : chunks)
            QVERIFY(!scanned(xml, chunk));
    }

    // Random damage to worksheet text: whatever the scanner accepts, QXmlStreamReader accepts
    // too, with the same tokens.
    void mutationsNeverDisagree()
    {
        const QByteArray seeds[] = {
            QByteArray(Head) + Root +
                "<sheetData><row r=\"1\" x14ac:dyDescent=\"0.25\"><c r=\"A1\" s=\"1\" "
                "t=\"s\"><v>0</v></c><c r=\"B1\" t=\"inlineStr\"><is><t "
                "xml:space=\"preserve\">a&amp;b&#x41;</t></is></c></row></sheetData></worksheet>",
            "<a xmlns:p='u'><p:b p:x=\"1\">t&lt;</p:b><c/></a>"};
        const char pieces[] = "<>/&;:='\"#x ]\r\n\t\x01\xc3"
                              "a";
        QRandomGenerator rng(30);
        int accepted = 0;
        for (int round = 0; round < 20000; ++round) {
            QByteArray xml = seeds[round % 2];
            const int edits = 1 + int(rng.bounded(3));
            for (int e = 0; e < edits; ++e) {
                const qsizetype at = rng.bounded(xml.size() + 1);
                const char c = pieces[rng.bounded(int(sizeof(pieces) - 1))];
                switch (rng.bounded(3)) {
                case 0:
                    xml.insert(at, c);
                    break;
                case 1:
                    if (at < xml.size())
                        xml[at] = c;
                    break;
                default:
                    xml.remove(at, 1 + rng.bounded(4));
                }
            }
            const auto got = scanned(xml, 1 + rng.bounded(40));
            if (!got)
                continue;
            ++accepted;
            const auto want = reference(xml);
            QVERIFY2(want, xml.constData());
            QCOMPARE(*got, *want);
        }
        QVERIFY(accepted > 1000); // the comparison ran, not only the fall-backs
    }

    // A construct the scanner leaves to QXmlStreamReader after rows were handed on: the sheet is
    // read again from the start and those rows are not handed on twice.
    void fallbackAfterRowsHandsEachRowOnce()
    {
        QByteArray rows;
        for (int i = 1; i <= 6; ++i)
            rows += "<row><c t=\"inlineStr\"><is><t>n" + QByteArray::number(i) +
                    "</t></is></c><c><v>" + QByteArray::number(i * 10) + "</v></c></row>";
        const QByteArray head = "<worksheet><sheetData>", tail = "</sheetData></worksheet>";
        Error error;
        const auto fast = table(head + rows + tail, &error);
        QVERIFY2(fast, qPrintable(error.toString()));
        QCOMPARE(fast->rows.size(), 5);
        QCOMPARE(fast->header, QStringList({u"n1"_s, u"10"_s}));
        QCOMPARE(fast->rows.last(), QStringList({u"n6"_s, u"60"_s}));
        const qsizetype middle = rows.indexOf("<row>", rows.size() / 2);
        for (const QByteArray &sheet :
             {QByteArray(head + rows.left(middle) + "<!-- x -->" + rows.mid(middle) + tail),
              QByteArray("<!-- x -->" + head + rows + tail)}) {
            const auto slow = table(sheet, &error);
            QVERIFY2(slow, qPrintable(error.toString()));
            QCOMPARE(slow->header, fast->header);
            QCOMPARE(slow->rows, fast->rows);
            QCOMPARE(slow->rowCount, fast->rowCount);
        }
        // Malformed after some rows: QXmlStreamReader's refusal, naming the part.
        QVERIFY(!table(head + rows.left(middle) + "<row></c>" + tail, &error));
        QVERIFY2(error.message.contains(u"xl/worksheets/sheet1.xml is not well-formed XML"_s),
                 qPrintable(error.message));
    }
};

QTEST_GUILESS_MAIN(TestXlsxSheetScan)
#include "tst_xlsxsheetscan.moc"
