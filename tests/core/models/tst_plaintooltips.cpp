// Issue #31: tooltips render rich text when Qt::mightBeRichText() says so, so input text (an op,
// tensor or file name) reaches them escaped. A name with markup comes back from the models'
// ToolTipRole without a single tag of its own; plain names are left as they are.
#include "core/common/plaintooltip.h"
#include "core/models/opstatisticsmodel.h"
#include "core/models/profiletablemodel.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

const QString Image = u"<img src=\"/tmp/twinscope-canary.png\">"_s;
const QString Bold = u"<b>bold</b> & <a href=\"file:///etc/passwd\">link</a>"_s;

// Escaped: none of the text's own markup is left, the text itself is there escaped.
bool escaped(const QString &tip, const QString &text)
{
    return !tip.contains(u"<img"_s) && !tip.contains(u"<b>"_s) && !tip.contains(u"<a "_s) &&
           tip.contains(text.toHtmlEscaped());
}

} // namespace

class tst_PlainToolTips : public QObject
{
    Q_OBJECT

private slots:
    void plainTextStaysAsItIs()
    {
        QCOMPARE(plainToolTip(u"aten::mm\n[32, 1024]"_s), u"aten::mm\n[32, 1024]"_s);
        QCOMPARE(plainToolTip(QString()), QString());
    }

    void markupIsEscaped_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("img") << Image;
        QTest::newRow("bold and link") << Bold;
        QTest::newRow("entity") << u"&lt;img src=x&gt;"_s;
        QTest::newRow("second line") << u"name\n<img src=x>"_s;
    }
    void markupIsEscaped()
    {
        QFETCH(QString, text);
        const QString tip = plainToolTip(text);
        QVERIFY2(escaped(tip, text), qPrintable(tip));
        // One paragraph of ours that keeps line breaks and spaces as they are.
        QVERIFY(tip.startsWith(u"<p style=\"white-space:pre-wrap\">"_s));
        QCOMPARE(tip.count(u'<'), 2);
    }

    void opStatisticsNameTooltip()
    {
        auto stats = std::make_shared<OpStatistics>();
        OpStatisticsRow row;
        row.name = Image;
        row.category = u"kernel"_s;
        row.count = 1;
        row.totalNs = 10;
        stats->rows.push_back(row);
        stats->rangeNs = 100;
        OpStatisticsModel model;
        model.setStatistics(stats);
        const QString tip = model.data(model.index(0, 0), Qt::ToolTipRole).toString();
        QVERIFY2(escaped(tip, Image), qPrintable(tip));
        QCOMPARE(model.data(model.index(0, 0), Qt::DisplayRole).toString(), Image);
    }

    void profileTableCellTooltip()
    {
        auto table = std::make_shared<ProfileTable>();
        table->path = u"kernel_details.csv"_s;
        table->header = {u"Name"_s, u"Type"_s};
        table->rows.push_back({Bold, u"MatMul"_s});
        table->totalRows = 1;
        ProfileTableModel model;
        model.setTable(table);
        const QString tip = model.data(model.index(0, 0), Qt::ToolTipRole).toString();
        QVERIFY2(escaped(tip, Bold), qPrintable(tip));
        QCOMPARE(model.data(model.index(0, 1), Qt::ToolTipRole).toString(), u"MatMul"_s);
    }
};

QTEST_GUILESS_MAIN(tst_PlainToolTips)
#include "tst_plaintooltips.moc"
