#include "timelinedrawer.h"

#include <QHBoxLayout>
#include <QStackedWidget>
#include <QTabBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace Twinscope::Widgets {

TimelineDrawer::TimelineDrawer(QWidget *slicePage, QWidget *areaPage, QWidget *parent)
    : QWidget(parent)
    , m_bar(new QTabBar(this))
    , m_toggle(new QToolButton(this))
    , m_pages(new QStackedWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    m_bar->setDocumentMode(true);
    m_bar->setDrawBase(false);
    m_bar->addTab(tr("Selected slice"));
    m_bar->addTab(tr("Area statistics"));
    m_toggle->setAutoRaise(true);
    header->addWidget(m_bar);
    header->addStretch(1);
    header->addWidget(m_toggle);
    layout->addLayout(header);
    m_pages->addWidget(slicePage);
    m_pages->addWidget(areaPage);
    layout->addWidget(m_pages, 1);
    connect(m_bar, &QTabBar::currentChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(m_bar, &QTabBar::tabBarClicked, this, [this] {
        if (m_collapsed)
            setCollapsed(false);
    });
    connect(m_toggle, &QToolButton::clicked, this, [this] { setCollapsed(!m_collapsed); });
    refresh(false);
}

int TimelineDrawer::headerHeight() const
{
    return std::max(m_bar->sizeHint().height(), m_toggle->sizeHint().height());
}

void TimelineDrawer::setPageShown(Page page, bool shown)
{
    const bool changed = m_shown[page] != shown;
    m_shown[page] = shown;
    if (shown)
        setCurrentPage(page);
    refresh(changed);
}

bool TimelineDrawer::isPageShown(Page page) const
{
    return m_shown[page];
}

TimelineDrawer::Page TimelineDrawer::currentPage() const
{
    return Page(m_pages->currentIndex());
}

void TimelineDrawer::setCurrentPage(Page page)
{
    m_bar->setCurrentIndex(page);
    m_pages->setCurrentIndex(page);
}

void TimelineDrawer::setCollapsed(bool collapsed)
{
    if (m_collapsed == collapsed)
        return;
    m_collapsed = collapsed;
    refresh(true);
}

void TimelineDrawer::refresh(bool changed)
{
    m_bar->setTabVisible(SlicePage, m_shown[SlicePage]);
    m_bar->setTabVisible(AreaPage, m_shown[AreaPage]);
    if (!m_shown[currentPage()] && m_shown[1 - currentPage()])
        setCurrentPage(Page(1 - currentPage()));
    m_pages->setVisible(!m_collapsed);
    m_toggle->setArrowType(m_collapsed ? Qt::UpArrow : Qt::DownArrow);
    m_toggle->setToolTip(m_collapsed ? tr("Show the details panel")
                                     : tr("Collapse the details panel"));
    setMaximumHeight(m_collapsed ? headerHeight() : QWIDGETSIZE_MAX);
    const bool visible = m_shown[SlicePage] || m_shown[AreaPage];
    if (visible == isHidden())
        changed = true;
    setVisible(visible);
    if (changed)
        emit layoutChanged();
}

} // namespace Twinscope::Widgets
