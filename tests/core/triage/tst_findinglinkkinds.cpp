// Which tab shows a finding's link (issue #22): the one mapping from a link to the kinds of tab
// that can reveal it, and the KindRow links that let a new kind add none.
#include "core/common/filesniffer.h"
#include "core/triage/finding.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_FindingLinkKinds : public QObject
{
    Q_OBJECT

private slots:
    void everyViewHasItsTab()
    {
        auto kinds = [](FindingLink::View view) {
            FindingLink link;
            link.view = view;
            return findingLinkKinds(link);
        };
        QCOMPARE(kinds(FindingLink::View::LossStep), QList<FileKind>{FileKind::Loss});
        QCOMPARE(kinds(FindingLink::View::DumpTensor), QList<FileKind>{FileKind::Dump});
        QCOMPARE(kinds(FindingLink::View::TraceSlices), QList<FileKind>{FileKind::Trace});
        // A profile row falls back to the op's slices in the timeline.
        QCOMPARE(kinds(FindingLink::View::ProfileRow),
                 (QList<FileKind>{FileKind::Profile, FileKind::Trace}));
        QCOMPARE(kinds(FindingLink::View::CheckpointParam), QList<FileKind>{FileKind::Checkpoint});
        QCOMPARE(kinds(FindingLink::View::OpInfoType), QList<FileKind>{FileKind::OpInfo});
        QCOMPARE(kinds(FindingLink::View::LogLine), QList<FileKind>{FileKind::OpInfo});
        QVERIFY(kinds(FindingLink::View::None).isEmpty());
    }

    void kindRowNamesItsTab()
    {
        FindingLink link;
        link.view = FindingLink::View::KindRow;
        link.kind = u"checkpoint"_s;
        link.row = 3;
        QCOMPARE(findingLinkKinds(link), QList<FileKind>{FileKind::Checkpoint});
        // Through JSON and back, as a workspace file keeps it.
        const QJsonObject o = findingLinkJson(link);
        QCOMPARE(o.value(u"view"_s).toString(), u"kind_row"_s);
        QCOMPARE(o.value(u"kind"_s).toString(), u"checkpoint"_s);
        QCOMPARE(o.value(u"row"_s).toInt(), 3);
        QCOMPARE(findingLinkFromJson(o), link);
        // An id of no kind opens nothing (an old build reading a newer file).
        link.kind = u"no_such_kind"_s;
        QVERIFY(findingLinkKinds(link).isEmpty());
    }

    void kindIdsRoundTrip()
    {
        for (int k = 0; k < int(FileKind::Unknown); ++k)
            QCOMPARE(fileKindFromId(fileKindId(FileKind(k))), FileKind(k));
        QCOMPARE(fileKindFromId(u"unknown"_s), FileKind::Unknown);
        QCOMPARE(fileKindFromId(QString()), FileKind::Unknown);
    }

    // A path is sniffed once and the result travels: sniffedOr uses a result made for the same
    // path, and reads the content when none was made or it was made for another path.
    void sniffTravelsWithThePath()
    {
        const QString csv = QStringLiteral(TWINSCOPE_TEST_DATA
                                           "/shared/dump/ptdbg_compare_result_20230703104808.csv");
        SniffResult given;
        given.path = csv;
        given.kind = FileKind::Loss; // a deliberately different answer: it must be the one used
        given.format = u"planted"_s;
        QCOMPARE(sniffedOr(given, csv).format, u"planted"_s);
        // Made for another path, or never sniffed (kind and error empty): the content decides.
        SniffResult other = given;
        other.path = csv + u".other"_s;
        QCOMPARE(sniffedOr(other, csv).format, u"compare_result"_s);
        SniffResult blank;
        blank.path = csv;
        QCOMPARE(sniffedOr(blank, csv).format, u"compare_result"_s);
        QCOMPARE(sniffedOr(std::nullopt, csv).kind, FileKind::Dump);
    }
};

QTEST_GUILESS_MAIN(tst_FindingLinkKinds)
#include "tst_findinglinkkinds.moc"
