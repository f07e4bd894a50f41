#pragma once

#include <qcustomplot.h>

namespace Twinscope::Widgets {

// Ticks for training steps: only whole steps, at 1, 2 or 5 × 10^k apart. QCPAxisTicker picks
// steps like 2.5 over a short log (ten steps gave ticks at 2.5, 5, 7.5 printed "3, 5, 8"), so a
// tick could stand between two steps and read as one of them.
class StepTicker : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange &range) override;
    int getSubTickCount(double tickStep) override;
};

} // namespace Twinscope::Widgets
