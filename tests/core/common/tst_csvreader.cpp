#include "common/testdata.h"
#include "core/common/csvreader.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_CsvReader : public QObject
{
    Q_OBJECT

private slots:
    void records_data();
    void records();
    void lineNumbersCountQuotedBreaks();
    void unterminatedQuote();
    void values_data();
    void values();
    void numbers();
    void columnsByName();
    void missingColumnNamesFileAndColumn();
    void realKernelTableAgreesWithPython();
    void prefixesNeverReadPastTheData();
};

void tst_CsvReader::records_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QStringList>("first");
    QTest::addColumn<int>("records");
    QTest::newRow("plain") << QByteArray("a,b,c\n1,2,3\n") << QStringList{u"a"_s, u"b"_s, u"c"_s}
                           << 2;
    QTest::newRow("crlf") << QByteArray("a,b\r\n1,2\r\n") << QStringList{u"a"_s, u"b"_s} << 2;
    QTest::newRow("no final newline") << QByteArray("a,b\n1,2") << QStringList{u"a"_s, u"b"_s} << 2;
    QTest::newRow("quoted comma") << QByteArray("\"x,y\",z\n") << QStringList{u"x,y"_s, u"z"_s}
                                  << 1;
    QTest::newRow("doubled quote")
        << QByteArray("\"say \"\"hi\"\"\",2\n") << QStringList{u"say \"hi\""_s, u"2"_s} << 1;
    QTest::newRow("triple quoted shape") << QByteArray("\"\"\"8,512;4,4\"\"\",N/A\n")
                                         << QStringList{u"\"8,512;4,4\""_s, u"N/A"_s} << 1;
    QTest::newRow("newline in quotes")
        << QByteArray("\"a\nb\",c\nd,e\n") << QStringList{u"a\nb"_s, u"c"_s} << 2;
    QTest::newRow("empty fields") << QByteArray(",,\n") << QStringList{u""_s, u""_s, u""_s} << 1;
    QTest::newRow("blank line") << QByteArray("\n") << QStringList{u""_s} << 1;
    QTest::newRow("text after closing quote")
        << QByteArray("\"12.5\"\t,x\n") << QStringList{u"12.5\t"_s, u"x"_s} << 1;
}

void tst_CsvReader::records()
{
    QFETCH(QByteArray, data);
    QFETCH(QStringList, first);
    CsvReader r(std::string_view(data.constData(), size_t(data.size())));
    std::vector<std::string_view> fields;
    QVERIFY(r.next(fields));
    QStringList got;
    for (std::string_view f : fields)
        got << QString::fromUtf8(f.data(), qsizetype(f.size()));
    QCOMPARE(got, first);
    int n = 1;
    while (r.next(fields))
        ++n;
    QTEST(n, "records");
    QVERIFY(r.atEnd());
    QVERIFY(!r.next(fields));
}

void tst_CsvReader::lineNumbersCountQuotedBreaks()
{
    const QByteArray data = "h1,h2\n\"a\nb\",1\nc,2\n";
    CsvReader r(std::string_view(data.constData(), size_t(data.size())));
    std::vector<std::string_view> f;
    QVERIFY(r.next(f));
    QCOMPARE(r.line(), 1);
    QVERIFY(r.next(f));
    QCOMPARE(r.line(), 2);
    QCOMPARE(r.offset(), 6);
    QVERIFY(r.next(f));
    QCOMPARE(r.line(), 4);
}

void tst_CsvReader::unterminatedQuote()
{
    const QByteArray data = "a,\"never closed\nmore";
    CsvReader r(std::string_view(data.constData(), size_t(data.size())));
    std::vector<std::string_view> f;
    QVERIFY(r.next(f));
    QVERIFY(r.unterminatedQuote());
    QCOMPARE(int(f.size()), 2);
    QCOMPARE(f[1], std::string_view("never closed\nmore"));
    QVERIFY(!r.next(f));
}

void tst_CsvReader::values_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("missing");
    QTest::newRow("tab after time")
        << u"1736413971558972.912\t"_s << u"1736413971558972.912"_s << false;
    QTest::newRow("leftover quotes") << u"\"4096,512\""_s << u"4096,512"_s << false;
    QTest::newRow("N/A") << u"N/A"_s << u"N/A"_s << true;
    QTest::newRow("empty") << u"  "_s << QString() << true;
    QTest::newRow("dash") << u"-"_s << u"-"_s << true;
    QTest::newRow("zero") << u"0"_s << u"0"_s << false;
}

void tst_CsvReader::values()
{
    QFETCH(QString, field);
    const QByteArray bytes = field.toUtf8();
    const std::string_view v = csvValue(std::string_view(bytes.constData(), size_t(bytes.size())));
    QTEST(QString::fromUtf8(v.data(), qsizetype(v.size())), "value");
    QTEST(isMissingValue(std::string_view(bytes.constData(), size_t(bytes.size()))), "missing");
}

void tst_CsvReader::numbers()
{
    QCOMPARE(parseCsvDouble(" 12.5\t").value(), 12.5);
    QCOMPARE(parseCsvDouble("+3").value(), 3.0);
    QCOMPARE(parseCsvDouble("1e-3").value(), 0.001);
    QVERIFY(!parseCsvDouble("N/A"));
    QVERIFY(!parseCsvDouble("12abc"));
    QVERIFY(!parseCsvDouble("nan"));
    QVERIFY(!parseCsvDouble("inf"));
    QCOMPARE(parseCsvInt("4294967295").value(), 4294967295LL);
    QVERIFY(!parseCsvInt("1.5"));
    QVERIFY(!parseCsvInt("99999999999999999999"));
}

void tst_CsvReader::columnsByName()
{
    const QByteArray data = "\xEF\xBB\xBFStep Id , Type,\"Input Shapes\"\n";
    CsvReader r(std::string_view(data.constData(), size_t(data.size())));
    std::vector<std::string_view> f;
    QVERIFY(r.next(f));
    const CsvColumns cols(f);
    QCOMPARE(cols.names(), (QStringList{u"Step Id"_s, u"Type"_s, u"Input Shapes"_s}));
    QCOMPARE(cols.find({"step id"}), 0);
    QCOMPARE(cols.find({"OP Type", "Type"}), 1);
    QCOMPARE(cols.find({"INPUT SHAPES"}), 2);
    QCOMPARE(cols.find({"Duration(us)"}), -1);
}

void tst_CsvReader::missingColumnNamesFileAndColumn()
{
    const QByteArray data = "a,b\n";
    CsvReader r(std::string_view(data.constData(), size_t(data.size())));
    std::vector<std::string_view> f;
    r.next(f);
    const Error e = missingColumnError(u"/x/kernel_details.csv"_s, u"Type"_s, CsvColumns(f));
    QCOMPARE(e.code, ErrorCode::Malformed);
    QCOMPARE(e.file, u"/x/kernel_details.csv"_s);
    QCOMPARE(e.line, 1);
    QVERIFY(e.message.contains(u"\"Type\""_s));
    QCOMPARE(e.found, u"a,b"_s);
    QVERIFY(e.toString().startsWith(u"kernel_details.csv, line 1"_s));
}

void tst_CsvReader::realKernelTableAgreesWithPython()
{
    // python3's csv.reader: 30 records of 46 fields; record 2 has shapes '"81920,4096;8192,512"'
    // and start time '1736413971558972.912\t'.
    QFile file(sharedData(u"trace/mstt_compute_advice_kernel_details_small.csv"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray data = file.readAll();
    CsvReader r(std::string_view(data.constData(), size_t(data.size())));
    std::vector<std::string_view> f;
    int records = 0;
    while (r.next(f)) {
        ++records;
        QCOMPARE(int(f.size()), 46);
        if (records == 2) {
            QCOMPARE(f[14], std::string_view("\"81920,4096;8192,512\""));
            QCOMPARE(f[8], std::string_view("1736413971558972.912\t"));
        }
    }
    QCOMPARE(records, 30);
}

void tst_CsvReader::prefixesNeverReadPastTheData()
{
    // Every cut of a real table reads to its end without overrunning: the cut is the data.
    QFile file(sharedData(u"trace/mstt_advisor_kernel_details.csv"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray data = file.readAll();
    for (int i = 0; i <= 100; ++i) {
        const qsizetype cut = data.size() * i / 100;
        const QByteArray part = data.left(cut);
        CsvReader r(std::string_view(part.constData(), size_t(part.size())));
        std::vector<std::string_view> f;
        qint64 fields = 0;
        while (r.next(f))
            fields += qint64(f.size());
        QVERIFY(r.position() <= size_t(part.size()));
        QVERIFY(cut == 0 || fields > 0);
    }
}

QTEST_GUILESS_MAIN(tst_CsvReader)
#include "tst_csvreader.moc"
