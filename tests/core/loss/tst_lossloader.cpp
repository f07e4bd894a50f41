#include "common/testdata.h"
#include "core/loss/lossloader.h"
#include "core/loss/losstextparser.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_LossLoader : public QObject
{
    Q_OBJECT

private slots:
    void realFiles_data();
    void realFiles();
    void everySharedLossFileIsCovered();
    void fixtures_data();
    void fixtures();
    void repeatedAndBackwardSteps();
    void megatronValidation();
    void nonFiniteValues();
    void userPattern();
    void badPattern();
    void broken_data();
    void broken();
    void prefixSweep();
    void incrementalFeedMatchesWholeFile();
    void cancel();
    void inputsAreNotModified();
};

namespace {

const QString shared = sharedData(u"loss/"_s);
const QString fixtureDir = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/loss/"_s;

Result<LossRun> load(const QString &path, const LossLoadOptions &options = {})
{
    ProgressSink progress;
    return loadLossLog(Source::fromPath(path), options, progress, {});
}

void addRow(const char *file,
            const char *format,
            const char *metrics,
            const char *main,
            int points,
            qint64 firstStep,
            qint64 lastStep,
            double firstValue,
            double lastValue)
{
    QTest::newRow(file) << QString::fromUtf8(file) << QString::fromUtf8(format)
                        << QString::fromUtf8(metrics).split(u'|') << QString::fromUtf8(main)
                        << points << firstStep << lastStep << firstValue << lastValue;
}

void declareColumns()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QStringList>("metrics");
    QTest::addColumn<QString>("mainMetric");
    QTest::addColumn<int>("points");
    QTest::addColumn<qint64>("firstStep");
    QTest::addColumn<qint64>("lastStep");
    QTest::addColumn<double>("firstValue");
    QTest::addColumn<double>("lastValue");
}

void checkRun(const QString &path)
{
    QFETCH(QString, format);
    QFETCH(QStringList, metrics);
    QFETCH(QString, mainMetric);
    QFETCH(int, points);
    QFETCH(qint64, firstStep);
    QFETCH(qint64, lastStep);
    QFETCH(double, firstValue);
    QFETCH(double, lastValue);
    const Result<LossRun> r = load(path);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const LossRun &run = *r.value();
    QCOMPARE(run.format, format);
    QCOMPARE(run.metricNames(), metrics);
    QCOMPARE(run.mainMetric(), mainMetric);
    const LossSeries *s = run.find(mainMetric);
    QVERIFY(s);
    QCOMPARE(s->size(), points);
    QCOMPARE(s->steps.front(), firstStep);
    QCOMPARE(s->steps.back(), lastStep);
    QVERIFY(std::is_sorted(s->steps.begin(), s->steps.end()));
    QVERIFY(std::adjacent_find(s->steps.begin(), s->steps.end()) == s->steps.end());
    if (std::isnan(firstValue))
        QVERIFY(std::isnan(s->values.front()));
    else
        QCOMPARE(s->values.front(), firstValue);
    if (std::isnan(lastValue))
        QVERIFY(std::isnan(s->values.back()));
    else
        QCOMPARE(s->values.back(), lastValue);
}

} // namespace

void tst_LossLoader::realFiles_data()
{
    declareColumns();
    // Expected numbers were checked with an independent Python script (json + re) over the same
    // files.
    addRow("troubleshooter_gpu_loss.txt",
           "megatron",
           "lm loss|loss scale",
           "lm loss",
           40,
           1,
           40,
           10.59378,
           4.323327);
    addRow("troubleshooter_npu_loss.txt",
           "megatron",
           "lm loss|loss scale",
           "lm loss",
           40,
           1,
           40,
           10.59378,
           4.854797);
    const char *sft =
        "consumed samples|elapsed time per iteration (ms)|throughput per GPU (TFLOP/s/GPU)|"
        "learning rate|global batch size|lm loss|loss scale|grad norm|"
        "number of skipped iterations|number of nan iterations";
    addRow("mindspeed_core_ms_pta_npu_qwen_sft_det.txt",
           "megatron",
           sft,
           "lm loss",
           10,
           1,
           10,
           9.7951211929321289,
           9.482678413391113);
    addRow("mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt",
           "megatron",
           sft,
           "lm loss",
           10,
           1,
           10,
           9.7951211929321289,
           9.48275089263916);
    addRow(
        "mindspeed_core_ms_pta_npu_qwen_grpo_det.txt",
        "mindspeed_rl",
        "timing/gen|timing/ref|grpo/acc_rewards/mean|grpo/format_rewards/mean|timing/adv|"
        "timing/update_actor|actor/pg_loss|actor/pg_clipfrac|actor/ppo_kl|grpo/score/mean|grpo/"
        "score/max|"
        "grpo/score/min|grpo/rewards/mean|grpo/rewards/max|grpo/rewards/min|grpo/advantages/mean|"
        "grpo/advantages/max|grpo/advantages/min|grpo/returns/mean|grpo/returns/max|grpo/returns/"
        "min|"
        "response_length/mean|response_length/max|response_length/min|prompt_length/mean|"
        "prompt_length/max|prompt_length/min|timing/all",
        "actor/pg_loss",
        3,
        1,
        3,
        6.2115568215e-06,
        6.72822554103e-05);
    addRow("barber0_llm_pretrain_train.log",
           "keyvalue_log",
           "time|loss",
           "loss",
           13,
           20,
           260,
           10.984375,
           8.390625);
    addRow("hf_trainer_nsllm_trainer_state.json",
           "hf_trainer_state",
           "epoch|grad_norm|learning_rate|loss",
           "loss",
           435,
           5,
           2175,
           2.3475,
           1.9787);
    addRow("llamafactory_nsllm_trainer_log.jsonl",
           "llamafactory",
           "epoch|loss|lr",
           "loss",
           435,
           5,
           2175,
           2.3475,
           1.9787);
    addRow("megatron_gpu_golden_gpt3_mcore_te_tp2_pp2_dev_dgx_a100.json",
           "megatron_golden",
           "iteration-time|lm loss|mem-allocated-bytes|mem-max-allocated-bytes|num-zeros",
           "lm loss",
           11,
           1,
           50,
           10.92335,
           9.90869);
    addRow("mindspeed_llm_mindspore_npu_baseline_deepseek_v3_pretrain.json",
           "mindspeed_baseline",
           "lm loss",
           "lm loss",
           10,
           1,
           10,
           10.9748649597167969,
           10.0422182083129883);
    addRow("mindspeed_llm_npu_baseline_deepseek_v3_mcore_tp1_pp2_ep4.json",
           "mindspeed_baseline",
           "lm loss|time info",
           "lm loss",
           15,
           1,
           15,
           11.22629,
           6.986365);
    addRow("mindspeed_llm_npu_baseline_qwen3_8b_tp2_pp4_vpp2.json",
           "mindspeed_baseline",
           "grad norm|lm loss|time info",
           "lm loss",
           14,
           1,
           14,
           12.01003,
           10.1796);
}

void tst_LossLoader::realFiles()
{
    QFETCH(QString, file);
    checkRun(shared + file);
}

void tst_LossLoader::everySharedLossFileIsCovered()
{
    // A new real sample needs a row in realFiles_data().
    const QStringList rows = {u"barber0_llm_pretrain_train.log"_s,
                              u"hf_trainer_nsllm_trainer_state.json"_s,
                              u"llamafactory_nsllm_trainer_log.jsonl"_s,
                              u"megatron_gpu_golden_gpt3_mcore_te_tp2_pp2_dev_dgx_a100.json"_s,
                              u"mindspeed_core_ms_pta_npu_qwen_grpo_det.txt"_s,
                              u"mindspeed_core_ms_pta_npu_qwen_sft_det.txt"_s,
                              u"mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt"_s,
                              u"mindspeed_llm_mindspore_npu_baseline_deepseek_v3_pretrain.json"_s,
                              u"mindspeed_llm_npu_baseline_deepseek_v3_mcore_tp1_pp2_ep4.json"_s,
                              u"mindspeed_llm_npu_baseline_qwen3_8b_tp2_pp4_vpp2.json"_s,
                              u"troubleshooter_gpu_loss.txt"_s,
                              u"troubleshooter_npu_loss.txt"_s};
    QCOMPARE(QDir(shared).entryList(QDir::Files, QDir::Name), rows);
}

void tst_LossLoader::fixtures_data()
{
    declareColumns();
    addRow("good/mindspore_overflow.log",
           "mindspore_log",
           "loss|overflow|scale",
           "loss",
           5,
           0,
           4,
           138.42825,
           std::numeric_limits<double>::infinity());
    addRow("good/mindspore_lossmonitor_epochs.log",
           "mindspore_log",
           "loss",
           "loss",
           6,
           1,
           6,
           2.30,
           1.50);
    addRow("good/pytorch_imagenet.log",
           "pytorch_imagenet",
           "Time|Data|Loss|Acc@1|Acc@5",
           "Loss",
           3,
           0,
           100,
           6.91,
           5.12);
    addRow("good/loss.csv", "csv", "loss|grad_norm", "loss", 4, 1, 4, 2.5, 2.0);
    addRow("good/loss.tsv", "csv", "loss|lr", "loss", 3, 10, 30, 1.5, 1.125);
    addRow("good/trainer_log_nan.jsonl",
           "llamafactory",
           "epoch|loss|lr",
           "loss",
           3,
           5,
           15,
           2.5,
           std::numeric_limits<double>::infinity());
    addRow("good/megatron_resumed_nan.log",
           "megatron",
           "lm loss|loss scale|number of skipped iterations|number of nan iterations",
           "lm loss",
           3,
           1,
           3,
           10.59378,
           -std::numeric_limits<double>::infinity());
}

void tst_LossLoader::megatronValidation()
{
    // Written in Megatron-LM's format (training.py: training_log and evaluate_and_print_results):
    // ten iterations, "validation loss at iteration N" after 5 and 10, and the end-of-training
    // line without a step.
    const Result<LossRun> r = load(fixtureDir + u"good/megatron_validation_a.log"_s);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const LossRun &run = *r.value();
    QCOMPARE(run.mainMetric(), u"lm loss"_s);
    // The training curve keeps its ten points; validation values are series of their own.
    QCOMPARE(run.find(u"lm loss"_s)->steps.size(), size_t(10));
    const LossSeries *validation = run.find(u"lm loss validation"_s);
    QVERIFY(validation);
    QCOMPARE(validation->steps, (std::vector<qint64>{5, 10}));
    QCOMPARE(validation->values.front(), 5.788116);
    const LossSeries *ppl = run.find(u"lm loss validation PPL"_s);
    QVERIFY(ppl);
    QCOMPARE(ppl->steps, (std::vector<qint64>{5, 10}));
    QCOMPARE(ppl->values.front(), 326.3976);
    QVERIFY(!run.find(u"lm loss value"_s));
    QCOMPARE(r.diagnostics().count(u"repeated_step"_s), 0);
}

void tst_LossLoader::fixtures()
{
    QFETCH(QString, file);
    checkRun(fixtureDir + file);
}

void tst_LossLoader::repeatedAndBackwardSteps()
{
    const Result<LossRun> r = load(fixtureDir + u"good/megatron_resumed_nan.log"_s);
    QVERIFY(r.isOk());
    const LossSeries *loss = r.value()->find(u"lm loss"_s);
    // Steps 2 and 3 were logged twice (a resume): the later lines win.
    QCOMPARE(loss->steps, (std::vector<qint64>{1, 2, 3}));
    QCOMPARE(loss->values[1], 9.9);
    QVERIFY(std::isinf(loss->values[2]));
    // Two repeated steps: one warning each, however many series the repeated lines hold (four
    // series made it 8, issue #16).
    QCOMPARE(r.diagnostics().count(u"repeated_step"_s), 2);
    QCOMPARE(r.diagnostics().count(u"steps_backwards"_s), 1);
    // The [Rank 0] memory line is noise, counted but not fatal.
    QCOMPARE(r.value()->unparsedLines, 1);
    QCOMPARE(r.value()->records, 5);
    QCOMPARE(r.value()->find(u"number of nan iterations"_s)->values[1], 0.0);
}

void tst_LossLoader::nonFiniteValues()
{
    const Result<LossRun> r = load(fixtureDir + u"good/mindspore_overflow.log"_s);
    QVERIFY(r.isOk());
    const LossSeries *loss = r.value()->find(u"loss"_s);
    QCOMPARE(loss->nonFiniteSteps(), (std::vector<qint64>{2, 4}));
    QVERIFY(std::isnan(loss->values[2]));
    QCOMPARE(r.value()->find(u"overflow"_s)->values, (std::vector<double>{0, 0, 1, 0, 1}));
    QCOMPARE(r.value()->find(u"scale"_s)->values.back(), 16384.0);
    const Result<LossRun> j = load(fixtureDir + u"good/trainer_log_nan.jsonl"_s);
    QVERIFY(j.isOk());
    QVERIFY(std::isnan(j.value()->find(u"loss"_s)->values[1]));
    // The summary line without "loss" adds no loss point but still its epoch.
    QCOMPARE(j.value()->find(u"epoch"_s)->size(), 4);
}

void tst_LossLoader::userPattern()
{
    LossLoadOptions options;
    options.pattern = u"it=(?<step>\\d+) L=(?<loss>\\S+) gn=(?<gn>\\S+)"_s;
    const Result<LossRun> r = load(fixtureDir + u"good/custom_regex.log"_s, options);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    QCOMPARE(r.value()->format, u"regex"_s);
    QCOMPARE(r.value()->metricNames(), (QStringList{u"loss"_s, u"gn"_s}));
    QCOMPARE(r.value()->find(u"loss"_s)->values, (std::vector<double>{3.5, 3.25, 3.0}));
    QCOMPARE(r.value()->unparsedLines, 1);

    // Unnamed groups: 1 = step, 2 = the value, named after --metric.
    options.pattern = u"it=(\\d+) L=(\\S+)"_s;
    options.metricName = u"L"_s;
    const Result<LossRun> u = load(fixtureDir + u"good/custom_regex.log"_s, options);
    QVERIFY(u.isOk());
    QCOMPARE(u.value()->find(u"L"_s)->steps, (std::vector<qint64>{1, 2, 3}));

    // Without a pattern nothing matches: the error lists the grammars tried and the first lines.
    const Result<LossRun> none = load(fixtureDir + u"good/custom_regex.log"_s);
    QVERIFY(none.isFailed());
    QCOMPARE(none.error().code, ErrorCode::UnknownFormat);
    QVERIFY(none.error().message.contains(u"it=1 L=3.5 gn=1.0"_s));
}

void tst_LossLoader::badPattern()
{
    LossLoadOptions options;
    options.pattern = u"step (?<step>\\d+"_s;
    const Result<LossRun> r = load(fixtureDir + u"good/custom_regex.log"_s, options);
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().code, ErrorCode::Unsupported);
    options.pattern = u"it=\\d+"_s; // no groups at all
    QCOMPARE(load(fixtureDir + u"good/custom_regex.log"_s, options).error().code,
             ErrorCode::Unsupported);
}

void tst_LossLoader::broken_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QStringList>("messageParts");
    QTest::newRow("empty") << u"broken/empty.log"_s << ErrorCode::EmptyFile
                           << QStringList{u"empty"_s};
    QTest::newRow("no loss lines") << u"broken/no_loss_lines.log"_s << ErrorCode::UnknownFormat
                                   << QStringList{u"Patterns tried"_s,
                                                  u"megatron"_s,
                                                  u"key_value"_s,
                                                  u"pytorch_imagenet"_s,
                                                  u"csv"_s,
                                                  u"Starting training job"_s,
                                                  u"Loading dataset from /data/train"_s,
                                                  u"Epoch one finished"_s};
    QTest::newRow("truncated json") << u"broken/trainer_state_truncated.json"_s
                                    << ErrorCode::Malformed << QStringList{u"JSON"_s};
    QTest::newRow("truncated gzip") << u"broken/truncated.log.gz"_s << ErrorCode::UnknownFormat
                                    << QStringList{u"Patterns tried"_s};
    QTest::newRow("missing") << u"broken/does_not_exist.log"_s << ErrorCode::NotFound
                             << QStringList{};
}

void tst_LossLoader::broken()
{
    QFETCH(QString, file);
    QFETCH(ErrorCode, code);
    QFETCH(QStringList, messageParts);
    const Result<LossRun> r = load(fixtureDir + file);
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().code, code);
    QVERIFY(r.error().file.endsWith(file.section(u'/', -1)));
    for (const QString &part : messageParts)
        QVERIFY2(r.error().message.contains(part), qPrintable(r.error().message));
}

void tst_LossLoader::prefixSweep()
{
    // Every prefix of every good file loads with what it has, or fails cleanly: never a crash.
    QStringList files;
    for (const QString &f : QDir(fixtureDir + u"good"_s).entryList(QDir::Files))
        files.append(fixtureDir + u"good/"_s + f);
    for (const QString &f : QDir(shared).entryList(QDir::Files))
        files.append(shared + f);
    for (const QString &path : files) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray all = file.readAll();
        const qsizetype step = std::max<qsizetype>(1, all.size() / 100);
        for (qsizetype n = 1; n < all.size(); n += step) {
            ProgressSink progress;
            const Result<LossRun> r = loadLossLog(
                Source::fromBytes(all.left(n), QFileInfo(path).fileName()), {}, progress, {});
            QVERIFY(r.isOk() || r.isFailed());
            if (r.isFailed())
                QVERIFY(!r.error().message.isEmpty());
            else
                QVERIFY(!r.value()->series.empty());
        }
    }
}

void tst_LossLoader::incrementalFeedMatchesWholeFile()
{
    QFile file(shared + u"mindspeed_core_ms_pta_npu_qwen_sft_det.txt"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray all = file.readAll();
    LossTextParser whole(LossTextDialect::Megatron);
    whole.feed(std::string_view(all.constData(), size_t(all.size())), true);
    // Live follow hands over whatever was appended, cut anywhere; unconsumed bytes come again.
    LossTextParser pieces(LossTextDialect::Megatron);
    QByteArray pending;
    for (qsizetype pos = 0; pos < all.size(); pos += 97) {
        pending += all.mid(pos, 97);
        const qint64 used =
            pieces.feed(std::string_view(pending.constData(), size_t(pending.size())), false);
        pending.remove(0, qsizetype(used));
    }
    pieces.feed(std::string_view(pending.constData(), size_t(pending.size())), true);
    Diagnostics d1, d2;
    const auto a = whole.builder().finish(d1);
    const auto b = pieces.builder().finish(d2);
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].name, b[i].name);
        QCOMPARE(a[i].steps, b[i].steps);
        QCOMPARE(a[i].values, b[i].values);
    }
    QCOMPARE(whole.lines(), pieces.lines());
    QCOMPARE(whole.unparsedLines(), pieces.unparsedLines());
}

void tst_LossLoader::cancel()
{
    QByteArray big;
    for (int i = 1; i <= 200000; ++i)
        big += "iteration " + QByteArray::number(i) + "/200000 | lm loss: 1.5 |\n";
    CancelToken token = CancelToken::create();
    token.cancel();
    ProgressSink progress;
    const Result<LossRun> r =
        loadLossLog(Source::fromBytes(big, u"big.log"_s), {}, progress, token);
    QVERIFY(r.isCanceled());
    const Result<LossRun> ok = loadLossLog(Source::fromBytes(big, u"big.log"_s), {}, progress, {});
    QVERIFY(ok.isOk());
    QCOMPARE(ok.value()->find(u"lm loss"_s)->size(), 200000);
}

void tst_LossLoader::inputsAreNotModified()
{
    QFile f(shared + u"troubleshooter_npu_loss.txt"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
    f.close();
    QVERIFY(load(f.fileName()).isOk());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
}

QTEST_GUILESS_MAIN(tst_LossLoader)
#include "tst_lossloader.moc"
