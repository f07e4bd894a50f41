#include "core/common/mappedfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// A file that shrinks under a mapping must not kill the process (issue #16): the guard turns the
// fault into zeros and a "changed" flag, for its own mappings only.
class tst_MappedFile : public QObject
{
    Q_OBJECT

private slots:
    void readsTheFile();
    void shrinkReadsZerosAndIsFlagged();
    void shrinkSeenWithoutFault();
    void foreignFaultStillKills();
    void manyMappingsAtOnce();

private:
    QString writeFile(qint64 size)
    {
        const QString path = m_dir.filePath(u"f%1"_s.arg(m_count++));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        QByteArray data(size, Qt::Uninitialized);
        for (qint64 i = 0; i < size; ++i)
            data[i] = char('a' + i % 26);
        f.write(data);
        return path;
    }
    QTemporaryDir m_dir;
    int m_count = 0;
};

void tst_MappedFile::readsTheFile()
{
    QFile f(writeFile(100000));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QString error;
    const auto m = MappedFile::map(f.handle(), 5001, 300, false, &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(m->size(), qint64(300));
    QCOMPARE(m->data()[0], char('a' + 5001 % 26));
    QCOMPARE(m->data()[299], char('a' + 5300 % 26));
    QVERIFY(!m->changed());
}

void tst_MappedFile::shrinkReadsZerosAndIsFlagged()
{
    const QString path = writeFile(1 << 20);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QString error;
    const auto m = MappedFile::map(f.handle(), 0, 1 << 20, false, &error);
    QVERIFY(m);
    QCOMPARE(m->data()[10], 'k');
    const qint64 before = MappedFile::faultsHandled();
    QVERIFY(QFile::resize(path, 4096)); // someone truncates the file
    // Past the new end: a SIGBUS without the guard; zeros with it.
    volatile char c = m->data()[512 * 1024];
    QCOMPARE(int(c), 0);
    c = m->data()[(1 << 20) - 1];
    QCOMPARE(int(c), 0);
    QVERIFY(m->faulted());
    QVERIFY(m->changed());
    QVERIFY(MappedFile::faultsHandled() > before);
    QCOMPARE(m->data()[10], 'k'); // what is still in the file reads as before
}

void tst_MappedFile::shrinkSeenWithoutFault()
{
    const QString path = writeFile(1 << 16);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QString error;
    const auto m = MappedFile::map(f.handle(), 0, 1 << 16, false, &error);
    QVERIFY(m);
    QVERIFY(QFile::resize(path, 1 << 15));
    QVERIFY(!m->faulted()); // nothing read past the end...
    QVERIFY(m->changed());  // ...but the size says the file is not what was mapped
}

// ASan (GCC or clang) handles SIGBUS itself; see foreignFaultStillKills.
#if defined(__SANITIZE_ADDRESS__)
#define TST_MAPPEDFILE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TST_MAPPEDFILE_ASAN 1
#endif
#endif
#ifndef TST_MAPPEDFILE_ASAN
#define TST_MAPPEDFILE_ASAN 0
#endif

// Run as "tst_mappedfile --foreign-fault FILE" (a fresh process without QTest's crash handler):
// installs the guard, then faults on a mapping it does not know. Returns only if the fault was
// swallowed.
int foreignFaultChild(const char *path)
{
    const int fd = open(path, O_RDWR);
    QString error;
    const auto guarded = MappedFile::map(fd, 0, 4096, false, &error); // the handler is installed
    void *p = mmap(nullptr, 1 << 16, PROT_READ, MAP_PRIVATE, fd, 0);
    if (!guarded || p == MAP_FAILED || ftruncate(fd, 0) != 0)
        return 2;
    volatile char c = static_cast<const char *>(p)[40000];
    (void)c;
    return 0; // survived: the guard swallowed a fault that was not its own
}

void tst_MappedFile::foreignFaultStillKills()
{
    // A fault outside every registered mapping is a bug, not a changed file: it must still end the
    // process with SIGBUS.
    const QByteArray path = QFile::encodeName(writeFile(1 << 16));
    const QByteArray self = QFile::encodeName(QCoreApplication::applicationFilePath());
    const pid_t child = fork();
    if (child == 0) {
        execl(self.constData(), self.constData(), "--foreign-fault", path.constData(), nullptr);
        _exit(3);
    }
    QVERIFY(child > 0);
    int status = 0;
    QCOMPARE(waitpid(child, &status, 0), child);
#if TST_MAPPEDFILE_ASAN
    // ASan's SIGBUS handler was installed first: the guard hands the fault on to it, and it ends
    // the process with its report (exit 1) instead of the signal. Exit 0 would be a swallowed
    // fault.
    QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 1, qPrintable(u"status %1"_s.arg(status)));
#else
    QVERIFY2(WIFSIGNALED(status), qPrintable(u"exit %1"_s.arg(WEXITSTATUS(status))));
    QCOMPARE(WTERMSIG(status), SIGBUS);
#endif
}

void tst_MappedFile::manyMappingsAtOnce()
{
    // Beyond the registry's slots a mapping is refused (callers read the file instead), never
    // left unguarded.
    QFile f(writeFile(8192));
    QVERIFY(f.open(QIODevice::ReadOnly));
    std::vector<std::unique_ptr<MappedFile>> maps;
    QString error;
    for (int i = 0; i < 2000; ++i) {
        auto m = MappedFile::map(f.handle(), 0, 8192, false, &error);
        if (!m)
            break;
        maps.push_back(std::move(m));
    }
    QVERIFY(maps.size() >= 256);
    QVERIFY(maps.size() < 2000);
    QVERIFY(!error.isEmpty());
    maps.clear();
    QVERIFY(MappedFile::map(f.handle(), 0, 8192, false, &error)); // slots come back
}

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--foreign-fault") == 0)
        return foreignFaultChild(argv[2]);
    QCoreApplication app(argc, argv);
    tst_MappedFile test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_mappedfile.moc"
