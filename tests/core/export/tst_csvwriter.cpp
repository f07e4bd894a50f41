#include "core/export/csvwriter.h"

#include <QAbstractTableModel>
#include <QBuffer>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

// Two rows as a view would have them: locale text for display, the number in the raw role.
class OpTable : public QAbstractTableModel
{
public:
    static constexpr int Raw = Qt::UserRole + 2;
    int rowCount(const QModelIndex & = {}) const override { return 2; }
    int columnCount(const QModelIndex & = {}) const override { return 2; }
    QVariant data(const QModelIndex &i, int role) const override
    {
        if (i.column() == 0)
            return role == Qt::DisplayRole ? QVariant(i.row() ? u"Cast"_s : u"MatMul, fused"_s)
                                           : QVariant();
        if (role == Qt::DisplayRole)
            return i.row() ? u"n/a"_s : u"1,234.5"_s;
        return role == Raw && i.row() == 0 ? QVariant(1234.5) : QVariant();
    }
    QVariant headerData(int s, Qt::Orientation, int role) const override
    {
        return role == Qt::DisplayRole ? QVariant(s ? u"Total (µs)"_s : u"Name"_s) : QVariant();
    }
};

} // namespace

class tst_CsvWriter : public QObject
{
    Q_OBJECT

private slots:
    void quotesOnlyWhatMustBeQuoted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("plain") << u"aten::mm"_s << u"aten::mm"_s;
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("comma") << u"[32, 1024]"_s << u"\"[32, 1024]\""_s;
        QTest::newRow("quote") << u"say \"hi\""_s << u"\"say \"\"hi\"\"\""_s;
        // Line breaks and other controls are escaped (issue #31): no control byte in the file.
        QTest::newRow("newline") << u"a\nb"_s << u"a\\u000Ab"_s;
        QTest::newRow("carriage return") << u"a\rb"_s << u"a\\u000Db"_s;
        QTest::newRow("leading space") << u" x"_s << u"\" x\""_s;
        QTest::newRow("unicode") << u"损失"_s << u"损失"_s;
    }
    void quotesOnlyWhatMustBeQuoted()
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QCOMPARE(csvField(text), field);
    }

    // OWASP's CSV injection rule on text cells; numbers keep their sign (issue #31).
    void neutralisesFormulasAndControls_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("equals") << u"=cmd|' /C calc'!A0"_s << u"'=cmd|' /C calc'!A0"_s;
        QTest::newRow("hyperlink") << u"=HYPERLINK(\"http://x\",\"y\")"_s
                                   << u"\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""_s;
        QTest::newRow("plus") << u"+A1"_s << u"'+A1"_s;
        QTest::newRow("minus") << u"-2+3"_s << u"'-2+3"_s;
        QTest::newRow("at") << u"@SUM(A1)"_s << u"'@SUM(A1)"_s;
        QTest::newRow("leading tab") << u"\t=1"_s << u"\\u0009=1"_s;
        QTest::newRow("leading CR") << u"\r=1"_s << u"\\u000D=1"_s;
        QTest::newRow("ESC BEL") << u"a\x1b[2J\x07"_s << u"a\\u001B[2J\\u0007"_s;
        QTest::newRow("DEL and C1") << u"a\x7f\u009b"_s << u"a\\u007F\\u009B"_s;
        QTest::newRow("bidi override") << u"abc\u202Etxt.exe"_s << u"abc\\u202Etxt.exe"_s;
        QTest::newRow("bidi isolate") << u"\u2066x\u2069"_s << u"\\u2066x\\u2069"_s;
        QTest::newRow("negative number") << u"-1.5"_s << u"-1.5"_s;
        QTest::newRow("exponent") << u"-2.5e-07"_s << u"-2.5e-07"_s;
        QTest::newRow("plus number") << u"+3"_s << u"+3"_s;
        QTest::newRow("percent") << u"-12.5%"_s << u"-12.5%"_s;
        QTest::newRow("-inf") << u"-inf"_s << u"-inf"_s;
        QTest::newRow("-Nan") << u"-Nan"_s << u"-Nan"_s;
        QTest::newRow("lone minus") << u"-"_s << u"'-"_s;
        QTest::newRow("minus word") << u"-infinity"_s << u"'-infinity"_s;
        QTest::newRow("bad exponent") << u"-1e"_s << u"'-1e"_s;
        QTest::newRow("equals inside") << u"a=b"_s << u"a=b"_s;
    }
    void neutralisesFormulasAndControls()
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QCOMPARE(csvField(text), field);
    }

    void numbersFromModelsStayNumbers()
    {
        for (double v : {-1.5,
                         -1e-300,
                         -0.0,
                         -123456789.0,
                         -std::numeric_limits<double>::infinity(),
                         std::numeric_limits<double>::quiet_NaN()})
            QCOMPARE(csvField(csvNumber(v)), csvNumber(v));
    }

    void rowsAndNumbers()
    {
        QCOMPARE(csvRow({u"a"_s, u"b,c"_s, QString()}), u"a,\"b,c\","_s);
        QCOMPARE(csvNumber(0.1), u"0.1"_s);
        QCOMPARE(csvNumber(1e-300), u"1e-300"_s);
        QCOMPARE(csvNumber(std::numeric_limits<double>::quiet_NaN()), u"nan"_s);
        QCOMPARE(csvNumber(-std::numeric_limits<double>::infinity()), u"-inf"_s);
        // Shortest spelling that reads back to the same double.
        const double v = 0.1 + 0.2;
        QCOMPARE(csvNumber(v).toDouble(), v);
    }

    void writerReportsFailedWrites()
    {
        QBuffer closed; // never opened: every write fails
        CsvWriter w(&closed);
        w.row({u"x"_s});
        QVERIFY(!w.ok());
        QBuffer open;
        QVERIFY(open.open(QIODevice::WriteOnly));
        CsvWriter ok(&open);
        ok.row({u"a"_s, u"1"_s});
        ok.row({u"b,c"_s, u"2"_s});
        QVERIFY(ok.ok());
        QCOMPARE(open.data(), QByteArray("a,1\n\"b,c\",2\n"));
    }

    void modelUsesRawNumbers()
    {
        // DisplayRole is locale text ("1,234.5"); the raw role's number is written instead.
        const OpTable model;
        QBuffer out;
        QVERIFY(out.open(QIODevice::WriteOnly));
        QVERIFY(writeModelCsv(model, &out, OpTable::Raw));
        QCOMPARE(QString::fromUtf8(out.data()),
                 u"Name,Total (µs)\n\"MatMul, fused\",1234.5\nCast,n/a\n"_s);
    }
};

QTEST_GUILESS_MAIN(tst_CsvWriter)
#include "tst_csvwriter.moc"
