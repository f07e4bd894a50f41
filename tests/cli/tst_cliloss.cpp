// Runs the real twinscope-cli: `loss` output against goldens in tests/cli/golden (sorted keys,
// float tolerance); TWINSCOPE_UPDATE_GOLDEN=1 rewrites them.
#include "common/testdata.h"
#include "testhelpers_golden.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;

class tst_CliLoss : public QObject
{
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void exitCodes_data();
    void exitCodes();
    void textOutput();
};

namespace {

const QString shared = sharedData(u"loss/"_s);
const QString fixtures = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/loss/"_s;

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.setProgram(QStringLiteral(TWINSCOPE_CLI));
    p.setArguments(QStringList{u"loss"_s} + args);
    p.start();
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

void tst_CliLoss::golden_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    const QString gpu = shared + u"troubleshooter_gpu_loss.txt"_s;
    const QString npu = shared + u"troubleshooter_npu_loss.txt"_s;
    QTest::newRow("troubleshooter k=3")
        << QStringList{u"--json"_s, gpu, npu} << u"loss_troubleshooter_k3.json"_s;
    QTest::newRow("troubleshooter k=5")
        << QStringList{u"--json"_s, u"--k"_s, u"5"_s, gpu, npu} << u"loss_troubleshooter_k5.json"_s;
    QTest::newRow("sft det vs non-det")
        << QStringList{u"--json"_s,
                       shared + u"mindspeed_core_ms_pta_npu_qwen_sft_det.txt"_s,
                       shared + u"mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt"_s}
        << u"loss_sft_det_vs_nondet.json"_s;
    QTest::newRow("hf single") << QStringList{u"--json"_s,
                                              shared + u"hf_trainer_nsllm_trainer_state.json"_s}
                               << u"loss_hf_single.json"_s;
    QTest::newRow("grad norm metric")
        << QStringList{u"--json"_s,
                       u"--metric"_s,
                       u"grad norm"_s,
                       u"--rtol"_s,
                       u"1e-4"_s,
                       shared + u"mindspeed_core_ms_pta_npu_qwen_sft_det.txt"_s,
                       shared + u"mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt"_s}
        << u"loss_sft_grad_norm.json"_s;
    QTest::newRow("pattern") << QStringList{u"--json"_s,
                                            u"--pattern"_s,
                                            u"it=(?<step>\\d+) L=(?<loss>\\S+) gn=(?<gn>\\S+)"_s,
                                            fixtures + u"good/custom_regex.log"_s}
                             << u"loss_pattern.json"_s;
    QTest::newRow("nan overflow log") << QStringList{u"--json"_s,
                                                     fixtures + u"good/mindspore_overflow.log"_s,
                                                     fixtures + u"good/mindspore_overflow.log"_s}
                                      << u"loss_nonfinite_self.json"_s;
}

void tst_CliLoss::golden()
{
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    const Run r = runCli(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
    QCOMPARE(doc.object().value(u"schemaVersion"_s).toInt(), 1);
    const QJsonValue actual = goldenNormalise(doc.object());
    QString why;
    const GoldenOutcome g = compareGolden(
        actual, QStringLiteral(TWINSCOPE_SOURCE_DIR "/tests/cli/golden/") + golden, &why);
    if (g == GoldenOutcome::Rewritten)
        QSKIP("golden rewritten");
    QVERIFY2(g == GoldenOutcome::Same, qPrintable(why));
}

void tst_CliLoss::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("stderrParts");
    QTest::newRow("no file") << QStringList{} << 2 << QStringList{};
    QTest::newRow("three files") << QStringList{u"a"_s, u"b"_s, u"c"_s} << 2 << QStringList{};
    QTest::newRow("bad k") << QStringList{u"--k"_s,
                                          u"0"_s,
                                          shared + u"troubleshooter_gpu_loss.txt"_s}
                           << 2 << QStringList{u"--k"_s};
    QTest::newRow("no loss lines")
        << QStringList{fixtures + u"broken/no_loss_lines.log"_s} << 3
        << QStringList{u"no_loss_lines.log"_s, u"Patterns tried"_s, u"Starting training job"_s};
    QTest::newRow("missing") << QStringList{fixtures + u"broken/nope.log"_s} << 3
                             << QStringList{u"nope.log"_s};
    QTest::newRow("unknown metric")
        << QStringList{u"--metric"_s, u"bleu"_s, shared + u"troubleshooter_gpu_loss.txt"_s} << 3
        << QStringList{u"bleu"_s, u"lm loss"_s};
    QTest::newRow("bad pattern") << QStringList{u"--pattern"_s,
                                                u"(?<step>"_s,
                                                fixtures + u"good/custom_regex.log"_s}
                                 << 3 << QStringList{u"custom_regex.log"_s, u"pattern"_s};
}

void tst_CliLoss::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, stderrParts);
    const Run r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    const QString err = QString::fromUtf8(r.err);
    for (const QString &part : stderrParts)
        QVERIFY2(err.contains(part), qPrintable(err));
}

void tst_CliLoss::textOutput()
{
    const Run r = runCli(
        {shared + u"troubleshooter_gpu_loss.txt"_s, shared + u"troubleshooter_npu_loss.txt"_s});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY(out.contains(u"first divergent step: 3"_s));
    QVERIFY(out.contains(u"aligned steps: 40"_s));
}

QTEST_GUILESS_MAIN(tst_CliLoss)
#include "common/testdata.h"
#include "testhelpers_golden.h"
#include "tst_cliloss.moc"
