// Known errors (issue #15): the built-in knowledge base (resources/knowledge/known_errors.json)
// recognises the porting guide's messages in plogs and torch_npu stdout, with cause, fix and
// section in English and zh_CN; a user file adds or replaces entries; plog lines below WARNING
// never count as errors; a broken user file is reported and the built-in entries still work.
#include "core/triage/knownerrors.h"
#include "core/triage/logfindings.h"

#include <QFile>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

KnownErrorReport scan(const QString &path, const KnowledgeBase &kb)
{
    ProgressSink progress;
    const Result<KnownErrorReport> r =
        scanKnownErrors(Source::fromPath(path), kb, progress, CancelToken());
    return r.isOk() ? *r.value() : KnownErrorReport{};
}

const KnownErrorMatch *match(const KnownErrorReport &r, const QString &entry)
{
    for (const KnownErrorMatch &m : r.matches) {
        if (m.entry == entry)
            return &m;
    }
    return nullptr;
}

} // namespace

class tst_KnownErrors : public QObject
{
    Q_OBJECT

private slots:
    void builtinLoadsCleanly();
    void guideMessagesAreRecognised_data();
    void guideMessagesAreRecognised();
    void plogInfoLinesAreNotErrors();
    void harmlessLineIsSaidToBeHarmless();
    void userFileReplacesAndAdds();
    void brokenUserFileIsReported();
};

void tst_KnownErrors::builtinLoadsCleanly()
{
    Diagnostics d;
    const KnowledgeBase kb = loadKnowledgeBase({}, &d);
    QCOMPARE(d.entries().size(), 0);
    QVERIFY(kb.entries.size() >= 15);
    for (const KnownErrorEntry &e : kb.entries) {
        // Both languages for every entry, and the guide it comes from.
        QVERIFY2(!e.cause.en.isEmpty() && !e.cause.zhCN.isEmpty(), qPrintable(e.id));
        QVERIFY2(!e.fix.en.isEmpty() && !e.fix.zhCN.isEmpty(), qPrintable(e.id));
        QVERIFY2(!e.source.en.isEmpty() && !e.sourceUrl.isEmpty(), qPrintable(e.id));
    }
}

void tst_KnownErrors::guideMessagesAreRecognised_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QStringList>("captures");
    QTest::newRow("HelpACLExecute")
        << QByteArray("RuntimeError: HelpACLExecute: ... check the host log")
        << u"help_acl_execute"_s << QStringList();
    QTest::newRow("drvMemcpy") << QByteArray("RuntimeError: MemCopySync:drvMemcpy failed.")
                               << u"memcopy_sync_failed"_s << QStringList();
    QTest::newRow("aicpu timeout")
        << QByteArray("[ERROR] RUNTIME(1234,python):2026-03-19-10:00:00.000.000 [aicpu timeout]")
        << u"aicpu_timeout"_s << QStringList();
    QTest::newRow("out of memory")
        << QByteArray("RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 60.96 "
                      "GiB total capacity)")
        << u"npu_out_of_memory"_s << QStringList();
    QTest::newRow("aten on NPU")
        << QByteArray("NotImplementedError: Could not run 'aten::_foreach_norm' with arguments "
                      "from the 'NPU' backend.")
        << u"aten_op_not_on_npu"_s << QStringList{u"aten::_foreach_norm"_s, u"NPU"_s};
    QTest::newRow("AIcoreEngine")
        << QByteArray("EZ3002: Op type SigmoidCrossEntropyWithLogitsV2 of ops kernel "
                      "AIcoreEngine is unsupported, reason: ...")
        << u"aicore_engine_unsupported"_s << QStringList{u"SigmoidCrossEntropyWithLogitsV2"_s};
}

void tst_KnownErrors::guideMessagesAreRecognised()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, entry);
    QFETCH(QStringList, captures);
    QTemporaryDir dir;
    const KnowledgeBase kb = loadKnowledgeBase({}, nullptr);
    const QString path = write(dir, u"stdout.log"_s, "step 1\n" + line + "\nstep 2\n");
    const KnownErrorReport r = scan(path, kb);
    const KnownErrorMatch *m = match(r, entry);
    QVERIFY(m);
    QCOMPARE(m->firstLine, 2);
    QCOMPARE(m->count, 1);
    QCOMPARE(m->captures, captures);
    // One finding, with the entry's fix as the next action and the guide's section.
    const FindingList f = knownErrorFindings(r, kb);
    QCOMPARE(f.size(), r.matches.size());
    QCOMPARE(f.front().code, u"known_error."_s + r.matches.front().entry);
    QCOMPARE(f.front().nextAction, kb.find(r.matches.front().entry)->fix.en);
    QVERIFY(f.front().guide.contains(u"FAQ"_s));
}

void tst_KnownErrors::plogInfoLinesAreNotErrors()
{
    QTemporaryDir dir;
    const KnowledgeBase kb = loadKnowledgeBase({}, nullptr);
    const QString path = write(
        dir,
        u"plog-pid_1.log"_s,
        "[INFO] GE(1,python):2026-03-19-10:00:00.000.000 [x.cc:1]1 f: HelpACLExecute retried\n"
        "[ERROR] GE(1,python):2026-03-19-10:00:01.000.000 [x.cc:1]1 f: HelpACLExecute failed\n");
    const KnownErrorReport r = scan(path, kb);
    const KnownErrorMatch *m = match(r, u"help_acl_execute"_s);
    QVERIFY(m);
    QCOMPARE(m->count, 1);
    QCOMPARE(m->firstLine, 2);
}

void tst_KnownErrors::harmlessLineIsSaidToBeHarmless()
{
    QTemporaryDir dir;
    const KnowledgeBase kb = loadKnowledgeBase({}, nullptr);
    const QString path = write(dir,
                               u"stdout.log"_s,
                               "[W compiler_depend.ts:51] Warning: [55056] GetInputConstDataOut: "
                               "ErrorNo: -1(failed) failed to get const data\n");
    const FindingList f = knownErrorFindings(scan(path, kb), kb);
    QCOMPARE(f.size(), size_t(1));
    QCOMPARE(f.front().code, u"known_error.get_input_const_data_out"_s);
    QCOMPARE(f.front().severity, FindingSeverity::Clear);
}

void tst_KnownErrors::userFileReplacesAndAdds()
{
    QTemporaryDir dir;
    const QString user = write(dir,
                               u"mine.json"_s,
                               R"({"entries": [
  {"id": "memcopy_sync_failed", "patterns": ["drvMemcpy failed"], "severity": "warning",
   "title": "copy", "cause": "ours", "fix": {"en": "our fix", "zh_CN": "我们的办法"}},
  {"id": "our_oom", "patterns": ["OUR_OOM"], "title": "t", "cause": "c", "fix": "f"}
]})");
    Diagnostics d;
    const KnowledgeBase kb = loadKnowledgeBase({user}, &d);
    QCOMPARE(d.entries().size(), 0);
    QCOMPARE(kb.find(u"memcopy_sync_failed"_s)->fix.en, u"our fix"_s);
    QCOMPARE(kb.find(u"memcopy_sync_failed"_s)->kind, KnownErrorEntry::Kind::Warning);
    QVERIFY(kb.find(u"our_oom"_s));
    QVERIFY(kb.find(u"help_acl_execute"_s));
    // The user's zh_CN text is what a Chinese locale shows.
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    QCOMPARE(kb.find(u"memcopy_sync_failed"_s)->fix.text(), u"我们的办法"_s);
    QLocale::setDefault(before);
    QCOMPARE(kb.find(u"memcopy_sync_failed"_s)->fix.text(), u"our fix"_s);
}

void tst_KnownErrors::brokenUserFileIsReported()
{
    QTemporaryDir dir;
    const QString broken = write(dir, u"broken.json"_s, "{\"entries\": [ {\"id\": ");
    const QString partly = write(dir,
                                 u"partly.json"_s,
                                 R"({"entries": [{"id": "no_patterns", "title": "t"},
  {"id": "bad_regex", "patterns": ["x"], "regex": "(", "title": "t", "cause": "c", "fix": "f"},
  {"id": "fine", "patterns": ["FINE"], "title": "t", "cause": "c", "fix": "f"}]})");
    Diagnostics d;
    const KnowledgeBase kb = loadKnowledgeBase({broken, partly}, &d);
    QVERIFY(kb.find(u"help_acl_execute"_s));
    QVERIFY(kb.find(u"fine"_s));
    QVERIFY(!kb.find(u"no_patterns"_s));
    QVERIFY(!kb.find(u"bad_regex"_s));
    bool brokenNamed = false;
    qint64 skipped = 0;
    for (const Diagnostics::Entry &e : d.entries()) {
        brokenNamed |= e.file == broken && e.kind == u"knowledge_unreadable"_s;
        if (e.file == partly && e.kind == u"knowledge_entry_skipped"_s)
            skipped += e.count;
    }
    QVERIFY(brokenNamed);
    QCOMPARE(skipped, 2);
}

QTEST_GUILESS_MAIN(tst_KnownErrors)
#include "tst_knownerrors.moc"
