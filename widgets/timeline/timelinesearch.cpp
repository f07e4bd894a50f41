#include "timelinesearch.h"

#include <QRegularExpression>

#include <algorithm>

namespace Twinscope::Widgets {

void TimelineSearch::clear()
{
    m_hits.clear();
    m_hitNames.clear();
    m_current = -1;
}

qint64 TimelineSearch::run(const std::vector<TimelineInput> &inputs,
                           const TimelineOffsets &offsets,
                           const QString &text,
                           bool regex)
{
    clear();
    if (text.isEmpty())
        return 0;
    const QRegularExpression re(regex ? text : QRegularExpression::escape(text),
                                QRegularExpression::CaseInsensitiveOption);
    if (!re.isValid())
        return -1;
    // Match each distinct name once, then collect slices whose name matched: cheap even on 10 M
    // slices because names repeat.
    for (size_t d = 0; d < inputs.size(); ++d) {
        const Core::TraceDataset &ds = *inputs[d].dataset;
        std::vector<bool> names(ds.strings.size(), false);
        bool any = false;
        for (quint32 id = 0; id < ds.strings.size(); ++id) {
            if (re.match(ds.strings.string(id)).hasMatch()) {
                names[id] = true;
                any = true;
            }
        }
        if (any) {
            for (quint32 i = 0; i < quint32(ds.sliceCount()); ++i) {
                if (names[ds.sliceName[i]])
                    m_hits.push_back(TimelineSliceRef{int(d), i});
            }
        }
        m_hitNames.push_back(std::move(names));
    }
    std::stable_sort(
        m_hits.begin(), m_hits.end(), [&](const TimelineSliceRef &a, const TimelineSliceRef &b) {
            return offsets.sliceStart(inputs, a) < offsets.sliceStart(inputs, b);
        });
    return qint64(m_hits.size());
}

bool TimelineSearch::isHit(int dataset, quint32 name) const
{
    if (dataset < 0 || dataset >= int(m_hitNames.size()))
        return false;
    const auto &names = m_hitNames[size_t(dataset)];
    return name < names.size() && names[name];
}

TimelineSliceRef TimelineSearch::step(bool backwards)
{
    if (m_hits.empty())
        return {};
    const int n = int(m_hits.size());
    m_current = m_current < 0 ? (backwards ? n - 1 : 0) : (m_current + (backwards ? n - 1 : 1)) % n;
    return m_hits[size_t(m_current)];
}

} // namespace Twinscope::Widgets
