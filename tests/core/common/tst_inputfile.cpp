// The one open routine for paths the user gives (issue #16): FIFOs, sockets, devices and folders
// are refused where a file is expected, without ever blocking; containment resolves symlinks.
#include "core/common/bytesource.h"
#include "core/common/inputfile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestInputFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }
    static void write(const QString &file, const QByteArray &bytes)
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        write(path(u"file.txt"_s), "hello\n");
        write(path(u"empty.txt"_s), {});
        QVERIFY(QDir(m_dir.path()).mkdir(u"folder"_s));
        QCOMPARE(::mkfifo(QFile::encodeName(path(u"fifo"_s)).constData(), 0600), 0);
        QVERIFY(QFile::link(path(u"fifo"_s), path(u"link_to_fifo"_s)));
        // A listening-less Unix socket file is enough for stat to say "socket".
        const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        const QByteArray sock = QFile::encodeName(path(u"sock"_s));
        if (size_t(sock.size()) < sizeof addr.sun_path) {
            std::memcpy(addr.sun_path, sock.constData(), size_t(sock.size()));
            QCOMPARE(::bind(s, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        }
        ::close(s);
    }

    void checkInputPath_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("code"); // empty: accepted
        QTest::addColumn<QString>("says");
        const int file = int(InputKind::File), folder = int(InputKind::Folder),
                  either = int(InputKind::FileOrFolder);
        QTest::newRow("file") << u"file.txt"_s << file << QString() << QString();
        QTest::newRow("file as either") << u"file.txt"_s << either << QString() << QString();
        QTest::newRow("folder as either") << u"folder"_s << either << QString() << QString();
        QTest::newRow("folder as folder") << u"folder"_s << folder << QString() << QString();
        QTest::newRow("missing") << u"nope"_s << file << u"not_found"_s << u"does not exist"_s;
        QTest::newRow("empty") << u"empty.txt"_s << file << u"empty_file"_s << u"empty"_s;
        QTest::newRow("folder as file")
            << u"folder"_s << file << u"not_regular_file"_s << u"folder, not a file"_s;
        QTest::newRow("file as folder")
            << u"file.txt"_s << folder << u"not_regular_file"_s << u"file, not a folder"_s;
        QTest::newRow("fifo") << u"fifo"_s << file << u"not_regular_file"_s << u"FIFO"_s;
        QTest::newRow("fifo as either")
            << u"fifo"_s << either << u"not_regular_file"_s << u"FIFO"_s;
        QTest::newRow("symlink to fifo")
            << u"link_to_fifo"_s << file << u"not_regular_file"_s << u"FIFO"_s;
        QTest::newRow("device") << u"/dev/zero"_s << file << u"not_regular_file"_s << u"device"_s;
        QTest::newRow("socket") << u"sock"_s << file << u"not_regular_file"_s << u"socket"_s;
    }
    void checkInputPath()
    {
        QFETCH(QString, name);
        QFETCH(int, kind);
        QFETCH(QString, code);
        QFETCH(QString, says);
        const QString p = name.startsWith(u'/') ? name : path(name);
        if (name == u"sock"_s && !QFileInfo::exists(p))
            QSKIP("the socket path is too long for this temporary folder");
        const auto e = Twinscope::Core::checkInputPath(p, InputKind(kind));
        if (code.isEmpty()) {
            QVERIFY2(!e, e ? qPrintable(e->message) : "");
            return;
        }
        QVERIFY(e);
        QCOMPARE(errorCodeId(e->code), code);
        QVERIFY2(e->message.contains(says), qPrintable(e->message));
        QCOMPARE(e->file, p);
    }

    void openNeverBlocks_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("code");
        QTest::newRow("fifo") << u"fifo"_s << u"not_regular_file"_s;
        QTest::newRow("symlink to fifo") << u"link_to_fifo"_s << u"not_regular_file"_s;
        QTest::newRow("device") << u"/dev/zero"_s << u"not_regular_file"_s;
        QTest::newRow("folder") << u"folder"_s << u"not_regular_file"_s;
        QTest::newRow("missing") << u"nope"_s << u"not_found"_s;
    }
    void openNeverBlocks()
    {
        // A plain open() of a FIFO with no writer waits forever: each of these must return at
        // once, refused (ByteSource, the small-file reader and the raw open alike).
        QFETCH(QString, name);
        QFETCH(QString, code);
        const QString p = name.startsWith(u'/') ? name : path(name);
        QElapsedTimer timer;
        timer.start();
        QFile f;
        Error e;
        QVERIFY(!openInputFile(&f, p, &e));
        QCOMPARE(errorCodeId(e.code), code);
        Error small;
        QVERIFY(!readSmallInputFile(p, 1 << 20, &small));
        QCOMPARE(errorCodeId(small.code), code);
        Error bytes;
        QVERIFY(!ByteSource::open(Source::fromPath(p), &bytes));
        QCOMPARE(errorCodeId(bytes.code), code);
        QVERIFY(timer.elapsed() < 5000);
    }

    void openRegularFile()
    {
        QFile f;
        Error e;
        QVERIFY(openInputFile(&f, path(u"file.txt"_s), &e));
        QCOMPARE(f.size(), 6);
        QCOMPARE(f.readAll(), QByteArray("hello\n"));
        // ByteSource maps the descriptor opened this way.
        Error be;
        const auto bytes = ByteSource::open(Source::fromPath(path(u"file.txt"_s)), &be);
        QVERIFY(bytes);
        QCOMPARE(bytes->data(), std::string_view("hello\n"));
    }

    void smallFileCap()
    {
        Error e;
        const auto ok = readSmallInputFile(path(u"file.txt"_s), 6, &e);
        QVERIFY(ok);
        QCOMPARE(*ok, QByteArray("hello\n"));
        QVERIFY(!readSmallInputFile(path(u"file.txt"_s), 5, &e));
        QCOMPARE(e.code, ErrorCode::TooLarge);
        QVERIFY(e.message.contains(u"at most"_s));
    }

    void outputFile()
    {
        QFile f;
        Error e;
        QVERIFY(openOutputFile(&f, path(u"out.csv"_s), &e));
        f.write("a,b\n");
        f.close();
        QCOMPARE(QFileInfo(path(u"out.csv"_s)).size(), 4);
        QFile folder;
        QVERIFY(!openOutputFile(&folder, path(u"folder"_s), &e));
        QCOMPARE(e.code, ErrorCode::NotRegularFile);
        // A FIFO nobody reads: refused at once instead of waiting for a reader ...
        QElapsedTimer timer;
        timer.start();
        QFile fifo;
        QVERIFY(!openOutputFile(&fifo, path(u"fifo"_s), &e));
        QVERIFY2(e.message.contains(u"Nothing reads"_s), qPrintable(e.message));
        QVERIFY(timer.elapsed() < 5000);
        // ... and written when something reads it (a process substitution, a pager).
        const int reader =
            ::open(QFile::encodeName(path(u"fifo"_s)).constData(), O_RDONLY | O_NONBLOCK);
        QVERIFY(reader >= 0);
        QFile piped;
        QVERIFY(openOutputFile(&piped, path(u"fifo"_s), &e));
        QCOMPARE(piped.write("x\n"), 2);
        piped.close();
        char buffer[4] = {};
        QCOMPARE(::read(reader, buffer, sizeof buffer), 2);
        ::close(reader);
    }

    void pathIsInside_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<bool>("inside");
        QTest::newRow("file in root") << u"root/a.npy"_s << true;
        QTest::newRow("nested") << u"root/sub/b.npy"_s << true;
        QTest::newRow("the root") << u"root"_s << true;
        QTest::newRow("dot dot out") << u"root/../outside.npy"_s << false;
        QTest::newRow("dot dot out, missing") << u"root/../../nowhere/x.npy"_s << false;
        QTest::newRow("dot dot back in") << u"root/sub/../a.npy"_s << true;
        QTest::newRow("sibling with the root's name as prefix") << u"rootish/c.npy"_s << false;
        QTest::newRow("symlink out") << u"root/escape.npy"_s << false;
        QTest::newRow("symlink in") << u"root/alias.npy"_s << true;
        QTest::newRow("absolute elsewhere") << u"/etc/passwd"_s << false;
    }
    void pathIsInside()
    {
        QFETCH(QString, target);
        QFETCH(bool, inside);
        QTemporaryDir dir;
        QDir d(dir.path());
        QVERIFY(d.mkpath(u"root/sub"_s) && d.mkpath(u"rootish"_s));
        for (const QString &f :
             {u"root/a.npy"_s, u"root/sub/b.npy"_s, u"outside.npy"_s, u"rootish/c.npy"_s})
            write(d.filePath(f), "x");
        QVERIFY(QFile::link(d.filePath(u"outside.npy"_s), d.filePath(u"root/escape.npy"_s)));
        QVERIFY(QFile::link(u"sub/b.npy"_s, d.filePath(u"root/alias.npy"_s)));
        const QString p = target.startsWith(u'/') ? target : d.filePath(target);
        QCOMPARE(Twinscope::Core::pathIsInside(p, {d.filePath(u"root"_s)}), inside);
    }
};

QTEST_GUILESS_MAIN(TestInputFile)
#include "tst_inputfile.moc"
