#include "core/trace/opfamilies.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_OpFamilies : public QObject
{
    Q_OBJECT

private slots:
    void builtIn_data();
    void builtIn();
    void userRulesWin();
    void badFiles_data();
    void badFiles();
    void fromFile();
};

void tst_OpFamilies::builtIn_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("family");
    // GPU kernel names from the shared Kineto traces and NPU names from the torch_npu and msprof
    // traces (tests/data/shared/trace).
    QTest::newRow("cuBLAS") << u"ampere_sgemm_128x64_tn"_s << u"matmul"_s;
    QTest::newRow("NPU MatMulV2") << u"aclnnMm_MatMulCommon_MatMulV2"_s << u"matmul"_s;
    QTest::newRow("BatchMatMul") << u"BatchMatMulV2"_s << u"matmul"_s;
    QTest::newRow("cuDNN fprop")
        << u"sm80_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nchw"_s << u"conv"_s;
    QTest::newRow("NPU Conv2D") << u"Default/network-WithLossCell/conv1-Conv2d/Conv2D-op8"_s
                                << u"conv"_s;
    QTest::newRow("flash") << u"FlashAttentionScore"_s << u"flash_attention"_s;
    QTest::newRow("nccl") << u"ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*)"_s
                          << u"all_reduce"_s;
    QTest::newRow("hcom") << u"hcom_allReduce__598_0_1"_s << u"all_reduce"_s;
    QTest::newRow("ms AllReduce") << u"Default/AllReduce-op534_0"_s << u"all_reduce"_s;
    QTest::newRow("softmax") << u"void (anonymous namespace)::softmax_warp_forward<float>"_s
                             << u"softmax"_s;
    QTest::newRow("layer norm")
        << u"void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float>"_s
        << u"layer_norm"_s;
    QTest::newRow("NPU LayerNorm") << u"LayerNormV3"_s << u"layer_norm"_s;
    QTest::newRow("TransData") << u"aclnnMm_TransData_TransData"_s << u"transdata"_s;
    QTest::newRow("Cast") << u"trans_Cast_10"_s << u"cast"_s;
    QTest::newRow("not a cast") << u"ncclKernel_Broadcast_RING"_s << u"broadcast"_s;
    QTest::newRow("add") << u"void at::native::vectorized_elementwise_kernel<4, "
                            "at::native::CUDAFunctor_add<float>>"_s
                         << u"add"_s;
    QTest::newRow("NPU add") << u"aclnnAdd_AddAiCore_Add"_s << u"add"_s;
    // Kernels of the 2021 Kineto ResNet-50 trace in the shared corpus.
    QTest::newRow("cuDNN scudnn") << u"volta_scudnn_128x64_stridedB_splitK_xregs_large_nn_v1"_s
                                  << u"conv"_s;
    QTest::newRow("winograd") << u"void cudnn::winograd_nonfused::winogradForwardData4x4<float, "
                                 "float>(cudnn::winograd_nonfused::WinogradDataParams<float, "
                                 "float>)"_s
                              << u"conv"_s;
    QTest::newRow("relu as clamp_min")
        << u"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous "
           "namespace)::clamp_min_scalar_kernel_impl(at::TensorIterator&, c10::Scalar)"_s
        << u"relu"_s;
    QTest::newRow("layout") << u"void nchwToNhwcKernel<float, float, float, true, false, "
                               "(cudnnKernelDataType_t)0>(int, int, int, int, float const*)"_s
                            << u"transdata"_s;
    QTest::newRow("AddFunctor") << u"void at::native::vectorized_elementwise_kernel<4, "
                                   "at::native::AddFunctor<float>, at::detail::Array<char*, 3> >"_s
                                << u"add"_s;
    QTest::newRow("MulScalarFunctor")
        << u"void at::native::unrolled_elementwise_kernel<at::native::MulScalarFunctor<float, "
           "float>, at::detail::Array<char*, 2>>"_s
        << u"mul"_s;
    QTest::newRow("NLL") << u"void cunn_ClassNLLCriterion_updateOutput_kernel<float, float>"_s
                         << u"nll_loss"_s;
    QTest::newRow("mean") << u"void at::native::reduce_kernel<512, 1, "
                             "at::native::ReduceOp<float, at::native::MeanOps<float, float>>"_s
                          << u"reduce_mean"_s;
    QTest::newRow("NPU ReduceMean")
        << u"aclnnMean_ReduceMeanAiCore_ReduceMean"_s << u"reduce_mean"_s;
    QTest::newRow("unmapped") << u"aclnnAddcmul_AddcmulAiCore_Addcmul"_s << QString();
}

void tst_OpFamilies::builtIn()
{
    QFETCH(QString, name);
    QFETCH(QString, family);
    const QByteArray utf8 = name.toUtf8();
    QCOMPARE(
        OpFamilyMap::builtIn().familyOf(std::string_view(utf8.constData(), size_t(utf8.size()))),
        family);
}

void tst_OpFamilies::userRulesWin()
{
    const Result<std::vector<OpFamilyRule>> r = parseOpFamilyFile(
        "{\n  \"sgemm\": \"my_gemm\",\n  \"^Custom.*Op$\": \"custom\"\n}\n", u"map.json"_s);
    QVERIFY(r.isOk());
    QCOMPARE(int(r.value()->size()), 2);
    QCOMPARE(r.value()->at(0).line, 2);
    QCOMPARE(r.value()->at(1).line, 3);
    OpFamilyMap map = OpFamilyMap::builtIn();
    map.prepend(*r.value());
    QCOMPARE(map.familyOf("ampere_sgemm_128x64_tn"), u"my_gemm"_s); // in the file's order
    QCOMPARE(map.familyOf("CustomFusedOp"), u"custom"_s);
    QCOMPARE(map.familyOf("MatMulV2"), u"matmul"_s);     // built-ins still apply
    QCOMPARE(map.familyOf("aten::mm", true), QString()); // framework names: user rules only
    QCOMPARE(map.familyOf("CustomFusedOp", true), u"custom"_s);
}

void tst_OpFamilies::badFiles_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad regex") << QByteArray("{\n  \"gemm\": \"matmul\",\n  \"conv(\": \"conv\"\n}")
                               << 3 << u"\"conv(\" is not a usable regular expression"_s;
    QTest::newRow("not a string") << QByteArray("{\n\"a\": \"x\",\n\n\"b\": 3}") << 4
                                  << u"must be a string"_s;
    QTest::newRow("empty family") << QByteArray("{\"a\": \"  \"}") << 1 << u"is empty"_s;
    QTest::newRow("array") << QByteArray("[\"gemm\"]") << 1 << u"one JSON object"_s;
    QTest::newRow("cut off") << QByteArray("{\"gemm\": \"matmul\",\n \"x\"") << 2
                             << u"not valid JSON"_s;
    QTest::newRow("trailing") << QByteArray("{\"gemm\": \"matmul\"}\n{}") << 2
                              << u"not valid JSON"_s;
    QTest::newRow("empty") << QByteArray() << 1 << u"not valid JSON"_s;
}

void tst_OpFamilies::badFiles()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(QString, message);
    const Result<std::vector<OpFamilyRule>> r =
        parseOpFamilyFile(std::string_view(text.constData(), size_t(text.size())), u"map.json"_s);
    QVERIFY(r.isFailed());
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    QCOMPARE(r.error().line, line);
    QCOMPARE(r.error().file, u"map.json"_s);
    QVERIFY(r.error().toString().contains(u"line %1"_s.arg(line)));
}

void tst_OpFamilies::fromFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"families.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"RingAllReduce\": \"all_reduce\"}");
    f.close();
    const auto r = loadOpFamilyFile(path);
    QVERIFY(r.isOk());
    QCOMPARE(r.value()->front().family, u"all_reduce"_s);
    QVERIFY(loadOpFamilyFile(dir.filePath(u"missing.json"_s)).isFailed());
}

QTEST_GUILESS_MAIN(tst_OpFamilies)
#include "tst_opfamilies.moc"
