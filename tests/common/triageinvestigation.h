#pragma once

// The investigation the findings-panel and window-size tests open: a loss pair, a dump pair, a
// trace pair (benchmark and target) and an op-info plog from tests/data/triage, dump/pairs and
// opinfo.

#include "core/triage/investigationfile.h"

namespace TestInvestigation {

inline Twinscope::Core::InvestigationFile lossDumpTraceOpinfo(const QString &title)
{
    using namespace Qt::StringLiterals;
    using R = Twinscope::Core::InputRole;
    const QString data = QStringLiteral(TWINSCOPE_TEST_DATA);
    Twinscope::Core::InvestigationFile ws;
    ws.title = title;
    ws.inputs = {
        {data + u"/triage/loss_bench.log"_s, u"loss"_s, R::Benchmark, -1, -1, {}},
        {data + u"/triage/loss_npu.log"_s, u"loss"_s, R::Target, -1, -1, {}},
        {data + u"/dump/pairs/dumper/bench.h5"_s, u"dump"_s, R::Benchmark, -1, -1, {}},
        {data + u"/dump/pairs/dumper/npu.h5"_s, u"dump"_s, R::Target, -1, -1, {}},
        {data + u"/triage/trace_bench.json.gz"_s, u"trace"_s, R::Benchmark, -1, -1, {}},
        {data + u"/triage/trace_npu.json.gz"_s, u"trace"_s, R::Target, -1, -1, {}},
        {data + u"/opinfo/good/plog/plog-pid_4242_20260319100000.log"_s,
         u"opinfo"_s,
         R::Target,
         -1,
         -1,
         {}},
    };
    return ws;
}

} // namespace TestInvestigation
