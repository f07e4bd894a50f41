#pragma once

#include "core/profile/rankprofile.h"

#include <QWidget>

class QCustomPlot;
class QLabel;
class QTreeWidget;

namespace Twinscope::Widgets {

// Memory of one rank (issue #11): memory_record.csv as curves (reserved solid, allocated dashed,
// per component), operator_memory.csv's largest allocators, the peak of each step and
// npu_module_mem.csv's peak per device module.
class MemoryView : public QWidget
{
    Q_OBJECT

public:
    explicit MemoryView(QWidget *parent = nullptr);

    void setRank(std::shared_ptr<const Core::RankProfile> rank);

    QCustomPlot *plot() const { return m_plot; }
    QTreeWidget *allocators() const { return m_allocators; }
    QTreeWidget *stepPeaks() const { return m_peaks; }
    QTreeWidget *modules() const { return m_modules; }

private:
    std::shared_ptr<const Core::RankProfile> m_rank;
    QLabel *m_note;
    QCustomPlot *m_plot;
    QTreeWidget *m_allocators;
    QTreeWidget *m_peaks;
    QTreeWidget *m_modules;
};

} // namespace Twinscope::Widgets
