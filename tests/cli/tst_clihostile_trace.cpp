// The hostile-input suite for traces, gzip and CLI output (issue #16, the trace/mapping/memory
// half): each input is made at test time, run through the real twinscope-cli, and must end with
// exit 0 and counted warnings or exit 3 and a message, within its time, with no signal and, in
// Release builds, within its memory bound. docs/RELIABILITY-trace.md lists the same cases with
// measured numbers.
#include "common/hostileinputs.h"
#include "testhelpers_measure.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;

namespace {

struct Case
{
    const char *name;
    const char *file;
    std::function<bool(const QString &path)> make;
    QStringList command; // the file is appended
    int exitCode;
    QStringList stderrHas; // text-mode stderr must contain each
    double cpuSeconds;     // Release limit (both cores count): "< 5 s on 2 cores" is 10 CPU-s
    qint64 rssMb;          // Release limit
};

bool write(const QString &path, const QByteArray &bytes)
{
    return Hostile::writeFile(path, bytes);
}

// One event whose name is bytes long, written in pieces so the test itself stays small.
bool writeLongName(const QString &path, qint64 bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write("[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1,\"name\":\"");
    const QByteArray piece(1 << 20, 'n');
    for (qint64 done = 0; done < bytes; done += piece.size())
        f.write(piece);
    return f.write(
               "\"},{\"ph\":\"X\",\"name\":\"after\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":1}]") > 0;
}

QByteArray smallTrace()
{
    return Hostile::eventArray(100000, [](qint64 i) {
        return "{\"ph\":\"X\",\"name\":\"k" + QByteArray::number(i % 7) +
               "\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(2 * i) + ",\"dur\":1}";
    });
}

const std::vector<Case> &cases()
{
    const qint64 M = 1000000;
    static const std::vector<Case> all = {
        {"1e6 nested X",
         "deep.json",
         [=](const QString &p) { return write(p, Hostile::deepX(M)); },
         {u"trace"_s},
         0,
         {u"nested deeper than 4096 levels"_s, u"[deep_nesting]"_s},
         10,
         600},
        {"1e6 B never closed",
         "open.json",
         [=](const QString &p) { return write(p, Hostile::openB(M)); },
         {u"trace"_s},
         0,
         {u"(1000000 times) [unmatched_begin]"_s, u"(byte 1)"_s},
         10,
         600},
        {"1e6 nested B then E",
         "nested.json",
         [=](const QString &p) { return write(p, Hostile::nestedBE(M)); },
         {u"trace"_s},
         0,
         {u"[deep_nesting]"_s},
         10,
         800},
        {"1e6 unmatched E",
         "ends.json",
         [=](const QString &p) { return write(p, Hostile::unmatchedE(M)); },
         {u"trace"_s},
         0,
         {u"(1000000 times) [unmatched_end]"_s, u"ends.json (byte 1)"_s},
         10,
         400},
        {"[{}] x 1e7 (30 MB)",
         "empties.json",
         [=](const QString &p) { return write(p, Hostile::emptyEvents(10 * M)); },
         {u"trace"_s},
         0,
         {},
         10,
         120}, // within 4x the input
        {"[{}] x 1e7 as .gz",
         "empties.json.gz",
         [=](const QString &p) { return write(p, Hostile::gzip(Hostile::emptyEvents(10 * M))); },
         {u"trace"_s},
         0,
         {},
         10,
         120},
        {"one 500 MB event name",
         "longname.json",
         [](const QString &p) { return writeLongName(p, qint64(500) << 20); },
         {u"trace"_s},
         0,
         {u"longer than 16384 bytes were cut"_s, u"[long_name]"_s},
         10,
         2000}, // within 4x the input
        {"cut-off file",
         "cut.json",
         [](const QString &p) {
             const QByteArray t = smallTrace();
             return write(p, t.left(t.size() / 2));
         },
         {u"trace"_s},
         0,
         {u"cut.json (byte "_s, u"The file ends inside the event array"_s, u"[truncated]"_s},
         5,
         200},
        {"trailing junk",
         "junk.json",
         [](const QString &p) { return write(p, smallTrace() + " junk"); },
         {u"trace"_s},
         0,
         {u"Text after the end of the trace was ignored"_s, u"[trailing_junk]"_s},
         5,
         200},
        {"truncated gzip",
         "cut.json.gz",
         [](const QString &p) {
             const QByteArray gz = Hostile::gzip(smallTrace());
             return write(p, gz.left(gz.size() / 2));
         },
         {u"trace"_s},
         0,
         {u"[truncated_gzip]"_s, u"[truncated]"_s},
         5,
         200},
        {"control characters in names",
         "ctrl.json",
         [](const QString &p) {
             return write(p,
                          "[{\"ph\":\"X\",\"name\":\"a\\u001b[2J\\u0007\\u0000\xc2\x9bz\",\"pid\":"
                          "1,\"tid\":1,\"ts\":1,\"dur\":5}]");
         },
         {u"trace"_s},
         0,
         {},
         5,
         200},
        {"pid/tid as object, array, null, boolean",
         "oddpid.json",
         [](const QString &p) {
             return write(p,
                          "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":{\"x\":1},\"tid\":[2],\"ts\":1,"
                          "\"dur\":5},{\"ph\":\"X\",\"name\":\"a\",\"pid\":null,\"tid\":true,"
                          "\"ts\":1,\"dur\":5}]");
         },
         {u"trace"_s},
         0,
         {u"(4 times) [odd_pid_tid]"_s},
         5,
         200},
        {"gzip bomb: 20 GB of spaces in 21 MB",
         "spaces.json.gz",
         [](const QString &p) { return write(p, Hostile::gzipBomb("[", ' ', qint64(20) << 30)); },
         {u"trace"_s},
         3,
         {u"likely gzip bomb"_s},
         10,
         400},
        {"gzip bomb: 20 GB of NUL in 21 MB",
         "nul.json.gz",
         [](const QString &p) {
             return write(p, Hostile::gzipBomb("[{}", '\0', qint64(20) << 30));
         },
         {u"trace"_s},
         3,
         {u"nul.json.gz"_s},
         10,
         400},
        {"gzip bomb as a loss log",
         "spaces.log.gz",
         [](const QString &p) {
             return write(p, Hostile::gzipBomb("step 1 loss 2.5\n", ' ', qint64(20) << 30));
         },
         {u"loss"_s},
         3,
         {u"likely gzip bomb"_s},
         10,
         400},
        {"gzip bomb as a host log",
         "plog-pid_1_20260101000000.log.gz",
         [](const QString &p) {
             return write(p, Hostile::gzipBomb("[INFO] GE(1,python):", '\0', qint64(20) << 30));
         },
         {u"opinfo"_s},
         3,
         {u"likely gzip bomb"_s},
         10,
         400},
    };
    return all;
}

} // namespace

class tst_CliHostileTrace : public QObject
{
    Q_OBJECT

private slots:
    void hostile_data();
    void hostile();

private:
    QTemporaryDir m_dir;
};

void tst_CliHostileTrace::hostile_data()
{
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < cases().size(); ++i)
        QTest::newRow(cases()[i].name) << int(i);
}

void tst_CliHostileTrace::hostile()
{
    QFETCH(int, index);
    const Case &c = cases()[size_t(index)];
    const QString path = m_dir.filePath(QString::fromLatin1(c.file));
    QVERIFY(c.make(path));
    const qint64 inputBytes = QFileInfo(path).size();
    // A generous wall limit catches a hang on a shared machine; the CPU limit is the real one.
    const double slow = SanitizedBuild ? 6 : 1;
    const MeasuredRun r = runMeasured(c.command + QStringList{path}, int(120000 * slow));
    QFile::remove(path);
    const QString what = r.describe();
    qInfo("%s: input %lld bytes; %s",
          c.name,
          inputBytes,
          qPrintable(what.left(what.indexOf(u"; stderr"_s))));
    QVERIFY2(!r.timedOut, qPrintable(what));
    QVERIFY2(r.signal == 0, qPrintable(what));
    QVERIFY2(r.exitCode == c.exitCode, qPrintable(what));
    if (c.exitCode == 3)
        QVERIFY2(!r.err.trimmed().isEmpty(), qPrintable(what));
    for (const QString &s : c.stderrHas)
        QVERIFY2(QString::fromUtf8(r.err).contains(s), qPrintable(s + u" not in: "_s + what));
    // No raw control character reaches the terminal, whatever the input held.
    for (const QByteArray &text : {r.out, r.err}) {
        for (qsizetype i = 0; i < text.size(); ++i) {
            const uchar b = uchar(text[i]);
            QVERIFY2(b >= 0x20 || b == '\n' || b == '\t', qPrintable(what));
            QVERIFY(b != 0x7f);
            QVERIFY(!(b == 0xc2 && i + 1 < text.size() && uchar(text[i + 1]) >= 0x80 &&
                      uchar(text[i + 1]) <= 0x9f));
        }
    }
    if (QByteArray(c.name).startsWith("control"))
        QVERIFY2(r.out.contains("a\\u001B[2J\\u0007\\u0000\\u009Bz"), r.out.constData());
    QVERIFY2(r.cpuSeconds < c.cpuSeconds * slow, qPrintable(what));
    if (!SanitizedBuild)
        QVERIFY2(r.maxRssMb < c.rssMb, qPrintable(what));
}

TWINSCOPE_MEASURED_MAIN(tst_CliHostileTrace)
#include "tst_clihostile_trace.moc"
