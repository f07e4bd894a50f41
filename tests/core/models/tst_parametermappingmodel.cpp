// ParameterMappingModel: every name of both checkpoints is one row (pairs, then missing, then no
// twin by design), keys lead to comparison rows, statuses say what is wrong.
#include "core/checkpoint/checkpointpipeline.h"
#include "core/models/parametermappingmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_ParameterMappingModel : public QObject
{
    Q_OBJECT

private:
    static std::shared_ptr<const CheckpointComparison> run(const QString &a, const QString &b)
    {
        CheckpointPipelineInput input;
        input.pathA = QStringLiteral(TWINSCOPE_TEST_DATA "/checkpoint/") + a;
        input.pathB = QStringLiteral(TWINSCOPE_TEST_DATA "/checkpoint/") + b;
        ProgressSink progress;
        const auto r = runCheckpointPipeline(input, progress, CancelToken());
        return r.isOk() ? r.value() : nullptr;
    }

private slots:
    void rowsAndRoles()
    {
        ParameterMappingModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        const auto c = run(u"good/ms_net.ckpt"_s, u"good/net.npz"_s);
        QVERIFY(c);
        model.setComparison(c);
        QCOMPARE(model.rowCount(), 25);
        QCOMPARE(model.columnCount(), int(ParameterMappingModel::ColumnCount));
        // Pairs first, in A's order, each leading to its comparison row.
        for (int row = 0; row < 22; ++row) {
            const QModelIndex i = model.index(row, ParameterMappingModel::NameAColumn);
            QCOMPARE(i.data().toString(), c->a->tensors->tensors[c->mapping.pairs[row].a].name);
            const int key = i.data(ParameterMappingModel::KeyRole).toInt();
            QCOMPARE(c->comparison->bench->tensors[c->comparison->rows[key].bench].name,
                     i.data().toString());
            QCOMPARE(model.modelRow(key), row);
        }
        const QModelIndex gamma = model.index(3, ParameterMappingModel::MatchColumn);
        QCOMPARE(model.index(3, 0).data().toString(), u"bn1.gamma"_s);
        QVERIFY(gamma.data().toString().contains(u"gamma → weight"_s));
        QCOMPARE(model.index(3, ParameterMappingModel::KindColumn).data().toString(),
                 u"parameter"_s);
        QCOMPARE(model.index(1, ParameterMappingModel::KindColumn).data().toString(), u"buffer"_s);
        // Then B's counters, which MindSpore does not have.
        for (int row = 22; row < 25; ++row) {
            QVERIFY(model.index(row, 0).data().toString().isEmpty());
            QVERIFY(model.index(row, 1).data().toString().endsWith(u"num_batches_tracked"_s));
            QCOMPARE(model.index(row, 0).data(ParameterMappingModel::StatusRole).toInt(),
                     int(ParameterMappingModel::Status::NoTwin));
            QCOMPARE(model.index(row, 0).data(ParameterMappingModel::KeyRole).toInt(), -1);
        }
        model.setComparison(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void missingAndMismatchedRows()
    {
        ParameterMappingModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Two tensors against a whole network: shapes align nothing, so all are left over.
        const auto c = run(u"broken/ckpt_unknown_type.ckpt"_s, u"good/ms_net.ckpt"_s);
        QVERIFY(c);
        model.setComparison(c);
        QCOMPARE(model.rowCount(), 2 + 22);
        int missing = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            missing += model.index(row, 0).data(ParameterMappingModel::StatusRole).toInt() ==
                       int(ParameterMappingModel::Status::Missing);
        QCOMPARE(missing, 24);
        QVERIFY(model.index(0, ParameterMappingModel::MatchColumn)
                    .data()
                    .toString()
                    .startsWith(u"only in A"_s));
    }
};

QTEST_GUILESS_MAIN(tst_ParameterMappingModel)
#include "tst_parametermappingmodel.moc"
