#include "core/export/terminaltext.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryFile>
#include <QTest>
#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_TerminalText : public QObject
{
    Q_OBJECT

private slots:
    void escapes_data();
    void escapes();
    void jsonStaysValid();
    void deviceHandlesSplitCharacters();
};

void tst_TerminalText::escapes_data()
{
    QTest::addColumn<QByteArray>("in");
    QTest::addColumn<QByteArray>("out");
    QTest::newRow("plain") << QByteArray("abc 1.5 µs 算子") << QByteArray("abc 1.5 µs 算子");
    QTest::newRow("newline and tab kept") << QByteArray("a\tb\nc") << QByteArray("a\tb\nc");
    QTest::newRow("ESC sequence") << QByteArray("a\x1b[2Jb") << QByteArray("a\\u001B[2Jb");
    QTest::newRow("BEL NUL CR") << QByteArray("x\x07y\0z\r", 6)
                                << QByteArray("x\\u0007y\\u0000z\\u000D");
    QTest::newRow("DEL") << QByteArray("a\x7f") << QByteArray("a\\u007F");
    QTest::newRow("C1 CSI") << QByteArray("a\xc2\x9b"
                                          "31m")
                            << QByteArray("a\\u009B31m");
    QTest::newRow("bidi override") << QByteArray("a\xe2\x80\xae"
                                                 "cba")
                                   << QByteArray("a\\u202Ecba");
    QTest::newRow("bidi embedding and isolates")
        << QByteArray("\xe2\x80\xaa\xe2\x81\xa6x\xe2\x81\xa9")
        << QByteArray("\\u202A\\u2066x\\u2069");
    QTest::newRow("other U+20xx kept")
        << QByteArray("1\xe2\x80\xa6 \xe2\x82\xac") << QByteArray("1\xe2\x80\xa6 \xe2\x82\xac");
    QTest::newRow("U+00A0 is not C1") << QByteArray("a\xc2\xa0z") << QByteArray("a\xc2\xa0z");
}

void tst_TerminalText::escapes()
{
    QFETCH(QByteArray, in);
    QFETCH(QByteArray, out);
    QByteArray got;
    QCOMPARE(escapeControls(in, &got), qsizetype(0));
    QCOMPARE(got, out);
}

void tst_TerminalText::jsonStaysValid()
{
    // JSON output passes through the same device: the escapes must leave it valid and equal.
    const QString name = u"k\x1b[31m\u0085\u009b\x7fz"_s;
    const QByteArray json = QJsonDocument(QJsonObject{{u"name"_s, name}}).toJson();
    QByteArray escaped;
    escapeControls(json, &escaped);
    for (const char c : escaped)
        QVERIFY(uchar(c) >= 0x20 || c == '\n' || c == '\t');
    QCOMPARE(QJsonDocument::fromJson(escaped).object().value(u"name"_s).toString(), name);
}

void tst_TerminalText::deviceHandlesSplitCharacters()
{
    QTemporaryFile file;
    QVERIFY(file.open());
    FILE *f = fdopen(dup(file.handle()), "w");
    QVERIFY(f);
    {
        ControlEscapingDevice device(f);
        QCOMPARE(device.write("a\xc2", 2), qint64(2)); // a C1 character cut between two writes
        QCOMPARE(device.write("\x9b"
                              "b\xc2",
                              3),
                 qint64(3));
        QCOMPARE(device.write("\xa9!", 2), qint64(2));
        // U+202E cut after its first and after its second byte
        QCOMPARE(device.write("x\xe2", 2), qint64(2));
        QCOMPARE(device.write("\x80", 1), qint64(1));
        QCOMPARE(device.write("\xae"
                              "y\xe2\x80",
                              4),
                 qint64(4));
        QCOMPARE(device.write("\xa6", 1), qint64(1)); // U+2026, an ellipsis: kept
    }
    fclose(f);
    file.seek(0);
    QCOMPARE(file.readAll(), QByteArray("a\\u009Bb\xc2\xa9!x\\u202Ey\xe2\x80\xa6"));
}

QTEST_GUILESS_MAIN(tst_TerminalText)
#include "tst_terminaltext.moc"
