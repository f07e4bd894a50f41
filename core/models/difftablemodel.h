#pragma once

#include <QAbstractTableModel>

namespace Twinscope::Core {

// What the comparison tables (steps, phases, categories, ops, shapes) share (docs/DESIGN.md §7): a
// subclass says what each cell holds; DisplayRole is locale text, SortRole and RawValueRole carry
// the raw value (numbers in µs, so writeModelCsv exports numbers), and roles carry meaning only.
class DiffTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        SortRole = Qt::UserRole + 1,
        RawValueRole,
        KeyRole,   // what a row stands for (op names for highlighting, a step index)
        StateRole, // an id: "slower", "faster", "added", "removed", "same", "chosen"
    };

    explicit DiffTableModel(QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    // Strings are shown as they are; numbers with decimals(column) places; an invalid
    // QVariant shows as "–" and sorts first.
    virtual QVariant value(int row, int column) const = 0;
    virtual QString columnTitle(int column) const = 0;
    // The header's tooltip, for a title that needs more words than fit; none by default.
    virtual QString columnToolTip(int column) const;
    virtual int columns() const = 0;
    virtual int decimals(int column) const;
    // Tooltips, KeyRole and StateRole.
    virtual QVariant other(int row, int column, int role) const;
};

} // namespace Twinscope::Core
