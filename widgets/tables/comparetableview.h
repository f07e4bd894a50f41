#pragma once

#include <QWidget>

class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace Twinscope::Core {
class CompareTableModel;
}

namespace Twinscope::Widgets {

// The compare table: sortable, filterable (search box debounced by 150 ms), verdict colours and
// in-cell bars from a delegate, and a "jump to first divergence" action.
class CompareTableView : public QWidget
{
    Q_OBJECT

public:
    explicit CompareTableView(Core::CompareTableModel *model, QWidget *parent = nullptr);

    void selectComparisonRow(int comparisonRow);
    int currentComparisonRow() const;
    QTableView *table() const { return m_view; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }

    QPushButton *jumpButton() const { return m_jump; }

public slots:
    // Selects the first divergent pair; without one it says so (tool tip and notice) and
    // returns false.
    bool jumpToFirstDivergence();

signals:
    void comparisonRowSelected(int comparisonRow);
    void notice(const QString &message);

private:
    Core::CompareTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QPushButton *m_jump;
    QTimer *m_debounce;
};

} // namespace Twinscope::Widgets
