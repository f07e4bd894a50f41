#pragma once

#include "core/opinfo/opinfoanalysis.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The distinct signatures one op type was compiled with (the detail pane): complete ones in the
// order they first appeared, then truncated ones.
class OpSignatureTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Compiles, First, Inputs, Outputs, Attributes, State, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1,
        RawValueRole,
        SeverityRole, // 0 complete, 1 truncated
        KeyRole       // the signature id
    };

    explicit OpSignatureTableModel(QObject *parent = nullptr);

    void setSource(std::shared_ptr<const OpInfoDataset> dataset,
                   std::shared_ptr<const OpInfoReport> report);
    void setOpType(const QString &type);
    const QString &opType() const { return m_type; }
    // The record text as logged, for copying.
    QString recordText(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();

    std::shared_ptr<const OpInfoDataset> m_dataset;
    std::shared_ptr<const OpInfoReport> m_report;
    QString m_type;
    QList<quint32> m_rows;
};

} // namespace Twinscope::Core
