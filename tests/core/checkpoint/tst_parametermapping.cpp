// The name mapping of issue #13: roles, built-in MindSpore <-> PyTorch rules, prefixes, the user
// mapping, shape-sequence alignment, optimizer states, and that every name is reported once.
#include "core/checkpoint/checkpointstructure.h"
#include "core/dump/dumpcompare.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_ParameterMapping : public QObject
{
    Q_OBJECT

private:
    // A checkpoint of names and shapes only (float32 unless the name says "int:").
    static Checkpoint make(const QList<QPair<QString, QList<qint64>>> &tensors,
                           const QString &framework = {})
    {
        auto dump = std::make_shared<TensorDump>();
        for (const auto &[name, shape] : tensors) {
            TensorEntry t;
            t.name = name.startsWith(u"int:"_s) ? name.mid(4) : name;
            t.key = t.name;
            t.shape = shape;
            t.dtype = name.startsWith(u"int:"_s) ? DType::Int64 : DType::Float32;
            dump->tensors.append(t);
        }
        Checkpoint c;
        c.framework = framework;
        c.tensors = dump;
        c.entries = classifyCheckpoint(*dump, framework);
        return c;
    }
    static QString nameA(const Checkpoint &c, int i) { return c.tensors->tensors[i].name; }
    // Every entry of both sides in exactly one list.
    static void verifyComplete(const Checkpoint &a, const Checkpoint &b, const ParameterMapping &m)
    {
        QList<int> seenA, seenB;
        for (const ParameterPair &p : m.pairs) {
            seenA << p.a;
            seenB << p.b;
        }
        seenA << m.onlyA << m.noTwinA;
        seenB << m.onlyB << m.noTwinB;
        std::sort(seenA.begin(), seenA.end());
        std::sort(seenB.begin(), seenB.end());
        QList<int> allA(a.entries.size()), allB(b.entries.size());
        std::iota(allA.begin(), allA.end(), 0);
        std::iota(allB.begin(), allB.end(), 0);
        QCOMPARE(seenA, allA);
        QCOMPARE(seenB, allB);
    }
    static const ParameterPair *
    pairOf(const Checkpoint &a, const ParameterMapping &m, const QString &name)
    {
        for (const ParameterPair &p : m.pairs)
            if (a.tensors->tensors[p.a].name == name)
                return &p;
        return nullptr;
    }

private slots:
    void builtInRules_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bn gamma") << u"layer1.0.bn1.gamma"_s << u"layer1.0.bn1.weight"_s;
        QTest::newRow("bn beta") << u"bn.beta"_s << u"bn.bias"_s;
        QTest::newRow("moving mean") << u"bn.moving_mean"_s << u"bn.running_mean"_s;
        QTest::newRow("moving variance") << u"bn.moving_variance"_s << u"bn.running_var"_s;
        QTest::newRow("embedding") << u"tok.embedding_table"_s << u"tok.weight"_s;
        QTest::newRow("bn3d") << u"bn3.bn2d.gamma"_s << u"bn3.weight"_s;
        QTest::newRow("bare") << u"gamma"_s << u"weight"_s;
        QTest::newRow("dense unchanged") << u"fc.weight"_s << u"fc.weight"_s;
        QTest::newRow("suffix only") << u"fc.mygamma"_s << u"fc.mygamma"_s;
        // The module already has a weight: its gamma is something else (a layer scale).
        QTest::newRow("collision") << u"blk.gamma"_s << u"blk.gamma"_s;
    }
    void builtInRules()
    {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        QString rule;
        const QSet<QString> side{name, u"blk.weight"_s};
        QCOMPARE(builtInParameterName(name, side, &rule), expected);
        QCOMPARE(rule.isEmpty(), name == expected);
    }

    void roles()
    {
        const Checkpoint c = make({{u"conv.weight"_s, {2, 2}},
                                   {u"bn.running_var"_s, {2}},
                                   {u"bn.moving_mean"_s, {2}},
                                   {u"int:bn.num_batches_tracked"_s, {}},
                                   {u"int:pos_ids"_s, {8}},
                                   {u"moment1.conv.weight"_s, {2, 2}},
                                   {u"adam_v.conv.weight"_s, {2, 2}},
                                   {u"optimizer.state.0.exp_avg"_s, {2, 2}},
                                   {u"optimizer.state.0.step"_s, {}},
                                   {u"global_step"_s, {}},
                                   {u"learning_rate"_s, {}}});
        const QList<CheckpointEntry> &e = c.entries;
        QCOMPARE(e[0].role, ParameterRole::Parameter);
        QCOMPARE(e[1].role, ParameterRole::Buffer);
        QCOMPARE(e[2].role, ParameterRole::Buffer);
        QCOMPARE(e[3].role, ParameterRole::Buffer);
        QVERIFY(!e[3].twinExpected);
        QCOMPARE(e[4].role, ParameterRole::Buffer); // integer tensors get no gradient
        QCOMPARE(e[5].role, ParameterRole::OptimizerState);
        QCOMPARE(e[5].stateKind, u"exp_avg"_s);
        QCOMPARE(e[5].owner, u"conv.weight"_s);
        QCOMPARE(e[6].stateKind, u"exp_avg_sq"_s);
        QCOMPARE(e[7].role, ParameterRole::OptimizerState);
        QCOMPARE(e[7].owner, u"conv.weight"_s); // index 0 among the parameters
        QCOMPARE(e[8].role, ParameterRole::Other);
        QCOMPARE(e[9].role, ParameterRole::Other);
        QVERIFY(!e[10].twinExpected);
    }

    // PyTorch against MindSpore: BatchNorm, Embedding, LayerNorm, Conv1d, the counter.
    void frameworks()
    {
        const Checkpoint pt = make({{u"conv.weight"_s, {4, 2, 3}},
                                    {u"bn.weight"_s, {4}},
                                    {u"bn.bias"_s, {4}},
                                    {u"bn.running_mean"_s, {4}},
                                    {u"bn.running_var"_s, {4}},
                                    {u"int:bn.num_batches_tracked"_s, {}},
                                    {u"emb.weight"_s, {10, 4}},
                                    {u"fc.weight"_s, {3, 4}}});
        const Checkpoint ms = make({{u"conv.weight"_s, {4, 2, 1, 3}},
                                    {u"bn.moving_mean"_s, {4}},
                                    {u"bn.moving_variance"_s, {4}},
                                    {u"bn.gamma"_s, {4}},
                                    {u"bn.beta"_s, {4}},
                                    {u"emb.embedding_table"_s, {10, 4}},
                                    {u"fc.weight"_s, {3, 4}}});
        const ParameterMapping m = mapParameters(pt, ms, {});
        verifyComplete(pt, ms, m);
        QCOMPARE(m.pairs.size(), 7);
        QVERIFY(m.onlyA.isEmpty() && m.onlyB.isEmpty());
        QCOMPARE(m.noTwinA, QList<int>{5});
        QCOMPARE(nameA(ms, pairOf(pt, m, u"bn.running_var"_s)->b), u"bn.moving_variance"_s);
        QCOMPARE(pairOf(pt, m, u"bn.weight"_s)->rule, MappingRule::BuiltIn);
        QVERIFY(pairOf(pt, m, u"bn.weight"_s)->how.contains(u"gamma"_s));
        QCOMPARE(pairOf(pt, m, u"fc.weight"_s)->rule, MappingRule::Exact);
        QVERIFY(pairOf(pt, m, u"conv.weight"_s)->reshaped);
        // Pairs come in the first checkpoint's order.
        for (int k = 1; k < m.pairs.size(); ++k)
            QVERIFY(m.pairs[k - 1].a < m.pairs[k].a);
        const CheckpointStructure s = checkStructure(pt, ms, m);
        QVERIFY(s.clean());
        QCOMPARE(s.aParams, 4 * 2 * 3 + 4 * 4 + 40 + 12);
        QCOMPARE(s.aTrainable, 4 * 2 * 3 + 8 + 40 + 12);
        QCOMPARE(s.bTrainable, s.aTrainable);
        QCOMPARE(s.reshaped.size(), 1);
    }

    void wrapperPrefixes()
    {
        const Checkpoint a = make({{u"module.conv.weight"_s, {2}}, {u"module.fc.weight"_s, {3}}});
        const Checkpoint b = make(
            {{u"network.backbone.conv.weight"_s, {2}}, {u"network.backbone.fc.weight"_s, {3}}});
        const ParameterMapping m = mapParameters(a, b, {});
        verifyComplete(a, b, m);
        QCOMPARE(m.prefixA, u"module."_s);
        QCOMPARE(m.prefixB, u"network.backbone."_s);
        QCOMPARE(m.pairs.size(), 2);
        QCOMPARE(m.pairs[0].rule, MappingRule::Prefix);
        // No prefix is set aside when nothing is gained.
        const ParameterMapping same = mapParameters(a, a, {});
        QVERIFY(same.prefixA.isEmpty() && same.prefixB.isEmpty());
        QCOMPARE(same.pairs[0].rule, MappingRule::Exact);
    }

    void userMapping()
    {
        const Checkpoint a = make({{u"encoder.attn.q.weight"_s, {4, 4}}, {u"head.w"_s, {2}}});
        const Checkpoint b = make({{u"enc.attention.query.weight"_s, {4, 4}}, {u"head.w"_s, {2}}});
        const QList<QPair<QRegularExpression, QString>> user = {
            {QRegularExpression(u"^enc\\.attention\\.query\\."_s), u"encoder.attn.q."_s}};
        const ParameterMapping m = mapParameters(a, b, user);
        verifyComplete(a, b, m);
        QCOMPARE(m.pairs.size(), 2);
        QCOMPARE(m.pairs[0].rule, MappingRule::User);
        QVERIFY(m.pairs[0].how.contains(u"query"_s));
    }

    // TroubleShooter's shape-sequence alignment for names that share nothing.
    void shapeAlignment()
    {
        const Checkpoint a = make({{u"features.0.weight"_s, {8, 3, 3, 3}},
                                   {u"features.0.bias"_s, {8}},
                                   {u"features.2.weight"_s, {16, 8, 3, 3}},
                                   {u"classifier.weight"_s, {10, 16}},
                                   {u"extra.weight"_s, {5, 5}}});
        const Checkpoint b = make({{u"block_a.conv.weight"_s, {8, 3, 3, 3}},
                                   {u"block_a.conv.bias"_s, {8}},
                                   {u"block_b.conv.weight"_s, {16, 8, 3, 3}},
                                   {u"head.dense.weight"_s, {10, 16}},
                                   {u"head.dense.bias"_s, {10}}});
        const ParameterMapping m = mapParameters(a, b, {});
        verifyComplete(a, b, m);
        QCOMPARE(m.pairs.size(), 4);
        for (const ParameterPair &p : m.pairs) {
            QCOMPARE(p.rule, MappingRule::Shape);
            QCOMPARE(a.tensors->tensors[p.a].shape, b.tensors->tensors[p.b].shape);
        }
        QCOMPARE(m.onlyA, QList<int>{4});
        QCOMPARE(m.onlyB, QList<int>{4});
        const CheckpointStructure s = checkStructure(a, b, m);
        QVERIFY(!s.clean());
        QCOMPARE(s.onlyA.size(), 1);
    }

    void shapeMismatchIsReported()
    {
        const Checkpoint a = make({{u"fc.weight"_s, {10, 16}}});
        const Checkpoint b = make({{u"fc.weight"_s, {16, 10}}});
        const ParameterMapping m = mapParameters(a, b, {});
        QCOMPARE(m.pairs.size(), 1);
        QVERIFY(!m.pairs[0].reshaped);
        const CheckpointStructure s = checkStructure(a, b, m);
        QCOMPARE(s.shapeMismatches, QList<int>{0});
        QVERIFY(!s.clean());
    }

    void optimizerStates()
    {
        const Checkpoint pt = make({{u"bn.weight"_s, {4}},
                                    {u"bn.running_var"_s, {4}},
                                    {u"fc.weight"_s, {3, 4}},
                                    {u"optimizer.state.0.exp_avg"_s, {4}},
                                    {u"optimizer.state.0.exp_avg_sq"_s, {4}},
                                    {u"optimizer.state.0.step"_s, {}},
                                    {u"optimizer.state.1.exp_avg"_s, {3, 4}},
                                    {u"optimizer.state.1.exp_avg_sq"_s, {3, 4}}});
        const Checkpoint ms = make({{u"bn.moving_variance"_s, {4}},
                                    {u"bn.gamma"_s, {4}},
                                    {u"fc.weight"_s, {3, 4}},
                                    {u"moment1.bn.gamma"_s, {4}},
                                    {u"moment1.fc.weight"_s, {3, 4}},
                                    {u"moment2.bn.gamma"_s, {4}},
                                    {u"moment2.fc.weight"_s, {3, 4}},
                                    {u"global_step"_s, {}}});
        const ParameterMapping m = mapParameters(pt, ms, {});
        verifyComplete(pt, ms, m);
        QCOMPARE(nameA(ms, pairOf(pt, m, u"optimizer.state.0.exp_avg"_s)->b),
                 u"moment1.bn.gamma"_s);
        QCOMPARE(nameA(ms, pairOf(pt, m, u"optimizer.state.1.exp_avg_sq"_s)->b),
                 u"moment2.fc.weight"_s);
        QCOMPARE(pairOf(pt, m, u"optimizer.state.1.exp_avg"_s)->rule, MappingRule::BuiltIn);
        QVERIFY(m.onlyA.isEmpty() && m.onlyB.isEmpty());
        QCOMPARE(m.noTwinA.size(), 1); // step
        QCOMPARE(m.noTwinB.size(), 1); // global_step
        // A file without optimizer state: the other's states are not "missing".
        const Checkpoint bare =
            make({{u"bn.moving_variance"_s, {4}}, {u"bn.gamma"_s, {4}}, {u"fc.weight"_s, {3, 4}}});
        const ParameterMapping m2 = mapParameters(pt, bare, {});
        verifyComplete(pt, bare, m2);
        QVERIFY(m2.onlyA.isEmpty());
        QCOMPARE(m2.noTwinA.size(), 5);
    }
};

QTEST_GUILESS_MAIN(tst_ParameterMapping)
#include "tst_parametermapping.moc"
