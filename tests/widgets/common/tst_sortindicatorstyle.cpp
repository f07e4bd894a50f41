// The sort arrow points the way the list runs (issue #14): a descending sort, which QHeaderView
// hands the style as SortUp, is drawn as the base style draws SortDown, and the reverse.
#include "widgets/common/sortindicatorstyle.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOptionHeader>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_SortIndicatorStyle : public QObject
{
    Q_OBJECT

private slots:
    void arrowsAreFlipped()
    {
        auto draw = [](QStyle *style, QStyleOptionHeader::SortIndicator indicator) {
            QImage image(16, 16, QImage::Format_ARGB32);
            image.fill(Qt::white);
            QStyleOptionHeader opt;
            opt.rect = image.rect();
            opt.palette = QApplication::palette();
            opt.sortIndicator = indicator;
            QPainter p(&image);
            style->drawPrimitive(QStyle::PE_IndicatorHeaderArrow, &opt, &p, nullptr);
            return image;
        };
        QStyle *base = QStyleFactory::create(u"Fusion"_s);
        QVERIFY(base);
        Twinscope::Widgets::SortIndicatorStyle style(u"Fusion"_s);
        const QImage up = draw(base, QStyleOptionHeader::SortUp);
        const QImage down = draw(base, QStyleOptionHeader::SortDown);
        QVERIFY(up != down); // the base style draws two different arrows
        QCOMPARE(draw(&style, QStyleOptionHeader::SortUp), down);
        QCOMPARE(draw(&style, QStyleOptionHeader::SortDown), up);
        // Anything else is drawn as the base style draws it.
        QCOMPARE(draw(&style, QStyleOptionHeader::None), draw(base, QStyleOptionHeader::None));
        delete base;
    }
};

QTEST_MAIN(tst_SortIndicatorStyle)
#include "tst_sortindicatorstyle.moc"
