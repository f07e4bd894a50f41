<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Application</name>
    <message>
        <source>Timelines, op-info logs, paired dumps and loss curves for NPU porting.</source>
        <translation>面向 NPU 迁移的时间线、算子信息日志、成对转储与损失曲线分析。</translation>
    </message>
    <message>
        <source>Interface language: system, en or zh_CN.</source>
        <translation>界面语言：system、en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Save a screenshot of the window to FILE once the given files are open, then quit.</source>
        <translation>打开指定文件后将窗口截图保存到 FILE，然后退出。</translation>
    </message>
    <message>
        <source>Files or folders to open.</source>
        <translation>要打开的文件或文件夹。</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>Tell what kind of input each path is.</source>
        <translation>识别每个路径的输入类型。</translation>
    </message>
    <message>
        <source>Print machine-readable JSON on stdout.</source>
        <translation>在标准输出打印机器可读的 JSON。</translation>
    </message>
    <message>
        <source>Files or folders to look at.</source>
        <translation>要检查的文件或文件夹。</translation>
    </message>
    <message>
        <source>detect needs at least one path.</source>
        <translation>detect 至少需要一个路径。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Usage: twinscope-cli &lt;command&gt; [options] PATH...</source>
        <translation>用法：twinscope-cli &lt;命令&gt; [选项] 路径...</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Global options: --help, --version, --lang en|zh_CN. Run &apos;twinscope-cli &lt;command&gt; --help&apos; for a command&apos;s options.</source>
        <translation>全局选项：--help、--version、--lang en|zh_CN。运行 &apos;twinscope-cli &lt;命令&gt; --help&apos; 查看该命令的选项。</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 2 usage error, 3 input unreadable or unparsable.</source>
        <translation>退出码：0 成功，2 用法错误，3 输入无法读取或无法解析。</translation>
    </message>
    <message>
        <source>Unknown command &apos;%1&apos;.</source>
        <translation>未知命令“%1”。</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is a folder, not a file.</source>
        <translation>这是文件夹，不是文件。</translation>
    </message>
    <message>
        <source>This is not a regular file.</source>
        <translation>这不是普通文件。</translation>
    </message>
    <message>
        <source>The file is not readable (permission denied).</source>
        <translation>文件不可读（权限被拒绝）。</translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message>
        <source>The input is empty.</source>
        <translation>输入为空。</translation>
    </message>
    <message>
        <source>The file could not be opened: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <source>Only %1 of %2 bytes could be read.</source>
        <translation>只读取到 %2 字节中的 %1 字节。</translation>
    </message>
    <message>
        <source>zlib could not be initialised.</source>
        <translation>无法初始化 zlib。</translation>
    </message>
    <message>
        <source>%1 bytes after the end of the gzip stream were ignored.</source>
        <translation>已忽略 gzip 流结束后的 %1 字节。</translation>
    </message>
    <message>
        <source>The gzip data is corrupt (%1).</source>
        <translation>gzip 数据已损坏（%1）。</translation>
    </message>
    <message>
        <source>The gzip stream ends before any data could be inflated.</source>
        <translation>gzip 流在解压出任何数据之前就结束了。</translation>
    </message>
    <message>
        <source>a gzip stream</source>
        <translation>gzip 流</translation>
    </message>
    <message>
        <source>The gzip stream is cut off or corrupt at compressed byte %1; the %2 bytes inflated before it were kept.</source>
        <translation>gzip 流在压缩字节 %1 处被截断或损坏；已保留之前解压出的 %2 字节。</translation>
    </message>
    <message>
        <source>, line %1, column %2</source>
        <translation>，第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <source>, line %1</source>
        <translation>，第 %1 行</translation>
    </message>
    <message>
        <source> (byte %1)</source>
        <translation>（字节 %1）</translation>
    </message>
    <message>
        <source>first bytes %1(&quot;%2&quot;)</source>
        <translation>开头字节 %1（“%2”）</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Op info</source>
        <translation>算子信息</translation>
    </message>
    <message>
        <source>Tensor dump</source>
        <translation>张量转储</translation>
    </message>
    <message>
        <source>Loss curve</source>
        <translation>损失曲线</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>no bytes</source>
        <translation>没有字节</translation>
    </message>
    <message>
        <source>gzip data that does not inflate</source>
        <translation>无法解压的 gzip 数据</translation>
    </message>
    <message>
        <source>an empty folder</source>
        <translation>空文件夹</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), none of a known kind</source>
        <translation>
            <numerusform>%n 个文件，均不是已知类型</numerusform>
        </translation>
    </message>
    <message>
        <source>The folder is not readable.</source>
        <translation>文件夹不可读。</translation>
    </message>
    <message>
        <source>The file could not be read: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
</context>
<context>
    <name>Twinscope::App::MainWindow</name>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Twinscope</source>
        <translation>Twinscope</translation>
    </message>
    <message>
        <source>Opening was cancelled.</source>
        <translation>已取消打开。</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Twinscope</source>
        <translation>关于 Twinscope(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Diagnostics</source>
        <translation>诊断(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Detecting file types</source>
        <translation>正在识别文件类型</translation>
    </message>
    <message numerus="yes">
        <source>%1 loaded with %n kind(s) of repairs — &lt;a href=&quot;details&quot;&gt;Details&lt;/a&gt;</source>
        <translation>
            <numerusform>%1 已加载，做了 %n 类修复 — &lt;a href=&quot;details&quot;&gt;详情&lt;/a&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Twinscope does not recognise this content: %1.</source>
        <translation>Twinscope 无法识别此内容：%1。</translation>
    </message>
    <message>
        <source>%1 is %2 (%3), which this version of Twinscope cannot open yet.</source>
        <translation>%1 是%2（%3），当前版本的 Twinscope 还不能打开。</translation>
    </message>
    <message numerus="yes">
        <source>%n path(s) could not be opened.</source>
        <translation>
            <numerusform>%n 个路径无法打开。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Export to %1 failed: %2</source>
        <translation>导出到 %1 失败：%2</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Open Files</source>
        <translation>打开文件</translation>
    </message>
    <message>
        <source>All supported files (*.json *.gz *.log *.txt *.jsonl *.csv *.h5 *.hdf5 *.npy *.npz *.pkl)</source>
        <translation>所有支持的文件 (*.json *.gz *.log *.txt *.jsonl *.csv *.h5 *.hdf5 *.npy *.npz *.pkl)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>The language changes the next time Twinscope starts.</source>
        <translation>语言将在下次启动 Twinscope 时生效。</translation>
    </message>
    <message>
        <source>About Twinscope</source>
        <translation>关于 Twinscope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Twinscope %1&lt;/h3&gt;&lt;p&gt;Timelines, op-info logs, paired dumps and loss curves for porting training from GPUs to Ascend NPUs.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Twinscope %1&lt;/h3&gt;&lt;p&gt;用于把训练从 GPU 迁移到昇腾 NPU 的时间线、算子信息日志、成对转储与损失曲线分析工具。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Twinscope::App::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Timeline: zoom in / out at the cursor</source>
        <translation>时间线：以光标为中心放大 / 缩小</translation>
    </message>
    <message>
        <source>W / S, Ctrl+wheel</source>
        <translation>W / S，Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Timeline: pan left / right</source>
        <translation>时间线：向左 / 向右平移</translation>
    </message>
    <message>
        <source>A / D, drag</source>
        <translation>A / D，拖动</translation>
    </message>
    <message>
        <source>Timeline: box zoom</source>
        <translation>时间线：框选缩放</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>Timeline: fit the selection</source>
        <translation>时间线：缩放到所选内容</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Timeline: undo zoom / reset</source>
        <translation>时间线：撤销缩放 / 重置</translation>
    </message>
    <message>
        <source>Backspace / Ctrl+0</source>
        <translation>Backspace / Ctrl+0</translation>
    </message>
    <message>
        <source>Timeline: next / previous slice on the track</source>
        <translation>时间线：轨道上的下一个 / 上一个切片</translation>
    </message>
    <message>
        <source>. / ,</source>
        <translation>. / ,</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Ctrl+F, Enter / Shift+Enter for next / previous hit</source>
        <translation>Ctrl+F，Enter / Shift+Enter 跳到下一个 / 上一个匹配</translation>
    </message>
</context>
<context>
    <name>Twinscope::App::WelcomePage</name>
    <message>
        <source>&lt;h1&gt;Twinscope&lt;/h1&gt;</source>
        <translation>&lt;h1&gt;Twinscope&lt;/h1&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Find where an NPU port first goes wrong. Drop files or folders anywhere on this window, or open them:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Timelines&lt;/b&gt;: PyTorch/Kineto, torch_npu &lt;tt&gt;trace_view.json&lt;/tt&gt;, CANN msprof, MindSpore and Catapult traces (&lt;tt&gt;.json&lt;/tt&gt;, &lt;tt&gt;.json.gz&lt;/tt&gt;)&lt;/li&gt;&lt;li&gt;&lt;b&gt;Op-info logs&lt;/b&gt;: Ascend host plogs with &lt;tt&gt;aclopCompile::aclOp&lt;/tt&gt; lines&lt;/li&gt;&lt;li&gt;&lt;b&gt;Paired dumps&lt;/b&gt;: HDF5, &lt;tt&gt;.npy&lt;/tt&gt; folders, msprobe &lt;tt&gt;dump.json&lt;/tt&gt;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Loss logs&lt;/b&gt;: Megatron/MindSpeed, MindSpore, LLaMA-Factory, HF trainer state&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;找出 NPU 迁移最先出错的地方。把文件或文件夹拖到窗口任意位置，或者打开它们：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;时间线&lt;/b&gt;：PyTorch/Kineto、torch_npu &lt;tt&gt;trace_view.json&lt;/tt&gt;、CANN msprof、MindSpore 和 Catapult 跟踪文件（&lt;tt&gt;.json&lt;/tt&gt;、&lt;tt&gt;.json.gz&lt;/tt&gt;）&lt;/li&gt;&lt;li&gt;&lt;b&gt;算子信息日志&lt;/b&gt;：含 &lt;tt&gt;aclopCompile::aclOp&lt;/tt&gt; 行的昇腾 host plog&lt;/li&gt;&lt;li&gt;&lt;b&gt;成对转储&lt;/b&gt;：HDF5、&lt;tt&gt;.npy&lt;/tt&gt; 文件夹、msprobe &lt;tt&gt;dump.json&lt;/tt&gt;&lt;/li&gt;&lt;li&gt;&lt;b&gt;损失日志&lt;/b&gt;：Megatron/MindSpeed、MindSpore、LLaMA-Factory、HF trainer state&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>Open File…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recent&lt;/b&gt;</source>
        <translation>&lt;b&gt;最近打开&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Nothing opened yet.</source>
        <translation>还没有打开过文件。</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DiagnosticsPanel</name>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>字节 %1</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>First locations</source>
        <translation>首次出现位置</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message numerus="yes">
        <source>%n kind(s) of warnings</source>
        <translation>
            <numerusform>%n 类警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not be opened</source>
        <translation>无法打开</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LoadController</name>
    <message>
        <source>There is not enough memory for this.</source>
        <translation>内存不足，无法完成此操作。</translation>
    </message>
    <message>
        <source>Internal error: %1</source>
        <translation>内部错误：%1</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LoadProgressWidget</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop loading; nothing already open is affected.</source>
        <translation>停止加载；已打开的内容不受影响。</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
</context>
</TS>
