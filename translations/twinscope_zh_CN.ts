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
        <source>Global options: --help, --version, --lang en|zh_CN. Run 'twinscope-cli &lt;command&gt; --help' for a command's options.</source>
        <translation>全局选项：--help、--version、--lang en|zh_CN。运行 'twinscope-cli &lt;命令&gt; --help' 查看该命令的选项。</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 2 usage error, 3 input unreadable or unparsable.</source>
        <translation>退出码：0 成功，2 用法错误，3 输入无法读取或无法解析。</translation>
    </message>
    <message>
        <source>Unknown command '%1'.</source>
        <translation>未知命令“%1”。</translation>
    </message>
    <message>
        <source>Parse loss logs and find where two runs diverge.</source>
        <translation>解析损失日志，找出两次运行开始发散的位置。</translation>
    </message>
    <message>
        <source>Compare a benchmark dump with an NPU dump tensor by tensor.</source>
        <translation>逐个张量比较标杆转储与 NPU 转储。</translation>
    </message>
    <message>
        <source>Summarise Ascend host logs: compiles, TransData, recompiles.</source>
        <translation>汇总昇腾 host 日志：编译、TransData、重编译。</translation>
    </message>
    <message>
        <source>Load chrome traces and summarise them.</source>
        <translation>加载 chrome trace 并生成汇总。</translation>
    </message>
    <message>
        <source>Compare a benchmark (GPU) dump with an NPU dump tensor by tensor.</source>
        <translation>逐个张量比较标杆（GPU）转储与 NPU 转储。</translation>
    </message>
    <message>
        <source>Also write msprobe's compare-result CSV to OUT.</source>
        <translation>同时将 msprobe 的 compare-result CSV 写入 OUT。</translation>
    </message>
    <message>
        <source>JSON mapping file {"regex": "replacement"} applied to NPU names.</source>
        <translation>JSON 映射文件 {"regex": "replacement"}，应用于 NPU 名称。</translation>
    </message>
    <message>
        <source>allclose relative tolerance (default: per NPU dtype).</source>
        <translation>allclose 相对容差（默认：按 NPU 数据类型）。</translation>
    </message>
    <message>
        <source>allclose absolute tolerance (default: per NPU dtype).</source>
        <translation>allclose 绝对容差（默认：按 NPU 数据类型）。</translation>
    </message>
    <message>
        <source>Benchmark dump: HDF5, .npy file or folder, msprobe dump.</source>
        <translation>标杆转储：HDF5、.npy 文件或文件夹、msprobe 转储。</translation>
    </message>
    <message>
        <source>NPU dump of the same kind.</source>
        <translation>同类型的 NPU 转储。</translation>
    </message>
    <message>
        <source>dumps needs exactly two paths: BENCH NPU.</source>
        <translation>dumps 需要恰好两个路径：BENCH NPU。</translation>
    </message>
    <message>
        <source>--%1 needs a non-negative number, got %2.</source>
        <translation>--%1 需要非负数，实际为 %2。</translation>
    </message>
    <message>
        <source>--threads needs a number from 1 to 256.</source>
        <translation>--threads 需要 1 到 256 之间的数字。</translation>
    </message>
    <message>
        <source>%1: cannot write the CSV file</source>
        <translation>%1：无法写入 CSV 文件</translation>
    </message>
    <message>
        <source>%1 vs %2 (%3, %4)</source>
        <translation>%1 对比 %2（%3，%4）</translation>
    </message>
    <message>
        <source>pairs: %1, unmatched: %2 bench / %3 NPU, errors: %4, warnings: %5</source>
        <translation>张量对：%1，未匹配：标杆 %2 / NPU %3，错误：%4，警告：%5</translation>
    </message>
    <message>
        <source>first divergent: %1 (index %2, cosine %3, max abs err %4, %5)</source>
        <translation>首个发散张量：%1（索引 %2，cosine %3，max abs err %4，%5）</translation>
    </message>
    <message>
        <source>origin</source>
        <translation>源头</translation>
    </message>
    <message>
        <source>propagated</source>
        <translation>传播所致</translation>
    </message>
    <message>
        <source>first divergent: none</source>
        <translation>首个发散张量：无</translation>
    </message>
    <message>
        <source>NaN/Inf origin: %1 (index %2)</source>
        <translation>NaN/Inf 源头：%1（索引 %2）</translation>
    </message>
    <message>
        <source>%1 MB compared in %2 s (%3 GB/s)</source>
        <translation>已比较 %1 MB，耗时 %2 s（%3 GB/s）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Parse loss logs; with two, compare the run under test B against the benchmark A.</source>
        <translation>解析损失日志；给出两个日志时，将待测运行 B 与标杆 A 进行比较。</translation>
    </message>
    <message>
        <source>The series to compare (default: the main loss).</source>
        <translation>要比较的序列（默认：主损失）。</translation>
    </message>
    <message>
        <source>Relative tolerance against A (default 1e-2).</source>
        <translation>相对于 A 的相对容差（默认 1e-2）。</translation>
    </message>
    <message>
        <source>Absolute tolerance (default 0).</source>
        <translation>绝对容差（默认 0）。</translation>
    </message>
    <message>
        <source>Consecutive exceeding steps that make a divergence (default 3).</source>
        <translation>连续超出容差多少步判定为发散（默认 3）。</translation>
    </message>
    <message>
        <source>Regular expression for logs of no known format: a group "step" (or group 1) and value groups (named groups become series).</source>
        <translation>用于未知格式日志的正则表达式：一个“step”分组（或第 1 组）以及若干数值分组（命名分组将成为序列）。</translation>
    </message>
    <message>
        <source>The benchmark log (e.g. GPU).</source>
        <translation>标杆日志（如 GPU）。</translation>
    </message>
    <message>
        <source>The log under test (e.g. NPU), optional.</source>
        <translation>待测日志（如 NPU），可选。</translation>
    </message>
    <message>
        <source>loss needs one or two log files.</source>
        <translation>loss 需要一个或两个日志文件。</translation>
    </message>
    <message>
        <source>--rtol and --atol need numbers &gt;= 0, --k an integer &gt;= 1.</source>
        <translation>--rtol 和 --atol 需要 &gt;= 0 的数字，--k 需要 &gt;= 1 的整数。</translation>
    </message>
    <message>
        <source>%1: has no metric "%2"; it has: %3</source>
        <translation>%1：没有指标“%2”；现有指标：%3</translation>
    </message>
    <message numerus="yes">
        <source>format %1, %n point(s) of "%2"</source>
        <translation>
            <numerusform>格式 %1，“%2”共 %n 个点</numerusform></translation>
    </message>
    <message>
        <source>, steps %1..%2</source>
        <translation>，步 %1..%2</translation>
    </message>
    <message>
        <source>metrics: %1</source>
        <translation>指标：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n non-finite step(s), first %1</source>
        <translation>
            <numerusform>%n 个非有限值步，首个为 %1</numerusform></translation>
    </message>
    <message>
        <source>aligned steps: %1 (rtol %2, atol %3, k %4)</source>
        <translation>对齐的步数：%1（rtol %2，atol %3，k %4）</translation>
    </message>
    <message>
        <source>first differing step: %1</source>
        <translation>首个出现差异的步：%1</translation>
    </message>
    <message>
        <source>first divergent step: %1</source>
        <translation>首个发散步：%1</translation>
    </message>
    <message>
        <source>max abs diff: %1, max rel diff: %2</source>
        <translation>最大绝对差：%1，最大相对差：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n compile event(s), %1 op types, %2 truncated record(s), %3 unparsed line(s)</source>
        <translation>
            <numerusform>%n 次编译事件，%1 种算子类型，%2 条截断记录，%3 行未解析</numerusform></translation>
    </message>
    <message>
        <source>TransData: %1 (%2 %), Cast: %3 (%4 %)</source>
        <translation>TransData：%1（%2 %），Cast：%3（%4 %）</translation>
    </message>
    <message numerus="yes">
        <source>Cut-off %1 (%2): %n compile(s) after it</source>
        <translation>
            <numerusform>截止点 %1（%2）：之后有 %n 次编译</numerusform></translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
    <message>
        <source>Signatures</source>
        <translation>签名数</translation>
    </message>
    <message>
        <source>First</source>
        <translation>首次编译</translation>
    </message>
    <message>
        <source>Recompiled op types:</source>
        <translation>重编译的算子类型：</translation>
    </message>
    <message>
        <source>Errors and warnings:</source>
        <translation>错误和警告：</translation>
    </message>
    <message>
        <source>AI CPU fallbacks:</source>
        <translation>AI CPU 回退：</translation>
    </message>
    <message>
        <source>Summarise Ascend host logs: compiled ops, TransData, recompilation, errors and AI CPU fallbacks.</source>
        <translation>汇总昇腾 host 日志：已编译算子、TransData、重编译、错误以及 AI CPU 回退。</translation>
    </message>
    <message>
        <source>Count compiles after this time as recompiles (plog form 2025-03-06-01:09:07.262.594 or 2025-03-06 01:09:07).</source>
        <translation>将此时间之后的编译计为重编译（plog 格式 2025-03-06-01:09:07.262.594 或 2025-03-06 01:09:07）。</translation>
    </message>
    <message>
        <source>plog files, plog folders, stdout captures or ascend_op_info_summary.txt.</source>
        <translation>plog 文件、plog 文件夹、标准输出捕获或 ascend_op_info_summary.txt。</translation>
    </message>
    <message>
        <source>opinfo needs at least one path.</source>
        <translation>opinfo 至少需要一个路径。</translation>
    </message>
    <message>
        <source>--after: cannot read "%1" as a time; use 2025-03-06-01:09:07.262.594 or 2025-03-06 01:09:07.</source>
        <translation>--after：无法将“%1”解析为时间；请使用 2025-03-06-01:09:07.262.594 或 2025-03-06 01:09:07。</translation>
    </message>
    <message>
        <source>Found: %1</source>
        <translation>实际内容：%1</translation>
    </message>
    <message>
        <source>Parser threads (default: all cores).</source>
        <translation>解析线程数（默认：全部核心）。</translation>
    </message>
    <message>
        <source>Chrome trace files (.json or .json.gz).</source>
        <translation>Chrome trace 文件（.json 或 .json.gz）。</translation>
    </message>
    <message>
        <source>trace needs at least one file.</source>
        <translation>trace 至少需要一个文件。</translation>
    </message>
    <message>
        <source>--threads needs a positive number.</source>
        <translation>--threads 需要正数。</translation>
    </message>
    <message>
        <source>%1 slices, %2 instants, %3 counter samples, %4 flows, %5 processes, %6 tracks</source>
        <translation>%1 个切片，%2 个瞬时事件，%3 个计数器采样，%4 条流，%5 个进程，%6 条轨道</translation>
    </message>
    <message>
        <source>span %1 µs, loaded in %2 s</source>
        <translation>时间跨度 %1 µs，加载耗时 %2 s</translation>
    </message>
    <message>
        <source>Also compute msaccucmp's KL divergence (a second pass over every pair).</source>
        <translation>同时计算 msaccucmp 的 KL 散度（需对每个张量对再遍历一遍）。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Worker threads over tensor pairs (default: all cores).</source>
        <translation>用于比较张量对的工作线程数（默认：全部核心）。</translation>
    </message>
    <message>
        <source>An internal error stopped the command: %1</source>
        <translation>内部错误中止了该命令：%1</translation>
    </message>
    <message>
        <source>An internal error stopped the command.</source>
        <translation>内部错误中止了该命令。</translation>
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
        <source>first bytes %1("%2")</source>
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
            <numerusform>%n 个文件，均不是已知类型</numerusform></translation>
    </message>
    <message>
        <source>The folder is not readable.</source>
        <translation>文件夹不可读。</translation>
    </message>
    <message>
        <source>The file could not be read: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>%1: cannot open the mapping file</source>
        <translation>%1：无法打开映射文件</translation>
    </message>
    <message>
        <source>%1 (byte %2): the mapping file is not JSON: %3</source>
        <translation>%1（字节 %2）：映射文件不是 JSON：%3</translation>
    </message>
    <message>
        <source>%1: expected {"regex": "replacement", ...} or [[regex, replacement], ...], found %2</source>
        <translation>%1：应为 {"regex": "replacement", ...} 或 [[regex, replacement], ...]，实际为 %2</translation>
    </message>
    <message>
        <source>%1: invalid regular expression %2: %3</source>
        <translation>%1：无效的正则表达式 %2：%3</translation>
    </message>
    <message>
        <source>Shape of NPU and bench tensor do not match. Skipped.</source>
        <translation>NPU 与标杆张量的 shape 不一致，已跳过。</translation>
    </message>
    <message>
        <source>a tensor ended before its shape says</source>
        <translation>张量在达到其 shape 所需长度之前就结束了</translation>
    </message>
    <message>
        <source>Dtype of NPU and bench tensor do not match.</source>
        <translation>NPU 与标杆张量的 dtype 不一致。</translation>
    </message>
    <message>
        <source>Pairing tensors</source>
        <translation>正在配对张量</translation>
    </message>
    <message>
        <source>Comparing tensors</source>
        <translation>正在比较张量</translation>
    </message>
    <message>
        <source>the folder holds no dump Twinscope reads (HDF5, .npy, msprobe dump.json)</source>
        <translation>文件夹中没有 Twinscope 可读取的转储（HDF5、.npy、msprobe dump.json）</translation>
    </message>
    <message>
        <source>not a tensor dump Twinscope reads</source>
        <translation>不是 Twinscope 可读取的张量转储</translation>
    </message>
    <message>
        <source>HDF5 dumps can only be read from a file</source>
        <translation>HDF5 转储只能从文件读取</translation>
    </message>
    <message>
        <source>Listing HDF5 datasets</source>
        <translation>正在列出 HDF5 数据集</translation>
    </message>
    <message>
        <source>not an HDF5 file: the HDF5 signature is missing</source>
        <translation>不是 HDF5 文件：缺少 HDF5 签名</translation>
    </message>
    <message>
        <source>the HDF5 file cannot be opened: it is truncated or its metadata is corrupt</source>
        <translation>无法打开 HDF5 文件：文件被截断或元数据已损坏</translation>
    </message>
    <message>
        <source>a complete HDF5 file</source>
        <translation>完整的 HDF5 文件</translation>
    </message>
    <message numerus="yes">
        <source>%n bytes</source>
        <translation>
            <numerusform>%n 字节</numerusform></translation>
    </message>
    <message>
        <source>the group tree could not be walked completely; later datasets are missing</source>
        <translation>无法完整遍历 group 树；后面的数据集缺失</translation>
    </message>
    <message>
        <source>a dataset could not be opened; it was skipped</source>
        <translation>有数据集无法打开，已跳过</translation>
    </message>
    <message>
        <source>datasets without a DataType attribute (non-tensor arguments or undumped dtypes) were skipped</source>
        <translation>已跳过没有 DataType 属性的数据集（非张量参数或未转储的 dtype）</translation>
    </message>
    <message>
        <source>dataset %1 has an unsupported rank or an absurd size</source>
        <translation>数据集 %1 的维数不受支持或大小异常</translation>
    </message>
    <message>
        <source>non-numeric datasets were skipped</source>
        <translation>已跳过非数值数据集</translation>
    </message>
    <message>
        <source>dataset %1 is not stored as a number</source>
        <translation>数据集 %1 不是以数值形式存储的</translation>
    </message>
    <message>
        <source>datasets outside /{op}/{seq}/input|output/{arg} were ordered by path</source>
        <translation>不在 /{op}/{seq}/input|output/{arg} 下的数据集已按路径排序</translation>
    </message>
    <message>
        <source>dataset %1 has the unknown DataType code %2</source>
        <translation>数据集 %1 的 DataType 代码 %2 未知</translation>
    </message>
    <message>
        <source>dataset %1: DataType %2 says %3, but it is stored as %4</source>
        <translation>数据集 %1：DataType %2 表示 %3，但实际存储为 %4</translation>
    </message>
    <message>
        <source>dataset %1: Stride has %2 entries but the shape has %3 axes</source>
        <translation>数据集 %1：Stride 有 %2 项，但 shape 有 %3 个轴</translation>
    </message>
    <message>
        <source>dataset %1: Stride %2 is not a reordering of a contiguous layout</source>
        <translation>数据集 %1：Stride %2 不是连续布局的重排</translation>
    </message>
    <message>
        <source>dataset %1 is truncated: its data ends at byte %2, past the end of the file</source>
        <translation>数据集 %1 被截断：其数据结束于字节 %2，超出了文件末尾</translation>
    </message>
    <message>
        <source>dataset %1 is a chunked or compressed float16 dataset, which HDF5 1.10 cannot convert</source>
        <translation>数据集 %1 是分块或压缩的 float16 数据集，HDF5 1.10 无法转换</translation>
    </message>
    <message>
        <source>the HDF5 file holds no numeric dataset to compare</source>
        <translation>HDF5 文件中没有可比较的数值数据集</translation>
    </message>
    <message>
        <source>tensors with an invalid shape were kept without one</source>
        <translation>已保留 shape 无效的张量，但不记录其 shape</translation>
    </message>
    <message>
        <source>%1 has shape %2 but dump.json says %3</source>
        <translation>%1 的 shape 为 %2，但 dump.json 中为 %3</translation>
    </message>
    <message>
        <source>Dump file: %1 not found.</source>
        <translation>未找到转储文件：%1。</translation>
    </message>
    <message>
        <source>tensor files named in dump.json are missing</source>
        <translation>dump.json 中列出的张量文件缺失</translation>
    </message>
    <message>
        <source>%1 is a torch.save (.pt) file, which Twinscope does not unpickle. Either compare in statistics mode (msprobe config "task": "statistics"), or convert the tensors once with python3 -c "import glob, numpy, torch; [numpy.save(p[:-3] + '.npy', torch.load(p).float().numpy()) for p in glob.glob('dump_tensor_data/*.pt')]" - the .npy files next to the .pt files are then read automatically.</source>
        <translation>%1 是 torch.save (.pt) 文件，Twinscope 不会对其 unpickle。请以统计模式比较（msprobe 配置 "task": "statistics"），或用 python3 -c "import glob, numpy, torch; [numpy.save(p[:-3] + '.npy', torch.load(p).float().numpy()) for p in glob.glob('dump_tensor_data/*.pt')]" 将张量一次性转换；之后会自动读取 .pt 文件旁的 .npy 文件。</translation>
    </message>
    <message>
        <source>dump.json is not valid JSON (%1)</source>
        <translation>dump.json 不是有效的 JSON（%1）</translation>
    </message>
    <message>
        <source>dump.json must hold a JSON object</source>
        <translation>dump.json 必须是 JSON 对象</translation>
    </message>
    <message>
        <source>entries that are not objects were skipped</source>
        <translation>已跳过非对象的条目</translation>
    </message>
    <message>
        <source>dump.json lists no tensor</source>
        <translation>dump.json 中没有列出任何张量</translation>
    </message>
    <message>
        <source>the folder holds no msprobe dump.json</source>
        <translation>文件夹中没有 msprobe dump.json</translation>
    </message>
    <message>
        <source>Reading dump.json</source>
        <translation>正在读取 dump.json</translation>
    </message>
    <message>
        <source>construct.json is not a JSON object; the module tree is not shown</source>
        <translation>construct.json 不是 JSON 对象；不显示模块树</translation>
    </message>
    <message>
        <source>lines that are not [name, n, [], dtype, shape, [max, min, mean]] were skipped</source>
        <translation>已跳过不符合 [name, n, [], dtype, shape, [max, min, mean]] 格式的行</translation>
    </message>
    <message>
        <source>no line holds a ptdbg tensor record</source>
        <translation>没有任何行包含 ptdbg 张量记录</translation>
    </message>
    <message>
        <source>Reading ptdbg records</source>
        <translation>正在读取 ptdbg 记录</translation>
    </message>
    <message>
        <source>not a .npy file: the \x93NUMPY magic is missing</source>
        <translation>不是 .npy 文件：缺少 \x93NUMPY 魔数</translation>
    </message>
    <message>
        <source>the .npy header is cut off</source>
        <translation>.npy 头部被截断</translation>
    </message>
    <message>
        <source>unsupported .npy format version %1.%2</source>
        <translation>不支持的 .npy 格式版本 %1.%2</translation>
    </message>
    <message>
        <source>the .npy header claims %1 bytes, which is absurd</source>
        <translation>.npy 头部声明有 %1 字节，数值异常</translation>
    </message>
    <message>
        <source>%1 header bytes</source>
        <translation>%1 字节的头部</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>the .npy header is malformed: %1</source>
        <translation>.npy 头部格式错误：%1</translation>
    </message>
    <message>
        <source>a dict with descr, fortran_order and shape</source>
        <translation>包含 descr、fortran_order 和 shape 的字典</translation>
    </message>
    <message>
        <source>expected {</source>
        <translation>应为 {</translation>
    </message>
    <message>
        <source>expected a quoted key and a colon</source>
        <translation>应为带引号的键和冒号</translation>
    </message>
    <message>
        <source>structured arrays (a descr list) are not tensors</source>
        <translation>结构化数组（descr 为列表）不是张量</translation>
    </message>
    <message>
        <source>dtype %1 is not a numeric tensor type</source>
        <translation>dtype %1 不是数值张量类型</translation>
    </message>
    <message>
        <source>dtype %1 holds Python objects (pickles), which are never loaded</source>
        <translation>dtype %1 包含 Python 对象（pickle），不会加载</translation>
    </message>
    <message>
        <source>dtype %1 is raw 2-byte data (probably bfloat16); its real dtype must come from dump.json</source>
        <translation>dtype %1 是原始 2 字节数据（可能是 bfloat16）；其真实 dtype 须由 dump.json 给出</translation>
    </message>
    <message>
        <source>fortran_order must be True or False</source>
        <translation>fortran_order 必须为 True 或 False</translation>
    </message>
    <message>
        <source>shape must be a tuple</source>
        <translation>shape 必须是元组</translation>
    </message>
    <message>
        <source>shape entries must be non-negative integers</source>
        <translation>shape 的各项必须是非负整数</translation>
    </message>
    <message>
        <source>more than 32 dimensions</source>
        <translation>超过 32 维</translation>
    </message>
    <message>
        <source>expected , or ) in shape</source>
        <translation>shape 中应为 , 或 )</translation>
    </message>
    <message>
        <source>unknown key %1</source>
        <translation>未知键 %1</translation>
    </message>
    <message>
        <source>expected , or }</source>
        <translation>应为 , 或 }</translation>
    </message>
    <message>
        <source>descr, fortran_order or shape is missing</source>
        <translation>缺少 descr、fortran_order 或 shape</translation>
    </message>
    <message>
        <source>the shape %1 has an absurd number of elements</source>
        <translation>shape %1 的元素个数异常</translation>
    </message>
    <message>
        <source>cannot open the file for reading</source>
        <translation>无法打开文件进行读取</translation>
    </message>
    <message>
        <source>the file is truncated: shape %1 of %2 needs %3 data bytes after the header, only %4 are there</source>
        <translation>文件被截断：shape 为 %1、dtype 为 %2 的数据在头部之后需要 %3 字节，实际只有 %4 字节</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>the folder holds no .npy file</source>
        <translation>文件夹中没有 .npy 文件</translation>
    </message>
    <message>
        <source>Reading .npy headers</source>
        <translation>正在读取 .npy 头部</translation>
    </message>
    <message>
        <source>some .npy files could not be read</source>
        <translation>部分 .npy 文件无法读取</translation>
    </message>
    <message>
        <source>no tensor data to show for this row</source>
        <translation>此行没有可显示的张量数据</translation>
    </message>
    <message>
        <source>Reading tensors</source>
        <translation>正在读取张量</translation>
    </message>
    <message>
        <source>Max rel. diff</source>
        <translation>最大相对差</translation>
    </message>
    <message>
        <source>Min rel. diff</source>
        <translation>最小相对差</translation>
    </message>
    <message>
        <source>Mean rel. diff</source>
        <translation>平均相对差</translation>
    </message>
    <message>
        <source>Norm rel. diff</source>
        <translation>范数相对差</translation>
    </message>
    <message>
        <source>Mean abs err</source>
        <translation>平均绝对误差</translation>
    </message>
    <message>
        <source>RMSE</source>
        <translation>RMSE</translation>
    </message>
    <message>
        <source>Rel. Euclidean</source>
        <translation>相对欧氏距离</translation>
    </message>
    <message>
        <source>NaN/Inf (NPU)</source>
        <translation>NaN/Inf（NPU）</translation>
    </message>
    <message>
        <source>This is empty data, can not compare.</source>
        <translation>数据为空，无法比较。</translation>
    </message>
    <message>
        <source>The position of inf or nan in NPU and bench Tensor do not match.</source>
        <translation>NPU 与标杆张量中 inf 或 nan 的位置不一致。</translation>
    </message>
    <message>
        <source>This is type of 0-d tensor, can not calculate 'Cosine', 'One Thousandth Err Ratio' and 'Five Thousandths Err Ratio'.</source>
        <translation>0 维张量，无法计算 'Cosine'、'One Thousandth Err Ratio' 和 'Five Thousandths Err Ratio'。</translation>
    </message>
    <message>
        <source>This is a 1-d tensor of length 1.</source>
        <translation>这是长度为 1 的 1 维张量。</translation>
    </message>
    <message>
        <source>Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.</source>
        <translation>无法用余弦相似度比较：NPU 转储数据全为零。</translation>
    </message>
    <message>
        <source>Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.</source>
        <translation>无法用余弦相似度比较：标杆转储数据全为零。</translation>
    </message>
    <message>
        <source>Cannot compare by Cosine Similarity, the dump data has NaN.</source>
        <translation>无法用余弦相似度比较：转储数据包含 NaN。</translation>
    </message>
    <message>
        <source>cannot open %1 for reading</source>
        <translation>无法打开 %1 进行读取</translation>
    </message>
    <message>
        <source>%1 is truncated: the tensor needs %2 bytes from byte %3, the file has %4</source>
        <translation>%1 被截断：张量需要从字节 %3 开始的 %2 字节，文件只有 %4 字节</translation>
    </message>
    <message>
        <source>cannot map %1 at byte %2</source>
        <translation>无法在字节 %2 处映射 %1</translation>
    </message>
    <message>
        <source>cannot open %1 as HDF5</source>
        <translation>无法以 HDF5 格式打开 %1</translation>
    </message>
    <message>
        <source>dataset %1 cannot be opened</source>
        <translation>无法打开数据集 %1</translation>
    </message>
    <message>
        <source>dataset %1 has an unsupported rank</source>
        <translation>数据集 %1 的维数不受支持</translation>
    </message>
    <message>
        <source>dataset %1 changed shape since it was listed</source>
        <translation>数据集 %1 的 shape 在列出后已改变</translation>
    </message>
    <message>
        <source>dataset %1 has an unexpected element type</source>
        <translation>数据集 %1 的元素类型不符合预期</translation>
    </message>
    <message>
        <source>internal error planning a read of %1</source>
        <translation>规划读取 %1 时发生内部错误</translation>
    </message>
    <message>
        <source>reading dataset %1 failed at element %2 (corrupt or truncated file)</source>
        <translation>读取数据集 %1 时在元素 %2 处失败（文件已损坏或被截断）</translation>
    </message>
    <message>
        <source>%1 holds statistics only, no tensor data</source>
        <translation>%1 只包含统计信息，没有张量数据</translation>
    </message>
    <message>
        <source>%1 has %2 elements, more than the %3 this view reads at once</source>
        <translation>%1 有 %2 个元素，超过此视图单次读取的上限 %3</translation>
    </message>
    <message>
        <source>%1 ended early</source>
        <translation>%1 提前结束</translation>
    </message>
    <message>
        <source>The runs have no step in common: check the step offsets and the logging intervals.</source>
        <translation>两次运行没有共同的步：请检查步偏移和日志记录间隔。</translation>
    </message>
    <message>
        <source>NaN/Inf appears at step %1: an overflow. Find the first NaN/Inf (on Ascend the overflow dump with the smallest timestamp, on GPU the first op in execution order); enable or tune loss scaling, or move the op to float32.</source>
        <translation>第 %1 步出现 NaN/Inf：发生溢出。请找到第一个 NaN/Inf（昇腾上为时间戳最小的溢出转储，GPU 上为执行顺序中的第一个算子）；启用或调整 loss scale，或将该算子改为 float32 计算。</translation>
    </message>
    <message>
        <source>The loss already differs at the first common step (%1): the forward pass differs, or randomness is not fixed. Fix the inputs, disable shuffling and dropout randomness, dump key-layer outputs on both sides, find the first mismatching tensor, then bisect.</source>
        <translation>第一个共同步（%1）的 loss 已经不同：前向计算不同，或随机性未固定。请固定输入，关闭 shuffle 和 dropout 的随机性，在两侧转储关键层输出，找到第一个不一致的张量，然后二分定位。</translation>
    </message>
    <message>
        <source>The first common step agrees and step %1 differs: the backward pass or the weight update of the first step (or the forward pass of this step) differs. Compare the optimizer, hyper-parameters and input data order; compare gradients and updated weights.</source>
        <translation>第一个共同步一致，第 %1 步不同：第一步的反向计算或权重更新（或本步的前向计算）不同。请比较优化器、超参数和输入数据顺序；比较梯度和更新后的权重。</translation>
    </message>
    <message>
        <source>The first steps agree and the curves fork at step %1: that step is the key. Reproduce it: save a checkpoint at the step before, skip the consumed data and resume, so the problem appears at the second step.</source>
        <translation>前几步一致，曲线在第 %1 步分叉：该步是关键。请复现：在前一步保存 checkpoint，跳过已消耗的数据后续训，使问题出现在续训的第二步。</translation>
    </message>
    <message numerus="yes">
        <source>The loss scale of the run under test dropped %n time(s): frequent floating-point exceptions. Collect overflow data and analyse the overflowing ops.</source>
        <translation>
            <numerusform>待测运行的 loss scale 下降了 %n 次：浮点异常频繁。请采集溢出数据并分析溢出算子。</numerusform></translation>
    </message>
    <message>
        <source>Some steps exceed the tolerance (first at step %1, longest run %2), but never %3 consecutive steps: no divergence at this k. Lower k or look at those steps if the final accuracy differs.</source>
        <translation>部分步超出容差（首次在第 %1 步，最长连续 %2 步），但从未连续 %3 步：在此 k 下不算发散。如果最终精度不同，请降低 k 或查看这些步。</translation>
    </message>
    <message numerus="yes">
        <source>The curves agree within the tolerance on all %n common step(s). If the run under test still has an accuracy problem, the benchmark likely has the same problem: re-check the benchmark itself.</source>
        <translation>
            <numerusform>在全部 %n 个共同步上，曲线均在容差范围内一致。如果待测运行仍有精度问题，标杆很可能有同样的问题：请重新检查标杆本身。</numerusform></translation>
    </message>
    <message>
        <source>The largest relative difference (%1) is below the noise floor of deterministic versus non-deterministic runs of one job (about 1e-4): it is likely non-determinism, not a porting bug.</source>
        <translation>最大相对差（%1）低于同一作业确定性与非确定性运行之间的噪声水平（约 1e-4）：很可能是非确定性导致，而非迁移问题。</translation>
    </message>
    <message>
        <source>rtol %1 is below about 1e-3, where non-determinism alone already exceeds it.</source>
        <translation>rtol %1 低于约 1e-3，仅非确定性就会超出该值。</translation>
    </message>
    <message>
        <source>The file could not be read.</source>
        <translation>无法读取文件。</translation>
    </message>
    <message>
        <source>The file shrank or was replaced while followed; it was read again from the start.</source>
        <translation>实时跟随期间文件变小或被替换；已从头重新读取。</translation>
    </message>
    <message>
        <source>The JSON does not parse: %1.</source>
        <translation>JSON 无法解析：%1。</translation>
    </message>
    <message>
        <source>a JSON value</source>
        <translation>JSON 值</translation>
    </message>
    <message>
        <source>Parsing</source>
        <translation>正在解析</translation>
    </message>
    <message>
        <source>A line is not a JSON object and was skipped.</source>
        <translation>有一行不是 JSON 对象，已跳过。</translation>
    </message>
    <message>
        <source>"%1" is not a list of numbers per step and was not plotted.</source>
        <translation>“%1”不是按步排列的数值列表，未绘制。</translation>
    </message>
    <message numerus="yes">
        <source>%n bare NaN/Infinity token(s) (Python's json) were read as non-finite values.</source>
        <translation>
            <numerusform>%n 个裸 NaN/Infinity 标记（Python json 的写法）已按非有限值读取。</numerusform></translation>
    </message>
    <message>
        <source>Trailing commas were skipped.</source>
        <translation>已跳过末尾多余的逗号。</translation>
    </message>
    <message>
        <source>No line looks like a loss log.
Patterns tried:
%1
First lines:
%2</source>
        <translation>没有任何行看起来像损失日志。
尝试过的模式：
%1
开头几行：
%2</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) matched no metric pattern and were skipped (log noise).</source>
        <translation>
            <numerusform>%n 行未匹配任何指标模式，已跳过（日志噪声）。</numerusform></translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Step numbers go backwards (first at line %1, step %2); the points were sorted by step.</source>
        <translation>步号出现倒退（首次在第 %1 行，第 %2 步）；已按步对数据点排序。</translation>
    </message>
    <message>
        <source>Step %1 of "%2" appears more than once (lines %3 and %4); the last one is kept.</source>
        <translation>“%2”的第 %1 步出现多次（第 %3 行和第 %4 行）；保留最后一次。</translation>
    </message>
    <message>
        <source>The pattern does not compile: %1 (at character %2).</source>
        <translation>模式无法编译：%1（在第 %2 个字符处）。</translation>
    </message>
    <message>
        <source>The pattern needs a group for the step and one for the value, e.g. "step (?&lt;step&gt;\d+) loss (?&lt;loss&gt;\S+)".</source>
        <translation>模式需要一个表示步的分组和一个表示数值的分组，例如 "step (?&lt;step&gt;\d+) loss (?&lt;loss&gt;\S+)"。</translation>
    </message>
    <message>
        <source>The step count restarts each epoch; global steps continue from the previous epoch's last step.</source>
        <translation>步计数在每个 epoch 重新开始；全局步从上一个 epoch 的最后一步继续累加。</translation>
    </message>
    <message>
        <source>A row has a different number of cells than the header.</source>
        <translation>有一行的单元格数与表头不同。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>总耗时 (µs)</translation>
    </message>
    <message>
        <source>Self (µs)</source>
        <translation>自身耗时 (µs)</translation>
    </message>
    <message>
        <source>Average (µs)</source>
        <translation>平均耗时 (µs)</translation>
    </message>
    <message>
        <source>Min (µs)</source>
        <translation>最小耗时 (µs)</translation>
    </message>
    <message>
        <source>Max (µs)</source>
        <translation>最大耗时 (µs)</translation>
    </message>
    <message>
        <source>Share of range (%)</source>
        <translation>占区间比例 (%)</translation>
    </message>
    <message numerus="yes">
        <source>%1 was compiled for %n different signature(s); %2 changed.</source>
        <translation>
            <numerusform>%1 针对 %n 种不同签名进行了编译；变化的是 %2。</numerusform></translation>
    </message>
    <message>
        <source>Keep these shapes fixed, or pad or bucket them to a few sizes (for example pad sequence lengths to a multiple of 64 and drop the last partial batch) so each size is compiled once in the first step.</source>
        <translation>请固定这些 shape，或将其填充/分桶为少数几种尺寸（例如将序列长度填充到 64 的倍数并丢弃最后不完整的 batch），使每种尺寸只在第一步编译一次。</translation>
    </message>
    <message>
        <source>Keep the input data types stable: cast once where data enters the model.</source>
        <translation>请保持输入数据类型稳定：在数据进入模型处统一转换一次。</translation>
    </message>
    <message>
        <source>The input formats change, which usually comes with extra TransData: keep tensors in one format.</source>
        <translation>输入格式发生变化，通常会带来额外的 TransData：请让张量保持同一种格式。</translation>
    </message>
    <message>
        <source>The attributes change between calls: pass constant attributes.</source>
        <translation>属性在多次调用之间发生变化：请传入常量属性。</translation>
    </message>
    <message>
        <source>Reading host logs</source>
        <translation>正在读取 host 日志</translation>
    </message>
    <message>
        <source>No host log line was found: expected lines such as "[INFO] ASCENDCL(pid,process):YYYY-MM-DD-HH:MM:SS.mmm.uuu …".</source>
        <translation>未找到 host 日志行：应为类似 "[INFO] ASCENDCL(pid,process):YYYY-MM-DD-HH:MM:SS.mmm.uuu …" 的行。</translation>
    </message>
    <message>
        <source>A log file in the folder could not be read: %1</source>
        <translation>无法读取文件夹中的日志文件：%1</translation>
    </message>
    <message>
        <source>Decoding op signatures</source>
        <translation>正在解码算子签名</translation>
    </message>
    <message>
        <source>Op records cut at the plog line limit were kept and marked truncated.</source>
        <translation>因 plog 行长度限制而被截断的算子记录已保留，并标记为截断。</translation>
    </message>
    <message>
        <source>Lines that are not host log lines were skipped.</source>
        <translation>已跳过非 host 日志行。</translation>
    </message>
    <message>
        <source>ascend_op_info_summary.txt has no times and may have lost repeated compiles; open the plog files for exact counts.</source>
        <translation>ascend_op_info_summary.txt 没有时间信息，并且可能丢失了重复编译；请打开 plog 文件以获得准确计数。</translation>
    </message>
    <message>
        <source>The JSON is malformed: expected %1, found the end of the file.</source>
        <translation>JSON 格式错误：应为 %1，却遇到文件末尾。</translation>
    </message>
    <message>
        <source>The JSON is malformed: expected %1, found "%2".</source>
        <translation>JSON 格式错误：应为 %1，实际为“%2”。</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>正在读取</translation>
    </message>
    <message>
        <source>The file is named .gz but is not gzip: expected the bytes 1F 8B, found %1.</source>
        <translation>文件名为 .gz 但不是 gzip：应为字节 1F 8B，实际为 %1。</translation>
    </message>
    <message>
        <source>Decompressing</source>
        <translation>正在解压</translation>
    </message>
    <message>
        <source>The gzip stream holds no data.</source>
        <translation>gzip 流中没有数据。</translation>
    </message>
    <message>
        <source>This is not a chrome trace: expected a JSON array or object, found "%1".</source>
        <translation>这不是 chrome trace：应为 JSON 数组或对象，实际为“%1”。</translation>
    </message>
    <message>
        <source>This JSON object has no "traceEvents" array (stopped at %1).</source>
        <translation>此 JSON 对象没有 "traceEvents" 数组（停止于 %1）。</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>文件末尾</translation>
    </message>
    <message numerus="yes">
        <source>The file ends inside the event array: %1 bytes after byte %2 were discarded and %n complete events kept.</source>
        <translation>
            <numerusform>文件在事件数组内部结束：已丢弃字节 %2 之后的 %1 字节，保留 %n 个完整事件。</numerusform></translation>
    </message>
    <message>
        <source>The file ends before the closing '}' of the trace object.</source>
        <translation>文件在 trace 对象的结束 '}' 之前就结束了。</translation>
    </message>
    <message>
        <source>Text after the end of the trace was ignored (from byte %1).</source>
        <translation>已忽略 trace 结束后的文本（从字节 %1 开始）。</translation>
    </message>
    <message>
        <source>Building tracks</source>
        <translation>正在构建轨道</translation>
    </message>
    <message>
        <source>The trace holds no events.</source>
        <translation>trace 中没有事件。</translation>
    </message>
    <message>
        <source>Trailing commas before '}' or ']' were skipped.</source>
        <translation>已跳过 '}' 或 ']' 前多余的逗号。</translation>
    </message>
    <message>
        <source>Complete events (X) without a duration were kept with duration 0.</source>
        <translation>没有时长的完整事件（X）已保留，时长记为 0。</translation>
    </message>
    <message>
        <source>Complete events (X) with a negative duration were dropped.</source>
        <translation>已丢弃时长为负的完整事件（X）。</translation>
    </message>
    <message>
        <source>End events (E) without an open begin (B) were dropped.</source>
        <translation>已丢弃没有对应开始事件（B）的结束事件（E）。</translation>
    </message>
    <message>
        <source>Begin events (B) without an end (E) were closed at the track's last timestamp and marked "did not finish".</source>
        <translation>没有结束事件（E）的开始事件（B）已在轨道的最后时间戳处闭合，并标记为“未结束”。</translation>
    </message>
    <message>
        <source>Async end events without a begin were dropped.</source>
        <translation>已丢弃没有开始的异步结束事件。</translation>
    </message>
    <message>
        <source>Async begin events without an end were closed at the last async timestamp.</source>
        <translation>没有结束的异步开始事件已在最后一个异步时间戳处闭合。</translation>
    </message>
    <message>
        <source>Events without a usable timestamp were dropped.</source>
        <translation>已丢弃没有可用时间戳的事件。</translation>
    </message>
    <message>
        <source>Complete events (X) whose duration is not a number were dropped.</source>
        <translation>已丢弃时长不是数字的完整事件（X）。</translation>
    </message>
    <message>
        <source>Events of phases Twinscope does not show (samples, objects, unknown) were skipped.</source>
        <translation>已跳过 Twinscope 不显示的阶段（samples、objects、未知）的事件。</translation>
    </message>
    <message>
        <source>phase %1: %2 events</source>
        <translation>阶段 %1：%2 个事件</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Flow ends without a start were ignored.</source>
        <translation>已忽略没有起点的流终点。</translation>
    </message>
    <message>
        <source>Flow starts without an end were ignored.</source>
        <translation>已忽略没有终点的流起点。</translation>
    </message>
    <message>
        <source>Slices that partly overlap a slice on the same thread were moved to an overflow lane.</source>
        <translation>与同一线程上其他切片部分重叠的切片已移到溢出泳道。</translation>
    </message>
    <message>
        <source>%1 overlaps its neighbour by %2 ns</source>
        <translation>%1 与相邻切片重叠 %2 ns</translation>
    </message>
    <message>
        <source>ΔMax</source>
        <translation>ΔMax</translation>
    </message>
    <message>
        <source>ΔMin</source>
        <translation>ΔMin</translation>
    </message>
    <message>
        <source>ΔMean</source>
        <translation>ΔMean</translation>
    </message>
    <message>
        <source>ΔNorm</source>
        <translation>ΔNorm</translation>
    </message>
    <message>
        <source>1−cos</source>
        <translation>1−cos</translation>
    </message>
    <message>
        <source>MaxAbs</source>
        <translation>MaxAbs</translation>
    </message>
    <message>
        <source>MaxRel</source>
        <translation>MaxRel</translation>
    </message>
    <message>
        <source>MeanAbs</source>
        <translation>MeanAbs</translation>
    </message>
    <message>
        <source>RelEuc</source>
        <translation>RelEuc</translation>
    </message>
    <message>
        <source>1−1‰</source>
        <translation>1−1‰</translation>
    </message>
    <message>
        <source>1−5‰</source>
        <translation>1−5‰</translation>
    </message>
    <message>
        <source>NaN/Inf</source>
        <translation>NaN/Inf</translation>
    </message>
    <message>
        <source>runs present on one side only were skipped</source>
        <translation>已跳过只在一侧存在的运行</translation>
    </message>
    <message>
        <source>the two folders hold no msprobe runs (step*/rank*/dump.json) with the same relative path</source>
        <translation>两个文件夹中没有相对路径相同的 msprobe 运行（step*/rank*/dump.json）</translation>
    </message>
    <message>
        <source>the folder holds several dumps; the first step and rank was used (%1)</source>
        <translation>文件夹中有多份转储；已使用第一个 step 和 rank（%1）</translation>
    </message>
    <message>
        <source>stack.json is not a JSON object; call stacks are not shown</source>
        <translation>stack.json 不是 JSON 对象；不显示调用栈</translation>
    </message>
    <message>
        <source>Reading .npz members</source>
        <translation>正在读取 .npz 成员</translation>
    </message>
    <message>
        <source>%1 is a compressed member (numpy.savez_compressed); save with numpy.savez, or extract the archive and compare the folder</source>
        <translation>%1 是压缩成员（numpy.savez_compressed）；请用 numpy.savez 保存，或解压归档后比较该文件夹</translation>
    </message>
    <message>
        <source>the .npz archive holds no .npy member</source>
        <translation>.npz 归档中没有 .npy 成员</translation>
    </message>
    <message>
        <source>cannot position the tensor streams</source>
        <translation>无法定位张量数据流</translation>
    </message>
    <message>
        <source>Present on one side only</source>
        <translation>仅在一侧存在</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>shape differs</source>
        <translation>shape 不同</translation>
    </message>
    <message>
        <source>unmatched</source>
        <translation>未匹配</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Bench tensor</source>
        <translation>标杆张量</translation>
    </message>
    <message>
        <source>NPU tensor</source>
        <translation>NPU 张量</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Shape</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Cosine</translation>
    </message>
    <message>
        <source>MaxAbsErr</source>
        <translation>MaxAbsErr</translation>
    </message>
    <message>
        <source>MaxRelativeErr</source>
        <translation>MaxRelativeErr</translation>
    </message>
    <message>
        <source>NPU norm</source>
        <translation>NPU 范数</translation>
    </message>
    <message>
        <source>Bench norm</source>
        <translation>标杆范数</translation>
    </message>
    <message>
        <source>1‰ ratio</source>
        <translation>1‰ 误差比例</translation>
    </message>
    <message>
        <source>5‰ ratio</source>
        <translation>5‰ 误差比例</translation>
    </message>
    <message>
        <source>allclose share</source>
        <translation>allclose 占比</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>匹配方式</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>The MindSpore table has no op_type and op_info columns.</source>
        <translation>MindSpore 表中没有 op_type 和 op_info 列。</translation>
    </message>
    <message>
        <source>The dynamic shape file is not valid JSON: %1.</source>
        <translation>动态 shape 文件不是有效的 JSON：%1。</translation>
    </message>
    <message>
        <source>This MindSpore profiler table has times but no op signatures; open framework_raw_*.csv or dynamic_shape_info_*.json.</source>
        <translation>此 MindSpore profiler 表只有时间，没有算子签名；请打开 framework_raw_*.csv 或 dynamic_shape_info_*.json。</translation>
    </message>
    <message>
        <source>The folder holds no host log (plog-*.log), no ascend_op_info_summary.txt and no MindSpore framework_raw or dynamic_shape_info table.</source>
        <translation>文件夹中没有 host 日志（plog-*.log）、ascend_op_info_summary.txt，也没有 MindSpore framework_raw 或 dynamic_shape_info 表。</translation>
    </message>
    <message>
        <source>Names with invalid UTF-8 are shown with replacement characters (U+FFFD).</source>
        <translation>含无效 UTF-8 的名称以替换字符（U+FFFD）显示。</translation>
    </message>
    <message>
        <source>Names with raw control characters were accepted as they are.</source>
        <translation>含原始控制字符的名称已按原样接受。</translation>
    </message>
    <message>
        <source>Events with a repeated key were read with the key's last value.</source>
        <translation>有事件包含重复的键，已按该键最后一次出现的值读取。</translation>
    </message>
    <message>
        <source>the input</source>
        <translation>该输入</translation>
    </message>
    <message>
        <source>There is not enough memory to finish reading %1; close other files or use a machine with more memory.</source>
        <translation>内存不足，无法读完 %1；请关闭其他文件或使用内存更大的机器。</translation>
    </message>
    <message>
        <source>An internal error stopped the work on %1. Please report it with this file if you can share it.</source>
        <translation>内部错误中止了对 %1 的处理。如能分享该文件，请附上它报告此问题。</translation>
    </message>
    <message>
        <source>not a zip archive, or a damaged one: no end-of-central-directory record with a readable central directory was found (is the file cut off?)</source>
        <translation>不是 zip 归档，或归档已损坏：未找到带有可读中央目录的中央目录结束记录（文件是否被截断？）</translation>
    </message>
    <message>
        <source>the zip archive is damaged: its central directory, local headers and member sizes do not agree (is the file cut off?)</source>
        <translation>zip 归档已损坏：其中央目录、本地文件头与成员大小不一致（文件是否被截断？）</translation>
    </message>
    <message>
        <source>split (multi-part) zip archives are not supported</source>
        <translation>不支持分卷（多部分）zip 归档</translation>
    </message>
    <message>
        <source>not enough memory to read the zip directory</source>
        <translation>内存不足，无法读取 zip 目录</translation>
    </message>
    <message>
        <source>the zip archive cannot be read (%1)</source>
        <translation>无法读取 zip 归档（%1）</translation>
    </message>
    <message>
        <source>the zip archive claims %1 entries, more than the %2 read</source>
        <translation>zip 归档声称有 %1 个条目，超过可读取的上限 %2</translation>
    </message>
    <message>
        <source>entry %1 of the zip central directory is damaged</source>
        <translation>zip 中央目录的第 %1 个条目已损坏</translation>
    </message>
    <message>
        <source>zip member %1: %2</source>
        <translation>zip 成员 %1：%2</translation>
    </message>
    <message>
        <source>no such member</source>
        <translation>没有该成员</translation>
    </message>
    <message>
        <source>it is encrypted, and encrypted members are never read</source>
        <translation>该成员已加密，加密成员一律不读取</translation>
    </message>
    <message>
        <source>it is compressed (zip method %1), so it cannot be used in place</source>
        <translation>该成员已压缩（zip 方法 %1），无法原位使用</translation>
    </message>
    <message>
        <source>it is stored (not compressed), yet the central directory gives %1 stored and %2 uncompressed bytes</source>
        <translation>该成员为存储（未压缩）方式，但中央目录给出的存储大小为 %1 字节、未压缩大小为 %2 字节</translation>
    </message>
    <message>
        <source>its data could not be located inside the archive</source>
        <translation>无法在归档中定位其数据</translation>
    </message>
    <message>
        <source>it is compressed with zip method %1, which this build cannot inflate</source>
        <translation>该成员使用 zip 方法 %1 压缩，当前构建无法解压</translation>
    </message>
    <message>
        <source>it holds %1 bytes, more than the %2 allowed here</source>
        <translation>该成员有 %1 字节，超过此处允许的 %2 字节</translation>
    </message>
    <message>
        <source>it cannot be opened (%1)</source>
        <translation>无法打开该成员（%1）</translation>
    </message>
    <message>
        <source>it holds more than the %1 bytes the central directory says</source>
        <translation>该成员的字节数多于中央目录所称的 %1 字节</translation>
    </message>
    <message>
        <source>it holds only %1 bytes, but the central directory says %2</source>
        <translation>该成员只有 %1 字节，但中央目录称有 %2 字节</translation>
    </message>
    <message>
        <source>its CRC-32 does not match the central directory</source>
        <translation>其 CRC-32 与中央目录不符</translation>
    </message>
    <message>
        <source>its compressed data is corrupt after %1 bytes</source>
        <translation>其压缩数据在 %1 字节之后已损坏</translation>
    </message>
    <message>
        <source>not enough memory to inflate it</source>
        <translation>内存不足，无法解压该成员</translation>
    </message>
    <message>
        <source>its data is cut off after %1 of %2 bytes</source>
        <translation>其数据在 %2 字节中的第 %1 字节之后被截断</translation>
    </message>
    <message>
        <source>it cannot be read (%1)</source>
        <translation>无法读取该成员（%1）</translation>
    </message>
    <message>
        <source>%1 is truncated: shape %2 of %3 needs %4 data bytes after the header, the member holds %5</source>
        <translation>%1 已被截断：形状 %2、类型 %3 在文件头之后需要 %4 字节数据，该成员只有 %5 字节</translation>
    </message>
    <message>
        <source>%1: the archive was not read from a file, so its elements cannot be streamed</source>
        <translation>%1：归档并非从文件读取，因此无法流式读取其元素</translation>
    </message>
    <message numerus="yes">
        <source> (%n times)</source>
        <translation>
            <numerusform>（%n 次）</numerusform></translation>
    </message>
    <message>
        <source>Comparing loss curves</source>
        <translation>正在比较损失曲线</translation>
    </message>
    <message>
        <source>No loss log was given.</source>
        <translation>未指定损失日志。</translation>
    </message>
    <message>
        <source>Reading loss logs</source>
        <translation>正在读取损失日志</translation>
    </message>
    <message>
        <source>Analysing op info</source>
        <translation>正在分析算子信息</translation>
    </message>
    <message>
        <source>Computing op statistics</source>
        <translation>正在计算算子统计</translation>
    </message>
    <message>
        <source>Looking for traces</source>
        <translation>正在查找 trace 文件</translation>
    </message>
    <message>
        <source>No chrome trace files were found in %1.</source>
        <translation>在 %1 中未找到 chrome trace 文件。</translation>
    </message>
    <message>
        <source>this is the legacy torch.save format (before PyTorch 1.6), which Twinscope does not read; load and save it again with a newer PyTorch</source>
        <translation>这是旧版 torch.save 格式（PyTorch 1.6 之前），Twinscope 不读取；请用较新的 PyTorch 加载后重新保存</translation>
    </message>
    <message>
        <source>this is a TorchScript archive (torch.jit.save), not a torch.save file; Twinscope does not read TorchScript</source>
        <translation>这是 TorchScript 归档（torch.jit.save），不是 torch.save 文件；Twinscope 不读取 TorchScript</translation>
    </message>
    <message>
        <source>the zip archive holds no &lt;archive&gt;/data.pkl, so it is not a torch.save file</source>
        <translation>该 zip 归档中没有 &lt;archive&gt;/data.pkl，因此不是 torch.save 文件</translation>
    </message>
    <message>
        <source>data.pkl holds %1 bytes, more than the %2 Twinscope reads</source>
        <translation>data.pkl 有 %1 字节，超过 Twinscope 读取上限 %2</translation>
    </message>
    <message>
        <source>reading data.pkl was canceled</source>
        <translation>读取 data.pkl 已取消</translation>
    </message>
    <message>
        <source>storage %1 has no member %2 in the archive</source>
        <translation>存储 %1 在归档中没有成员 %2</translation>
    </message>
    <message>
        <source>storage %1 should hold %2 elements of %3 bytes, its member has %4 bytes</source>
        <translation>存储 %1 应包含 %2 个 %3 字节的元素，但其成员只有 %4 字节</translation>
    </message>
    <message>
        <source>the tensor is a strided view (size %1, stride %2) that is not a reordering of a contiguous layout; save tensor.contiguous() instead</source>
        <translation>该张量是带步长的视图（size %1，stride %2），不是连续布局的重排；请改为保存 tensor.contiguous()</translation>
    </message>
    <message>
        <source>the .pt file was not read from a file, so its elements cannot be streamed</source>
        <translation>该 .pt 数据不是从文件读取的，无法流式读取其元素</translation>
    </message>
    <message>
        <source>the .pt file holds %1, not one tensor</source>
        <translation>该 .pt 文件包含 %1，而不是单个张量</translation>
    </message>
    <message>
        <source>the pickle is damaged: %1</source>
        <translation>pickle 已损坏：%1</translation>
    </message>
    <message>
        <source>the pickle ends in the middle of an opcode</source>
        <translation>pickle 在操作码中间结束</translation>
    </message>
    <message>
        <source>more bytes</source>
        <translation>更多字节</translation>
    </message>
    <message>
        <source>the end of the data</source>
        <translation>数据结尾</translation>
    </message>
    <message>
        <source>a GLOBAL name is too long</source>
        <translation>GLOBAL 名称过长</translation>
    </message>
    <message>
        <source>the pickle holds more than %1 values, more than Twinscope reads</source>
        <translation>pickle 包含超过 %1 个值，超出 Twinscope 读取上限</translation>
    </message>
    <message>
        <source>the stack is empty</source>
        <translation>栈为空</translation>
    </message>
    <message>
        <source>no MARK precedes this opcode</source>
        <translation>此操作码之前没有 MARK</translation>
    </message>
    <message>
        <source>pickle protocol %1 is newer than the 5 Twinscope reads</source>
        <translation>pickle 协议 %1 比 Twinscope 支持的 5 更新</translation>
    </message>
    <message>
        <source>the pickle nests MARKs too deeply</source>
        <translation>pickle 中 MARK 嵌套过深</translation>
    </message>
    <message>
        <source>DICT has an odd number of items</source>
        <translation>DICT 的项数为奇数</translation>
    </message>
    <message>
        <source>APPEND to something that is not a list</source>
        <translation>APPEND 的目标不是列表</translation>
    </message>
    <message>
        <source>APPENDS to something that is not a list</source>
        <translation>APPENDS 的目标不是列表</translation>
    </message>
    <message>
        <source>SETITEM on something that is not a dict</source>
        <translation>SETITEM 的目标不是字典</translation>
    </message>
    <message>
        <source>SETITEMS on something that is not a dict</source>
        <translation>SETITEMS 的目标不是字典</translation>
    </message>
    <message>
        <source>STACK_GLOBAL needs two strings</source>
        <translation>STACK_GLOBAL 需要两个字符串</translation>
    </message>
    <message>
        <source>memo entry %1 is read before it is written</source>
        <translation>memo 项 %1 在写入前被读取</translation>
    </message>
    <message>
        <source>the pickle's memo is too large</source>
        <translation>pickle 的 memo 过大</translation>
    </message>
    <message>
        <source>opcode 0x%1 is not one that torch.save writes for tensors; Twinscope does not read it</source>
        <translation>操作码 0x%1 不是 torch.save 保存张量时使用的操作码；Twinscope 不读取它</translation>
    </message>
    <message>
        <source>the pickle refers to %1, which is not a tensor, storage or container; Twinscope never runs code from a .pt file and does not read it</source>
        <translation>pickle 引用了 %1，它不是张量、存储或容器；Twinscope 从不执行 .pt 文件中的代码，也不读取它</translation>
    </message>
    <message>
        <source>REDUCE calls something that is not a global</source>
        <translation>REDUCE 调用的对象不是全局名称</translation>
    </message>
    <message>
        <source>REDUCE's arguments are not a tuple</source>
        <translation>REDUCE 的参数不是元组</translation>
    </message>
    <message>
        <source>unexpected arguments for %1</source>
        <translation>%1 的参数不符合预期</translation>
    </message>
    <message>
        <source>the pickle rebuilds a tensor of type %1, which Twinscope does not read</source>
        <translation>pickle 重建了类型为 %1 的张量，Twinscope 不读取该类型</translation>
    </message>
    <message>
        <source>the pickle calls %1, which Twinscope does not read (nothing in a .pt file is ever executed)</source>
        <translation>pickle 调用了 %1，Twinscope 不读取它（.pt 文件中的内容从不被执行）</translation>
    </message>
    <message>
        <source>a non-global</source>
        <translation>非全局对象</translation>
    </message>
    <message>
        <source>BUILD on a value that is not an object torch.save writes</source>
        <translation>BUILD 作用于 torch.save 不会写出的值</translation>
    </message>
    <message>
        <source>a persistent id is not ('storage', torch.&lt;type&gt;Storage, key, location, size), the only kind torch.save writes</source>
        <translation>持久化 ID 不是 ('storage', torch.&lt;type&gt;Storage, key, location, size)，而这是 torch.save 唯一会写出的形式</translation>
    </message>
    <message>
        <source>storage %1 is described twice differently</source>
        <translation>存储 %1 有两次不一致的描述</translation>
    </message>
    <message>
        <source>a tensor's %1 is not a tuple</source>
        <translation>张量的 %1 不是元组</translation>
    </message>
    <message>
        <source>a tensor has more than 32 dimensions</source>
        <translation>张量的维度超过 32</translation>
    </message>
    <message>
        <source>a tensor's %1 holds a non-integer</source>
        <translation>张量的 %1 含有非整数</translation>
    </message>
    <message>
        <source>unexpected arguments for torch._utils._rebuild_tensor</source>
        <translation>torch._utils._rebuild_tensor 的参数不符合预期</translation>
    </message>
    <message>
        <source>size</source>
        <translation>size（形状）</translation>
    </message>
    <message>
        <source>stride</source>
        <translation>stride（步长）</translation>
    </message>
    <message>
        <source>a tensor's size and stride have different lengths</source>
        <translation>张量的 size 与 stride 长度不同</translation>
    </message>
    <message>
        <source>the tensor's size %1, stride %2 or offset %3 is invalid</source>
        <translation>张量的 size %1、stride %2 或偏移 %3 无效</translation>
    </message>
    <message>
        <source>the tensor reaches element %1 of storage %2, which has %3</source>
        <translation>张量访问到存储 %2 的第 %1 个元素，但该存储只有 %3 个</translation>
    </message>
    <message>
        <source>%1 tensors are not read</source>
        <translation>不读取 %1 类型的张量</translation>
    </message>
    <message>
        <source>unexpected arguments for torch._utils._rebuild_parameter</source>
        <translation>torch._utils._rebuild_parameter 的参数不符合预期</translation>
    </message>
    <message>
        <source>the pickle's values refer to themselves (a cycle), which torch.save does not write for tensors</source>
        <translation>pickle 中的值引用了自身（循环），torch.save 保存张量时不会写出这种结构</translation>
    </message>
    <message>
        <source>the pickle's values nest more than %1 levels deep</source>
        <translation>pickle 中的值嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>The trace has no device tasks: no CUDA kernels, memory copies or "Ascend Hardware" tasks were found, so only host activity was recorded.</source>
        <translation>该 trace 没有设备任务：未找到 CUDA kernel、内存拷贝或 "Ascend Hardware" 任务，只记录了主机侧活动。</translation>
    </message>
    <message>
        <source>The trace has no device tasks.</source>
        <translation>该 trace 没有设备任务。</translation>
    </message>
</context>
<context>
    <name>HeatmapPicture</name>
    <message numerus="yes">
        <source>Rows: %n tensors in execution order. Columns: %1. Colour: badness from 0 (good, green) to 1 (bad, red); grey cells have no value.</source>
        <translation>
            <numerusform>行：按执行顺序排列的 %n 个张量。列：%1。颜色：偏差度从 0（好，绿色）到 1（差，红色）；灰色单元格表示无值。</numerusform></translation>
    </message>
    <message>
        <source>no value</source>
        <translation>无值</translation>
    </message>
</context>
<context>
    <name>SvgExport</name>
    <message>
        <source>The SVG picture could not be painted.</source>
        <translation>无法绘制 SVG 图像。</translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>(no thread)</source>
        <translation>（无线程）</translation>
    </message>
    <message>
        <source>Global</source>
        <translation>全局</translation>
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
        <source>%1 loaded with %n kind(s) of repairs — &lt;a href="details"&gt;Details&lt;/a&gt;</source>
        <translation>
            <numerusform>%1 已加载，做了 %n 类修复 — &lt;a href="details"&gt;详情&lt;/a&gt;</numerusform></translation>
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
            <numerusform>%n 个路径无法打开。</numerusform></translation>
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
    <message>
        <source>Compare &amp;Loss Logs…</source>
        <translation>比较损失日志(&amp;L)…</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Overlay a benchmark (GPU) loss log and the log under test (NPU).</source>
        <translation>叠加显示标杆（GPU）损失日志与待测（NPU）日志。</translation>
    </message>
    <message>
        <source>Choose the benchmark loss log (e.g. the GPU run)</source>
        <translation>选择标杆损失日志（如 GPU 运行）</translation>
    </message>
    <message>
        <source>Choose the loss log under test (e.g. the NPU run)</source>
        <translation>选择待测损失日志（如 NPU 运行）</translation>
    </message>
    <message>
        <source>Use the Trace's First &amp;Step as Op-Info Cut-off</source>
        <translation>以跟踪的第一个 step 作为算子信息截止点(&amp;S)</translation>
    </message>
    <message>
        <source>Compiles after the end of the open trace's first ProfilerStep count as recompiles.</source>
        <translation>在已打开跟踪的第一个 ProfilerStep 结束之后的编译计为重编译。</translation>
    </message>
    <message>
        <source>Open a profiler trace and a host log first.</source>
        <translation>请先打开一个 profiler 跟踪文件和一个 host 日志。</translation>
    </message>
    <message>
        <source>The open trace has no ProfilerStep or Iteration slice.</source>
        <translation>已打开的跟踪中没有 ProfilerStep 或 Iteration 切片。</translation>
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
    <name>Twinscope::Core::OpSignatureTableModel</name>
    <message>
        <source>truncated: cut at the log line limit</source>
        <translation>已截断：在日志行长度上限处被截断</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
    <message>
        <source>First compile</source>
        <translation>首次编译</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::OpTypeTableModel</name>
    <message>
        <source>(cut before the op type)</source>
        <translation>（在算子类型之前被截断）</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
    <message>
        <source>Signatures</source>
        <translation>签名数</translation>
    </message>
    <message>
        <source>After cut-off</source>
        <translation>截止点后</translation>
    </message>
    <message>
        <source>Truncated</source>
        <translation>截断数</translation>
    </message>
    <message>
        <source>First compile</source>
        <translation>首次编译</translation>
    </message>
    <message>
        <source>Last compile</source>
        <translation>末次编译</translation>
    </message>
    <message>
        <source>Data types</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Input shapes</source>
        <translation>输入 shape</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CompareTableView</name>
    <message>
        <source>Filter tensors (name, verdict, message)…</source>
        <translation>筛选张量（名称、结论、信息）…</translation>
    </message>
    <message>
        <source>Jump to first divergence</source>
        <translation>跳到首个发散张量</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CompileChartView</name>
    <message>
        <source>Seconds since the first compile</source>
        <translation>自首次编译以来的秒数</translation>
    </message>
    <message>
        <source>First compile</source>
        <translation>首次编译</translation>
    </message>
    <message>
        <source>Same signature again</source>
        <translation>相同签名再次编译</translation>
    </message>
    <message>
        <source>New signature (recompile)</source>
        <translation>新签名（重编译）</translation>
    </message>
    <message>
        <source>Truncated record</source>
        <translation>截断的记录</translation>
    </message>
    <message>
        <source>(no op type)</source>
        <translation>（无算子类型）</translation>
    </message>
    <message>
        <source>No compile times in this input (ascend_op_info_summary.txt and MindSpore tables have none). Open the plog files.</source>
        <translation>此输入中没有编译时间（ascend_op_info_summary.txt 和 MindSpore 表中都没有）。请打开 plog 文件。</translation>
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
            <numerusform>%n 类警告</numerusform></translation>
    </message>
    <message>
        <source>Could not be opened</source>
        <translation>无法打开</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DivergenceHeatmap</name>
    <message>
        <source>badness</source>
        <translation>偏差度</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2：%3</translation>
    </message>
    <message>
        <source>no value (unmatched)</source>
        <translation>无值（未匹配）</translation>
    </message>
    <message>
        <source>badness %1</source>
        <translation>偏差度 %1</translation>
    </message>
    <message numerus="yes">
        <source>tensors in execution order (%n rows)</source>
        <translation>
            <numerusform>按执行顺序排列的张量（%n 行）</numerusform></translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DumpWorkspace</name>
    <message>
        <source>&amp;Cosine ≥</source>
        <translation>Cosine(&amp;C) ≥</translation>
    </message>
    <message>
        <source>Accuracy rule: cosine below this (with MaxAbsErr above its threshold) fails</source>
        <translation>精度规则：cosine 低于此值（且 MaxAbsErr 高于其阈值）判为不通过</translation>
    </message>
    <message>
        <source>&amp;MaxAbsErr ≤</source>
        <translation>MaxAbsErr(&amp;M) ≤</translation>
    </message>
    <message>
        <source>Accuracy rule: MaxAbsErr above this (with a low cosine) fails</source>
        <translation>精度规则：MaxAbsErr 高于此值（且 cosine 偏低）判为不通过</translation>
    </message>
    <message>
        <source>&amp;Statistics ±</source>
        <translation>统计(&amp;S) ±</translation>
    </message>
    <message>
        <source>Statistics mode: a Max/Min/Mean/Norm difference above this share diverges</source>
        <translation>统计模式：Max/Min/Mean/Norm 的差异超过此比例即判为发散</translation>
    </message>
    <message>
        <source>With several steps or ranks: all metrics of one run, or one metric across the runs</source>
        <translation>有多个 step 或 rank 时：显示一次运行的全部指标，或一个指标在各次运行中的情况</translation>
    </message>
    <message>
        <source>Open a benchmark dump and an NPU dump (HDF5, .npy, msprobe dump.json), or drop both at once.</source>
        <translation>打开标杆转储和 NPU 转储（HDF5、.npy、msprobe dump.json），或同时拖入两者。</translation>
    </message>
    <message>
        <source>Dump comparison</source>
        <translation>转储比较</translation>
    </message>
    <message>
        <source>Benchmark dump: %1 — now open the NPU dump to compare with.</source>
        <translation>标杆转储：%1 — 现在请打开要与之比较的 NPU 转储。</translation>
    </message>
    <message>
        <source>Comparing %1 with %2 …</source>
        <translation>正在比较 %1 与 %2 …</translation>
    </message>
    <message>
        <source>Comparing dumps</source>
        <translation>正在比较转储</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>Heatmap: all metrics of one run</source>
        <translation>热力图：一次运行的全部指标</translation>
    </message>
    <message numerus="yes">
        <source>Heatmap: %1 across %n run(s)</source>
        <translation>
            <numerusform>热力图：%1（%n 次运行）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Compared %n tensor pair(s)</source>
        <translation>
            <numerusform>已比较 %n 个张量对</numerusform></translation>
    </message>
    <message>
        <source>no divergent tensor</source>
        <translation>没有发散张量</translation>
    </message>
    <message>
        <source>first divergent: &lt;b&gt;%1&lt;/b&gt; (#%2, %3)</source>
        <translation>首个发散张量：&lt;b&gt;%1&lt;/b&gt;（#%2，%3）</translation>
    </message>
    <message>
        <source>origin</source>
        <translation>源头</translation>
    </message>
    <message>
        <source>propagated</source>
        <translation>传播所致</translation>
    </message>
    <message>
        <source> · NaN/Inf origin: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> · NaN/Inf 源头：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · run &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> · 运行 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%1 (bench, %2) vs %3 (NPU, %4)%5%6&lt;br&gt;%n pair(s), </source>
        <translation>
            <numerusform>%1（标杆，%2）对比 %3（NPU，%4）%5%6&lt;br&gt;%n 个张量对，</numerusform></translation>
    </message>
    <message>
        <source> · statistics mode</source>
        <translation> · 统计模式</translation>
    </message>
    <message>
        <source>%1 / %2 unmatched · </source>
        <translation>未匹配 %1 / %2 · </translation>
    </message>
    <message>
        <source>Statistics-mode dumps hold no tensor data: only Max/Min/Mean/Norm are compared.</source>
        <translation>统计模式的转储不含张量数据：只比较 Max/Min/Mean/Norm。</translation>
    </message>
    <message>
        <source>Reading tensors</source>
        <translation>正在读取张量</translation>
    </message>
    <message>
        <source>%1 could not be written</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Compare result CSV (*.csv);;Heatmap PNG (*.png);;Heatmap SVG (*.svg);;Heatmap PDF (*.pdf)</source>
        <translation>比较结果 CSV (*.csv);;热力图 PNG (*.png);;热力图 SVG (*.svg);;热力图 PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Per-layer divergence</source>
        <translation>逐层发散</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LoadProgressWidget</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Stop this job; nothing already open is affected.</source>
        <translation>停止此任务；已打开的内容不受影响。</translation>
    </message>
    <message>
        <source>Show every running job, each with its own Cancel.</source>
        <translation>显示所有正在运行的任务，每个都可单独取消。</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) ▾</source>
        <translation>
            <numerusform>%n 个任务 ▾</numerusform></translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LossPlotView</name>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>Inf</source>
        <translation>Inf</translation>
    </message>
    <message>
        <source>-Inf</source>
        <translation>-Inf</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>NaN iter.</source>
        <translation>NaN 迭代</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>scale ↓</source>
        <translation>scale ↓</translation>
    </message>
    <message>
        <source>first divergent step %1 (k = %2)</source>
        <translation>首个发散步 %1（k = %2）</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>%1: no point</source>
        <translation>%1：无数据点</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source> (smoothed %1)</source>
        <translation>（平滑后 %1）</translation>
    </message>
    <message>
        <source>B − A: %1 (relative %2)</source>
        <translation>B − A：%1（相对 %2）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::LossWorkspace</name>
    <message>
        <source>Open Logs…</source>
        <translation>打开日志…</translation>
    </message>
    <message>
        <source>Open one or more loss logs; with two, the first is the benchmark.</source>
        <translation>打开一个或多个损失日志；打开两个时，第一个为标杆。</translation>
    </message>
    <message>
        <source>Log y</source>
        <translation>对数 Y 轴</translation>
    </message>
    <message>
        <source>Ignore outliers</source>
        <translation>忽略离群值</translation>
    </message>
    <message>
        <source>Scale the y axis to the 5–95 % range of the values (TensorBoard).</source>
        <translation>按数值的 5–95 % 范围缩放 Y 轴（同 TensorBoard）。</translation>
    </message>
    <message>
        <source>Consecutive exceeding steps that make a divergence.</source>
        <translation>连续超出容差多少步判定为发散。</translation>
    </message>
    <message>
        <source>Swap A/B</source>
        <translation>交换 A/B</translation>
    </message>
    <message>
        <source>Make the run under test the benchmark and the other way round.</source>
        <translation>将待测运行作为标杆，反之亦然。</translation>
    </message>
    <message>
        <source>Reset View</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>实时跟随</translation>
    </message>
    <message>
        <source>Update the curves while a running job appends to its logs.</source>
        <translation>在运行中的作业追加日志时更新曲线。</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
    <message>
        <source>rtol:</source>
        <translation>rtol：</translation>
    </message>
    <message>
        <source>atol:</source>
        <translation>atol：</translation>
    </message>
    <message>
        <source>k:</source>
        <translation>k：</translation>
    </message>
    <message>
        <source>e.g. step (?&lt;step&gt;\d+) .* loss (?&lt;loss&gt;\S+)</source>
        <translation>例如 step (?&lt;step&gt;\d+) .* loss (?&lt;loss&gt;\S+)</translation>
    </message>
    <message>
        <source>value name</source>
        <translation>数值名称</translation>
    </message>
    <message>
        <source>Parse with Pattern</source>
        <translation>按模式解析</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Step offset</source>
        <translation>步偏移</translation>
    </message>
    <message>
        <source>Loss curves</source>
        <translation>损失曲线</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1: %n step(s) of the main loss.</source>
        <translation>
            <numerusform>已加载 %1：主损失共 %n 步。</numerusform></translation>
    </message>
    <message>
        <source>%1 matches no known loss log. Pattern:</source>
        <translation>%1 不匹配任何已知的损失日志格式。模式：</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>A (benchmark)</source>
        <translation>A（标杆）</translation>
    </message>
    <message>
        <source>B (under test)</source>
        <translation>B（待测）</translation>
    </message>
    <message>
        <source>Added to this run's steps, e.g. for a resumed run.</source>
        <translation>加到此运行的步号上，例如用于续训的运行。</translation>
    </message>
    <message>
        <source>Comparing loss curves</source>
        <translation>正在比较损失曲线</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Open one loss log, or two to compare them: the first is the benchmark (A), the second the run under test (B).</source>
        <translation>打开一个损失日志，或打开两个进行比较：第一个为标杆（A），第二个为待测运行（B）。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Open a second log to compare it against this one.</source>
        <translation>再打开一个日志，与此日志进行比较。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n common step(s) (A has %2, B has %3).</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;：%n 个共同步（A 有 %2 步，B 有 %3 步）。</numerusform></translation>
    </message>
    <message>
        <source>First differing step: %1</source>
        <translation>首个出现差异的步：%1</translation>
    </message>
    <message>
        <source>First divergent step: &lt;b&gt;%1&lt;/b&gt; (rtol %2, atol %3, k %4)</source>
        <translation>首个发散步：&lt;b&gt;%1&lt;/b&gt;（rtol %2，atol %3，k %4）</translation>
    </message>
    <message>
        <source>Max |B − A|: %1, max relative: %2</source>
        <translation>最大 |B − A|：%1，最大相对差：%2</translation>
    </message>
    <message>
        <source>Open Loss Logs</source>
        <translation>打开损失日志</translation>
    </message>
    <message numerus="yes">
        <source>Following %n log(s).</source>
        <translation>
            <numerusform>正在实时跟随 %n 个日志。</numerusform></translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG image (*.svg);;CSV of the aligned series (*.csv)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf);;SVG 图像 (*.svg);;对齐序列的 CSV (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Loading loss logs</source>
        <translation>正在加载损失日志</translation>
    </message>
    <message>
        <source>%1 curves</source>
        <translation>%1 曲线</translation>
    </message>
    <message>
        <source>Runs: %1</source>
        <translation>运行：%1</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::OpInfoWorkspace</name>
    <message>
        <source>Open Ascend host logs (plog-*.log, a plog folder or ascend_op_info_summary.txt).</source>
        <translation>打开昇腾 host 日志（plog-*.log、plog 文件夹或 ascend_op_info_summary.txt）。</translation>
    </message>
    <message>
        <source>Filter op types</source>
        <translation>筛选算子类型</translation>
    </message>
    <message>
        <source>Cut-off (end of first step):</source>
        <translation>截止点（第一步结束）：</translation>
    </message>
    <message>
        <source>from recompile markers, or e.g. 2026-03-19 10:00:05</source>
        <translation>取自重编译标记，或如 2026-03-19 10:00:05</translation>
    </message>
    <message>
        <source>Compiles after this time count as recompiles. Leave empty to take the first compile followed by "To compile op" or "Match op inputs/type failed".</source>
        <translation>此时间之后的编译计为重编译。留空则取第一个后面跟着“To compile op”或“Match op inputs/type failed”的编译。</translation>
    </message>
    <message>
        <source>Select a signature to see its record as logged.</source>
        <translation>选择一个签名以查看其原始日志记录。</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Signatures</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>New after cut-off</source>
        <translation>截止点后新增</translation>
    </message>
    <message>
        <source>Compiles after cut-off</source>
        <translation>截止点后编译次数</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>变化项</translation>
    </message>
    <message>
        <source>Remedy</source>
        <translation>处理建议</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
    <message>
        <source>Private formats</source>
        <translation>私有格式</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>First message</source>
        <translation>首条消息</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Recompiled</source>
        <translation>重编译</translation>
    </message>
    <message>
        <source>TransData / Cast</source>
        <translation>TransData / Cast</translation>
    </message>
    <message>
        <source>Errors and warnings</source>
        <translation>错误和警告</translation>
    </message>
    <message>
        <source>AI CPU fallbacks</source>
        <translation>AI CPU 回退</translation>
    </message>
    <message>
        <source>Loading the host logs was canceled.</source>
        <translation>已取消加载 host 日志。</translation>
    </message>
    <message>
        <source>Op info</source>
        <translation>算子信息</translation>
    </message>
    <message>
        <source>Op info: %1</source>
        <translation>算子信息：%1</translation>
    </message>
    <message>
        <source>Loading host logs</source>
        <translation>正在加载 host 日志</translation>
    </message>
    <message>
        <source>Cannot read "%1" as a time; use 2026-03-19 10:00:05 or the plog form 2026-03-19-10:00:05.000.000.</source>
        <translation>无法将“%1”解析为时间；请使用 2026-03-19 10:00:05 或 plog 格式 2026-03-19-10:00:05.000.000。</translation>
    </message>
    <message>
        <source>Analysing op info</source>
        <translation>正在分析算子信息</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; compiles of &lt;b&gt;%2&lt;/b&gt; op types</source>
        <translation>&lt;b&gt;%2&lt;/b&gt; 种算子类型共编译 &lt;b&gt;%1&lt;/b&gt; 次</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; recompiled op type(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; 种算子类型发生重编译</numerusform></translation>
    </message>
    <message>
        <source>TransData &lt;b&gt;%1&lt;/b&gt; (%2 %), Cast &lt;b&gt;%3&lt;/b&gt; (%4 %)</source>
        <translation>TransData &lt;b&gt;%1&lt;/b&gt;（%2 %），Cast &lt;b&gt;%3&lt;/b&gt;（%4 %）</translation>
    </message>
    <message numerus="yes">
        <source>%n truncated record(s)</source>
        <translation>
            <numerusform>%n 条截断记录</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n AI CPU fallback op(s)</source>
        <translation>
            <numerusform>%n 个 AI CPU 回退算子</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n unparsed line(s)</source>
        <translation>
            <numerusform>%n 行未解析</numerusform></translation>
    </message>
    <message>
        <source>your cut-off</source>
        <translation>你设置的截止点</translation>
    </message>
    <message>
        <source>the first recompile marker</source>
        <translation>第一个重编译标记</translation>
    </message>
    <message numerus="yes">
        <source>%n compile(s) after %1 (%2).</source>
        <translation>
            <numerusform>%1（%2）之后有 %n 次编译。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n signature(s), %2 new after the cut-off)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;（%n 个签名，截止点后新增 %2 个）</numerusform></translation>
    </message>
    <message>
        <source>Top offenders: %1</source>
        <translation>重编译最多的算子类型：%1</translation>
    </message>
    <message>
        <source>ascend_op_info_summary.txt has no times and may have lost repeated compiles; open the plog files for exact counts.</source>
        <translation>ascend_op_info_summary.txt 没有时间信息，并且可能丢失了重复编译；请打开 plog 文件以获得准确计数。</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n×)</source>
        <translation>
            <numerusform>%1（%n×）</numerusform></translation>
    </message>
    <message>
        <source>(not named)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>Op table as CSV (*.csv);;Recompile chart as PNG (*.png)</source>
        <translation>算子表 CSV (*.csv);;重编译图 PNG (*.png)</translation>
    </message>
    <message>
        <source>The chart could not be written to %1.</source>
        <translation>无法将图表写入 %1。</translation>
    </message>
    <message>
        <source>MindSpore profiler tables list the kernels of a graph: several signatures of one op type there are different layers, not recompiles, unless they change between steps.</source>
        <translation>MindSpore profiler 表列出的是一张图中的 kernel：同一算子类型的多个签名对应不同的层，而不是重编译，除非它们在各步之间发生变化。</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::SliceDetailsWidget</name>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Did not finish: the trace has no end for this slice.</source>
        <translation>未结束：trace 中没有此切片的结束事件。</translation>
    </message>
    <message>
        <source>Partly overlaps a slice on the same thread; shown in an overflow lane.</source>
        <translation>与同一线程上的切片部分重叠；显示在溢出泳道中。</translation>
    </message>
    <message>
        <source>Args</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Outgoing flows</source>
        <translation>流出的流</translation>
    </message>
    <message>
        <source>Incoming flows</source>
        <translation>流入的流</translation>
    </message>
    <message>
        <source>(no slice at the other end)</source>
        <translation>（另一端没有切片）</translation>
    </message>
    <message>
        <source>Double-click or press Enter to jump there.</source>
        <translation>双击或按 Enter 跳转到该处。</translation>
    </message>
    <message>
        <source>The file changed since it was loaded; reload it to see the args.</source>
        <translation>文件在加载后已更改；请重新加载以查看参数。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TensorDetailPane</name>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Bench</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>|error|</source>
        <translation>|误差|</translation>
    </message>
    <message>
        <source>NPU values</source>
        <translation>NPU 值</translation>
    </message>
    <message>
        <source>Bench values</source>
        <translation>标杆值</translation>
    </message>
    <message>
        <source>NPU − bench</source>
        <translation>NPU − 标杆</translation>
    </message>
    <message>
        <source>Click a heatmap cell or a table row to see a tensor pair.</source>
        <translation>单击热力图单元格或表格行以查看张量对。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 %3 · verdict %4&lt;br&gt;NPU: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 %3 · 结论 %4&lt;br&gt;NPU：%5</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>L2 norm</source>
        <translation>L2 范数</translation>
    </message>
    <message>
        <source>NaN count</source>
        <translation>NaN 数量</translation>
    </message>
    <message>
        <source>Inf count</source>
        <translation>Inf 数量</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Cosine</translation>
    </message>
    <message>
        <source>MaxAbsErr</source>
        <translation>MaxAbsErr</translation>
    </message>
    <message>
        <source>MaxRelativeErr</source>
        <translation>MaxRelativeErr</translation>
    </message>
    <message>
        <source>Call stack:
%1</source>
        <translation>调用栈：
%1</translation>
    </message>
    <message numerus="yes">
        <source>%n NaN/Inf value(s) on the NPU side are listed first.</source>
        <translation>
            <numerusform>NPU 侧的 %n 个 NaN/Inf 值排在最前。</numerusform></translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TimelineView</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Window %1</source>
        <translation>视窗 %1</translation>
    </message>
    <message>
        <source>Base slice set; select a slice in another file and press R to align it.</source>
        <translation>已设置基准切片；在另一个文件中选择切片并按 R 与之对齐。</translation>
    </message>
    <message>
        <source>%1 shifted by %2.</source>
        <translation>%1 已平移 %2。</translation>
    </message>
    <message>
        <source>W / S: zoom in / out at the cursor
A / D: pan left / right
Ctrl+wheel: zoom; Shift+wheel: pan; wheel: scroll tracks
Drag: pan; Shift+drag: zoom to the dragged range
Ctrl+drag: statistics of the dragged range over the tracks it crosses
Click: select a slice; click a process header: collapse or expand it
F: fit the selection; Backspace: undo zoom; Ctrl+0: show everything
. / ,: next / previous slice on the track
L: mark the selected slice as base; R: align the selected slice's file to it
Ctrl+F: search; Enter / Shift+Enter: next / previous hit
?: this help</source>
        <translation>W / S：以光标为中心放大 / 缩小
A / D：向左 / 向右平移
Ctrl+滚轮：缩放；Shift+滚轮：平移；滚轮：滚动轨道
拖动：平移；Shift+拖动：缩放到拖选范围
Ctrl+拖动：统计拖选范围内所经过轨道的数据
单击：选择切片；单击进程标题：折叠或展开
F：缩放到所选内容；Backspace：撤销缩放；Ctrl+0：显示全部
. / ,：轨道上的下一个 / 上一个切片
L：将所选切片标记为基准；R：将所选切片所在文件与基准对齐
Ctrl+F：搜索；Enter / Shift+Enter：下一个 / 上一个匹配
?：显示此帮助</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TraceWorkspace</name>
    <message>
        <source>Search slices (Ctrl+F); Enter: next, Shift+Enter: previous</source>
        <translation>搜索切片（Ctrl+F）；Enter：下一个，Shift+Enter：上一个</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>All flows</source>
        <translation>所有流</translation>
    </message>
    <message>
        <source>Draw every flow in view, not only those of the selected slice.</source>
        <translation>绘制视图中的所有流，而不仅是所选切片的流。</translation>
    </message>
    <message>
        <source>Colour by category</source>
        <translation>按类别着色</translation>
    </message>
    <message>
        <source>Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>按名称筛选</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Op statistics</source>
        <translation>算子统计</translation>
    </message>
    <message>
        <source>Ctrl+drag over the timeline to aggregate a time range over the tracks it crosses.</source>
        <translation>在时间线上按住 Ctrl 拖动，可对所经过轨道在该时间范围内的数据进行汇总。</translation>
    </message>
    <message>
        <source>Selected range</source>
        <translation>所选范围</translation>
    </message>
    <message>
        <source>Export op statistics</source>
        <translation>导出算子统计</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Op statistics written to %1.</source>
        <translation>算子统计已写入 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n hits</source>
        <translation>
            <numerusform>第 %1 / %n 个匹配</numerusform></translation>
    </message>
    <message>
        <source>Trace: %1</source>
        <translation>时间线：%1</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>时间线</translation>
    </message>
    <message numerus="yes">
        <source>Trace: %n files</source>
        <translation>
            <numerusform>时间线：%n 个文件</numerusform></translation>
    </message>
    <message>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 over %n tracks</source>
        <translation>
            <numerusform>%1，共 %n 条轨道</numerusform></translation>
    </message>
    <message>
        <source>Computing range statistics</source>
        <translation>正在计算范围统计</translation>
    </message>
    <message>
        <source>invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message numerus="yes">
        <source>%n hits</source>
        <translation>
            <numerusform>%n 个匹配</numerusform></translation>
    </message>
    <message>
        <source>Op statistics CSV (*.csv);;Timeline image PNG (*.png)</source>
        <translation>算子统计 CSV (*.csv);;时间线图像 PNG (*.png)</translation>
    </message>
    <message>
        <source>The image could not be written to %1.</source>
        <translation>无法将图像写入 %1。</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Offset of</source>
        <translation>时间偏移：</translation>
    </message>
    <message>
        <source>The file or rank whose timestamps the offset shifts.</source>
        <translation>要平移其时间戳的文件或 rank。</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Shift this group to cancel clock skew between ranks. Press L on a base slice and R on its partner in another file to align them.</source>
        <translation>平移该组以抵消 rank 之间的时钟偏差。在基准切片上按 L，再在另一文件中对应的切片上按 R，即可对齐。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>Loading %n traces</source>
        <translation>
            <numerusform>正在加载 %n 个 trace 文件</numerusform></translation>
    </message>
</context>
</TS>