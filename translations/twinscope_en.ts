<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Core</name>
    <message numerus="yes">
        <source>%n file(s), none of a known kind</source>
        <translation>
            <numerusform>%n file, none of a known kind</numerusform><numerusform>%n files, none of a known kind</numerusform></translation>
    </message>
</context>
<context>
    <name>Twinscope::App::MainWindow</name>
    <message numerus="yes">
        <source>%1 loaded with %n kind(s) of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</source>
        <translation>
            <numerusform>%1 loaded with %n kind of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</numerusform><numerusform>%1 loaded with %n kinds of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n path(s) could not be opened.</source>
        <translation>
            <numerusform>%n path could not be opened.</numerusform><numerusform>%n paths could not be opened.</numerusform></translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DiagnosticsPanel</name>
    <message numerus="yes">
        <source>%n kind(s) of warnings</source>
        <translation>
            <numerusform>%n kind of warnings</numerusform><numerusform>%n kinds of warnings</numerusform></translation>
    </message>
</context>
</TS>