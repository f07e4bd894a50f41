#include "opdiffmodel.h"

#include "core/common/plaintooltip.h"
#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString opLevelName(OpLevel level)
{
    return level == OpLevel::Framework ? Tr::tr("framework") : Tr::tr("device");
}

QString opDiffStateName(OpDiffState state)
{
    switch (state) {
    case OpDiffState::Added:
        return Tr::tr("added");
    case OpDiffState::Removed:
        return Tr::tr("removed");
    case OpDiffState::Slower:
        return Tr::tr("slower");
    case OpDiffState::Faster:
        return Tr::tr("faster");
    case OpDiffState::Same:
        return Tr::tr("same");
    }
    return {};
}

OpDiffModel::OpDiffModel(QObject *parent)
    : DiffTableModel(parent)
{}

void OpDiffModel::setDiff(std::shared_ptr<const TraceDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

int OpDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_diff ? 0 : int(m_diff->ops.size());
}

const OpDiffRow *OpDiffModel::row(int row) const
{
    return m_diff && row >= 0 && row < int(m_diff->ops.size()) ? &m_diff->ops[size_t(row)]
                                                               : nullptr;
}

QVariant OpDiffModel::value(int row, int column) const
{
    const OpDiffRow &r = m_diff->ops[size_t(row)];
    switch (column) {
    case Level:
        return opLevelName(r.level);
    case Name: // HTA's short name, distinct between rows; the full name is in the tooltip
        return r.symptom ? tr("%1 (waits: symptom)").arg(r.shortName) : r.shortName;
    case Family:
        return r.family;
    case State:
        return opDiffStateName(r.state);
    case BaselineCount:
        return r.baselineCount;
    case TargetCount:
        return r.targetCount;
    case BaselineUs:
        return r.baselineNs / 1000.0;
    case TargetUs:
        return r.targetNs / 1000.0;
    case BaselineMeanUs:
        return r.baselineCount > 0 ? QVariant(r.baselineMeanNs() / 1000.0) : QVariant();
    case TargetMeanUs:
        return r.targetCount > 0 ? QVariant(r.targetMeanNs() / 1000.0) : QVariant();
    case DeltaUs:
        return r.deltaNs() / 1000.0;
    case Ratio:
        return r.baselineNs > 0 && r.targetNs > 0 ? QVariant(r.ratio()) : QVariant();
    }
    return {};
}

QString OpDiffModel::columnTitle(int column) const
{
    switch (column) {
    case Level:
        return tr("Level");
    case Name:
        return tr("Op or family");
    case Family:
        return tr("Family");
    case State:
        return tr("State");
    case BaselineCount:
        return tr("Baseline calls");
    case TargetCount:
        return tr("Target calls");
    case BaselineUs:
        return tr("Baseline total (µs)");
    case TargetUs:
        return tr("Target total (µs)");
    case BaselineMeanUs:
        return tr("Baseline mean (µs)");
    case TargetMeanUs:
        return tr("Target mean (µs)");
    case DeltaUs:
        return tr("Delta (µs)");
    case Ratio:
        return tr("Target / baseline");
    }
    return {};
}

int OpDiffModel::decimals(int column) const
{
    // Three places: a kernel 400× faster is 0.003, not "0.00".
    return column == Ratio ? 3 : 1;
}

QVariant OpDiffModel::other(int row, int column, int role) const
{
    Q_UNUSED(column);
    const OpDiffRow &r = m_diff->ops[size_t(row)];
    switch (role) {
    case KeyRole:
        return r.baselineNames + r.targetNames;
    case StateRole:
        return opDiffStateId(r.state);
    case Qt::ToolTipRole: {
        auto list = [](const QStringList &names) {
            QStringList shown = names.mid(0, 8);
            if (names.size() > 8)
                shown << tr("… and %n more", nullptr, int(names.size() - 8));
            return shown.isEmpty() ? tr("(none)") : shown.join(u'\n');
        };
        QString tip = tr("%1\n\nBaseline:\n%2\n\nTarget:\n%3")
                          .arg(r.name, list(r.baselineNames), list(r.targetNames));
        if (r.symptom)
            tip += tr("\n\nA synchronisation: it waits for the device work before it and is "
                      "listed after every cause.");
        return plainToolTip(tip);
    }
    default:
        return {};
    }
}

} // namespace Twinscope::Core
