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
</context>
<context>
    <name>HeatmapPicture</name>
    <message numerus="yes">
        <source>Rows: %n tensors in execution order. Columns: %1. Colour: badness from 0 (good, green) to 1 (bad, red); grey cells have no value.</source>
        <translation>
            <numerusform>Rows: %n tensors in execution order. Columns: %1. Colour: badness from 0 (good, green) to 1 (bad, red); grey cells have no value.</numerusform>
            <numerusform>Rows: %n tensors in execution order. Columns: %1. Colour: badness from 0 (good, green) to 1 (bad, red); grey cells have no value.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::App::MainWindow</name>
    <message numerus="yes">
        <source>%1 loaded with %n kind(s) of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</source>
        <translation>
            <numerusform>%1 loaded with %n kind of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</numerusform>
            <numerusform>%1 loaded with %n kinds of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n path(s) could not be opened.</source>
        <translation>
            <numerusform>%n path could not be opened.</numerusform>
            <numerusform>%n paths could not be opened.</numerusform>
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
</context>
<context>
    <name>Twinscope::Widgets::DivergenceHeatmap</name>
    <message numerus="yes">
        <source>tensors in execution order (%n rows)</source>
        <translation>
            <numerusform>tensors in execution order (%n rows)</numerusform>
            <numerusform>tensors in execution order (%n rows)</numerusform>
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
        <source>%1 over %n tracks</source>
        <translation>
            <numerusform>%1 over %n tracks</numerusform>
            <numerusform>%1 over %n tracks</numerusform>
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
</context>
</TS>