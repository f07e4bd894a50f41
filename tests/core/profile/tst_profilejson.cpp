#include "core/export/profilejson.h"
#include "core/profile/profilepipeline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// Shard summaries (`profile --json --shard I/N`) read back for `--merge`.
class tst_ProfileJson : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void roundTripKeepsEverything();
    void broken_data();
    void broken();
    void prefixesFailCleanly();

private:
    QByteArray m_shard;
};

namespace {

Result<ProfileShard> read(const QByteArray &b)
{
    return readProfileShard(std::string_view(b.constData(), size_t(b.size())), u"s.json"_s);
}

} // namespace

void tst_ProfileJson::initTestCase()
{
    ProfilePipelineInput in;
    in.paths = {QStringLiteral(TWINSCOPE_TEST_DATA "/profile/good/cluster")};
    in.signatures = false;
    ProgressSink progress;
    const auto r = runProfilePipeline(in, progress, CancelToken());
    QVERIFY(r.isOk());
    m_shard = QJsonDocument(profileShardJson(*r.value(), 1, 2)).toJson(QJsonDocument::Compact);
}

void tst_ProfileJson::roundTripKeepsEverything()
{
    const auto r = read(m_shard);
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const ProfileAnalysis &a = r.value()->analysis;
    QCOMPARE(r.value()->index, 1);
    QCOMPARE(r.value()->count, 2);
    QCOMPARE(int(a.ranks.size()), 5);
    QCOMPARE(int(a.collectives.size()), 2);
    QVERIFY(!a.collectives.front().links.empty());
    QVERIFY(!a.collectives.front().links.begin()->second.packets.empty());
    QCOMPARE(int(a.matrix.size()), 4);
    QCOMPARE(int(a.rankLinks.size()), 8); // HCCS and RDMA of ranks 0..3
    // Written again, the document is the same.
    const QJsonObject again = profileShardJson(mergeAnalyses({a}), 1, 2);
    QCOMPARE(again.value(u"partial"_s),
             QJsonDocument::fromJson(m_shard).object().value(u"partial"_s));
}

void tst_ProfileJson::broken_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("not json") << QByteArray("{\"shard\": ") << u"not valid JSON"_s;
    QTest::newRow("array") << QByteArray("[1, 2]") << u"document"_s;
    QTest::newRow("plain summary")
        << QByteArray("{\"schemaVersion\": 1, \"ranks\": []}") << u"document.shard"_s;
    QTest::newRow("newer schema")
        << QByteArray("{\"schemaVersion\": 2, \"shard\": {\"index\": 0, \"count\": 1}, "
                      "\"partial\": {}}")
        << u"schemaVersion"_s;
    QTest::newRow("kernel count not a number")
        << QByteArray("{\"schemaVersion\": 1, \"shard\": {\"index\": 0, \"count\": 1}, "
                      "\"partial\": {\"kernels\": [{\"type\": \"A\", \"core\": \"B\", \"count\": "
                      "\"x\"}], \"communication\": [], \"rank_links\": [], \"matrix\": [], "
                      "\"ranks\": [], \"device_us\": 0, \"kernel_count\": 0}}")
        << u"kernels[].count"_s;
}

void tst_ProfileJson::broken()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    const auto r = read(json);
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().file, u"s.json"_s);
    QVERIFY2(r.error().message.contains(mentions), qPrintable(r.error().message));
}

void tst_ProfileJson::prefixesFailCleanly()
{
    for (int i = 0; i < 100; ++i) {
        const auto r = read(m_shard.left(m_shard.size() * i / 100));
        QVERIFY(r.isFailed());
    }
}

QTEST_GUILESS_MAIN(tst_ProfileJson)
#include "tst_profilejson.moc"
