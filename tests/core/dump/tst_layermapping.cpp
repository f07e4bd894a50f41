// Issue #26: msprobe's layer-mapping YAML for module trees of two frameworks. The pair is msprobe's
// own MindSpore/PyTorch fixture (tests/data/shared/dump/msprobe_ms_vs_pt_compare) with its
// layer_mapping.yaml; msprobe's test_layer_mapping.py states the mapping these files give.
#include "core/dump/layermapping.h"
#include "core/dump/modulecompare.h"
#include "core/dump/moduletree.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

QString data(const QString &path)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/shared/dump/msprobe_ms_vs_pt_compare/") + path;
}

// msprobe's own YAML for this pair; kept outside tests/data/shared, which mirrors ../shared/data.
QString mappingFile()
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_layer_mapping/layer_mapping.yaml");
}

std::shared_ptr<const ModuleTree> tree(const QString &side)
{
    auto r = loadModuleTree(data(side));
    if (!r.isOk()) {
        qWarning() << r.error().toString();
        return nullptr;
    }
    return std::make_shared<const ModuleTree>(*r.value());
}

} // namespace

class TestLayerMapping : public QObject
{
    Q_OBJECT
private slots:
    void parsesMsprobesFile()
    {
        LayerMapping m;
        QString error;
        QVERIFY2(loadLayerMapping(mappingFile(), &m, &error), qPrintable(error));
        QCOMPARE(m.rules.size(), 5);
        const auto vpe = m.rules.value(u"VocabParallelEmbedding"_s);
        QCOMPARE(vpe.value(u"reduce_from_mp_region"_s).size(), 1);
        QCOMPARE(vpe.value(u"reduce_from_mp_region"_s).first().levels, 2);
        QCOMPARE(vpe.value(u"reduce_from_mp_region"_s).first().target, u"all_reduce"_s);
        QCOMPARE(m.rules.value(u"TopLayer"_s).value(u"network_with_loss"_s).first().target,
                 u"module"_s);
    }

    void oldCellKeyAndCommentsAndParentheses()
    {
        LayerMapping m;
        QString error;
        QVERIFY2(parseLayerMapping(
                     "# comment\nCell:\n  'a.b': \"c(x)\"  # why\n", u"t.yaml"_s, &m, &error),
                 qPrintable(error));
        const auto r = m.rules.value(u"TopLayer"_s).value(u"a"_s);
        QCOMPARE(r.size(), 1);
        QCOMPARE(r.first().origin, u"a.b"_s);
        QCOMPARE(r.first().target, u"c"_s);
    }

    void badFilesNameTheLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("line");
        QTest::newRow("rule before type") << QByteArray("  a: b\n") << u"line 1"_s;
        QTest::newRow("list") << QByteArray("T:\n  - a\n") << u"line 2"_s;
        QTest::newRow("tab") << QByteArray("T:\n\ta: b\n") << u"line 2"_s;
        QTest::newRow("nested") << QByteArray("T:\n  a:\n    b: c\n") << u"line 2"_s;
        QTest::newRow("no colon") << QByteArray("T:\n  ab\n") << u"line 2"_s;
        QTest::newRow("top scalar") << QByteArray("T: x\n") << u"line 1"_s;
    }
    void badFilesNameTheLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, line);
        LayerMapping m;
        QString error;
        QVERIFY(!parseLayerMapping(text, u"bad.yaml"_s, &m, &error));
        QVERIFY2(error.contains(u"bad.yaml"_s) && error.contains(line), qPrintable(error));
    }

    // msprobe's expected api mapping for this pair, less the two Tensor.__add__ calls at the top:
    // msprobe adds framework stack frames to their scope and maps __add__.1 -> __add__.0, which
    // Twinscope (no stack scope) maps by position (documented, METRICS.md §13.7).
    void mapsAsMsprobeDoes()
    {
        const auto npu = tree(u"mindspore_data"_s);
        const auto bench = tree(u"pytorch_data"_s);
        QVERIFY(npu && bench);
        LayerMapping m;
        QString error;
        QVERIFY2(loadLayerMapping(mappingFile(), &m, &error), qPrintable(error));
        const QHash<QString, QString> ids = layerMappedIds(*npu, *bench, m);
        const QString cell = u"Cell.network_with_loss.module.language_model."_s;
        const QString mod = u"Module.module.module.language_model."_s;
        const QList<QPair<QString, QString>> expected = {
            {u"Mint.logical_or.0.forward"_s, u"Tensor.__or__.0.forward"_s},
            {u"Distributed.all_reduce.0.forward"_s, u"Distributed.all_reduce.0.forward"_s},
            {cell + u"embedding.word_embeddings.VocabParallelEmbedding.forward.0"_s,
             mod + u"embedding.word_embeddings.VocabParallelEmbedding.forward.0"_s},
            {u"Primitive.norm.RmsNorm.0.forward"_s, u"NPU.npu_rms_norm.0.forward"_s},
            {cell + u"encoder.layers.0.ParallelTransformerLayer.forward.0"_s,
             mod + u"encoder.layers.0.ParallelTransformerLayer.forward.0"_s},
            {cell + u"encoder.layers.0.attention.ParallelAttention.forward.0"_s,
             mod + u"encoder.layers.0.self_attention.ParallelAttention.forward.0"_s},
            {u"Mint.cos.0.forward"_s, u"Torch.cos.0.forward"_s},
            {u"Functional.flash_attention_score.0.forward"_s,
             u"NPU.npu_fusion_attention.0.forward"_s},
            {u"Functional.flash_attention_score.0.backward"_s,
             u"NPU.npu_fusion_attention.0.backward"_s},
        };
        for (const auto &[n, b] : expected)
            QCOMPARE(ids.value(n), b);
        // msprobe: N/A (the bench has no FusedRMSNorm backward, nor a __bool__).
        QVERIFY(!ids.contains(cell + u"encoder.layers.0.input_norm.FusedRMSNorm.backward.0"_s));
        QVERIFY(!ids.contains(u"Tensor.__bool__.1.forward"_s));

        // Without the file the cross-framework pair matches almost nothing; with it, the compare
        // pairs every mapped node.
        const auto plain = compareModuleTrees(npu, bench);
        ModuleCompareOptions options;
        options.layerMapping = m;
        const auto mapped = compareModuleTrees(npu, bench, options);
        QVERIFY2(mapped->matchedCount() >= plain->matchedCount() + 8,
                 qPrintable(u"%1 vs %2"_s.arg(mapped->matchedCount()).arg(plain->matchedCount())));
        const int attention =
            npu->find(cell + u"encoder.layers.0.attention.ParallelAttention.forward.0"_s);
        QVERIFY(attention >= 0);
        QCOMPARE(bench->nodes[mapped->nodes[attention].bench].id,
                 mod + u"encoder.layers.0.self_attention.ParallelAttention.forward.0"_s);
    }
};

QTEST_GUILESS_MAIN(TestLayerMapping)
#include "tst_layermapping.moc"
