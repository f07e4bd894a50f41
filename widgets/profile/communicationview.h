#pragma once

#include "core/profile/profileanalysis.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QCustomPlot;
class QCPColorMap;
class QLabel;
class QTreeWidget;

namespace Twinscope::Core {
class CollectiveTableModel;
}

namespace Twinscope::Widgets {

class ProfileTableView;

// Communication (issue #11): per collective its calls, elapse, transit, wait, synchronisation and
// idle time, wait ratio and bandwidth per link type; for the selected collective its links and
// packet-size distribution; the rank × rank link matrix as a heatmap of bandwidth.
class CommunicationView : public QWidget
{
    Q_OBJECT

public:
    explicit CommunicationView(QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const Core::ProfileAnalysis> analysis);

    Core::CollectiveTableModel *model() const { return m_model; }
    ProfileTableView *table() const { return m_table; }
    QTreeWidget *links() const { return m_links; }
    QCustomPlot *packets() const { return m_packets; }
    QCustomPlot *matrix() const { return m_matrix; }
    QComboBox *matrixLink() const { return m_matrixLink; }
    void selectCollective(int row);

private:
    void showCollective(int row);
    void fillMatrix();
    std::shared_ptr<const Core::ProfileAnalysis> m_analysis;
    Core::CollectiveTableModel *m_model;
    ProfileTableView *m_table;
    QTreeWidget *m_links;
    QCustomPlot *m_packets;
    QCustomPlot *m_matrix;
    QCPColorMap *m_map;
    QComboBox *m_matrixLink;
    QLabel *m_matrixNote;
};

} // namespace Twinscope::Widgets
