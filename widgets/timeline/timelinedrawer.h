#pragma once

#include <QWidget>

class QLabel;
class QStackedWidget;
class QTabBar;
class QToolButton;

namespace Twinscope::Widgets {

// Perfetto's bottom panel under the timeline: one page for the selected slice's details and one
// for the aggregate of the selected area. A page shows only while it has something to show, and
// with neither the drawer is hidden, so the tracks keep the whole width and height. The arrow
// button collapses it to its tab bar and expands it again.
class TimelineDrawer : public QWidget
{
    Q_OBJECT

public:
    enum Page { SlicePage, AreaPage };

    TimelineDrawer(QWidget *slicePage, QWidget *areaPage, QWidget *parent = nullptr);

    // Whether a page has content; showing one brings it to the front.
    void setPageShown(Page page, bool shown);
    bool isPageShown(Page page) const;
    Page currentPage() const;
    void setCurrentPage(Page page);
    void setCollapsed(bool collapsed);
    bool isCollapsed() const { return m_collapsed; }
    // The height of the tab bar row: the drawer's height when collapsed.
    int headerHeight() const;

signals:
    // The drawer appeared, disappeared, collapsed or expanded: the splitter above re-divides.
    void layoutChanged();

private:
    void refresh(bool changed);
    QTabBar *m_bar;
    QToolButton *m_toggle;
    QStackedWidget *m_pages;
    bool m_shown[2] = {false, false};
    bool m_collapsed = false;
};

} // namespace Twinscope::Widgets
