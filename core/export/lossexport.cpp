#include "lossexport.h"

#include "core/export/csvwriter.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <map>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

void writeAlignedLossCsv(QTextStream &out,
                         const QList<LossCsvRun> &runs,
                         const QString &metric,
                         const LossComparison *comparison)
{
    std::vector<qint64> steps;
    for (const LossCsvRun &r : runs) {
        if (const LossSeries *s = r.run ? r.run->find(metric) : nullptr) {
            for (qint64 step : s->steps)
                steps.push_back(step + r.stepOffset);
        }
    }
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());

    out << "step";
    for (const LossCsvRun &r : runs)
        out << ',' << csvField(r.label);
    if (comparison)
        out << ",diff,abs_diff,rel_diff";
    out << '\n';
    std::vector<size_t> cursor(size_t(runs.size()), 0);
    size_t c = 0;
    for (qint64 step : steps) {
        out << step;
        for (qsizetype i = 0; i < runs.size(); ++i) {
            out << ',';
            const LossSeries *s = runs[i].run ? runs[i].run->find(metric) : nullptr;
            if (!s)
                continue;
            size_t &k = cursor[size_t(i)];
            while (k < s->steps.size() && s->steps[k] + runs[i].stepOffset < step)
                ++k;
            if (k < s->steps.size() && s->steps[k] + runs[i].stepOffset == step)
                out << csvNumber(s->values[k]);
        }
        if (comparison) {
            while (c < comparison->steps.size() && comparison->steps[c] < step)
                ++c;
            if (c < comparison->steps.size() && comparison->steps[c] == step)
                out << ',' << csvNumber(comparison->signedDiff[c]) << ','
                    << csvNumber(comparison->absDiff[c]) << ','
                    << csvNumber(comparison->relDiff[c]);
            else
                out << ",,,";
        }
        out << '\n';
    }
}

} // namespace Twinscope::Core
