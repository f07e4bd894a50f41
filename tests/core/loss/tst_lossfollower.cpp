#include "core/loss/lossfollower.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_LossFollower : public QObject
{
    Q_OBJECT

private slots:
    void appendedLinesOnly();
    void truncationStartsOver();
    void jsonIsReadWhole();
    void notYetALossLog();
};

namespace {

QByteArray megatronLine(int step, double loss)
{
    return " [2025-04-25 16:46:58] iteration " + QByteArray::number(step) +
           "/ 100 | lm loss: " + QByteArray::number(loss, 'E', 6) + " | loss scale: 1.0 |\n";
}

void append(const QString &path, const QByteArray &bytes, bool truncate = false)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | (truncate ? QIODevice::Truncate : QIODevice::Append)));
    QCOMPARE(f.write(bytes), bytes.size());
}

qsizetype points(const Result<LossRun> &r)
{
    const LossSeries *s = r.value() ? r.value()->find(u"lm loss"_s) : nullptr;
    return s ? s->size() : -1;
}

} // namespace

void tst_LossFollower::appendedLinesOnly()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"train.log"_s);
    append(path, "loading data\n" + megatronLine(1, 10.5) + megatronLine(2, 10.4), true);
    LossLogFollower follower(path);
    ProgressSink progress;
    bool changed = false;
    Result<LossRun> r = follower.poll(progress, {}, &changed);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    QVERIFY(changed);
    QCOMPARE(r.value()->format, u"megatron"_s);
    QCOMPARE(points(r), 2);
    const qint64 consumed = follower.consumedBytes();

    // Nothing new: the same run comes back, unchanged.
    const auto before = r.value();
    r = follower.poll(progress, {}, &changed);
    QVERIFY(!changed);
    QCOMPARE(r.value(), before);

    // A line cut in the middle waits for its end; the bytes before it are not read again.
    const QByteArray third = megatronLine(3, 10.3);
    append(path, third.left(20));
    r = follower.poll(progress, {}, &changed);
    QCOMPARE(points(r), 2);
    QCOMPARE(follower.consumedBytes(), consumed);
    append(path, third.mid(20) + megatronLine(4, 10.2));
    r = follower.poll(progress, {}, &changed);
    QVERIFY(changed);
    QCOMPARE(points(r), 4);
    QCOMPARE(r.value()->find(u"lm loss"_s)->values.back(), 10.2);
    QCOMPARE(r.value()->lines, 5);
    QCOMPARE(r.value()->unparsedLines, 1);
    QCOMPARE(follower.restarts(), 0);
    QCOMPARE(r.diagnostics().count(u"repeated_step"_s), 0);
}

void tst_LossFollower::truncationStartsOver()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"train.log"_s);
    QByteArray lines;
    for (int i = 1; i <= 10; ++i)
        lines += megatronLine(i, 11.0 - i * 0.1);
    append(path, lines, true);
    LossLogFollower follower(path);
    ProgressSink progress;
    bool changed = false;
    QCOMPARE(points(follower.poll(progress, {}, &changed)), 10);
    // A new run truncates the log and writes from step 1 again.
    append(path, megatronLine(1, 9.0) + megatronLine(2, 8.5), true);
    const Result<LossRun> r = follower.poll(progress, {}, &changed);
    QVERIFY(changed);
    QCOMPARE(points(r), 2);
    QCOMPARE(r.value()->find(u"lm loss"_s)->values.front(), 9.0);
    QCOMPARE(follower.restarts(), 1);
    QCOMPARE(r.diagnostics().count(u"follow_restarted"_s), 1);
}

void tst_LossFollower::jsonIsReadWhole()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"trainer_log.jsonl"_s);
    // Two lines: the sniffer needs a second line to call it JSON lines.
    append(path,
           R"({"current_steps": 5, "total_steps": 20, "loss": 2.5, "lr": 1e-05})"
           "\n"
           R"({"current_steps": 10, "total_steps": 20, "loss": 2.25, "lr": 2e-05})"
           "\n",
           true);
    LossLogFollower follower(path);
    ProgressSink progress;
    bool changed = false;
    Result<LossRun> r = follower.poll(progress, {}, &changed);
    QVERIFY(r.isOk());
    QCOMPARE(r.value()->format, u"llamafactory"_s);
    QCOMPARE(r.value()->find(u"loss"_s)->size(), 2);
    append(path,
           R"({"current_steps": 15, "total_steps": 20, "loss": 2.0, "lr": 3e-05})"
           "\n");
    r = follower.poll(progress, {}, &changed);
    QVERIFY(changed);
    QCOMPARE(r.value()->find(u"loss"_s)->size(), 3);
}

void tst_LossFollower::notYetALossLog()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"train.log"_s);
    append(path, "initialising\nbuilding model\n", true);
    LossLogFollower follower(path);
    ProgressSink progress;
    bool changed = false;
    Result<LossRun> r = follower.poll(progress, {}, &changed);
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().code, ErrorCode::UnknownFormat);
    // Training starts logging: the next poll finds the grammar.
    append(path, megatronLine(1, 10.0) + megatronLine(2, 9.9));
    r = follower.poll(progress, {}, &changed);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    QCOMPARE(points(r), 2);
}

QTEST_GUILESS_MAIN(tst_LossFollower)
#include "tst_lossfollower.moc"
