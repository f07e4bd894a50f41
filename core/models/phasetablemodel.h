#pragma once

#include "core/profile/profileanalysis.h"

#include <QAbstractTableModel>

#include <vector>

namespace Twinscope::Core {

// One row of a phase table: a step of one rank, or a rank's means over its steps.
struct PhaseRow
{
    QString label;
    int key = -1; // the rank (rank rows) or the step's index (step rows)
    QString path; // the rank's folder (rank rows)
    qint64 steps = 0;
    double stepUs = std::numeric_limits<double>::quiet_NaN();
    PhaseValues us = noPhases();
    int severity = 0; // 1: a slow rank
    QString why;      // which rule named it
};

// The ranks of an analysis (with the slow-rank rule's verdicts) and the steps of one rank.
std::vector<PhaseRow> rankPhaseRows(const ProfileAnalysis &analysis);
std::vector<PhaseRow> stepPhaseRows(const RankProfile &rank);

// The Steps and Cluster tables (docs/DESIGN.md §7): a label, the step count and time, then the
// phases in step_trace_time.csv's order. A phase no row has stays empty, never 0.
class PhaseTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Label, Steps, StepTime, FirstPhase };
    static constexpr StepPhase Phases[] = {StepPhase::Computing,
                                           StepPhase::CommunicationNotOverlapped,
                                           StepPhase::Overlapped,
                                           StepPhase::Communication,
                                           StepPhase::Free,
                                           StepPhase::Stage,
                                           StepPhase::Bubble};
    static constexpr int ColumnCount = FirstPhase + int(std::size(Phases));
    enum Role { SortRole = Qt::UserRole + 1, RawValueRole, SeverityRole, KeyRole };

    explicit PhaseTableModel(QObject *parent = nullptr);

    void setRows(std::vector<PhaseRow> rows, const QString &labelHeader);
    const std::vector<PhaseRow> &rows() const { return m_rows; }
    int rowOfKey(int key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PhaseRow> m_rows;
    QString m_labelHeader;
};

} // namespace Twinscope::Core
