#pragma once

#include <QSortFilterProxyModel>
#include <QTableView>

namespace Twinscope::Widgets {

// The Profile tab's tables share one look: sortable by the models' SortRole, fixed row heights
// (docs/DESIGN.md §7: big tables never resize to contents), rows selected whole, and rows whose
// SeverityRole is set (slow ranks, AI CPU kernels, unaligned shapes) in the warning colour.
class ProfileTableView : public QTableView
{
    Q_OBJECT

public:
    // sortRole and severityRole are the model's roles (each model numbers them from UserRole + 1).
    ProfileTableView(QAbstractItemModel *model, int sortRole, int severityRole, QWidget *parent);

    QSortFilterProxyModel *proxy() const { return m_proxy; }
    // The source row of the current selection, or -1.
    int selectedSourceRow() const;
    void selectSourceRow(int row);
    // Minimum widths per column (the rest 80 px), widened to fit each header.
    void setColumnWidths(std::initializer_list<int> widths);

signals:
    void sourceRowSelected(int row);

private:
    QSortFilterProxyModel *m_proxy;
};

} // namespace Twinscope::Widgets
