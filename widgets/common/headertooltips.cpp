#include "headertooltips.h"

#include "core/common/plaintooltip.h"

#include <QHeaderView>
#include <QHelpEvent>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTextDocument>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

bool HeaderToolTips::isElided(const QHeaderView *header, int logicalIndex)
{
    const QAbstractItemModel *model = header->model();
    if (!model)
        return false;
    const Qt::Orientation o = header->orientation();
    const QString text = model->headerData(logicalIndex, o, Qt::DisplayRole).toString();
    if (text.isEmpty())
        return false;
    // The style's own measure of the section's contents, as QHeaderView sizes a section to fit.
    QStyleOptionHeader opt;
    opt.initFrom(header);
    opt.orientation = o;
    opt.section = logicalIndex;
    opt.text = text;
    const QVariant font = model->headerData(logicalIndex, o, Qt::FontRole);
    if (font.canConvert<QFont>())
        opt.fontMetrics = QFontMetrics(qvariant_cast<QFont>(font));
    if (header->isSortIndicatorShown() && header->sortIndicatorSection() == logicalIndex)
        opt.sortIndicator = QStyleOptionHeader::SortDown;
    const QVariant icon = model->headerData(logicalIndex, o, Qt::DecorationRole);
    opt.icon = qvariant_cast<QIcon>(icon);
    const QSize needed =
        header->style()->sizeFromContents(QStyle::CT_HeaderSection, &opt, QSize(), header);
    const int size = header->sectionSize(logicalIndex);
    return o == Qt::Horizontal ? size < needed.width() : size < needed.height();
}

QString HeaderToolTips::toolTip(const QHeaderView *header, int logicalIndex)
{
    const QAbstractItemModel *model = header->model();
    if (!model || logicalIndex < 0)
        return {};
    const Qt::Orientation o = header->orientation();
    const QString own = model->headerData(logicalIndex, o, Qt::ToolTipRole).toString();
    if (!isElided(header, logicalIndex))
        return own;
    const QString text = model->headerData(logicalIndex, o, Qt::DisplayRole).toString();
    if (own.contains(text))
        return own;
    // The title may name an input (a file, a rank): it is shown as text, never as markup. A
    // model's rich tooltip is already escaped where it quotes input.
    if (own.isEmpty())
        return Core::plainToolTip(text);
    if (Qt::mightBeRichText(own))
        return u"<b>%1</b><br>%2"_s.arg(text.toHtmlEscaped(), own);
    return Core::plainToolTip(text + u'\n' + own);
}

bool HeaderToolTips::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return false;
    // Sections are painted on the header's viewport, which receives the hover.
    auto *header = qobject_cast<QHeaderView *>(watched->parent());
    if (!header || header->viewport() != watched)
        return false;
    auto *help = static_cast<QHelpEvent *>(event);
    const int logical = header->logicalIndexAt(help->pos());
    if (logical < 0 || !isElided(header, logical))
        return false; // QHeaderView shows the model's own tooltip, if any
    QToolTip::showText(help->globalPos(), toolTip(header, logical), header->viewport());
    return true;
}

} // namespace Twinscope::Widgets
