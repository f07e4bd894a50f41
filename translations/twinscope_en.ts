<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Cli</name>
    <message numerus="yes">
        <source>format %1, %n point(s) of "%2"</source>
        <translation>
            <numerusform>format %1, %n point of "%2"</numerusform>
            <numerusform>format %1, %n points of "%2"</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n non-finite step(s), first %1</source>
        <translation>
            <numerusform>%n non-finite step, first %1</numerusform>
            <numerusform>%n non-finite steps, first %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compile event(s), %1 op types, %2 truncated record(s), %3 unparsed line(s)</source>
        <translation>
            <numerusform>%n compile event, %1 op types, %2 truncated record, %3 unparsed line</numerusform>
            <numerusform>%n compile events, %1 op types, %2 truncated records, %3 unparsed lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cut-off %1 (%2): %n compile(s) after it</source>
        <translation>
            <numerusform>Cut-off %1 (%2): %n compile after it</numerusform>
            <numerusform>Cut-off %1 (%2): %n compiles after it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n rank</numerusform>
            <numerusform>%n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s), first %1</source>
        <translation>
            <numerusform>%n step, first %1</numerusform>
            <numerusform>%n steps, first %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) in the folders are not chrome traces and were skipped.</source>
        <translation>
            <numerusform>%n file in the folders are not chrome traces and were skipped.</numerusform>
            <numerusform>%n files in the folders are not chrome traces and were skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s):</source>
        <translation>
            <numerusform>%n run:</numerusform>
            <numerusform>%n runs:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>layout %1, %n rank(s)</source>
        <translation>
            <numerusform>layout %1, %n rank</numerusform>
            <numerusform>layout %1, %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n anomaly(ies) from msprobe's rules</source>
        <translation>
            <numerusform>%n anomaly(ies) from msprobe's rules</numerusform>
            <numerusform>%n anomaly(ies) from msprobe's rules</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message numerus="yes">
        <source>%n file(s), none of a known kind</source>
        <translation>
            <numerusform>%n file, none of a known kind</numerusform>
            <numerusform>%n files, none of a known kind</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bytes</source>
        <translation>
            <numerusform>%n bytes</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The loss scale of the run under test dropped %n time(s): frequent floating-point exceptions. Collect overflow data and analyse the overflowing ops.</source>
        <translation>
            <numerusform>The loss scale of the run under test dropped %n time: frequent floating-point exceptions. Collect overflow data and analyse the overflowing ops.</numerusform>
            <numerusform>The loss scale of the run under test dropped %n times: frequent floating-point exceptions. Collect overflow data and analyse the overflowing ops.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The curves agree within the tolerance on all %n common step(s). If the run under test still has an accuracy problem, the benchmark likely has the same problem: re-check the benchmark itself.</source>
        <translation>
            <numerusform>The curves agree within the tolerance on all %n common step. If the run under test still has an accuracy problem, the benchmark likely has the same problem: re-check the benchmark itself.</numerusform>
            <numerusform>The curves agree within the tolerance on all %n common steps. If the run under test still has an accuracy problem, the benchmark likely has the same problem: re-check the benchmark itself.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bare NaN/Infinity token(s) (Python's json) were read as non-finite values.</source>
        <translation>
            <numerusform>%n bare NaN/Infinity token (Python's json) were read as non-finite values.</numerusform>
            <numerusform>%n bare NaN/Infinity tokens (Python's json) were read as non-finite values.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) matched no metric pattern and were skipped (log noise).</source>
        <translation>
            <numerusform>%n line matched no metric pattern and were skipped (log noise).</numerusform>
            <numerusform>%n lines matched no metric pattern and were skipped (log noise).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 was compiled for %n different signature(s); %2 changed.</source>
        <translation>
            <numerusform>%1 was compiled for %n different signature; %2 changed.</numerusform>
            <numerusform>%1 was compiled for %n different signatures; %2 changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The file ends inside the event array: %1 bytes after byte %2 were discarded and %n complete events kept.</source>
        <translation>
            <numerusform>The file ends inside the event array: %1 bytes after byte %2 were discarded and %n complete events kept.</numerusform>
            <numerusform>The file ends inside the event array: %1 bytes after byte %2 were discarded and %n complete events kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n times)</source>
        <translation>
            <numerusform> (%n times)</numerusform>
            <numerusform> (%n times)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n tensor(s))</source>
        <translation>
            <numerusform> (%n tensor)</numerusform>
            <numerusform> (%n tensors)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>layers in file order, worst parameter (%n rows)</source>
        <translation>
            <numerusform>layers in file order, worst parameter (%n rows)</numerusform>
            <numerusform>layers in file order, worst parameter (%n rows)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>parameters grouped by layer (%n rows)</source>
        <translation>
            <numerusform>parameters grouped by layer (%n rows)</numerusform>
            <numerusform>parameters grouped by layer (%n rows)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>damaged checkpoint: expected a Checkpoint.value field after %n parameter piece(s)</source>
        <translation>
            <numerusform>damaged checkpoint: expected a Checkpoint.value field after %n parameter piece</numerusform>
            <numerusform>damaged checkpoint: expected a Checkpoint.value field after %n parameter pieces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the NPU has %n NaN/Inf value(s) where the bench has none (first at element %1)</source>
        <translation>
            <numerusform>the NPU has %n NaN/Inf value where the bench has none (first at element %1)</numerusform>
            <numerusform>the NPU has %n NaN/Inf values where the bench has none (first at element %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>"%1" is not a loss: A and B agree within the tolerance on all %n common step(s).</source>
        <translation>
            <numerusform>"%1" is not a loss: A and B agree within the tolerance on all %n common step.</numerusform>
            <numerusform>"%1" is not a loss: A and B agree within the tolerance on all %n common steps.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n step(s); step %2 (counting from 0) is not one of them.</source>
        <translation>
            <numerusform>%1 has %n step; step %2 (counting from 0) is not one of them.</numerusform>
            <numerusform>%1 has %n steps; step %2 (counting from 0) is not one of them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 (%n steps)</source>
        <translation>
            <numerusform>%1 – %2 (%n steps)</numerusform>
            <numerusform>%1 – %2 (%n steps)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n anomaly entries without a tag_name were skipped</source>
        <translation>
            <numerusform>%n anomaly entries without a tag_name were skipped</numerusform>
            <numerusform>%n anomaly entries without a tag_name were skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no monitor file could be read (%n failed)</source>
        <translation>
            <numerusform>no monitor file could be read (%n failed)</numerusform>
            <numerusform>no monitor file could be read (%n failed)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeatmapPicture</name>
    <message numerus="yes">
        <source>Rows: %n tensors in execution order. Columns: %1. Colour: divergence from 0 (clean, pale yellow) to 1 (broken, dark red) on a log scale per metric; grey cells have no value.</source>
        <translation>
            <numerusform>Rows: %n tensors in execution order. Columns: %1. Colour: divergence from 0 (clean, pale yellow) to 1 (broken, dark red) on a log scale per metric; grey cells have no value.</numerusform>
            <numerusform>Rows: %n tensors in execution order. Columns: %1. Colour: divergence from 0 (clean, pale yellow) to 1 (broken, dark red) on a log scale per metric; grey cells have no value.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::App::Investigation</name>
    <message numerus="yes">
        <source>%n finding(s) drawn from the evidence</source>
        <translation>
            <numerusform>%n finding drawn from the evidence</numerusform>
            <numerusform>%n findings drawn from the evidence</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n input(s) of the investigation no longer exist and were not opened: %1</source>
        <translation>
            <numerusform>%n input of the investigation no longer exist and were not opened: %1</numerusform>
            <numerusform>%n inputs of the investigation no longer exist and were not opened: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n input(s) or mapping file(s) of the investigation were not opened.</source>
        <translation>
            <numerusform>%n input or mapping file of the investigation were not opened.</numerusform>
            <numerusform>%n inputs or mapping files of the investigation were not opened.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::App::MainWindow</name>
    <message numerus="yes">
        <source>%n path(s) could not be opened.</source>
        <translation>
            <numerusform>%n path could not be opened.</numerusform>
            <numerusform>%n paths could not be opened.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::OpDiffModel</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CheckpointWorkspace</name>
    <message numerus="yes">
        <source> · %n shape mismatch(es)</source>
        <translation>
            <numerusform> · %n shape mismatch</numerusform>
            <numerusform> · %n shape mismatches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n only in A</source>
        <translation>
            <numerusform> · %n only in A</numerusform>
            <numerusform> · %n only in A</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n only in B</source>
        <translation>
            <numerusform> · %n only in B</numerusform>
            <numerusform> · %n only in B</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) compared, </source>
        <translation>
            <numerusform>%n pair compared, </numerusform>
            <numerusform>%n pairs compared, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s) · </source>
        <translation>
            <numerusform>%n error · </numerusform>
            <numerusform>%n errors · </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Compared %n parameter pair(s)</source>
        <translation>
            <numerusform>Compared %n parameter pair</numerusform>
            <numerusform>Compared %n parameter pairs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::ClusterView</name>
    <message numerus="yes">
        <source>No slow rank or link among %n rank(s).</source>
        <translation>
            <numerusform>No slow rank or link among %n rank.</numerusform>
            <numerusform>No slow rank or link among %n ranks.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The slow-rank rule needs at least %n rank(s) with a step time: the heatmap stays neutral.</source>
        <translation>
            <numerusform>The slow-rank rule needs at least %n rank with a step time: the heatmap stays neutral.</numerusform>
            <numerusform>The slow-rank rule needs at least %n ranks with a step time: the heatmap stays neutral.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CommunicationView</name>
    <message numerus="yes">
        <source>%n link(s) to ranks that are not open are not drawn.</source>
        <translation>
            <numerusform>%n link to ranks that are not open are not drawn.</numerusform>
            <numerusform>%n links to ranks that are not open are not drawn.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CompareCharts</name>
    <message numerus="yes">
        <source>The %n op(s) that moved most (click one for its row)</source>
        <translation>
            <numerusform>The %n op that moved most (click one for its row)</numerusform>
            <numerusform>The %n ops that moved most (click one for its row)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DiagnosticsPanel</name>
    <message numerus="yes">
        <source>%n kind(s) of warnings</source>
        <translation>
            <numerusform>%n kind of warnings</numerusform>
            <numerusform>%n kinds of warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DivergenceHeatmap</name>
    <message numerus="yes">
        <source>%n tensors in execution order</source>
        <translation>
            <numerusform>%n tensors in execution order</numerusform>
            <numerusform>%n tensors in execution order</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DumpWorkspace</name>
    <message numerus="yes">
        <source>Heatmap: %1 across %n run(s)</source>
        <translation>
            <numerusform>Heatmap: %1 across %n run</numerusform>
            <numerusform>Heatmap: %1 across %n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Compared %n tensor pair(s)</source>
        <translation>
            <numerusform>Compared %n tensor pair</numerusform>
            <numerusform>Compared %n tensor pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (bench, %2) vs %3 (NPU, %4)%5%6&lt;br&gt;%n pair(s), </source>
        <translation>
            <numerusform>%1 (bench, %2) vs %3 (NPU, %4)%5%6&lt;br&gt;%n pair, </numerusform>
            <numerusform>%1 (bench, %2) vs %3 (NPU, %4)%5%6&lt;br&gt;%n pairs, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2)%3 on its own: %n tensor(s), </source>
        <translation>
            <numerusform>%1 (%2)%3 on its own: %n tensor, </numerusform>
            <numerusform>%1 (%2)%3 on its own: %n tensors, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n changed argument(s)</source>
        <translation>
            <numerusform> · %n changed argument</numerusform>
            <numerusform> · %n changed arguments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::FilesView</name>
    <message numerus="yes">
        <source>read, %n warning(s)</source>
        <translation>
            <numerusform>read, %n warning</numerusform>
            <numerusform>read, %n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s), every column as written.</source>
        <translation>
            <numerusform>%1: %n row, every column as written.</numerusform>
            <numerusform>%1: %n rows, every column as written.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::FindingsPanel</name>
    <message numerus="yes">
        <source>%1 (%n slice(s))</source>
        <translation>
            <numerusform>%1 (%n slice)</numerusform>
            <numerusform>%1 (%n slices)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n compile(s))</source>
        <translation>
            <numerusform>%1 (%n compile)</numerusform>
            <numerusform>%1 (%n compiles)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drawing findings from %n input(s)…</source>
        <translation>
            <numerusform>Drawing findings from %n input…</numerusform>
            <numerusform>Drawing findings from %n inputs…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::KernelView</name>
    <message numerus="yes">
        <source>%n kernel(s), %1 µs of device time.</source>
        <translation>
            <numerusform>%n kernel, %1 µs of device time.</numerusform>
            <numerusform>%n kernels, %1 µs of device time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n on the AI CPU (%1 % of the time): move them to AI Core where an implementation exists.</source>
        <translation>
            <numerusform>%n on the AI CPU (%1 % of the time): move them to AI Core where an implementation exists.</numerusform>
            <numerusform>%n on the AI CPU (%1 % of the time): move them to AI Core where an implementation exists.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) multiply matrices whose shape is not 16-aligned.</source>
        <translation>
            <numerusform>%n group multiply matrices whose shape is not 16-aligned.</numerusform>
            <numerusform>%n groups multiply matrices whose shape is not 16-aligned.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LoadProgressWidget</name>
    <message numerus="yes">
        <source>%n job(s) ▾</source>
        <translation>
            <numerusform>%n job ▾</numerusform>
            <numerusform>%n jobs ▾</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LossWorkspace</name>
    <message numerus="yes">
        <source>Loaded %1: %n step(s) of the main loss.</source>
        <translation>
            <numerusform>Loaded %1: %n step of the main loss.</numerusform>
            <numerusform>Loaded %1: %n steps of the main loss.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n common step(s) (A has %2, B has %3).</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n common step (A has %2, B has %3).</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n common steps (A has %2, B has %3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Following %n log(s).</source>
        <translation>
            <numerusform>Following %n log.</numerusform>
            <numerusform>Following %n logs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loss: %n logs</source>
        <translation>
            <numerusform>Loss: %n logs</numerusform>
            <numerusform>Loss: %n logs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MemoryView</name>
    <message numerus="yes">
        <source>Rank %1: %n memory curve(s).</source>
        <translation>
            <numerusform>Rank %1: %n memory curve.</numerusform>
            <numerusform>Rank %1: %n memory curves.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::OpInfoWorkspace</name>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; recompiled op type(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; recompiled op type</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; recompiled op types</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n truncated record(s)</source>
        <translation>
            <numerusform>%n truncated record</numerusform>
            <numerusform>%n truncated records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n AI CPU fallback op(s)</source>
        <translation>
            <numerusform>%n AI CPU fallback op</numerusform>
            <numerusform>%n AI CPU fallback ops</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unparsed line(s)</source>
        <translation>
            <numerusform>%n unparsed line</numerusform>
            <numerusform>%n unparsed lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compile(s) after %1 (%2).</source>
        <translation>
            <numerusform>%n compile after %1 (%2).</numerusform>
            <numerusform>%n compiles after %1 (%2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n signature(s), %2 new after the cut-off)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%n signature, %2 new after the cut-off)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%n signatures, %2 new after the cut-off)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n×)</source>
        <translation>
            <numerusform>%1 (%n×)</numerusform>
            <numerusform>%1 (%n×)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Op info: %1 and %n more</source>
        <translation>
            <numerusform>Op info: %1 and %n more</numerusform>
            <numerusform>Op info: %1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compile(s) after %1.</source>
        <translation>
            <numerusform>%n compile after %1.</numerusform>
            <numerusform>%n compiles after %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::ProfileWorkspace</name>
    <message numerus="yes">
        <source>Profile: %n rank(s)</source>
        <translation>
            <numerusform>Profile: %n rank</numerusform>
            <numerusform>Profile: %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading profiler tables of %n folder(s)</source>
        <translation>
            <numerusform>Reading profiler tables of %n folder</numerusform>
            <numerusform>Reading profiler tables of %n folders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n ranks</source>
        <translation>
            <numerusform>All %n ranks</numerusform>
            <numerusform>All %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rank %1, %n step(s).</source>
        <translation>
            <numerusform>Rank %1, %n step.</numerusform>
            <numerusform>Rank %1, %n steps.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; rank(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; rank</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s), %1 ms on the device</source>
        <translation>
            <numerusform>%n kernel, %1 ms on the device</numerusform>
            <numerusform>%n kernels, %1 ms on the device</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n collective(s)</source>
        <translation>
            <numerusform>%n collective</numerusform>
            <numerusform>%n collectives</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read (see Files).</source>
        <translation>
            <numerusform>%n file could not be read (see Files).</numerusform>
            <numerusform>%n files could not be read (see Files).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) per rank</source>
        <translation>
            <numerusform>%n step per rank</numerusform>
            <numerusform>%n steps per rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No slow rank: the rule needs at least %n rank(s).</source>
        <translation>
            <numerusform>No slow rank: the rule needs at least %n rank.</numerusform>
            <numerusform>No slow rank: the rule needs at least %n ranks.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TensorDetailPane</name>
    <message numerus="yes">
        <source>%n NaN/Inf value(s) on the NPU side are listed first.</source>
        <translation>
            <numerusform>%n NaN/Inf value on the NPU side are listed first.</numerusform>
            <numerusform>%n NaN/Inf values on the NPU side are listed first.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NaN/Inf value(s) of %1 are listed first.</source>
        <translation>
            <numerusform>%n NaN/Inf value of %1 are listed first.</numerusform>
            <numerusform>%n NaN/Inf values of %1 are listed first.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TraceWorkspace</name>
    <message numerus="yes">
        <source>%1 of %n hits</source>
        <translation>
            <numerusform>%1 of %n hits</numerusform>
            <numerusform>%1 of %n hits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Trace: %n files</source>
        <translation>
            <numerusform>Trace: %n files</numerusform>
            <numerusform>Trace: %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hits</source>
        <translation>
            <numerusform>%n hits</numerusform>
            <numerusform>%n hits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading %n traces</source>
        <translation>
            <numerusform>Loading %n traces</numerusform>
            <numerusform>Loading %n traces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n files)</source>
        <translation>
            <numerusform>%1 (%n files)</numerusform>
            <numerusform>%1 (%n files)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 from %2 to %3 over %n track(s) of %4</source>
        <translation>
            <numerusform>%1 from %2 to %3 over %n track of %4</numerusform>
            <numerusform>%1 from %2 to %3 over %n tracks of %4</numerusform>
        </translation>
    </message>
</context>
</TS>