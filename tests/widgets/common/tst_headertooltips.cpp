// Cut column titles give their whole text on hover (issue #29): a section narrower than its title
// shows the title as its tooltip, before the model's own tooltip when there is one; a section
// wide enough shows only what the model gives; a title that looks like markup is shown as text.
#include "common/headerhover.h"
#include "widgets/common/headertooltips.h"

#include <QApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QTextDocument>
#include <QToolTip>

using namespace Qt::StringLiterals;
using Twinscope::Widgets::HeaderToolTips;

namespace {

// What hovering the middle of the section shows, as plain text; empty when nothing shows.
QString hover(QHeaderView *header, int section)
{
    return TestHover::headerToolTip(header, section);
}

} // namespace

class tst_HeaderToolTips : public QObject
{
    Q_OBJECT

private slots:
    void cutTitlesShowInFull()
    {
        HeaderToolTips filter;
        qApp->installEventFilter(&filter);
        QStandardItemModel model(2, 4);
        const QString longTitle = u"Compiles after the cut-off"_s;
        model.setHorizontalHeaderLabels(
            {longTitle, u"Count"_s, u"Maximum <b>error</b>"_s, u"Ratio"_s});
        model.setHeaderData(1, Qt::Horizontal, u"How many times"_s, Qt::ToolTipRole);
        model.setHeaderData(3, Qt::Horizontal, u"Target / baseline"_s, Qt::ToolTipRole);
        QTableView view;
        view.setModel(&model);
        view.horizontalHeader()->setStretchLastSection(false);
        view.resize(800, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QHeaderView *header = view.horizontalHeader();
        header->resizeSection(0, 40);
        header->resizeSection(1, 20);
        header->resizeSection(2, 30);
        header->resizeSection(3, 300);

        // Cut, no tooltip of its own: the title.
        QVERIFY(HeaderToolTips::isElided(header, 0));
        QCOMPARE(hover(header, 0), longTitle);
        // Cut, with a tooltip of its own: the title first, then the model's text.
        QCOMPARE(hover(header, 1), u"Count\nHow many times"_s);
        // A title that looks like markup is shown as written.
        QCOMPARE(hover(header, 2), u"Maximum <b>error</b>"_s);
        // Wide enough: only the model's own tooltip, as QHeaderView shows it.
        QVERIFY(!HeaderToolTips::isElided(header, 3));
        QCOMPARE(hover(header, 3), u"Target / baseline"_s);
        // Widened, the first title fits and no longer needs a tooltip.
        header->resizeSection(0, 400);
        QVERIFY(!HeaderToolTips::isElided(header, 0));
        QCOMPARE(hover(header, 0), QString());

        // Without the filter a cut title gives nothing: the test sees the difference.
        qApp->removeEventFilter(&filter);
        header->resizeSection(0, 40);
        QCOMPARE(hover(header, 0), QString());
    }
};

QTEST_MAIN(tst_HeaderToolTips)
#include "tst_headertooltips.moc"
