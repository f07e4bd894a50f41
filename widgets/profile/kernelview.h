#pragma once

#include "core/profile/kerneltable.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace Twinscope::Core {
class KernelGroupModel;
}

namespace Twinscope::Widgets {

class ProfileTableView;

// The Profile tab's kernel table (issue #11): grouped by op type, by accelerator core, or by op
// type with input shapes, dtypes and formats; count, total, mean, max, share of device time, the
// per-kernel PMU means, and AI CPU kernels and unaligned matmul shapes flagged.
class KernelView : public QWidget
{
    Q_OBJECT

public:
    explicit KernelView(QWidget *parent = nullptr);

    // signatures: shapes, dtypes and formats are known (kernel_details.csv, not op_statistic.csv).
    void setTable(std::shared_ptr<const Core::KernelTable> table, bool signatures);
    void setGrouping(Core::KernelGrouping grouping);
    bool selectOpType(const QString &type);

    Core::KernelGroupModel *model() const { return m_model; }
    ProfileTableView *table() const { return m_table; }
    QComboBox *groupingBox() const { return m_grouping; }

signals:
    // The user chose a row of an op type (not a row of a whole core).
    void opTypeSelected(const QString &type);

private:
    void refill();
    std::shared_ptr<const Core::KernelTable> m_source;
    QComboBox *m_grouping = nullptr;
    QLineEdit *m_filter = nullptr;
    QTimer *m_filterTimer = nullptr;
    QLabel *m_note = nullptr;
    Core::KernelGroupModel *m_model = nullptr;
    ProfileTableView *m_table = nullptr;
};

} // namespace Twinscope::Widgets
