#pragma once

#include "core/opinfo/opinfoanalysis.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The op-type table of an op-info report (docs/DESIGN.md §7): one row per op type, QLocale text for
// display, meaning in the user roles, never colours.
class OpTypeTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Type,
        Compiles,
        Signatures,
        AfterCutoff,
        Truncated,
        First,
        Last,
        DataTypes,
        Formats,
        Shapes,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        RawValueRole,
        SeverityRole, // 0 fine, 1 recompiled, 2 recompiled after the cut-off
        KeyRole       // the op type
    };

    explicit OpTypeTableModel(QObject *parent = nullptr);

    // kernels: the events are a graph's kernels (eventsAreGraphKernels), and the headers say so.
    void setReport(std::shared_ptr<const OpInfoReport> report, bool kernels = false);
    const OpInfoReport *report() const { return m_report.get(); }
    // Row of an op type, -1 when absent.
    int rowOf(const QString &type) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const OpInfoReport> m_report;
    bool m_kernels = false;
};

} // namespace Twinscope::Core
