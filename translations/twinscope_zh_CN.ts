<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Application</name>
    <message>
        <source>Interface language: system, en or zh_CN.</source>
        <translation>界面语言：system、en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Files or folders to open.</source>
        <translation>要打开的文件或文件夹。</translation>
    </message>
    <message>
        <source>Open the window at this size, e.g. 1024x700.</source>
        <translation>以此尺寸打开窗口，例如 1024x700。</translation>
    </message>
    <message>
        <source>Open the two given traces in a Compare tab, the first as baseline.</source>
        <translation>在“比较”标签页中打开给定的两个 trace，第一个作为基线。</translation>
    </message>
    <message>
        <source>Timelines, op-info logs, paired dumps, loss curves, checkpoints, profiler folders and investigations for NPU porting.</source>
        <translation>面向 NPU 迁移的时间线、算子信息日志、成对转储、损失曲线、检查点、Profiler 目录与问题排查分析。</translation>
    </message>
    <message>
        <source>Save a screenshot of the window to FILE once the given files are open, then quit. Never offers to restore an earlier session.</source>
        <translation>打开指定文件后将窗口截图保存到 FILE，然后退出。不会提示恢复之前的会话。</translation>
    </message>
    <message>
        <source>Do not offer to restore the investigation of a session that did not close normally.</source>
        <translation>不提示恢复未正常关闭的会话中的排查。</translation>
    </message>
</context>
<context>
    <name>Checklist</name>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>The dataset has many missing values</source>
        <translation>数据集缺失值过多</translation>
    </message>
    <message>
        <source>Count NaN, ±Inf and the dataset&apos;s own missing-value markers per field.</source>
        <translation>按字段统计 NaN、±Inf 以及数据集自身的缺失值标记。</translation>
    </message>
    <message>
        <source>Labels are wrong</source>
        <translation>标签错误</translation>
    </message>
    <message>
        <source>Sample about fifty examples covering the labels and look at them.</source>
        <translation>抽取约五十个覆盖各标签的样本逐一查看。</translation>
    </message>
    <message>
        <source>Classes are unbalanced or some have too few samples</source>
        <translation>类别不均衡或部分类别样本过少</translation>
    </message>
    <message>
        <source>Count the samples per class and look at their spread.</source>
        <translation>统计每个类别的样本数并查看其分布。</translation>
    </message>
    <message>
        <source>The training data differs from the benchmark&apos;s</source>
        <translation>训练数据与标杆不一致</translation>
    </message>
    <message>
        <source>Compare the file lists and their MD5 sums on every node with the benchmark&apos;s.</source>
        <translation>在每个节点上将文件列表及其 MD5 与标杆逐一比对。</translation>
    </message>
    <message>
        <source>Data processing</source>
        <translation>数据处理</translation>
    </message>
    <message>
        <source>Data is not normalised or standardised</source>
        <translation>数据未归一化或标准化</translation>
    </message>
    <message>
        <source>Read the preprocessing code for the resize, rescale and normalise steps.</source>
        <translation>检查预处理代码中的 resize、rescale 与 normalize 步骤。</translation>
    </message>
    <message>
        <source>Inference preprocessing differs from training</source>
        <translation>推理预处理与训练不一致</translation>
    </message>
    <message>
        <source>Compare both pipelines; only random augmentations should differ.</source>
        <translation>对比两条流水线；只应有随机增强不同。</translation>
    </message>
    <message>
        <source>Training data is not shuffled</source>
        <translation>训练数据未打乱</translation>
    </message>
    <message>
        <source>Check that the dataset, its shuffle step or its sampler shuffles.</source>
        <translation>确认数据集、其 shuffle 步骤或采样器确实打乱了数据。</translation>
    </message>
    <message>
        <source>Padding uses the wrong position, mode or value</source>
        <translation>填充的位置、方式或数值错误</translation>
    </message>
    <message>
        <source>Compare the padding with the design.</source>
        <translation>将填充方式与设计对照检查。</translation>
    </message>
    <message>
        <source>Data is sharded wrongly across nodes</source>
        <translation>数据在节点间切分错误</translation>
    </message>
    <message>
        <source>Check that each node reads its own shard in the same file order.</source>
        <translation>确认每个节点按相同文件顺序读取各自的分片。</translation>
    </message>
    <message>
        <source>Hyper-parameters</source>
        <translation>超参数</translation>
    </message>
    <message>
        <source>The learning rate is too high or too low</source>
        <translation>学习率过高或过低</translation>
    </message>
    <message>
        <source>Sweep the learning rate over a few epochs and keep it between where accuracy starts and stops rising.</source>
        <translation>用几个 epoch 扫描学习率，取精度开始上升与停止上升之间的值。</translation>
    </message>
    <message>
        <source>Too many or too few epochs</source>
        <translation>epoch 数过多或过少</translation>
    </message>
    <message>
        <source>Pick the epoch where the validation loss is lowest.</source>
        <translation>选择验证集损失最低的 epoch。</translation>
    </message>
    <message>
        <source>The batch size is too large</source>
        <translation>batch size 过大</translation>
    </message>
    <message>
        <source>Compare with a small-batch baseline; scale the learning rate with the batch size.</source>
        <translation>与小 batch 基线对比；按 batch size 缩放学习率。</translation>
    </message>
    <message>
        <source>API usage</source>
        <translation>API 使用</translation>
    </message>
    <message>
        <source>API differences from the benchmark framework are not handled</source>
        <translation>未处理与标杆框架的 API 差异</translation>
    </message>
    <message>
        <source>Compare default values and initialisation (bias, dropout keep versus drop probability, BatchNorm momentum) with the benchmark.</source>
        <translation>与标杆对比默认值与初始化（bias、dropout 的保留概率与丢弃概率、BatchNorm 的 momentum）。</translation>
    </message>
    <message>
        <source>Training or inference mode is not set</source>
        <translation>未设置训练或推理模式</translation>
    </message>
    <message>
        <source>Check that the network is switched to training mode for training and back for evaluation.</source>
        <translation>确认训练时网络切换到训练模式、评估时切换回推理模式。</translation>
    </message>
    <message>
        <source>Computational graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Weights are shared wrongly</source>
        <translation>权重共享错误</translation>
    </message>
    <message>
        <source>Follow each weight to the nodes that use it in the forward graph.</source>
        <translation>在前向图中追踪每个权重被哪些节点使用。</translation>
    </message>
    <message>
        <source>Weights are frozen wrongly</source>
        <translation>权重冻结错误</translation>
    </message>
    <message>
        <source>Look for requires_grad=False and stop-gradient calls in the code.</source>
        <translation>在代码中查找 requires_grad=False 与 stop-gradient 调用。</translation>
    </message>
    <message>
        <source>Nodes are connected wrongly</source>
        <translation>节点连接错误</translation>
    </message>
    <message>
        <source>Walk the graph from top to bottom and check the main layers and their order.</source>
        <translation>自上而下遍历计算图，检查主要层及其顺序。</translation>
    </message>
    <message>
        <source>The loss function is wrong</source>
        <translation>损失函数错误</translation>
    </message>
    <message>
        <source>Check the loss type; compare a custom loss with a NumPy version on the same input.</source>
        <translation>检查损失类型；在相同输入上将自定义损失与 NumPy 实现对比。</translation>
    </message>
    <message>
        <source>Weight initialisation</source>
        <translation>权重初始化</translation>
    </message>
    <message>
        <source>All weights start at zero</source>
        <translation>所有权重初始化为零</translation>
    </message>
    <message>
        <source>Check explicit and default initialisers (biases may be zero).</source>
        <translation>检查显式与默认的初始化器（bias 可以为零）。</translation>
    </message>
    <message>
        <source>The wrong pre-trained weights are loaded</source>
        <translation>加载了错误的预训练权重</translation>
    </message>
    <message>
        <source>Compare the loaded checkpoint with the benchmark&apos;s, parameter by parameter.</source>
        <translation>将加载的 checkpoint 与标杆逐参数对比。</translation>
    </message>
    <message>
        <source>Mixed precision and overflow</source>
        <translation>混合精度与溢出</translation>
    </message>
    <message>
        <source>Values overflow during training</source>
        <translation>训练中出现数值溢出</translation>
    </message>
    <message>
        <source>Find the first overflowing op (on Ascend the overflow dump with the smallest timestamp) and look at its inputs.</source>
        <translation>找到第一个溢出的算子（昇腾上为时间戳最小的溢出 dump），查看其输入。</translation>
    </message>
    <message>
        <source>The loss scale is set wrongly</source>
        <translation>loss scale 设置错误</translation>
    </message>
    <message>
        <source>Halve it on frequent overflow, double it on underflow; Ascend may need other values than the GPU.</source>
        <translation>频繁溢出时减半，下溢时加倍；昇腾上可能需要与 GPU 不同的取值。</translation>
    </message>
    <message>
        <source>Gradients are clipped before the loss scale is removed</source>
        <translation>在去除 loss scale 之前进行了梯度裁剪</translation>
    </message>
    <message>
        <source>Check that clipping sees gradients already divided by the loss scale.</source>
        <translation>确认裁剪作用于已除以 loss scale 的梯度。</translation>
    </message>
    <message>
        <source>A gradient penalty uses scaled gradients</source>
        <translation>梯度惩罚使用了缩放后的梯度</translation>
    </message>
    <message>
        <source>Check that the penalty is computed on unscaled gradients.</source>
        <translation>确认惩罚项基于未缩放的梯度计算。</translation>
    </message>
    <message>
        <source>Symptom comparison</source>
        <translation>现象对比</translation>
    </message>
    <message>
        <source>Randomness is not fixed</source>
        <translation>随机性未固定</translation>
    </message>
    <message>
        <source>Fix the seeds, data order and initial weights on both sides and enable deterministic computing.</source>
        <translation>固定两侧的随机种子、数据顺序与初始权重，并开启确定性计算。</translation>
    </message>
    <message>
        <source>The first step&apos;s loss differs from the benchmark</source>
        <translation>第一步的 loss 与标杆不一致</translation>
    </message>
    <message>
        <source>Compare step 1 of both loss logs: a difference there is in the forward pass or in unfixed randomness.</source>
        <translation>对比两份 loss 日志的第 1 步：此处的差异来自前向计算或未固定的随机性。</translation>
    </message>
    <message>
        <source>The second step&apos;s loss differs from the benchmark</source>
        <translation>第二步的 loss 与标杆不一致</translation>
    </message>
    <message>
        <source>With step 1 equal, a difference at step 2 is in the backward pass or the weight update.</source>
        <translation>第 1 步一致而第 2 步不同，差异在反向计算或权重更新。</translation>
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
        <source>Also write msprobe&apos;s compare-result CSV to OUT.</source>
        <translation>同时将 msprobe 的 compare-result CSV 写入 OUT。</translation>
    </message>
    <message>
        <source>JSON mapping file {&quot;regex&quot;: &quot;replacement&quot;} applied to NPU names.</source>
        <translation>JSON 映射文件 {&quot;regex&quot;: &quot;replacement&quot;}，应用于 NPU 名称。</translation>
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
        <source>Regular expression for logs of no known format: a group &quot;step&quot; (or group 1) and value groups (named groups become series).</source>
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
        <source>%1: has no metric &quot;%2&quot;; it has: %3</source>
        <translation>%1：没有指标“%2”；现有指标：%3</translation>
    </message>
    <message numerus="yes">
        <source>format %1, %n point(s) of &quot;%2&quot;</source>
        <translation>
            <numerusform>格式 %1，“%2”共 %n 个点</numerusform>
        </translation>
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
            <numerusform>%n 个非有限值步，首个为 %1</numerusform>
        </translation>
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
            <numerusform>%n 次编译事件，%1 种算子类型，%2 条截断记录，%3 行未解析</numerusform>
        </translation>
    </message>
    <message>
        <source>TransData: %1 (%2 %), Cast: %3 (%4 %)</source>
        <translation>TransData：%1（%2 %），Cast：%3（%4 %）</translation>
    </message>
    <message numerus="yes">
        <source>Cut-off %1 (%2): %n compile(s) after it</source>
        <translation>
            <numerusform>截止点 %1（%2）：之后有 %n 次编译</numerusform>
        </translation>
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
        <source>--after: cannot read &quot;%1&quot; as a time; use 2025-03-06-01:09:07.262.594 or 2025-03-06 01:09:07.</source>
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
        <source>Also compute msaccucmp&apos;s KL divergence (a second pass over every pair).</source>
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
    <message>
        <source>Compare two checkpoints (PyTorch, MindSpore) parameter by parameter.</source>
        <translation>逐参数比较两个检查点（PyTorch、MindSpore）。</translation>
    </message>
    <message>
        <source>Compare two performance runs: steps, phases, ops.</source>
        <translation>比较两次性能运行：step、阶段、算子。</translation>
    </message>
    <message>
        <source>Summarise Ascend profiler folders: steps, kernels, slow ranks.</source>
        <translation>汇总昇腾 Profiler 目录：迭代、算子、慢卡。</translation>
    </message>
    <message>
        <source>Draw ranked findings from an investigation&apos;s evidence.</source>
        <translation>根据排查的证据得出排序后的诊断。</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>名称相同</translation>
    </message>
    <message>
        <source>built-in: %1</source>
        <translation>内置规则：%1</translation>
    </message>
    <message>
        <source>mapping file: %1</source>
        <translation>映射文件：%1</translation>
    </message>
    <message>
        <source>prefix: %1</source>
        <translation>前缀：%1</translation>
    </message>
    <message>
        <source>shape order</source>
        <translation>按 shape 顺序</translation>
    </message>
    <message>
        <source>A: %1 (%2) · B: %3 (%4)%5</source>
        <translation>A：%1（%2）· B：%3（%4）%5</translation>
    </message>
    <message>
        <source> · updates after − before</source>
        <translation> · 更新量（之后 − 之前）</translation>
    </message>
    <message>
        <source>structure: %1</source>
        <translation>结构：%1</translation>
    </message>
    <message>
        <source>same parameters and shapes</source>
        <translation>参数与 shape 一致</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>  parameters: A %1 (%2 trainable, %3 tensors) · B %4 (%5 trainable, %6 tensors)</source>
        <translation>  参数：A %1（可训练 %2，%3 个张量）· B %4（可训练 %5，%6 个张量）</translation>
    </message>
    <message>
        <source>  shape differs: %1 %2 ↔ %3 %4</source>
        <translation>  shape 不同：%1 %2 ↔ %3 %4</translation>
    </message>
    <message>
        <source>  only in A: %1 %2</source>
        <translation>  仅在 A 中：%1 %2</translation>
    </message>
    <message>
        <source>  only in B: %1 %2</source>
        <translation>  仅在 B 中：%1 %2</translation>
    </message>
    <message>
        <source>mapping: %1 pairs (%2 by the same name), %3 / %4 without a twin by design</source>
        <translation>映射：%1 对（%2 对名称相同），按设计无对应项 %3 / %4</translation>
    </message>
    <message>
        <source>  %1 ↔ %2 (%3)%4</source>
        <translation>  %1 ↔ %2（%3）%4</translation>
    </message>
    <message>
        <source>, compared as %1</source>
        <translation>，按 %1 比较</translation>
    </message>
    <message>
        <source>  no twin in B by design: %1</source>
        <translation>  按设计在 B 中无对应项：%1</translation>
    </message>
    <message>
        <source>  no twin in A by design: %1</source>
        <translation>  按设计在 A 中无对应项：%1</translation>
    </message>
    <message>
        <source>pairs: %1, errors: %2, warnings: %3</source>
        <translation>参数对：%1，错误：%2，警告：%3</translation>
    </message>
    <message>
        <source>first divergent: %1 ↔ %2 (cosine %3, max abs err %4)</source>
        <translation>首个发散参数：%1 ↔ %2（cosine %3，max abs err %4）</translation>
    </message>
    <message>
        <source>Compare two checkpoints parameter by parameter (PyTorch .pth/.pt, MindSpore .ckpt, safetensors, .npz, HDF5): structure first, then every metric.</source>
        <translation>逐参数比较两个检查点（PyTorch .pth/.pt、MindSpore .ckpt、safetensors、.npz、HDF5）：先检查结构，再计算全部指标。</translation>
    </message>
    <message>
        <source>JSON mapping file {&quot;regex&quot;: &quot;replacement&quot;} applied to B&apos;s names.</source>
        <translation>应用于 B 侧名称的 JSON 映射文件 {&quot;regex&quot;: &quot;replacement&quot;}。</translation>
    </message>
    <message>
        <source>Update mode: compare after − before; BEFORE_A here, BEFORE_B as the first path (ckpt --update BEFORE_A BEFORE_B A B).</source>
        <translation>更新量模式：比较之后 − 之前；此处给 BEFORE_A，BEFORE_B 作为第一个路径（ckpt --update BEFORE_A BEFORE_B A B）。</translation>
    </message>
    <message>
        <source>allclose relative tolerance (default: per B&apos;s dtype).</source>
        <translation>allclose 相对容差（默认：按 B 侧数据类型）。</translation>
    </message>
    <message>
        <source>allclose absolute tolerance (default: per B&apos;s dtype).</source>
        <translation>allclose 绝对容差（默认：按 B 侧数据类型）。</translation>
    </message>
    <message>
        <source>First checkpoint (usually PyTorch).</source>
        <translation>第一个检查点（通常为 PyTorch）。</translation>
    </message>
    <message>
        <source>Second checkpoint (usually MindSpore).</source>
        <translation>第二个检查点（通常为 MindSpore）。</translation>
    </message>
    <message>
        <source>ckpt --update needs BEFORE_A BEFORE_B A B.</source>
        <translation>ckpt --update 需要 BEFORE_A BEFORE_B A B。</translation>
    </message>
    <message>
        <source>ckpt needs exactly two paths: A B.</source>
        <translation>ckpt 需要正好两个路径：A B。</translation>
    </message>
    <message>
        <source>Compare a benchmark (GPU) dump with an NPU dump tensor by tensor; with one dump, find where it overflows; with a compare result, show it.</source>
        <translation>逐张量比较基准（GPU）转储与 NPU 转储；只给一个转储时，找出它溢出的位置；给出比对结果时，显示该结果。</translation>
    </message>
    <message>
        <source>Per-tensor element cap: larger tensors are listed but not read (default %1).</source>
        <translation>单个张量的元素上限：更大的张量会列出但不读取（默认 %1）。</translation>
    </message>
    <message>
        <source>Also read tensor files a dump names outside its folder (by &quot;../&quot;, an absolute path or a symlink).</source>
        <translation>也读取转储在其文件夹之外指定的张量文件（通过 &quot;../&quot;、绝对路径或符号链接）。</translation>
    </message>
    <message>
        <source>Only these steps of step*/rank* trees (N or N,M; default all).</source>
        <translation>只比较 step*/rank* 目录树中的这些 step（N 或 N,M；默认全部）。</translation>
    </message>
    <message>
        <source>Only these ranks of step*/rank* trees (N or N,M; default all).</source>
        <translation>只比较 step*/rank* 目录树中的这些 rank（N 或 N,M；默认全部）。</translation>
    </message>
    <message>
        <source>Benchmark dump (HDF5, .npy/.pt file or folder, msprobe dump), or the only dump to analyse, or an msprobe/ptdbg compare result (CSV, .xlsx).</source>
        <translation>基准转储（HDF5、.npy/.pt 文件或文件夹、msprobe 转储），或要单独分析的唯一转储，或 msprobe/ptdbg 比对结果（CSV、.xlsx）。</translation>
    </message>
    <message>
        <source>NPU dump of the same kind (optional).</source>
        <translation>同类的 NPU 转储（可选）。</translation>
    </message>
    <message>
        <source>dumps needs one path (a dump or a compare result) or two: BENCH NPU.</source>
        <translation>dumps 需要一个路径（一个转储或一个比对结果）或两个路径：BENCH NPU。</translation>
    </message>
    <message>
        <source>--max-elements needs a whole number from 1 to 2^50.</source>
        <translation>--max-elements 需要 1 到 2^50 之间的整数。</translation>
    </message>
    <message>
        <source>--step and --rank need non-negative numbers (N or N,M).</source>
        <translation>--step 和 --rank 需要非负整数（N 或 N,M）。</translation>
    </message>
    <message>
        <source>%1: cannot write the CSV file: %2</source>
        <translation>%1：无法写入 CSV 文件：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>迭代数</translation>
    </message>
    <message>
        <source>Step (us)</source>
        <translation>迭代 (us)</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Comm. not overl.</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Top kernels by total time:</source>
        <translation>总耗时最多的算子：</translation>
    </message>
    <message>
        <source>Communication:</source>
        <translation>通信：</translation>
    </message>
    <message>
        <source>  elapse %1 ms, wait %2 ms</source>
        <translation>  耗时 %1 ms，等待 %2 ms</translation>
    </message>
    <message>
        <source>No slow rank or link (rule: msprof-analyze&apos;s cluster analysis, see docs/METRICS.md).</source>
        <translation>没有慢卡或慢链路（规则：msprof-analyze 的集群分析，见 docs/METRICS.md）。</translation>
    </message>
    <message>
        <source>Slow rank %1: %2 %3 us, median %4 us</source>
        <translation>慢卡 %1：%2 %3 us，中位数 %4 us</translation>
    </message>
    <message>
        <source>Slow link %1: %2 GB/s, median %3 GB/s</source>
        <translation>慢链路 %1：%2 GB/s，中位数 %3 GB/s</translation>
    </message>
    <message>
        <source>rank %1 %2</source>
        <translation>rank %1 %2</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is shard %2/%3, which another summary already is.</source>
        <translation>%1 是分片 %2/%3，已有另一份汇总是该分片。</translation>
    </message>
    <message>
        <source>shards are missing: the merge covers only the ranks of the summaries given</source>
        <translation>缺少分片：合并结果只包含所给汇总中的 rank</translation>
    </message>
    <message>
        <source>the summaries come from different --shard splits; a rank may be counted twice or not at all</source>
        <translation>这些汇总来自不同的 --shard 划分；某个 rank 可能被计入两次或没有计入</translation>
    </message>
    <message>
        <source>Summarise Ascend profiler folders and clusters: step phases per rank, kernels, communication, slow ranks and links.</source>
        <translation>汇总昇腾 Profiler 目录与集群：每个 rank 的迭代阶段、算子、通信、慢卡与慢链路。</translation>
    </message>
    <message>
        <source>Read only the I-th of N parts of the rank folders (0-based) and print a shard summary for --merge.</source>
        <translation>只读取 rank 目录 N 份中的第 I 份（从 0 起），并输出供 --merge 使用的分片汇总。</translation>
    </message>
    <message>
        <source>Merge shard summaries (the PATHs) into one summary.</source>
        <translation>将分片汇总（各 PATH）合并为一份汇总。</translation>
    </message>
    <message>
        <source>Profiler folders (rank folders, their parent, cluster_analysis_output), profiler tables, or with --merge shard summaries.</source>
        <translation>Profiler 目录（rank 目录、其上级目录、cluster_analysis_output）、Profiler 表格，或配合 --merge 的分片汇总。</translation>
    </message>
    <message>
        <source>profile needs at least one path.</source>
        <translation>profile 至少需要一个路径。</translation>
    </message>
    <message>
        <source>--merge and --shard cannot be used together.</source>
        <translation>--merge 与 --shard 不能同时使用。</translation>
    </message>
    <message>
        <source>--shard needs I/N with 0 &lt;= I &lt; N, e.g. --shard 3/16.</source>
        <translation>--shard 需要 I/N 且 0 &lt;= I &lt; N，例如 --shard 3/16。</translation>
    </message>
    <message>
        <source>Which tracks the top ops come from: host, device or all (default: every track but the profiler&apos;s Overlap Analysis).</source>
        <translation>top 算子取自哪些轨道：host、device 或 all（默认：除 profiler 的 Overlap Analysis 之外的所有轨道）。</translation>
    </message>
    <message>
        <source>--ops needs host, device or all.</source>
        <translation>--ops 需要 host、device 或 all。</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s), first %1</source>
        <translation>
            <numerusform>%n 个 step，第一个为 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>aligned with the first file at the first step: offset %1 µs</source>
        <translation>按第一个 step 与第一个文件对齐：偏移 %1 µs</translation>
    </message>
    <message>
        <source>computing %1 µs, communication %2 µs (not overlapped %3 µs), free %4 µs</source>
        <translation>计算 %1 µs，通信 %2 µs（未被掩盖 %3 µs），空闲 %4 µs</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) in the folders are not chrome traces and were skipped.</source>
        <translation>
            <numerusform>文件夹中有 %n 个文件不是 chrome trace，已跳过。</numerusform>
        </translation>
    </message>
    <message>
        <source>baseline: %1 (%2), step %3 µs</source>
        <translation>基线：%1（%2），step %3 µs</translation>
    </message>
    <message>
        <source>target:   %1 (%2), step %3 µs</source>
        <translation>目标：%1（%2），step %3 µs</translation>
    </message>
    <message>
        <source>target / baseline: %1×</source>
        <translation>目标 / 基线：%1×</translation>
    </message>
    <message>
        <source>phases (µs)              baseline      target</source>
        <translation>阶段 (µs)                基线          目标</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Comm. not overlapped</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>被掩盖</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>categories (µs)          baseline      target       delta</source>
        <translation>类别 (µs)                基线          目标         差值</translation>
    </message>
    <message>
        <source>ops by impact (µs per step): delta, baseline, target, state, name</source>
        <translation>按影响排序的算子（每 step µs）：差值、基线、目标、状态、名称</translation>
    </message>
    <message>
        <source>Compare two performance runs: step phases, categories and an op diff.</source>
        <translation>比较两次性能运行：step 阶段、耗时类别和算子差异。</translation>
    </message>
    <message>
        <source>A JSON object of regular expression → op family, tried before the built-in families.</source>
        <translation>一个“正则表达式 → 算子族”的 JSON 对象，先于内置算子族匹配。</translation>
    </message>
    <message>
        <source>The reference run: a trace or a folder of ranks.</source>
        <translation>参照运行：一个 trace 或一个包含各 rank 的文件夹。</translation>
    </message>
    <message>
        <source>The run to explain: a trace or a folder of ranks.</source>
        <translation>待分析的运行：一个 trace 或一个包含各 rank 的文件夹。</translation>
    </message>
    <message>
        <source>tracediff needs two inputs: BASELINE TARGET.</source>
        <translation>tracediff 需要两个输入：BASELINE TARGET。</translation>
    </message>
    <message>
        <source>--step and --all-steps exclude each other.</source>
        <translation>--step 和 --all-steps 不能同时使用。</translation>
    </message>
    <message>
        <source>--step needs a step number from 0.</source>
        <translation>--step 需要一个从 0 开始的 step 序号。</translation>
    </message>
    <message>
        <source>An input of the workspace no longer exists.</source>
        <translation>工作区的某个输入已不存在。</translation>
    </message>
    <message>
        <source>A plog or captured stdout to search for known errors (repeat).</source>
        <translation>要查找已知错误的 plog 或捕获的标准输出（可重复）。</translation>
    </message>
    <message>
        <source>A knowledge-base file of your own known errors (repeat).</source>
        <translation>自定义已知错误的知识库文件（可重复）。</translation>
    </message>
    <message>
        <source>A .twinscope workspace, or inputs: benchmark first, then the run under test, of each kind.</source>
        <translation>一个 .twinscope 工作区，或各类输入：每类先标杆，后待测运行。</translation>
    </message>
    <message>
        <source>triage needs a workspace or at least one input.</source>
        <translation>triage 需要一个工作区或至少一个输入。</translation>
    </message>
    <message>
        <source>evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>next: %1</source>
        <translation>下一步：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s):</source>
        <translation>
            <numerusform>%n 个运行：</numerusform>
        </translation>
    </message>
    <message>
        <source>  %1%2: %3 pairs, %4 errors, %5 warnings, first divergent: %6</source>
        <translation>  %1%2：%3 对，%4 个错误，%5 个警告，首个偏差张量：%6</translation>
    </message>
    <message>
        <source>, NaN/Inf origin: %1</source>
        <translation>，NaN/Inf 源头：%1</translation>
    </message>
    <message>
        <source>details of run %1:</source>
        <translation>运行 %1 的详情：</translation>
    </message>
    <message>
        <source>pairs: %1, errors: %2, warnings: %3, unmatched: %4 (shape) + %5 bench / %6 NPU only</source>
        <translation>配对：%1，错误：%2，警告：%3，未匹配：%4（形状）+ 仅基准 %5 / 仅 NPU %6</translation>
    </message>
    <message>
        <source>first divergent: %1 (index %2, %3, %4)</source>
        <translation>首个偏差张量：%1（序号 %2，%3，%4）</translation>
    </message>
    <message>
        <source>changed argument: %1 = %2 (bench %3)</source>
        <translation>参数已改变：%1 = %2（基准 %3）</translation>
    </message>
    <message>
        <source>%1 tensors (%2), %3 with NaN/Inf, %4 fp16-saturated; first overflow: %5</source>
        <translation>%1 个张量（%2），%3 个含 NaN/Inf，%4 个 fp16 饱和；首个溢出：%5</translation>
    </message>
    <message>
        <source>No findings: give a benchmark and a run under test of one kind, a single dump, a profiler folder or op-info logs.</source>
        <translation>没有发现：请给出同一类型的基准与被测运行、单个转储、性能分析文件夹或算子信息日志。</translation>
    </message>
    <message>
        <source>Refuse a checkpoint with more entries (parameters, tensors) than N (default: %1).</source>
        <translation>拒绝条目（参数、张量）多于 N 的检查点（默认：%1）。</translation>
    </message>
    <message>
        <source>--max-entries needs a whole number from 1 to 2^31.</source>
        <translation>--max-entries 需要 1 到 2^31 之间的整数。</translation>
    </message>
    <message>
        <source>  (waits for the device: a symptom)</source>
        <translation>  （等待设备：只是症状）</translation>
    </message>
    <message>
        <source>Compare the N-th step of each side, counting from 0 (default: each side&apos;s steady steps: complete, warm-up excluded).</source>
        <translation>比较两侧的第 N 个 step，从 0 开始计数（默认：各自的稳定 step：完整的 step，不含预热）。</translation>
    </message>
    <message>
        <source>Compare every complete step, the warm-up included, as a mean per step.</source>
        <translation>比较所有完整的 step（含预热），取每个 step 的平均值。</translation>
    </message>
    <message>
        <source>This input of the workspace was not read: %1.</source>
        <translation>未读取工作区的此输入：%1。</translation>
    </message>
    <message>
        <source>This input of the workspace was not read: %1 (--allow-outside-workspace reads it).</source>
        <translation>未读取工作区的此输入：%1（使用 --allow-outside-workspace 可读取）。</translation>
    </message>
    <message>
        <source>The workspace&apos;s %1 file was not applied: a workspace&apos;s knowledge files and name mappings run only with --trust-workspace.</source>
        <translation>未应用工作区的 %1 文件：工作区的知识库文件和名称映射仅在使用 --trust-workspace 时生效。</translation>
    </message>
    <message>
        <source>Read a workspace&apos;s inputs that lie outside its folder (devices and system files are never read).</source>
        <translation>读取工作区中位于其文件夹之外的输入（设备文件和系统文件一律不读取）。</translation>
    </message>
    <message>
        <source>Apply the knowledge files and name mappings a workspace names.</source>
        <translation>应用工作区指定的知识库文件和名称映射。</translation>
    </message>
    <message>
        <source>Compare two msprobe module trees, or show an msprobe .vis.db.</source>
        <translation>比较两棵 msprobe 模块树，或查看 msprobe 的 .vis.db。</translation>
    </message>
    <message>
        <source>Read msprobe training-state monitors; find where two runs part.</source>
        <translation>读取 msprobe 训练状态监控；找出两次运行分开的位置。</translation>
    </message>
    <message>
        <source>gate: rel %1 after %2 warm-up step(s), %3 step(s) checked, max gap %4 at step %5</source>
        <translation>门禁：相对容差 %1，预热 %2 步之后，检查了 %3 步，最大差距 %4 在第 %5 步</translation>
    </message>
    <message>
        <source>gate: passed</source>
        <translation>门禁：通过</translation>
    </message>
    <message>
        <source>gate: FAILED at step %1 (gap %2 &gt; %3)</source>
        <translation>门禁：在第 %1 步失败（差距 %2 &gt; %3）</translation>
    </message>
    <message>
        <source>gate: FAILED, no common step after the warm-up</source>
        <translation>门禁：失败，预热之后没有共同的步</translation>
    </message>
    <message>
        <source>the monitors&apos; equivalent: twinscope-cli monitor A_MONITOR B_MONITOR --gate (first step and module where B leaves A)</source>
        <translation>监控的对应命令：twinscope-cli monitor A_MONITOR B_MONITOR --gate（B 首次偏离 A 的步和模块）</translation>
    </message>
    <message>
        <source>CI gate: exit 1 when the relative gap |B - A| / |A| of a step after the warm-up passes REL (or a value is NaN/Inf).</source>
        <translation>CI 门禁：预热之后某一步的相对差距 |B - A| / |A| 超过 REL（或某个值为 NaN/Inf）时以 1 退出。</translation>
    </message>
    <message>
        <source>Steps after the first common step that --gate does not check (default 0).</source>
        <translation>第一个共同步之后 --gate 不检查的步数（默认 0）。</translation>
    </message>
    <message>
        <source>--gate needs two logs and a number &gt;= 0, --warmup an integer &gt;= 0.</source>
        <translation>--gate 需要两个日志和一个 &gt;= 0 的数，--warmup 需要一个 &gt;= 0 的整数。</translation>
    </message>
    <message>
        <source>first divergent module</source>
        <translation>首个发散模块</translation>
    </message>
    <message>
        <source>Compare an NPU msprobe dump&apos;s module tree (construct.json, level L0 or mix) with its benchmark&apos;s: msprobe&apos;s precision index and colour band per node, unmatched nodes and the first divergent module. One .vis.db argument shows msprobe&apos;s own graph compare.</source>
        <translation>比较 NPU msprobe 转储的模块树（construct.json，L0 或 mix 级别）与其标杆的模块树：每个节点的 msprobe 精度指标和颜色档位、未匹配节点以及首个发散模块。只给一个 .vis.db 参数时显示 msprobe 自己的图比对结果。</translation>
    </message>
    <message>
        <source>NPU dump folder, or an msprobe .vis.db.</source>
        <translation>NPU 转储文件夹，或 msprobe 的 .vis.db。</translation>
    </message>
    <message>
        <source>Benchmark dump folder.</source>
        <translation>标杆转储文件夹。</translation>
    </message>
    <message>
        <source>Step to compare (default: the first).</source>
        <translation>要比较的步（默认：第一个）。</translation>
    </message>
    <message>
        <source>Rank to compare (default: the first).</source>
        <translation>要比较的 rank（默认：第一个）。</translation>
    </message>
    <message>
        <source>msprobe&apos;s fuzzy match: API call counts ignored inside modules.</source>
        <translation>msprobe 的模糊匹配：忽略模块内 API 的调用计数。</translation>
    </message>
    <message>
        <source>Node mapping file: {&quot;npu node&quot;: &quot;bench node&quot;} or &quot;npu node: bench node&quot; lines.</source>
        <translation>节点映射文件：{&quot;npu node&quot;: &quot;bench node&quot;} 或 &quot;npu node: bench node&quot; 形式的行。</translation>
    </message>
    <message>
        <source>msprobe layer-mapping YAML for trees of two frameworks (MindSpore Cell names against PyTorch Module names).</source>
        <translation>用于两种框架模块树的 msprobe 层映射 YAML（MindSpore Cell 名称对应 PyTorch Module 名称）。</translation>
    </message>
    <message>
        <source>Largest error that still agrees, for the first divergent module (default 0.001).</source>
        <translation>判定首个发散模块时仍视为一致的最大误差（默认 0.001）。</translation>
    </message>
    <message>
        <source>Text output: list modules, not APIs.</source>
        <translation>文本输出：只列模块，不列 API。</translation>
    </message>
    <message>
        <source>model needs NPU_DIR BENCH_DIR, or one msprobe .vis.db</source>
        <translation>model 需要 NPU_DIR BENCH_DIR，或一个 msprobe .vis.db</translation>
    </message>
    <message>
        <source>--step and --rank take a number &gt;= 0</source>
        <translation>--step 和 --rank 需要 &gt;= 0 的数</translation>
    </message>
    <message>
        <source>--tolerance takes a number &gt;= 0</source>
        <translation>--tolerance 需要 &gt;= 0 的数</translation>
    </message>
    <message>
        <source>%1 compare, step %2, rank %3: %4 NPU nodes, %5 benchmark nodes, %6 matched</source>
        <translation>%1 比较，第 %2 步，rank %3：%4 个 NPU 节点，%5 个标杆节点，%6 个已匹配</translation>
    </message>
    <message>
        <source>first divergent module: %1 (its recorded outputs agree; they were changed after msprobe recorded them)</source>
        <translation>首个发散模块：%1（记录下的输出一致；它们在 msprobe 记录之后被改变）</translation>
    </message>
    <message>
        <source>first divergent module: %1</source>
        <translation>首个发散模块：%1</translation>
    </message>
    <message>
        <source>first divergent module: none</source>
        <translation>首个发散模块：无</translation>
    </message>
    <message>
        <source>first divergent API: %1</source>
        <translation>首个发散 API：%1</translation>
    </message>
    <message>
        <source>unmatched: %1 NPU nodes, %2 benchmark nodes</source>
        <translation>未匹配：%1 个 NPU 节点，%2 个标杆节点</translation>
    </message>
    <message numerus="yes">
        <source>layout %1, %n rank(s)</source>
        <translation>
            <numerusform>布局 %1，%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1: steps %2..%3 (%4), %5 modules, %6 metrics</source>
        <translation>rank %1：第 %2..%3 步（%4），%5 个模块，%6 个指标</translation>
    </message>
    <message>
        <source>files: %1 read, %2 listed and left (--json files[] says why)</source>
        <translation>文件：已读 %1 个，列出未读 %2 个（--json 的 files[] 说明原因）</translation>
    </message>
    <message numerus="yes">
        <source>%n anomaly(ies) from msprobe&apos;s rules</source>
        <translation>
            <numerusform>msprobe 规则给出的 %n 个异常</numerusform>
        </translation>
    </message>
    <message>
        <source>, first listed: rank %1 step %2 %3 (%4)</source>
        <translation>，第一个：rank %1 第 %2 步 %3（%4）</translation>
    </message>
    <message>
        <source>step %1, rank %2, %3 of %4 (gap %5 over a noise floor of %6)</source>
        <translation>第 %1 步，rank %2，%4 的 %3（差距 %5，噪声底 %6）</translation>
    </message>
    <message>
        <source>Read msprobe training-state monitor output (per-module statistics over steps); with two runs, find the first step and module where B leaves the benchmark A.</source>
        <translation>读取 msprobe 训练状态监控输出（各模块逐步的统计量）；给出两次运行时，找出 B 首次偏离标杆 A 的步和模块。</translation>
    </message>
    <message>
        <source>Steps the noise floor is estimated from (default: 20 % of the aligned steps, 5 to 50).</source>
        <translation>用来估计噪声底的步数（默认：对齐步数的 20 %，5 到 50）。</translation>
    </message>
    <message>
        <source>The floor is this times the largest early gap (default 2).</source>
        <translation>噪声底为早期最大差距的这个倍数（默认 2）。</translation>
    </message>
    <message>
        <source>Consecutive steps over the floor that make a departure (default 3).</source>
        <translation>连续超过噪声底多少步算作偏离（默认 3）。</translation>
    </message>
    <message>
        <source>Exit 1 when B departs from A anywhere (a CI gate, like loss --gate).</source>
        <translation>B 在任何位置偏离 A 时以 1 退出（CI 门禁，同 loss --gate）。</translation>
    </message>
    <message>
        <source>A monitor output folder, rank folder or monitor_metrics.db (the benchmark).</source>
        <translation>监控输出文件夹、rank 文件夹或 monitor_metrics.db（标杆）。</translation>
    </message>
    <message>
        <source>The run under test, optional.</source>
        <translation>被测运行，可选。</translation>
    </message>
    <message>
        <source>monitor needs one or two monitor outputs.</source>
        <translation>monitor 需要一个或两个监控输出。</translation>
    </message>
    <message>
        <source>--early needs an integer &gt;= 0, --factor a number &gt; 0, --k an integer &gt;= 1.</source>
        <translation>--early 需要 &gt;= 0 的整数，--factor 需要 &gt; 0 的数，--k 需要 &gt;= 1 的整数。</translation>
    </message>
    <message>
        <source>--gate needs two runs.</source>
        <translation>--gate 需要两次运行。</translation>
    </message>
    <message>
        <source>aligned ranks: %1; noise floor from the first %2 steps (factor %3, at least %4), k %5</source>
        <translation>对齐的 rank：%1；噪声底取自前 %2 步（倍数 %3，至少 %4），k %5</translation>
    </message>
    <message>
        <source>first departure: %1</source>
        <translation>首次偏离：%1</translation>
    </message>
    <message>
        <source>no departure: every gap stays within its module&apos;s noise floor</source>
        <translation>无偏离：每个差距都在其模块的噪声底之内</translation>
    </message>
    <message>
        <source>only in A: %1</source>
        <translation>仅在 A 中：%1</translation>
    </message>
    <message>
        <source>only in B: %1</source>
        <translation>仅在 B 中：%1</translation>
    </message>
    <message>
        <source>gate: FAILED</source>
        <translation>门禁：失败</translation>
    </message>
    <message>
        <source>Print only the counts and the span: no steps, phases or top ops (the quickest look at a big trace).</source>
        <translation>只打印计数和时间跨度：不含步、阶段或耗时最多的算子（最快速地查看大型 trace）。</translation>
    </message>
    <message>
        <source>Parse the traces even when the trace cache holds them, and write no cache (also TWINSCOPE_CACHE=0).</source>
        <translation>即使 trace 缓存中已有也重新解析 trace，且不写缓存（也可设 TWINSCOPE_CACHE=0）。</translation>
    </message>
    <message>
        <source>Rows kept from a compare result (default: as many as fit in 4 times the file&apos;s size, at least 512 MiB; the rest are counted as rows_capped).</source>
        <translation>比对结果中保留的行数（默认：在文件大小的 4 倍、至少 512 MiB 内能容纳的行数；其余计为 rows_capped）。</translation>
    </message>
    <message>
        <source>--max-rows needs a whole number from 1 to 2^31.</source>
        <translation>--max-rows 需要 1 到 2^31 之间的整数。</translation>
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
    <message>
        <source>%1 (byte %2): the mapping file is not JSON: %3</source>
        <translation>%1（字节 %2）：映射文件不是 JSON：%3</translation>
    </message>
    <message>
        <source>%1: expected {&quot;regex&quot;: &quot;replacement&quot;, ...} or [[regex, replacement], ...], found %2</source>
        <translation>%1：应为 {&quot;regex&quot;: &quot;replacement&quot;, ...} 或 [[regex, replacement], ...]，实际为 %2</translation>
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
            <numerusform>%n 字节</numerusform>
        </translation>
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
        <source>the file is truncated: shape %1 of %2 needs %3 data bytes after the header, only %4 are there</source>
        <translation>文件被截断：shape 为 %1、dtype 为 %2 的数据在头部之后需要 %3 字节，实际只有 %4 字节</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Reading .npy headers</source>
        <translation>正在读取 .npy 头部</translation>
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
        <source>This is type of 0-d tensor, can not calculate &apos;Cosine&apos;, &apos;One Thousandth Err Ratio&apos; and &apos;Five Thousandths Err Ratio&apos;.</source>
        <translation>0 维张量，无法计算 &apos;Cosine&apos;、&apos;One Thousandth Err Ratio&apos; 和 &apos;Five Thousandths Err Ratio&apos;。</translation>
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
            <numerusform>待测运行的 loss scale 下降了 %n 次：浮点异常频繁。请采集溢出数据并分析溢出算子。</numerusform>
        </translation>
    </message>
    <message>
        <source>Some steps exceed the tolerance (first at step %1, longest run %2), but never %3 consecutive steps: no divergence at this k. Lower k or look at those steps if the final accuracy differs.</source>
        <translation>部分步超出容差（首次在第 %1 步，最长连续 %2 步），但从未连续 %3 步：在此 k 下不算发散。如果最终精度不同，请降低 k 或查看这些步。</translation>
    </message>
    <message numerus="yes">
        <source>The curves agree within the tolerance on all %n common step(s). If the run under test still has an accuracy problem, the benchmark likely has the same problem: re-check the benchmark itself.</source>
        <translation>
            <numerusform>在全部 %n 个共同步上，曲线均在容差范围内一致。如果待测运行仍有精度问题，标杆很可能有同样的问题：请重新检查标杆本身。</numerusform>
        </translation>
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
        <source>&quot;%1&quot; is not a list of numbers per step and was not plotted.</source>
        <translation>“%1”不是按步排列的数值列表，未绘制。</translation>
    </message>
    <message numerus="yes">
        <source>%n bare NaN/Infinity token(s) (Python&apos;s json) were read as non-finite values.</source>
        <translation>
            <numerusform>%n 个裸 NaN/Infinity 标记（Python json 的写法）已按非有限值读取。</numerusform>
        </translation>
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
            <numerusform>%n 行未匹配任何指标模式，已跳过（日志噪声）。</numerusform>
        </translation>
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
        <source>Step %1 of &quot;%2&quot; appears more than once (lines %3 and %4); the last one is kept.</source>
        <translation>“%2”的第 %1 步出现多次（第 %3 行和第 %4 行）；保留最后一次。</translation>
    </message>
    <message>
        <source>The pattern needs a group for the step and one for the value, e.g. &quot;step (?&lt;step&gt;\d+) loss (?&lt;loss&gt;\S+)&quot;.</source>
        <translation>模式需要一个表示步的分组和一个表示数值的分组，例如 &quot;step (?&lt;step&gt;\d+) loss (?&lt;loss&gt;\S+)&quot;。</translation>
    </message>
    <message>
        <source>The step count restarts each epoch; global steps continue from the previous epoch&apos;s last step.</source>
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
    <message numerus="yes">
        <source>%1 was compiled for %n different signature(s); %2 changed.</source>
        <translation>
            <numerusform>%1 针对 %n 种不同签名进行了编译；变化的是 %2。</numerusform>
        </translation>
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
        <source>No host log line was found: expected lines such as &quot;[INFO] ASCENDCL(pid,process):YYYY-MM-DD-HH:MM:SS.mmm.uuu …&quot;.</source>
        <translation>未找到 host 日志行：应为类似 &quot;[INFO] ASCENDCL(pid,process):YYYY-MM-DD-HH:MM:SS.mmm.uuu …&quot; 的行。</translation>
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
        <source>The JSON is malformed: expected %1, found &quot;%2&quot;.</source>
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
        <source>The gzip stream holds no data.</source>
        <translation>gzip 流中没有数据。</translation>
    </message>
    <message>
        <source>This is not a chrome trace: expected a JSON array or object, found &quot;%1&quot;.</source>
        <translation>这不是 chrome trace：应为 JSON 数组或对象，实际为“%1”。</translation>
    </message>
    <message>
        <source>This JSON object has no &quot;traceEvents&quot; array (stopped at %1).</source>
        <translation>此 JSON 对象没有 &quot;traceEvents&quot; 数组（停止于 %1）。</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>文件末尾</translation>
    </message>
    <message numerus="yes">
        <source>The file ends inside the event array: %1 bytes after byte %2 were discarded and %n complete events kept.</source>
        <translation>
            <numerusform>文件在事件数组内部结束：已丢弃字节 %2 之后的 %1 字节，保留 %n 个完整事件。</numerusform>
        </translation>
    </message>
    <message>
        <source>The file ends before the closing &apos;}&apos; of the trace object.</source>
        <translation>文件在 trace 对象的结束 &apos;}&apos; 之前就结束了。</translation>
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
        <source>Trailing commas before &apos;}&apos; or &apos;]&apos; were skipped.</source>
        <translation>已跳过 &apos;}&apos; 或 &apos;]&apos; 前多余的逗号。</translation>
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
        <source>Begin events (B) without an end (E) were closed at the track&apos;s last timestamp and marked &quot;did not finish&quot;.</source>
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
        <source>Events with a repeated key were read with the key&apos;s last value.</source>
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
            <numerusform>（%n 次）</numerusform>
        </translation>
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
        <source>the pickle&apos;s memo is too large</source>
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
        <source>REDUCE&apos;s arguments are not a tuple</source>
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
        <source>a persistent id is not (&apos;storage&apos;, torch.&lt;type&gt;Storage, key, location, size), the only kind torch.save writes</source>
        <translation>持久化 ID 不是 (&apos;storage&apos;, torch.&lt;type&gt;Storage, key, location, size)，而这是 torch.save 唯一会写出的形式</translation>
    </message>
    <message>
        <source>storage %1 is described twice differently</source>
        <translation>存储 %1 有两次不一致的描述</translation>
    </message>
    <message>
        <source>a tensor&apos;s %1 is not a tuple</source>
        <translation>张量的 %1 不是元组</translation>
    </message>
    <message>
        <source>a tensor has more than 32 dimensions</source>
        <translation>张量的维度超过 32</translation>
    </message>
    <message>
        <source>a tensor&apos;s %1 holds a non-integer</source>
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
        <source>a tensor&apos;s size and stride have different lengths</source>
        <translation>张量的 size 与 stride 长度不同</translation>
    </message>
    <message>
        <source>the tensor&apos;s size %1, stride %2 or offset %3 is invalid</source>
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
        <source>the pickle&apos;s values refer to themselves (a cycle), which torch.save does not write for tensors</source>
        <translation>pickle 中的值引用了自身（循环），torch.save 保存张量时不会写出这种结构</translation>
    </message>
    <message>
        <source>the pickle&apos;s values nest more than %1 levels deep</source>
        <translation>pickle 中的值嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>The trace has no device tasks: no CUDA kernels, memory copies or &quot;Ascend Hardware&quot; tasks were found, so only host activity was recorded.</source>
        <translation>该 trace 没有设备任务：未找到 CUDA kernel、内存拷贝或 &quot;Ascend Hardware&quot; 任务，只记录了主机侧活动。</translation>
    </message>
    <message>
        <source>The trace has no device tasks.</source>
        <translation>该 trace 没有设备任务。</translation>
    </message>
    <message>
        <source>a checkpoint is one file; this is a folder</source>
        <translation>检查点是单个文件；这是一个文件夹</translation>
    </message>
    <message>
        <source>not a checkpoint Twinscope reads (MindSpore .ckpt, PyTorch .pth/.pt, safetensors, .npz, HDF5)</source>
        <translation>不是 Twinscope 可读取的检查点（MindSpore .ckpt、PyTorch .pth/.pt、safetensors、.npz、HDF5）</translation>
    </message>
    <message>
        <source>%1 has no tensor %2 before the step</source>
        <translation>%1 中没有这一步之前的张量 %2</translation>
    </message>
    <message>
        <source>%1 changed shape during the step (%2 before, %3 after)</source>
        <translation>%1 在这一步中改变了 shape（之前 %2，之后 %3）</translation>
    </message>
    <message>
        <source>A tensor has no before-step twin of the same shape; its update cannot be computed.</source>
        <translation>某张量在这一步之前没有 shape 相同的对应张量，无法计算其更新量。</translation>
    </message>
    <message>
        <source>Mapping parameter names</source>
        <translation>正在映射参数名</translation>
    </message>
    <message>
        <source>(top level)</source>
        <translation>（顶层）</translation>
    </message>
    <message numerus="yes">
        <source> (%n tensor(s))</source>
        <translation>
            <numerusform>（%n 个张量）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>layers in file order, worst parameter (%n rows)</source>
        <translation>
            <numerusform>按文件顺序的层，取最差参数（%n 行）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>parameters grouped by layer (%n rows)</source>
        <translation>
            <numerusform>按层分组的参数（%n 行）</numerusform>
        </translation>
    </message>
    <message>
        <source>Optimizer state that the other checkpoint does not carry is not compared.</source>
        <translation>另一检查点未保存的优化器状态不参与比较。</translation>
    </message>
    <message>
        <source>Tensors the other framework does not have (num_batches_tracked, step counters, learning rate) are not compared.</source>
        <translation>另一框架没有的张量（num_batches_tracked、步数计数器、学习率）不参与比较。</translation>
    </message>
    <message>
        <source>update mode needs a before-step checkpoint for both sides</source>
        <translation>更新量模式需要两侧都提供这一步之前的检查点</translation>
    </message>
    <message>
        <source>Comparing checkpoints</source>
        <translation>正在比较检查点</translation>
    </message>
    <message>
        <source>bad dims</source>
        <translation>dims 有误</translation>
    </message>
    <message>
        <source>bad packed dims</source>
        <translation>打包的 dims 有误</translation>
    </message>
    <message>
        <source>bad tensor_type</source>
        <translation>tensor_type 有误</translation>
    </message>
    <message>
        <source>bad tensor_content length</source>
        <translation>tensor_content 长度有误</translation>
    </message>
    <message>
        <source>tensor_content runs past its message</source>
        <translation>tensor_content 超出其消息范围</translation>
    </message>
    <message>
        <source>unreadable field %1</source>
        <translation>字段 %1 无法读取</translation>
    </message>
    <message>
        <source>the tensor ends inside a field</source>
        <translation>tensor 在字段中间结束</translation>
    </message>
    <message>
        <source>bad tag</source>
        <translation>tag 有误</translation>
    </message>
    <message>
        <source>bad tensor length</source>
        <translation>tensor 长度有误</translation>
    </message>
    <message>
        <source>maptensor runs past its message</source>
        <translation>maptensor 超出其消息范围</translation>
    </message>
    <message>
        <source>tensor runs past its message</source>
        <translation>tensor 超出其消息范围</translation>
    </message>
    <message>
        <source>bytes left over after the last field</source>
        <translation>最后一个字段之后还有多余字节</translation>
    </message>
    <message>
        <source>The slices of parameter %1 disagree on dims or tensor_type.</source>
        <translation>参数 %1 的各分片在 dims 或 tensor_type 上不一致。</translation>
    </message>
    <message>
        <source>%1: the slices of parameter %2 disagree on dims or tensor_type</source>
        <translation>%1：参数 %2 的各分片在 dims 或 tensor_type 上不一致</translation>
    </message>
    <message>
        <source>Parameter %1 has tensor_type &quot;%2&quot;, which Twinscope does not read; it is listed but not compared.</source>
        <translation>参数 %1 的 tensor_type 为 &quot;%2&quot;，Twinscope 不读取该类型；仅列出，不参与比较。</translation>
    </message>
    <message>
        <source>%1: parameter %2 has the unknown tensor_type &quot;%3&quot;</source>
        <translation>%1：参数 %2 的 tensor_type &quot;%3&quot; 未知</translation>
    </message>
    <message>
        <source>Parameter %1 has impossible dims.</source>
        <translation>参数 %1 的 dims 不可能成立。</translation>
    </message>
    <message>
        <source>%1: parameter %2 has impossible dims</source>
        <translation>%1：参数 %2 的 dims 不可能成立</translation>
    </message>
    <message>
        <source>Parameter %1: dims %2 of %3 need %4 bytes, tensor_content holds %5.</source>
        <translation>参数 %1：%3 类型、dims %2 需要 %4 字节，tensor_content 含 %5 字节。</translation>
    </message>
    <message>
        <source>%1: parameter %2 holds %3 bytes where its dims need %4</source>
        <translation>%1：参数 %2 含 %3 字节，而其 dims 需要 %4 字节</translation>
    </message>
    <message>
        <source>%1 was given as bytes: its tensors are listed, not read</source>
        <translation>%1 以字节形式给出：仅列出其张量，不读取数据</translation>
    </message>
    <message>
        <source>Reading the checkpoint</source>
        <translation>正在读取检查点</translation>
    </message>
    <message>
        <source>not a MindSpore checkpoint: the file does not start with a Checkpoint.value field (an encrypted checkpoint can only be read by MindSpore with its key)</source>
        <translation>不是 MindSpore 检查点：文件开头不是 Checkpoint.value 字段（加密的检查点只能由 MindSpore 用密钥读取）</translation>
    </message>
    <message numerus="yes">
        <source>damaged checkpoint: expected a Checkpoint.value field after %n parameter piece(s)</source>
        <translation>
            <numerusform>检查点已损坏：在 %n 个参数片段之后应为 Checkpoint.value 字段</numerusform>
        </translation>
    </message>
    <message>
        <source>protobuf field 1 (Checkpoint.value), length-delimited</source>
        <translation>protobuf 字段 1（Checkpoint.value），长度前缀编码</translation>
    </message>
    <message>
        <source>The checkpoint is cut off: a value at byte %1 needs %2 bytes, %3 are left. The parameters before it are kept.</source>
        <translation>检查点被截断：第 %1 字节处的条目需要 %2 字节，只剩 %3 字节。之前的参数已保留。</translation>
    </message>
    <message>
        <source>a checkpoint value of %1 bytes is larger than the 2 GiB protobuf allows</source>
        <translation>检查点条目有 %1 字节，超过 protobuf 允许的 2 GiB</translation>
    </message>
    <message>
        <source>at most 2 GiB per value</source>
        <translation>每个条目最多 2 GiB</translation>
    </message>
    <message>
        <source>damaged checkpoint value: %1</source>
        <translation>检查点条目已损坏：%1</translation>
    </message>
    <message>
        <source>damaged checkpoint value of parameter %1: %2</source>
        <translation>参数 %1 的检查点条目已损坏：%2</translation>
    </message>
    <message>
        <source>a Checkpoint.Value message</source>
        <translation>一条 Checkpoint.Value 消息</translation>
    </message>
    <message>
        <source>Map parameters (embedding hash tables) are not compared.</source>
        <translation>Map 参数（嵌入哈希表）不参与比较。</translation>
    </message>
    <message>
        <source>Entries that hold text or random-generator state are not parameters; they are skipped.</source>
        <translation>保存文本或随机数生成器状态的条目不是参数，已跳过。</translation>
    </message>
    <message>
        <source>a checkpoint value lacks its tag, tensor or content</source>
        <translation>检查点条目缺少 tag、tensor 或内容</translation>
    </message>
    <message>
        <source>tag, tensor.dims, tensor.tensor_type, tensor.tensor_content</source>
        <translation>tag、tensor.dims、tensor.tensor_type、tensor.tensor_content</translation>
    </message>
    <message>
        <source>no tag</source>
        <translation>无 tag</translation>
    </message>
    <message>
        <source>checkpoint value %1 lacks its tensor or content</source>
        <translation>检查点条目 %1 缺少 tensor 或内容</translation>
    </message>
    <message>
        <source>Parameter %1 appears twice; the later one is used, as MindSpore&apos;s loader does.</source>
        <translation>参数 %1 出现两次；与 MindSpore 的加载器一样，使用后一个。</translation>
    </message>
    <message>
        <source>the checkpoint holds no parameters</source>
        <translation>该检查点不含参数</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>prefix &quot;%1&quot; / &quot;%2&quot;</source>
        <translation>前缀 &quot;%1&quot; / &quot;%2&quot;</translation>
    </message>
    <message>
        <source>shape order</source>
        <translation>按 shape 顺序</translation>
    </message>
    <message>
        <source>an 8-byte header length, then a JSON object of tensors</source>
        <translation>8 字节的头部长度，随后是描述张量的 JSON 对象</translation>
    </message>
    <message>
        <source>Reading the safetensors header</source>
        <translation>正在读取 safetensors 头部</translation>
    </message>
    <message>
        <source>the file is too short for a safetensors header</source>
        <translation>文件太短，容不下 safetensors 头部</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>the safetensors header length is larger than the file</source>
        <translation>safetensors 头部长度超过文件大小</translation>
    </message>
    <message>
        <source>%1 header bytes in a file of %2</source>
        <translation>文件共 %2 字节，头部声称 %1 字节</translation>
    </message>
    <message>
        <source>the safetensors header is not a JSON object</source>
        <translation>safetensors 头部不是 JSON 对象</translation>
    </message>
    <message>
        <source>another JSON value</source>
        <translation>其他 JSON 值</translation>
    </message>
    <message>
        <source>Tensor %1: %2; it is listed but not compared.</source>
        <translation>张量 %1：%2；仅列出，不参与比较。</translation>
    </message>
    <message>
        <source>%1: tensor %2: %3</source>
        <translation>%1：张量 %2：%3</translation>
    </message>
    <message>
        <source>the header gives no valid shape</source>
        <translation>头部未给出有效的 shape</translation>
    </message>
    <message>
        <source>dtype &quot;%1&quot; is not one Twinscope reads</source>
        <translation>Twinscope 不读取 dtype &quot;%1&quot;</translation>
    </message>
    <message>
        <source>data_offsets is not a pair [begin, end]</source>
        <translation>data_offsets 不是 [begin, end] 二元组</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] run past the %3 bytes of data</source>
        <translation>data_offsets [%1, %2] 超出 %3 字节的数据区</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] hold %3 bytes, %4 %5 needs %6</source>
        <translation>data_offsets [%1, %2] 含 %3 字节，而 %4 %5 需要 %6 字节</translation>
    </message>
    <message>
        <source>Tensors %1 and %2 share bytes in the file; the header is inconsistent.</source>
        <translation>张量 %1 与 %2 在文件中共用字节；头部自相矛盾。</translation>
    </message>
    <message>
        <source>Tensor %1 cannot be read: %2</source>
        <translation>无法读取张量 %1：%2</translation>
    </message>
    <message>
        <source>Two tensors flatten to the name %1; the second is skipped.</source>
        <translation>两个张量展开后同名 %1；已跳过第二个。</translation>
    </message>
    <message>
        <source>Values that are not tensors (numbers, text, None) are not compared.</source>
        <translation>非张量的值（数字、文本、None）不参与比较。</translation>
    </message>
    <message>
        <source>Reading the PyTorch checkpoint</source>
        <translation>正在读取 PyTorch 检查点</translation>
    </message>
    <message>
        <source>the PyTorch file holds no tensors (%1)</source>
        <translation>该 PyTorch 文件不含张量（%1）</translation>
    </message>
    <message>
        <source>The file changed while it was read (it was cut short or replaced); open it again once it is complete.</source>
        <translation>文件在读取过程中发生了变化（被截短或被替换）；请在文件完整后重新打开。</translation>
    </message>
    <message>
        <source>The table has no &quot;%1&quot; column.</source>
        <translation>该表没有“%1”列。</translation>
    </message>
    <message>
        <source>an SQLite database without the tables of a known profiler export</source>
        <translation>不含已知 Profiler 导出表的 SQLite 数据库</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Profiler tables</source>
        <translation>Profiler 表格</translation>
    </message>
    <message>
        <source>The gzip data inflates more than %1-fold (%2 bytes from the first %3): refused as a likely gzip bomb.</source>
        <translation>gzip 数据解压后超过压缩大小的 %1 倍（前 %3 字节解压出 %2 字节）：疑似 gzip 炸弹，已拒绝。</translation>
    </message>
    <message>
        <source>at most %1 times the compressed size</source>
        <translation>至多为压缩大小的 %1 倍</translation>
    </message>
    <message>
        <source>This is a file, not a folder.</source>
        <translation>这是文件，不是文件夹。</translation>
    </message>
    <message>
        <source>This is a FIFO (named pipe), not a regular file; it is not read, since reading it could wait forever.</source>
        <translation>这是 FIFO（命名管道），不是普通文件；不会读取它，因为读取可能会无限等待。</translation>
    </message>
    <message>
        <source>This is a device, not a regular file; it is not read.</source>
        <translation>这是设备，不是普通文件；不会读取它。</translation>
    </message>
    <message>
        <source>This is a socket, not a regular file; it is not read.</source>
        <translation>这是套接字，不是普通文件；不会读取它。</translation>
    </message>
    <message>
        <source>No path was given.</source>
        <translation>未给出路径。</translation>
    </message>
    <message>
        <source>The file holds %1 bytes; at most %2 are read for this input.</source>
        <translation>该文件有 %1 字节；此输入最多读取 %2 字节。</translation>
    </message>
    <message>
        <source>The file holds more than %1 bytes; at most that many are read for this input.</source>
        <translation>该文件超过 %1 字节；此输入最多读取这么多字节。</translation>
    </message>
    <message>
        <source>Nothing reads this FIFO (named pipe), so nothing was written to it.</source>
        <translation>没有进程读取此 FIFO（命名管道），因此未写入任何内容。</translation>
    </message>
    <message>
        <source>The file could not be written: %1</source>
        <translation>无法写入该文件：%1</translation>
    </message>
    <message>
        <source>nothing to map</source>
        <translation>没有可映射的内容</translation>
    </message>
    <message>
        <source>too many files are mapped at once</source>
        <translation>同时映射的文件过多</translation>
    </message>
    <message>
        <source>not a compare result: the header has no NPU Name and Bench Name columns</source>
        <translation>不是比对结果：表头没有 NPU Name 和 Bench Name 列</translation>
    </message>
    <message>
        <source>Reading the compare result</source>
        <translation>正在读取比对结果</translation>
    </message>
    <message>
        <source>%1: cannot read the mapping file: %2</source>
        <translation>%1：无法读取映射文件：%2</translation>
    </message>
    <message>
        <source>%1 has %2 elements, more than the per-tensor cap of %3, so it is not read; raise the cap with --max-elements (or Limits in the Dumps tab) if the tensor is real</source>
        <translation>%1 有 %2 个元素，超过单个张量上限 %3，因此未读取；如果该张量确实如此，请用 --max-elements（或转储页的&quot;限制&quot;）提高上限</translation>
    </message>
    <message>
        <source>tensors with more elements than the per-tensor cap were not read</source>
        <translation>元素数超过单个张量上限的张量未被读取</translation>
    </message>
    <message>
        <source>the folder holds no dump Twinscope reads (HDF5, .npy, .pt, msprobe dump.json)</source>
        <translation>该文件夹中没有 Twinscope 可读取的 dump（HDF5、.npy、.pt、msprobe dump.json）</translation>
    </message>
    <message>
        <source>a compare result (CSV or .xlsx) is a comparison already: open it on its own</source>
        <translation>比对结果（CSV 或 .xlsx）本身已是一次比较：请单独打开它</translation>
    </message>
    <message>
        <source>no run of the folder has the step and rank asked for</source>
        <translation>该文件夹中没有所要求的 step 和 rank 的运行</translation>
    </message>
    <message>
        <source>no run of the two folders has the step and rank asked for</source>
        <translation>两个文件夹中都没有所要求的 step 和 rank 的运行</translation>
    </message>
    <message>
        <source>links to other files (external links) were not followed; only data inside the file given is read</source>
        <translation>未跟随指向其他文件的链接（外部链接）；只读取所给文件内部的数据</translation>
    </message>
    <message>
        <source>datasets stored outside the file (external raw files or virtual datasets) were not read</source>
        <translation>存储在文件之外的数据集（外部原始文件或虚拟数据集）未被读取</translation>
    </message>
    <message>
        <source>datasets that declare more elements than they store were not compared</source>
        <translation>声明的元素多于实际存储的数据集未参与比较</translation>
    </message>
    <message>
        <source>dataset %1: its storage properties cannot be read</source>
        <translation>数据集 %1：无法读取其存储属性</translation>
    </message>
    <message>
        <source>dataset %1 is a virtual dataset that maps other files; only data inside the file given is read</source>
        <translation>数据集 %1 是映射其他文件的虚拟数据集；只读取所给文件内部的数据</translation>
    </message>
    <message>
        <source>dataset %1 keeps its elements in an external file (%2); only data inside the file given is read</source>
        <translation>数据集 %1 的元素存放在外部文件（%2）中；只读取所给文件内部的数据</translation>
    </message>
    <message>
        <source>dataset %1: its chunk index cannot be read</source>
        <translation>数据集 %1：无法读取其分块索引</translation>
    </message>
    <message>
        <source>dataset %1 declares %2 elements but stores only %3 of the %4 chunks they need; the rest would read as fill values, so it is not compared</source>
        <translation>数据集 %1 声明了 %2 个元素，但所需的 %4 个分块只存储了 %3 个；其余部分会读出填充值，因此不参与比较</translation>
    </message>
    <message>
        <source>dataset %1 declares %2 elements (%3 bytes) but stores only %4 bytes; the rest would read as fill values, so it is not compared</source>
        <translation>数据集 %1 声明了 %2 个元素（%3 字节），但只存储了 %4 字节；其余部分会读出填充值，因此不参与比较</translation>
    </message>
    <message>
        <source>%1 lies outside the dump&apos;s folder, so it is not read (allow it with --allow-outside-dump)</source>
        <translation>%1 位于转储文件夹之外，因此未读取（可用 --allow-outside-dump 允许）</translation>
    </message>
    <message>
        <source>files named in the dump that lie outside its folder were not read</source>
        <translation>转储中指定的、位于其文件夹之外的文件未被读取</translation>
    </message>
    <message>
        <source>tensor files named in dump.json could not be read</source>
        <translation>dump.json 中列出的张量文件无法读取</translation>
    </message>
    <message>
        <source>records with an invalid or absurd shape were kept without one</source>
        <translation>形状无效或不合理的记录已保留，但不带形状</translation>
    </message>
    <message>
        <source>the folder holds no .npy or .pt file</source>
        <translation>该文件夹中没有 .npy 或 .pt 文件</translation>
    </message>
    <message>
        <source>%1 leads outside the dump&apos;s folder, so it is not read (allow it with --allow-outside-dump)</source>
        <translation>%1 指向转储文件夹之外，因此未读取（可用 --allow-outside-dump 允许）</translation>
    </message>
    <message>
        <source>some tensor files could not be read</source>
        <translation>部分张量文件无法读取</translation>
    </message>
    <message>
        <source>the table has more than %1 rows</source>
        <translation>该表超过 %1 行</translation>
    </message>
    <message>
        <source>a quoted field is not closed before the end of the file</source>
        <translation>一个带引号的字段到文件末尾仍未闭合</translation>
    </message>
    <message>
        <source>the table has no header row</source>
        <translation>该表没有表头行</translation>
    </message>
    <message>
        <source>%1 is not well-formed XML: %2</source>
        <translation>%1 不是格式正确的 XML：%2</translation>
    </message>
    <message>
        <source>it ends too early</source>
        <translation>它过早结束</translation>
    </message>
    <message>
        <source>the zip archive holds no xl/worksheets/*.xml: not an .xlsx workbook</source>
        <translation>该 zip 归档中没有 xl/worksheets/*.xml：不是 .xlsx 工作簿</translation>
    </message>
    <message>
        <source>the worksheet has no header row</source>
        <translation>该工作表没有表头行</translation>
    </message>
    <message>
        <source>%1: the tensor&apos;s pieces hold %2 elements, its shape says %3</source>
        <translation>%1：张量各片段共 %2 个元素，而其 shape 表示 %3 个</translation>
    </message>
    <message>
        <source>%1 changed while it was read (it was cut short or replaced)</source>
        <translation>%1 在读取过程中发生了变化（被截短或被替换）</translation>
    </message>
    <message>
        <source>internal error: element %1 of %2 lies in no piece of the file</source>
        <translation>内部错误：%2 的第 %1 个元素不在文件的任何片段中</translation>
    </message>
    <message>
        <source>cannot map %1 at byte %2: %3</source>
        <translation>无法在第 %2 字节处映射 %1：%3</translation>
    </message>
    <message>
        <source>%1: the two tensors of an update differ in shape or layout</source>
        <translation>%1：更新量的两个张量 shape 或布局不同</translation>
    </message>
    <message>
        <source>%1: the update&apos;s shape does not match its tensors</source>
        <translation>%1：更新量的 shape 与其张量不符</translation>
    </message>
    <message>
        <source>a side cannot be read</source>
        <translation>有一侧无法读取</translation>
    </message>
    <message>
        <source>Accuracy not reached (cosine and maximum absolute error)</source>
        <translation>精度未达标（余弦相似度与最大绝对误差）</translation>
    </message>
    <message>
        <source>the NPU has NaN or Inf where the bench has none</source>
        <translation>NPU 在标杆没有 NaN/Inf 的位置出现了 NaN 或 Inf</translation>
    </message>
    <message>
        <source>maximum absolute error exceeds 1e+10</source>
        <translation>最大绝对误差超过 1e+10</translation>
    </message>
    <message>
        <source>The input/parameter&apos;s one thousandth err ratio exceeds 0.9, while the output&apos;s is below 0.6</source>
        <translation>输入/参数的千分之一误差比例超过 0.9，而输出的低于 0.6</translation>
    </message>
    <message>
        <source>maximum relative error exceeds 0.5</source>
        <translation>最大相对误差超过 0.5</translation>
    </message>
    <message>
        <source>a non-tensor argument of this call differs</source>
        <translation>该调用的一个非张量参数不同</translation>
    </message>
    <message>
        <source>Need double check api accuracy.</source>
        <translation>需要复核该 API 的精度。</translation>
    </message>
    <message>
        <source>The output&apos;s one thousandth err ratio decreases by more than 0.1 compared to the input/parameter&apos;s</source>
        <translation>输出的千分之一误差比例比输入/参数的下降超过 0.1</translation>
    </message>
    <message>
        <source>The output&apos;s cosine decreases by more than 0.1 compared to the input/parameter&apos;s</source>
        <translation>输出的余弦相似度比输入/参数的下降超过 0.1</translation>
    </message>
    <message>
        <source>maximum absolute error of both input/parameters and output exceed 1, with the output larger by an order of magnitude</source>
        <translation>输入/参数与输出的最大绝对误差都超过 1，且输出大一个数量级以上</translation>
    </message>
    <message>
        <source>The output&apos;s maximum relative error exceeds 0.1, while the input/parameter&apos;s is below 0.01</source>
        <translation>输出的最大相对误差超过 0.1，而输入/参数的低于 0.01</translation>
    </message>
    <message>
        <source>requires_grad is inconsistent</source>
        <translation>requires_grad 不一致</translation>
    </message>
    <message>
        <source>%1 = %2 (bench %3)</source>
        <translation>%1 = %2（标杆 %3）</translation>
    </message>
    <message numerus="yes">
        <source>the NPU has %n NaN/Inf value(s) where the bench has none (first at element %1)</source>
        <translation>
            <numerusform>NPU 有 %n 个 NaN/Inf 值出现在标杆没有的位置（第一个在元素 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>The input/parameter&apos;s share of elements within %1 relative error exceeds 0.9, while the output&apos;s is below 0.6</source>
        <translation>输入/参数中相对误差在 %1 以内的元素比例超过 0.9，而输出的低于 0.6</translation>
    </message>
    <message>
        <source>The output&apos;s share of elements within %1 relative error decreases by more than 0.1 compared to the input/parameter&apos;s</source>
        <translation>输出中相对误差在 %1 以内的元素比例比输入/参数的下降超过 0.1</translation>
    </message>
    <message>
        <source>a non-tensor argument of this call differs: %1</source>
        <translation>该调用的一个非张量参数不同：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a loss: B leaves the tolerance from step %2 (%3 consecutive steps or more). The loss diagnosis applies to loss curves; choose a loss metric for it.</source>
        <translation>“%1”不是损失：B 从第 %2 步起超出容差（连续 %3 步或更多）。损失诊断只适用于损失曲线；如需诊断，请选择一个损失指标。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a loss: B leaves the tolerance at some steps (first at step %2) but never for %3 consecutive steps.</source>
        <translation>“%1”不是损失：B 在部分步超出容差（首次在第 %2 步），但从未连续 %3 步超出。</translation>
    </message>
    <message numerus="yes">
        <source>&quot;%1&quot; is not a loss: A and B agree within the tolerance on all %n common step(s).</source>
        <translation>
            <numerusform>“%1”不是损失：在全部 %n 个共同步上，A 与 B 都在容差内一致。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tensor</source>
        <translation>%1 张量</translation>
    </message>
    <message>
        <source>NaN/Inf (%1)</source>
        <translation>NaN/Inf（%1）</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>变慢</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>变快</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>Duration minus the time spent in directly nested slices</source>
        <translation>时长减去直接嵌套子切片所用的时间</translation>
    </message>
    <message>
        <source>Total as a share of the range&apos;s time (all ranks&apos; when several files are open)</source>
        <translation>总耗时占区间时间的比例（打开多个文件时为所有 rank 的时间之和）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>same name</source>
        <translation>名称相同</translation>
    </message>
    <message>
        <source>built-in rule: %1</source>
        <translation>内置规则：%1</translation>
    </message>
    <message>
        <source>mapping file: %1</source>
        <translation>映射文件：%1</translation>
    </message>
    <message>
        <source>wrapper prefix: %1</source>
        <translation>外层前缀：%1</translation>
    </message>
    <message>
        <source>shape order (no name matched)</source>
        <translation>按 shape 顺序（名称均未匹配）</translation>
    </message>
    <message>
        <source>parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>optimizer state (%1)</source>
        <translation>优化器状态（%1）</translation>
    </message>
    <message>
        <source>bookkeeping</source>
        <translation>记账量</translation>
    </message>
    <message>
        <source>shape differs · %1</source>
        <translation>shape 不同 · %1</translation>
    </message>
    <message>
        <source>%1 · compared as %2</source>
        <translation>%1 · 按 %2 比较</translation>
    </message>
    <message>
        <source>only in A: no twin found</source>
        <translation>仅在 A 中：未找到对应项</translation>
    </message>
    <message>
        <source>only in B: no twin found</source>
        <translation>仅在 B 中：未找到对应项</translation>
    </message>
    <message>
        <source>no twin by design (not compared)</source>
        <translation>按设计无对应项（不参与比较）</translation>
    </message>
    <message>
        <source>A name</source>
        <translation>A 名称</translation>
    </message>
    <message>
        <source>B name</source>
        <translation>B 名称</translation>
    </message>
    <message>
        <source>How they were paired</source>
        <translation>配对方式</translation>
    </message>
    <message>
        <source>A shape</source>
        <translation>A shape</translation>
    </message>
    <message>
        <source>B shape</source>
        <translation>B shape</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>%1 %2 µs is %3 µs over the median of all ranks (%4 µs); the rule counts more than %5 µs, 5 % of the mean step.</source>
        <translation>%1 %2 µs 比所有 rank 的中位数（%4 µs）高 %3 µs；规则以超过 %5 µs（平均迭代时间的 5 %）为慢。</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>配对</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>First divergent</source>
        <translation>首个偏差张量</translation>
    </message>
    <message>
        <source>NaN/Inf origin</source>
        <translation>NaN/Inf 源头</translation>
    </message>
    <message>
        <source>overflow origin</source>
        <translation>溢出源头</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Norm</source>
        <translation>范数</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>Inf</source>
        <translation>Inf</translation>
    </message>
    <message>
        <source>±65504</source>
        <translation>±65504</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Rows of the MindSpore table that could not be read were skipped.</source>
        <translation>MindSpore 表格中无法读取的行已跳过。</translation>
    </message>
    <message>
        <source>%1 was left out: %2</source>
        <translation>%1 未载入：%2</translation>
    </message>
    <message>
        <source>The file is not valid JSON (%1).</source>
        <translation>该文件不是有效的 JSON（%1）。</translation>
    </message>
    <message>
        <source>The file does not hold a JSON object.</source>
        <translation>该文件不包含 JSON 对象。</translation>
    </message>
    <message>
        <source>communication ops without &quot;Communication Time Info&quot; were skipped</source>
        <translation>已跳过没有“Communication Time Info”的通信算子</translation>
    </message>
    <message>
        <source>matrix entries whose key is not &quot;src-dst&quot; were skipped</source>
        <translation>已跳过键不是“src-dst”的矩阵条目</translation>
    </message>
    <message>
        <source>the communication file lists no op</source>
        <translation>该通信文件没有列出任何算子</translation>
    </message>
    <message>
        <source>link ends are numbered within their communication group: without profiler_metadata.json&apos;s group ranks they stay local numbers</source>
        <translation>链路两端按通信组内编号：没有 profiler_metadata.json 中的组内 rank 信息，它们保持为组内编号</translation>
    </message>
    <message>
        <source>kernel rows without a readable duration were skipped</source>
        <translation>已跳过无法读取耗时的算子行</translation>
    </message>
    <message>
        <source>kernel rows with an unreadable start time were not placed in their step</source>
        <translation>开始时间无法读取的算子行未归入其迭代</translation>
    </message>
    <message>
        <source>the table ends inside a quoted field (a cut file); its last row was read as far as it goes</source>
        <translation>表格在引号字段内结束（文件被截断）；最后一行已尽量读取</translation>
    </message>
    <message>
        <source>op statistics rows without a count or total were skipped</source>
        <translation>已跳过没有次数或总耗时的算子统计行</translation>
    </message>
    <message>
        <source>memory rows without a readable time or size were skipped</source>
        <translation>已跳过无法读取时间或大小的内存行</translation>
    </message>
    <message>
        <source>The metadata file is not a JSON object: %1.</source>
        <translation>元数据文件不是 JSON 对象：%1。</translation>
    </message>
    <message>
        <source>op time rows without a readable time were skipped</source>
        <translation>已跳过无法读取时间的算子耗时行</translation>
    </message>
    <message>
        <source>The op compute time table has no header line.</source>
        <translation>算子计算耗时表没有表头行。</translation>
    </message>
    <message>
        <source>the op times add up to %1 ms, the file&apos;s total says %2 ms</source>
        <translation>各算子耗时之和为 %1 ms，文件中的总计为 %2 ms</translation>
    </message>
    <message>
        <source>The database could not be read: %1</source>
        <translation>无法读取数据库：%1</translation>
    </message>
    <message>
        <source>This SQLite database has none of the profiler tables Twinscope reads (%1).</source>
        <translation>该 SQLite 数据库不含 Twinscope 可读取的任何 Profiler 表（%1）。</translation>
    </message>
    <message>
        <source>The database could not be opened: %1</source>
        <translation>无法打开数据库：%1</translation>
    </message>
    <message>
        <source>the database&apos;s profiler tables hold no rows</source>
        <translation>数据库中的 Profiler 表没有数据行</translation>
    </message>
    <message>
        <source>op statistics not used: the kernel table beside them has the same kernels with their shapes</source>
        <translation>未使用算子统计：同目录的算子明细表包含相同的算子及其形状</translation>
    </message>
    <message>
        <source>AI Core type table not used: the AI Core detail table beside it has the same kernels one by one</source>
        <translation>AI Core 类型表未使用：旁边的 AI Core 明细表逐个列出了相同的 kernel</translation>
    </message>
    <message>
        <source>op compute times not used: the AI Core detail table beside them times the same kernels and knows their core</source>
        <translation>未使用算子计算时间表：旁边的 AI Core 明细表对相同的 kernel 计时，并记录了其计算核</translation>
    </message>
    <message>
        <source>This is not a shard summary of twinscope-cli profile --shard: %1 is missing or has the wrong type.</source>
        <translation>这不是 twinscope-cli profile --shard 的分片汇总：缺少 %1 或其类型错误。</translation>
    </message>
    <message>
        <source>The shard summary is not valid JSON (%1).</source>
        <translation>分片汇总不是有效的 JSON（%1）。</translation>
    </message>
    <message>
        <source>Looking for profiler tables</source>
        <translation>正在查找 Profiler 表格</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>%1 is not an Ascend profiler table Twinscope reads.</source>
        <translation>%1 不是 Twinscope 可读取的昇腾 Profiler 表格。</translation>
    </message>
    <message>
        <source>No Ascend profiler tables were found in %1.</source>
        <translation>在 %1 中未找到昇腾 Profiler 表格。</translation>
    </message>
    <message>
        <source>Reading profiler tables</source>
        <translation>正在读取 Profiler 表格</translation>
    </message>
    <message>
        <source>Merging ranks</source>
        <translation>正在合并各 rank</translation>
    </message>
    <message>
        <source>The table is empty.</source>
        <translation>该表为空。</translation>
    </message>
    <message>
        <source>This file is not a table; the Steps, Kernels, Communication and Memory views show what it holds.</source>
        <translation>该文件不是表格；其内容显示在“迭代”“算子”“通信”和“内存”视图中。</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>The text table has no header line.</source>
        <translation>该文本表格没有表头行。</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未掩盖）</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>被掩盖</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stage</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>Bubble</translation>
    </message>
    <message>
        <source>Communication (not overlapped, without receive)</source>
        <translation>通信（未掩盖，不含接收）</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Comm. not overlapped</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <source>Comm. not overlapped, no receive</source>
        <translation>未掩盖通信（不含接收）</translation>
    </message>
    <message>
        <source>step rows without readable phase times were skipped</source>
        <translation>已跳过无法读取阶段耗时的迭代行</translation>
    </message>
    <message>
        <source>rank rows whose Index is not a rank number were skipped</source>
        <translation>已跳过 Index 不是 rank 编号的 rank 行</translation>
    </message>
    <message>
        <source>The event array does not start within the first %1 bytes of the trace.</source>
        <translation>trace 的前 %1 字节内没有出现事件数组。</translation>
    </message>
    <message>
        <source>Events whose pid or tid is an object, an array, null or a boolean were put on a track with an empty (or true/false) id.</source>
        <translation>pid 或 tid 为对象、数组、null 或布尔值的事件已放到 id 为空（或为 true/false）的轨道上。</translation>
    </message>
    <message>
        <source>Names longer than %1 bytes were cut to that length.</source>
        <translation>超过 %1 字节的名称已截断到该长度。</translation>
    </message>
    <message>
        <source>The op family mapping is not valid JSON: %1.</source>
        <translation>算子族映射文件不是合法的 JSON：%1。</translation>
    </message>
    <message>
        <source>a JSON object of regular expression → family</source>
        <translation>一个“正则表达式 → 算子族”的 JSON 对象</translation>
    </message>
    <message>
        <source>The op family mapping must be one JSON object of regular expression → family.</source>
        <translation>算子族映射文件必须是一个“正则表达式 → 算子族”的 JSON 对象。</translation>
    </message>
    <message>
        <source>a JSON object</source>
        <translation>一个 JSON 对象</translation>
    </message>
    <message>
        <source>The family for &quot;%1&quot; must be a string.</source>
        <translation>&quot;%1&quot; 对应的算子族必须是字符串。</translation>
    </message>
    <message>
        <source>a family name in quotes</source>
        <translation>带引号的算子族名称</translation>
    </message>
    <message>
        <source>The family for &quot;%1&quot; is empty.</source>
        <translation>&quot;%1&quot; 对应的算子族为空。</translation>
    </message>
    <message>
        <source>a family name</source>
        <translation>算子族名称</translation>
    </message>
    <message>
        <source>a regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Format conversion (TransData, Cast, TransposeD)</source>
        <translation>格式转换（TransData、Cast、TransposeD）</translation>
    </message>
    <message>
        <source>Copy bottlenecks (ViewCopy, PTCopy, format_contiguous, D2DCopy)</source>
        <translation>拷贝瓶颈（ViewCopy、PTCopy、format_contiguous、D2DCopy）</translation>
    </message>
    <message>
        <source>Compute: AI CPU</source>
        <translation>计算：AI CPU</translation>
    </message>
    <message>
        <source>Compute: AI Vector</source>
        <translation>计算：AI Vector</translation>
    </message>
    <message>
        <source>Compute: AI Core</source>
        <translation>计算：AI Core</translation>
    </message>
    <message>
        <source>Compute: device kernels</source>
        <translation>计算：设备 kernel</translation>
    </message>
    <message>
        <source>Memory copies</source>
        <translation>内存拷贝</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>Host/framework (device idle)</source>
        <translation>主机/框架（设备空闲）</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n step(s); step %2 (counting from 0) is not one of them.</source>
        <translation>
            <numerusform>%1 有 %n 个 step；step %2（从 0 计数）不在其中。</numerusform>
        </translation>
    </message>
    <message>
        <source>Both sides of a comparison need a loaded trace.</source>
        <translation>比较的两侧都需要已加载的 trace。</translation>
    </message>
    <message>
        <source>Only one side splits device compute into AI Core, AI Vector and AI CPU: the categories compare them together as compute.</source>
        <translation>只有一侧将设备计算拆分为 AI Core、AI Vector 和 AI CPU：类别中将它们合并为“计算”进行比较。</translation>
    </message>
    <message>
        <source>A trace without step marks is compared as one step.</source>
        <translation>没有 step 标记的 trace 按一个 step 进行比较。</translation>
    </message>
    <message>
        <source>Comparing the traces</source>
        <translation>正在比较 trace</translation>
    </message>
    <message>
        <source>Classifying device tasks</source>
        <translation>正在对设备任务分类</translation>
    </message>
    <message>
        <source>Slices nested deeper than %1 levels were drawn in overflow lanes.</source>
        <translation>嵌套超过 %1 层的切片已绘制在溢出泳道中。</translation>
    </message>
    <message>
        <source>Slices that found all %1 lanes of their track in use were drawn overlapping in the last one.</source>
        <translation>所在轨道的 %1 条泳道全部被占用的切片已重叠绘制在最后一条泳道中。</translation>
    </message>
    <message>
        <source>The trace has no step marks (ProfilerStep#N, Iteration N): it is treated as one step.</source>
        <translation>该 trace 没有 step 标记（ProfilerStep#N、Iteration N）：整个 trace 视为一个 step。</translation>
    </message>
    <message>
        <source>Files in the folder that are not chrome traces were skipped.</source>
        <translation>已跳过文件夹中不是 chrome trace 的文件。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>Problem found</source>
        <translation>发现问题</translation>
    </message>
    <message>
        <source>No problem</source>
        <translation>无问题</translation>
    </message>
    <message>
        <source>Not applicable</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>The loss differs at the first common step (%1).</source>
        <translation>loss 在第一个共同步（%1）就已不同。</translation>
    </message>
    <message>
        <source>The first step&apos;s loss agrees.</source>
        <translation>第一步的 loss 一致。</translation>
    </message>
    <message>
        <source>The loss differs at step %1, the second common step.</source>
        <translation>loss 在第二个共同步（第 %1 步）不同。</translation>
    </message>
    <message>
        <source>The loss agrees until step %1.</source>
        <translation>loss 在第 %1 步之前一致。</translation>
    </message>
    <message>
        <source>The loss agrees within the tolerance.</source>
        <translation>loss 在容差内一致。</translation>
    </message>
    <message>
        <source>The loss becomes NaN/Inf (%1).</source>
        <translation>loss 变为 NaN/Inf（%1）。</translation>
    </message>
    <message>
        <source>The dumps&apos; NaN/Inf starts at %1.</source>
        <translation>dump 中的 NaN/Inf 始于 %1。</translation>
    </message>
    <message>
        <source>%1: %2 (%3, line %4)</source>
        <translation>%1：%2（%3，第 %4 行）</translation>
    </message>
    <message>
        <source>MindSpore, Guide to Locating Accuracy Problems: dump comparison</source>
        <translation>MindSpore《精度问题初步定位指南》：dump 对比</translation>
    </message>
    <message>
        <source> (run %1)</source>
        <translation>（运行 %1）</translation>
    </message>
    <message>
        <source>NaN/Inf first appears in %1%2, output of op %3 whose inputs are finite: the benchmark exceeds float16&apos;s range there (saturation).</source>
        <translation>NaN/Inf 最早出现在 %1%2，它是算子 %3 的输出，而该算子的输入均为有限值：标杆在此处超出了 float16 的范围（饱和）。</translation>
    </message>
    <message>
        <source>NaN/Inf first appears in %1%2, output of op %3 whose inputs are finite: that op overflows.</source>
        <translation>NaN/Inf 最早出现在 %1%2，它是算子 %3 的输出，而该算子的输入均为有限值：该算子发生溢出。</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The first divergent tensor is %1%2 (op %3, cosine %4), and every input of its op passes: the divergence starts in this op.</source>
        <translation>第一个出现偏差的张量是 %1%2（算子 %3，余弦相似度 %4），其算子的输入全部通过：偏差始于该算子。</translation>
    </message>
    <message>
        <source>The first divergent tensor is %1%2 (op %3, cosine %4); an input of its op already differs.</source>
        <translation>第一个出现偏差的张量是 %1%2（算子 %3，余弦相似度 %4）；其算子的某个输入已经不一致。</translation>
    </message>
    <message>
        <source>Reproduce op %1 alone with the dumped inputs on both sides (msprobe run_ut or a single-op script); check its dtype, precision mode and the API&apos;s NPU implementation.</source>
        <translation>用两侧 dump 的输入单独复现算子 %1（msprobe run_ut 或单算子脚本）；检查其 dtype、精度模式以及该 API 在 NPU 上的实现。</translation>
    </message>
    <message>
        <source>Follow the inputs of op %1 backwards to the earliest differing tensor; it may not be in this dump (dump more ops or the module above).</source>
        <translation>沿算子 %1 的输入向前追溯到最早不一致的张量；它可能不在本次 dump 中（dump 更多算子或其上层模块）。</translation>
    </message>
    <message>
        <source>Nothing to do for these dumps; if the loss still differs, dump a later step or the backward pass.</source>
        <translation>这些 dump 无需处理；若 loss 仍有差异，请 dump 更靠后的步或反向过程。</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>an entry has no &quot;id&quot;</source>
        <translation>某条目没有 &quot;id&quot;</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot;: the regex does not compile (%2)</source>
        <translation>条目 &quot;%1&quot;：正则表达式无法编译（%2）</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; has no &quot;patterns&quot;</source>
        <translation>条目 &quot;%1&quot; 没有 &quot;patterns&quot;</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot;: severity must be error, warning, harmless or setting</source>
        <translation>条目 &quot;%1&quot;：severity 必须是 error、warning、harmless 或 setting</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; needs a title, a cause and a fix</source>
        <translation>条目 &quot;%1&quot; 需要 title、cause 与 fix</translation>
    </message>
    <message>
        <source>Cannot read the file.</source>
        <translation>无法读取该文件。</translation>
    </message>
    <message>
        <source>A knowledge base larger than 16 MiB is not a list of known errors.</source>
        <translation>超过 16 MiB 的知识库不是已知错误列表。</translation>
    </message>
    <message>
        <source>The knowledge base is not valid JSON: %1.</source>
        <translation>知识库不是有效的 JSON：%1。</translation>
    </message>
    <message>
        <source>a JSON object with &quot;entries&quot;</source>
        <translation>含 &quot;entries&quot; 的 JSON 对象</translation>
    </message>
    <message>
        <source>The knowledge base has no &quot;entries&quot; list.</source>
        <translation>知识库没有 &quot;entries&quot; 列表。</translation>
    </message>
    <message>
        <source>A knowledge-base entry was skipped: %1.</source>
        <translation>已跳过一条知识库条目：%1。</translation>
    </message>
    <message>
        <source>The knowledge base was not read: %1</source>
        <translation>未读取该知识库：%1</translation>
    </message>
    <message>
        <source>Looking for known errors</source>
        <translation>正在查找已知错误</translation>
    </message>
    <message>
        <source>This log was not searched for known errors: %1</source>
        <translation>未在此日志中查找已知错误：%1</translation>
    </message>
    <message>
        <source>%1 (%2 line(s)): the guide calls it harmless. %3</source>
        <translation>%1（%2 行）：指南说明此信息无害。%3</translation>
    </message>
    <message>
        <source>%1 (%2 line(s)): %3</source>
        <translation>%1（%2 行）：%3</translation>
    </message>
    <message>
        <source>MindSpore, Guide to Locating Accuracy Problems: loss curve comparison</source>
        <translation>MindSpore《精度问题初步定位指南》：loss 曲线对比</translation>
    </message>
    <message>
        <source>The loss of %1 becomes NaN/Inf at step %2: an overflow.</source>
        <translation>%1 在第 %2 步变为 NaN/Inf：发生溢出。</translation>
    </message>
    <message>
        <source>Dump step %1 with overflow detection and find the NaN origin (the first op whose inputs are finite and output is not); check float16 saturation there, enable or tune loss scaling, or run that op in float32.</source>
        <translation>开启溢出检测 dump 第 %1 步，找到 NaN 源头（输入为有限值而输出不是的第一个算子）；检查该处的 float16 饱和，开启或调整 loss scaling，或将该算子改用 float32。</translation>
    </message>
    <message>
        <source>The loss already differs at the first common step (%1): the forward pass differs, or randomness is not fixed.</source>
        <translation>loss 在第一个共同步（%1）就已不同：前向计算不一致，或随机性未固定。</translation>
    </message>
    <message>
        <source>Fix the seeds, inputs, shuffling and dropout on both sides, dump step %1 on both and open the dumps: the first divergent layer is the cause.</source>
        <translation>固定两侧的随机种子、输入、打乱与 dropout，在两侧 dump 第 %1 步并打开 dump：第一个出现偏差的层就是原因。</translation>
    </message>
    <message>
        <source>The first step agrees and step %1 differs: the backward pass or the first weight update differs.</source>
        <translation>第一步一致而第 %1 步不同：反向计算或第一次权重更新不一致。</translation>
    </message>
    <message>
        <source>Compare the gradients and the updated weights after the first step (checkpoints of both runs), then the optimizer and its hyper-parameters.</source>
        <translation>对比第一步之后的梯度与更新后的权重（两次运行的 checkpoint），再检查优化器及其超参数。</translation>
    </message>
    <message>
        <source>The curves agree until step %1 and fork there: the backward pass, the optimizer or the data of that step differs, not the forward pass.</source>
        <translation>曲线在第 %1 步之前一致并在此处分叉：不一致的是反向计算、优化器或该步的数据，而不是前向计算。</translation>
    </message>
    <message>
        <source>Compare the checkpoints (weights and optimizer state) saved at step %1 on both sides; resume both from the one before the fork and dump that step to find the first divergent tensor.</source>
        <translation>对比两侧在第 %1 步保存的 checkpoint（权重与优化器状态）；从分叉前的 checkpoint 恢复两侧训练并 dump 该步，找到第一个出现偏差的张量。</translation>
    </message>
    <message>
        <source>Collect overflow dumps of the steps where the scale drops and find the ops that overflow.</source>
        <translation>采集 loss scale 下降那些步的溢出 dump，找出溢出的算子。</translation>
    </message>
    <message>
        <source>Some steps exceed the tolerance (first at step %1) but never %2 in a row: no divergence.</source>
        <translation>部分步超出容差（首次在第 %1 步），但从未连续 %2 步：不构成分叉。</translation>
    </message>
    <message>
        <source>Look at those steps only if the final accuracy differs; a smaller k makes them a divergence.</source>
        <translation>仅当最终精度不同时才需查看这些步；减小 k 会将其判为分叉。</translation>
    </message>
    <message>
        <source>The two loss logs have no step in common, so they were not compared.</source>
        <translation>两份 loss 日志没有共同的步，因此未进行比较。</translation>
    </message>
    <message>
        <source>Check the step offsets (a resumed run) and the logging intervals.</source>
        <translation>检查步数偏移（断点续训）与日志打印间隔。</translation>
    </message>
    <message>
        <source>The curves agree within the tolerance on all %1 common steps.</source>
        <translation>在全部 %1 个共同步上，曲线在容差内一致。</translation>
    </message>
    <message>
        <source>The curves agree on all %1 common steps: %2</source>
        <translation>在全部 %1 个共同步上曲线一致：%2</translation>
    </message>
    <message>
        <source>Nothing to do for the loss. If accuracy still differs, check the benchmark itself and the evaluation.</source>
        <translation>loss 无需处理。若精度仍有差异，请检查标杆本身与评估过程。</translation>
    </message>
    <message>
        <source>larger than 16 MiB</source>
        <translation>大于 16 MiB</translation>
    </message>
    <message>
        <source>not valid JSON (%1, byte %2)</source>
        <translation>不是有效的 JSON（%1，第 %2 字节）</translation>
    </message>
    <message>
        <source>no &quot;apis&quot; object</source>
        <translation>没有 &quot;apis&quot; 对象</translation>
    </message>
    <message>
        <source>mapping table</source>
        <translation>映射表</translation>
    </message>
    <message>
        <source>derived from the name</source>
        <translation>由名称推导</translation>
    </message>
    <message>
        <source>The op-name mapping file was not read: %1.</source>
        <translation>未读取算子名映射文件：%1。</translation>
    </message>
    <message>
        <source>PyTorch Network Model Porting and Training Guide: performance tuning</source>
        <translation>《PyTorch网络模型移植&amp;训练指南》：性能调优</translation>
    </message>
    <message>
        <source>the signature</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>%1 was compiled again after the first step: %2 new signature(s), %3 varies.</source>
        <translation>%1 在第一步之后再次编译：新增 %2 个签名，%3 发生变化。</translation>
    </message>
    <message>
        <source>%1 runs on the AI CPU instead of the AI Core (%2 time(s)).</source>
        <translation>%1 在 AI CPU 而非 AI Core 上运行（%2 次）。</translation>
    </message>
    <message>
        <source>Change the input dtype or shape to one the AI Core kernel of %1 supports, or replace the call with an equivalent supported op.</source>
        <translation>将输入的 dtype 或 shape 改为 %1 的 AI Core 算子支持的类型，或改用等价的已支持算子。</translation>
    </message>
    <message>
        <source>TransData and Cast make up %1% of the compiled ops.</source>
        <translation>TransData 与 Cast 占已编译算子的 %1%。</translation>
    </message>
    <message>
        <source>Look at the most frequent conversion; keep tensors in one format and dtype across neighbouring ops (e.g. avoid float32 islands in float16 code).</source>
        <translation>查看最频繁的转换；让相邻算子间的张量保持同一格式与 dtype（例如避免 float16 代码中夹杂 float32 片段）。</translation>
    </message>
    <message>
        <source>The recovery file %1 could not be written: %2</source>
        <translation>无法写入恢复文件 %1：%2</translation>
    </message>
    <message>
        <source>PyTorch Network Model Porting and Training Guide: performance analysis</source>
        <translation>《PyTorch网络模型移植&amp;训练指南》：性能分析</translation>
    </message>
    <message>
        <source>The step of the run under test (%1 ms) is not slower than the benchmark&apos;s (%2 ms) by %3% or more.</source>
        <translation>待测运行的单步耗时（%1 ms）比标杆（%2 ms）慢不到 %3%。</translation>
    </message>
    <message>
        <source>Nothing to do for speed.</source>
        <translation>性能方面无需处理。</translation>
    </message>
    <message>
        <source>A step takes %1 ms against the benchmark&apos;s %2 ms (%3×); of the gap, computing is %4%, communication not overlapped %5%, device idle %6%.</source>
        <translation>单步耗时 %1 ms，标杆为 %2 ms（%3 倍）；差距中计算占 %4%，未被掩盖的通信占 %5%，设备空闲占 %6%。</translation>
    </message>
    <message>
        <source>Computing dominates: start with the slower ops listed below, then check op-info for recompiles, AI CPU ops and TransData/Cast.</source>
        <translation>计算占主导：从下面列出的变慢算子入手，再在算子信息中检查重编译、AI CPU 算子与 TransData/Cast。</translation>
    </message>
    <message>
        <source>Communication dominates: compare the collectives&apos; sizes and bandwidth per rank and look for a slow rank or link.</source>
        <translation>通信占主导：按 rank 对比集合通信的数据量与带宽，查找慢 rank 或慢链路。</translation>
    </message>
    <message>
        <source>Device idle time dominates: the device waits for the host (launch overhead, synchronisations, data loading).</source>
        <translation>设备空闲占主导：设备在等待主机（下发开销、同步、数据加载）。</translation>
    </message>
    <message>
        <source>The device idles %1 ms per step against the benchmark&apos;s %2 ms: %3% of the gap is time the device waits.</source>
        <translation>设备每步空闲 %1 ms，标杆为 %2 ms：差距中 %3% 是设备等待的时间。</translation>
    </message>
    <message>
        <source>Find what the host does during the idle gaps in the timeline: synchronisations (.item(), prints), data loading, slow op launches; enable the task queue or graph mode.</source>
        <translation>在时间线中查看空闲间隙里主机在做什么：同步（.item()、打印）、数据加载、算子下发缓慢；开启任务队列或图模式。</translation>
    </message>
    <message>
        <source>%1 takes %2 ms per step against %3 ms (%4×): %5% of the gap.</source>
        <translation>%1 每步耗时 %2 ms，标杆为 %3 ms（%4 倍）：占差距的 %5%。</translation>
    </message>
    <message>
        <source>Open its slices in both timelines and compare shapes, dtypes and formats (op-info); check for an AI CPU kernel or extra TransData, and profile the op alone.</source>
        <translation>在两条时间线中打开它的切片，对比 shape、dtype 与格式（算子信息）；检查是否为 AI CPU 算子或多出 TransData，并单独对该算子做性能分析。</translation>
    </message>
    <message>
        <source>AI CPU tasks take %1 ms per step, %2% of the computing time.</source>
        <translation>AI CPU 任务每步耗时 %1 ms，占计算时间的 %2%。</translation>
    </message>
    <message>
        <source>Find the AI CPU ops in op-info and change their dtype or shape so they run on the AI Core.</source>
        <translation>在算子信息中找到 AI CPU 算子，修改其 dtype 或 shape 使其在 AI Core 上运行。</translation>
    </message>
    <message>
        <source>This input is of no kind the findings use; it was left out.</source>
        <translation>此输入不属于诊断所用的任何类型，已略过。</translation>
    </message>
    <message>
        <source>The investigation has no input.</source>
        <translation>此排查没有任何输入。</translation>
    </message>
    <message>
        <source>Drawing findings from the evidence</source>
        <translation>正在根据证据得出诊断</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>tensor %1 (op %2)</source>
        <translation>张量 %1（算子 %2）</translation>
    </message>
    <message>
        <source>op type %1</source>
        <translation>算子类型 %1</translation>
    </message>
    <message>
        <source>op %1</source>
        <translation>算子 %1</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Twinscope investigation</source>
        <translation>Twinscope 问题排查</translation>
    </message>
    <message>
        <source>Written by Twinscope on %1.</source>
        <translation>由 Twinscope 于 %1 生成。</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>%1 finding(s) that need attention, %2 statement(s) that nothing is wrong.</source>
        <translation>%1 条需要关注的诊断，%2 条无问题的说明。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Next action</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Precision checklist</source>
        <translation>精度检查单</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>From the evidence: %1</source>
        <translation>来自证据：%1</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Under test</source>
        <translation>待测</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>An input without a path was skipped.</source>
        <translation>已跳过一个没有路径的输入。</translation>
    </message>
    <message>
        <source>An input&apos;s role is unknown; it opens as &quot;other&quot;.</source>
        <translation>某个输入的角色未知；按“其他”打开。</translation>
    </message>
    <message>
        <source>A workspace file larger than 64 MiB is not one Twinscope wrote.</source>
        <translation>大于 64 MiB 的工作区文件不是 Twinscope 写出的。</translation>
    </message>
    <message>
        <source>The workspace is not valid JSON: %1.</source>
        <translation>工作区不是有效的 JSON：%1。</translation>
    </message>
    <message>
        <source>The workspace is not a JSON object.</source>
        <translation>工作区不是 JSON 对象。</translation>
    </message>
    <message>
        <source>a Twinscope workspace (JSON)</source>
        <translation>Twinscope 工作区（JSON）</translation>
    </message>
    <message>
        <source>This JSON file is not a Twinscope workspace.</source>
        <translation>此 JSON 文件不是 Twinscope 工作区。</translation>
    </message>
    <message>
        <source>The workspace was written by a newer Twinscope (schema %1; this version reads %2).</source>
        <translation>该工作区由更新版本的 Twinscope 写出（schema %1；本版本可读 %2）。</translation>
    </message>
    <message>
        <source>This file is one of the workspace&apos;s inputs; choose another name for the workspace.</source>
        <translation>此文件是工作区的输入之一；请为工作区另选文件名。</translation>
    </message>
    <message>
        <source>This file exists and is not a Twinscope workspace; it is not overwritten.</source>
        <translation>此文件已存在且不是 Twinscope 工作区；不会覆盖它。</translation>
    </message>
    <message>
        <source>Cannot write the file: %1.</source>
        <translation>无法写入文件：%1。</translation>
    </message>
    <message>
        <source>MindSpore, Guide to Locating Accuracy Problems: checkpoint comparison</source>
        <translation>MindSpore《精度问题初步定位指南》：checkpoint 对比</translation>
    </message>
    <message>
        <source>The first parameter whose update diverges is %1 ↔ %2 (mapped by rule %3, cosine %4).</source>
        <translation>更新量首个出现差异的参数是 %1 ↔ %2（按规则 %3 映射，余弦 %4）。</translation>
    </message>
    <message>
        <source>The first divergent parameter is %1 ↔ %2 (mapped by rule %3, cosine %4).</source>
        <translation>首个出现差异的参数是 %1 ↔ %2（按规则 %3 映射，余弦 %4）。</translation>
    </message>
    <message>
        <source>The weights already differ: compare the step before, or the update (after − before).</source>
        <translation>权重已经不同：对比前一个 step，或对比更新量（之后 − 之前）。</translation>
    </message>
    <message>
        <source>%1%2 (op %3) holds ±65504, float16&apos;s largest value: it saturates, the first of %4 saturated tensors.</source>
        <translation>%1%2（算子 %3）含有 ±65504，即 float16 的最大值：发生饱和，是 %4 个饱和张量中的第一个。</translation>
    </message>
    <message>
        <source>Scale the loss (dynamic loss scaling) or compute this op in fp32.</source>
        <translation>对 loss 做缩放（动态 loss scaling），或用 fp32 计算该算子。</translation>
    </message>
    <message>
        <source>msprof-analyze, cluster analysis: slow rank and slow link</source>
        <translation>msprof-analyze 集群分析：慢卡与慢链路</translation>
    </message>
    <message>
        <source>Rank %1 is slow in %2: %3 us against the ranks&apos; median of %4 us, %5 % of a step more.</source>
        <translation>rank %1 在%2上偏慢：%3 us，所有 rank 的中位数为 %4 us，多出一个迭代的 %5 %。</translation>
    </message>
    <message>
        <source>Open that rank&apos;s timeline: Free time points at host/data-loading waits, Computing at slower kernels or a different shape.</source>
        <translation>打开该 rank 的时间线：空闲时间偏多指向 host 侧或数据加载等待，计算时间偏多指向更慢的算子或不同的 shape。</translation>
    </message>
    <message>
        <source>rank %1 %2</source>
        <translation>rank %1 %2</translation>
    </message>
    <message>
        <source>The link %1 moves %2 GB/s, under %3 % of its type&apos;s median of %4 GB/s.</source>
        <translation>链路 %1 的带宽为 %2 GB/s，低于同类链路中位数 %4 GB/s 的 %3 %。</translation>
    </message>
    <message>
        <source>Check that link&apos;s hardware and topology (HCCS/RDMA port, NIC, switch) and whether its collectives wait on a slow rank first.</source>
        <translation>检查该链路的硬件与拓扑（HCCS/RDMA 端口、网卡、交换机），以及其集合通信是否先在等待某个慢卡。</translation>
    </message>
    <message>
        <source>%1 (family %2)</source>
        <translation>%1（%2 族）</translation>
    </message>
    <message>
        <source>%1 takes %2 ms per step and has no counterpart in the benchmark: %3% of the gap.</source>
        <translation>%1 每步耗时 %2 ms，标杆中没有对应算子：占差距的 %3%。</translation>
    </message>
    <message>
        <source>%1 %2 µs (%3%)</source>
        <translation>%1 %2 µs（%3%）</translation>
    </message>
    <message>
        <source>A step takes %1 ms against the benchmark&apos;s %2 ms (%3×); the gap by category: %4.</source>
        <translation>单步耗时 %1 ms，标杆为 %2 ms（%3 倍）；差距按类别：%4。</translation>
    </message>
    <message>
        <source>the checkpoint holds more than %1 entries, more than Twinscope compares by default; raise the cap with --max-entries</source>
        <translation>检查点包含超过 %1 个条目，超出 Twinscope 默认比较的上限；可用 --max-entries 提高上限</translation>
    </message>
    <message>
        <source>at most %1 entries</source>
        <translation>最多 %1 个条目</translation>
    </message>
    <message>
        <source>the checkpoint holds more than %1 parameters, more than Twinscope compares by default; raise the cap with --max-entries</source>
        <translation>检查点包含超过 %1 个参数，超出 Twinscope 默认比较的上限；可用 --max-entries 提高上限</translation>
    </message>
    <message>
        <source>at most %1 parameters</source>
        <translation>最多 %1 个参数</translation>
    </message>
    <message>
        <source>the checkpoint holds more than %1 slices, more than Twinscope reads; raise the cap with --max-entries</source>
        <translation>检查点包含超过 %1 个切片，超出 Twinscope 的读取上限；可用 --max-entries 提高上限</translation>
    </message>
    <message>
        <source>the safetensors header lists more than %1 tensors, more than Twinscope compares by default; raise the cap with --max-entries</source>
        <translation>safetensors 头部列出了超过 %1 个张量，超出 Twinscope 默认比较的上限；可用 --max-entries 提高上限</translation>
    </message>
    <message>
        <source>at most %1 tensors</source>
        <translation>最多 %1 个张量</translation>
    </message>
    <message>
        <source>A container appears under more than one name (a shared object in the pickle); its tensors are listed under the first name only.</source>
        <translation>有容器以多个名称出现（pickle 中的共享对象）；其张量只列在第一个名称下。</translation>
    </message>
    <message>
        <source>the pattern repeats a group that itself holds a repetition (%1), which can take exponential time on a line that almost matches; write the repetition once, e.g. &quot;(\d+\.)+&quot; as &quot;[\d.]+&quot;</source>
        <translation>该模式重复了一个本身含有重复的分组（%1），在几乎匹配的行上可能耗费指数级时间；请只写一层重复，例如将 &quot;(\d+\.)+&quot; 写成 &quot;[\d.]+&quot;</translation>
    </message>
    <message>
        <source>the pattern repeats alternatives that can match the same text (%1), which can take exponential time on a line that almost matches; make the alternatives start with different characters or use a character class</source>
        <translation>该模式重复了可匹配相同文本的多个分支（%1），在几乎匹配的行上可能耗费指数级时间；请让各分支以不同字符开头，或改用字符类</translation>
    </message>
    <message>
        <source>%1 (at character %2)</source>
        <translation>%1（在第 %2 个字符处）</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is not available</source>
        <translation>Qt 的 SQLite 驱动（QSQLITE）不可用</translation>
    </message>
    <message>
        <source>Cells longer than %1 bytes were cut there.</source>
        <translation>超过 %1 字节的单元格已在该处截断。</translation>
    </message>
    <message>
        <source>Rows hold cells past the header&apos;s columns; they were left out.</source>
        <translation>有些行的单元格超出了表头的列数；这些单元格已略去。</translation>
    </message>
    <message>
        <source>the table&apos;s header has %1 columns, more than the %2 Twinscope reads (a compare result has about 30)</source>
        <translation>表头有 %1 列，超过 Twinscope 可读取的 %2 列（比对结果约有 30 列）</translation>
    </message>
    <message>
        <source>elements differ beyond allclose</source>
        <translation>有元素的差异超出 allclose 容差</translation>
    </message>
    <message>
        <source>Need double check api accuracy. Only the Mean moved, by less than the rounding of the run&apos;s precision: not a divergence</source>
        <translation>需要复核该 API 的精度。只有 Mean 发生变化，且变化小于该运行精度的舍入误差：不是偏差</translation>
    </message>
    <message>
        <source>%1 % of elements within allclose (rtol %2, atol %3)</source>
        <translation>%1 % 的元素在 allclose 容差内（rtol %2，atol %3）</translation>
    </message>
    <message>
        <source>every element %1 % %2: a scale (×%3, cosine 1)</source>
        <translation>每个元素都%2 %1 %：整体缩放（×%3，余弦 1）</translation>
    </message>
    <message>
        <source>larger</source>
        <translation>偏大</translation>
    </message>
    <message>
        <source>smaller</source>
        <translation>偏小</translation>
    </message>
    <message>
        <source>max relative error %1 %</source>
        <translation>最大相对误差 %1 %</translation>
    </message>
    <message>
        <source>The pattern cannot be used: %1.</source>
        <translation>该模式无法使用：%1。</translation>
    </message>
    <message>
        <source>The pattern needed more than %1 steps on a line and was stopped there; simplify it (fewer nested or adjacent repetitions).</source>
        <translation>该模式在某一行上需要超过 %1 步，已在该处停止；请简化模式（减少嵌套或相邻的重复）。</translation>
    </message>
    <message>
        <source>The pattern ran out of steps on %1 lines; the lines after this one were not matched.</source>
        <translation>该模式在 %1 行上耗尽了步数上限；此行之后的行未进行匹配。</translation>
    </message>
    <message>
        <source>A line is longer than %1 characters; the pattern was matched against its start only.</source>
        <translation>有一行超过 %1 个字符；模式只匹配了其开头部分。</translation>
    </message>
    <message>
        <source>kernels without an op type (Type N/A: profiler level 0 records no op types) are grouped by kernel name</source>
        <translation>没有算子类型的 kernel（Type N/A：profiler level 0 不记录算子类型）按 kernel 名称分组</translation>
    </message>
    <message>
        <source>compute tasks without readable start and end times were skipped</source>
        <translation>已跳过无法读取起止时间的计算任务</translation>
    </message>
    <message>
        <source>kernels without an op type (profiler level 0) are grouped by name</source>
        <translation>没有算子类型的 kernel（profiler level 0）按名称分组</translation>
    </message>
    <message>
        <source>overlap analysis rows with unreadable times or an unknown type were skipped</source>
        <translation>已跳过时间无法读取或类型未知的重叠分析（overlap analysis）行</translation>
    </message>
    <message>
        <source>This SQLite database is not a torch_npu or CANN profiler database (no STRING_IDS with TASK, COMPUTE_TASK_INFO, PYTORCH_API or CANN_API).</source>
        <translation>该 SQLite 数据库不是 torch_npu 或 CANN 的 Profiler 数据库（缺少 STRING_IDS 以及 TASK、COMPUTE_TASK_INFO、PYTORCH_API 或 CANN_API 表）。</translation>
    </message>
    <message>
        <source>steps and communication are taken from msprof-analyze&apos;s analysis.db beside the database</source>
        <translation>step 与通信数据取自数据库旁边的 msprof-analyze analysis.db</translation>
    </message>
    <message>
        <source>a %1 file (%2), not a profiler table</source>
        <translation>是 %1 文件（%2），不是 Profiler 表</translation>
    </message>
    <message>
        <source>not a table Twinscope reads</source>
        <translation>不是 Twinscope 可读取的表</translation>
    </message>
    <message>
        <source>not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>data.pkl inflates from %1 to %2 bytes, more than %3-fold: refused as a likely zip bomb (torch.save stores it uncompressed)</source>
        <translation>data.pkl 从 %1 字节解压为 %2 字节，超过 %3 倍：疑似 zip 炸弹，已拒绝（torch.save 以不压缩方式存储它）</translation>
    </message>
    <message>
        <source>the pickle&apos;s values need more than %1 MiB (%2 values so far), more than Twinscope reads; a small pickle that asks for this much multiplies memo references (a &quot;pickle bomb&quot;)</source>
        <translation>pickle 的值需要超过 %1 MiB（目前已有 %2 个值），超出 Twinscope 的读取上限；小小的 pickle 需要这么多内存，说明它在成倍复用 memo 引用（“pickle 炸弹”）</translation>
    </message>
    <message>
        <source>rows without readable start and end times were skipped</source>
        <translation>已跳过无法读取起止时间的行</translation>
    </message>
    <message>
        <source>Reading strings</source>
        <translation>正在读取字符串</translation>
    </message>
    <message>
        <source>Reading connections</source>
        <translation>正在读取连接关系</translation>
    </message>
    <message>
        <source>Reading PyTorch API</source>
        <translation>正在读取 PyTorch API</translation>
    </message>
    <message>
        <source>Reading CANN API</source>
        <translation>正在读取 CANN API</translation>
    </message>
    <message>
        <source>Reading NPU tasks</source>
        <translation>正在读取 NPU 任务</translation>
    </message>
    <message>
        <source>Reading communication</source>
        <translation>正在读取通信</translation>
    </message>
    <message>
        <source>Reading overlap analysis</source>
        <translation>正在读取重叠分析</translation>
    </message>
    <message>
        <source>Reading memory</source>
        <translation>正在读取内存</translation>
    </message>
    <message>
        <source>Linking flows</source>
        <translation>正在关联流</translation>
    </message>
    <message>
        <source>names that point to no STRING_IDS row were left empty</source>
        <translation>未指向任何 STRING_IDS 行的名称已留空</translation>
    </message>
    <message>
        <source>This SQLite database is not a torch_npu or CANN profiler database.</source>
        <translation>该 SQLite 数据库不是 torch_npu 或 CANN 的 Profiler 数据库。</translation>
    </message>
    <message>
        <source>NVTX ranges without an end (still open when the capture stopped) were skipped</source>
        <translation>已跳过没有结束的 NVTX 范围（采集停止时仍未结束）</translation>
    </message>
    <message>
        <source>names that point to no StringIds row were left empty</source>
        <translation>未指向任何 StringIds 行的名称已留空</translation>
    </message>
    <message>
        <source>This SQLite database is not an Nsight Systems export.</source>
        <translation>该 SQLite 数据库不是 Nsight Systems 导出文件。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a usable regular expression: %2.</source>
        <translation>“%1”不是可用的正则表达式：%2。</translation>
    </message>
    <message>
        <source>no complete step</source>
        <translation>没有完整的 step</translation>
    </message>
    <message>
        <source>the whole trace (no step marks)</source>
        <translation>整个 trace（没有 step 标记）</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 (%n steps)</source>
        <translation>
            <numerusform>%1 – %2（%n 个 step）</numerusform>
        </translation>
    </message>
    <message>
        <source>warm-up %1</source>
        <translation>预热 %1</translation>
    </message>
    <message>
        <source>unfinished %1</source>
        <translation>未完成 %1</translation>
    </message>
    <message>
        <source>; excluded: %1</source>
        <translation>；已排除：%1</translation>
    </message>
    <message>
        <source>This SQLite database holds no timeline (no profiler task tables and no Nsight Systems activity tables).</source>
        <translation>该 SQLite 数据库不含时间线（既没有 Profiler 任务表，也没有 Nsight Systems 活动表）。</translation>
    </message>
    <message>
        <source>NaN/Inf first appears in %1%2, output of op %3 whose tensor inputs are finite; a non-tensor argument of that call differs from the benchmark: %4.</source>
        <translation>NaN/Inf 最早出现在 %1%2，它是算子 %3 的输出，该算子的张量输入均为有限值；该调用的一个非张量参数与标杆不同：%4。</translation>
    </message>
    <message>
        <source>Find where the code computes %1 for op %2 (the call stack in the dump view): the value differs from the benchmark&apos;s before the op runs.</source>
        <translation>找到代码中为算子 %2 计算 %1 的位置（见转储视图中的调用栈）：该值在算子运行之前就已与标杆不同。</translation>
    </message>
    <message>
        <source>Check op %1 for overflow in %2: look at its inputs&apos; ranges, run it in float32 (or keep it out of the %2 list), and check the loss scale.</source>
        <translation>检查算子 %1 在 %2 下的溢出：查看其输入的取值范围，改用 float32 计算（或将其移出 %2 列表），并检查 loss scale。</translation>
    </message>
    <message>
        <source>Op %1 overflows in %2 with finite inputs: check its inputs&apos; ranges and the values it divides by or exponentiates (a zero divisor, a large exponent).</source>
        <translation>算子 %1 在 %2 下溢出，而其输入均为有限值：请检查其输入的取值范围，以及它用作除数或做指数运算的值（除数为零、指数过大）。</translation>
    </message>
    <message>
        <source>its dtype</source>
        <translation>其 dtype</translation>
    </message>
    <message>
        <source>No tensor of the %1 compared pairs diverges.</source>
        <translation>比较的 %1 对张量均无偏差。</translation>
    </message>
    <message>
        <source>No tensor of the %1 compared pairs diverges (runs %2).</source>
        <translation>比较的 %1 对张量均无偏差（运行 %2）。</translation>
    </message>
    <message>
        <source>it does not exist</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>it is not a regular file or folder</source>
        <translation>不是普通文件或文件夹</translation>
    </message>
    <message>
        <source>it cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>内容为空</translation>
    </message>
    <message>
        <source>it is in no format Twinscope reads</source>
        <translation>不是 Twinscope 可读取的格式</translation>
    </message>
    <message>
        <source>it is malformed</source>
        <translation>格式错误</translation>
    </message>
    <message>
        <source>it is cut off</source>
        <translation>内容被截断</translation>
    </message>
    <message>
        <source>it uses something Twinscope does not support</source>
        <translation>用到了 Twinscope 不支持的功能</translation>
    </message>
    <message>
        <source>it is too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>reading it ran out of memory</source>
        <translation>读取时内存不足</translation>
    </message>
    <message>
        <source>reading it failed (an internal error)</source>
        <translation>读取失败（内部错误）</translation>
    </message>
    <message>
        <source>it changed while it was read</source>
        <translation>读取过程中发生了变化</translation>
    </message>
    <message>
        <source>This input was left out of the findings: %1 (%2); open it on its own for details.</source>
        <translation>此输入未参与诊断：%1（%2）；请单独打开它查看详情。</translation>
    </message>
    <message>
        <source>a device, pipe or system file</source>
        <translation>设备、管道或系统文件</translation>
    </message>
    <message>
        <source>outside the workspace&apos;s folder</source>
        <translation>位于工作区文件夹之外</translation>
    </message>
    <message>
        <source>Communication not hidden by compute is %1 % of the step.</source>
        <translation>未被计算掩盖的通信占迭代时间的 %1 %。</translation>
    </message>
    <message>
        <source>Free time (the device waits for the host) is %1 % of the step.</source>
        <translation>空闲时间（设备等待 host）占迭代时间的 %1 %。</translation>
    </message>
    <message>
        <source>Computing is %1 % of the step.</source>
        <translation>计算占迭代时间的 %1 %。</translation>
    </message>
    <message>
        <source>rank %1 is given twice (%2 and %3, e.g. a run&apos;s text and database exports): %2 is used, %3 is left out</source>
        <translation>rank %1 出现了两次（%2 与 %3，例如同一次运行的文本导出与数据库导出）：使用 %2，忽略 %3</translation>
    </message>
    <message>
        <source>reading the pickle was canceled</source>
        <translation>读取 pickle 已取消</translation>
    </message>
    <message>
        <source>SQLite could not open the file</source>
        <translation>SQLite 无法打开该文件</translation>
    </message>
    <message>
        <source>the table could not be read to its end (%1); the rows before were kept</source>
        <translation>该表未能读到末尾（%1）；之前的行已保留</translation>
    </message>
    <message>
        <source>Model tree</source>
        <translation>模型树</translation>
    </message>
    <message>
        <source>Training monitor</source>
        <translation>训练监控</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>virtual table</source>
        <translation>虚拟表</translation>
    </message>
    <message>
        <source>%1 in this database is a %2, not a table the profiler writes; Twinscope does not read it (a view or virtual table runs the file author&apos;s code and can be made never to end).</source>
        <translation>此数据库中的 %1 是一个%2，而不是性能采集工具写入的表；Twinscope 不读取它（视图或虚拟表会运行文件作者的代码，且可以被构造成永不结束）。</translation>
    </message>
    <message>
        <source>%1 as a table</source>
        <translation>作为表的 %1</translation>
    </message>
    <message>
        <source>The query on %1 ran past %2 s without a result row; the database is built so that reading it never ends (a join that multiplies rows, a lookup without an index).</source>
        <translation>对 %1 的查询超过 %2 秒仍没有结果行；该数据库的构造使读取永不结束（行数倍增的连接、没有索引的查找）。</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1，第 %2 行：%3</translation>
    </message>
    <message>
        <source>tabs are not allowed for indentation in YAML</source>
        <translation>YAML 中不允许用制表符缩进</translation>
    </message>
    <message>
        <source>expected &quot;Type:&quot; or &quot;name: bench name&quot; (lists and flow mappings are not part of a layer-mapping file)</source>
        <translation>应为 &quot;Type:&quot; 或 &quot;name: bench name&quot;（列表和流式映射不属于层映射文件）</translation>
    </message>
    <message>
        <source>expected &quot;key: value&quot;</source>
        <translation>应为 &quot;key: value&quot;</translation>
    </message>
    <message>
        <source>a module type name (&quot;%1:&quot;) takes indented rules</source>
        <translation>模块类型名（&quot;%1:&quot;）后面应为缩进的规则</translation>
    </message>
    <message>
        <source>a rule before any module type name</source>
        <translation>规则出现在任何模块类型名之前</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no bench name (deeper nesting is not part of a layer-mapping file)</source>
        <translation>&quot;%1&quot; 没有标杆名称（更深的嵌套不属于层映射文件）</translation>
    </message>
    <message>
        <source>not matched</source>
        <translation>未匹配</translation>
    </message>
    <message>
        <source>1: every md5 equal</source>
        <translation>1：所有 md5 相同</translation>
    </message>
    <message>
        <source>0: an md5 differs</source>
        <translation>0：有 md5 不同</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1, line %2: expected &quot;npu node: bench node&quot;</source>
        <translation>%1，第 %2 行：应为 &quot;npu node: bench node&quot;</translation>
    </message>
    <message>
        <source>the tensors could not be read; tensor mode fell back to the statistics</source>
        <translation>无法读取张量；tensor 模式退回到统计量</translation>
    </message>
    <message>
        <source>Reading the msprobe graph</source>
        <translation>正在读取 msprobe 图</translation>
    </message>
    <message>
        <source>no step %1, rank %2 in this dump</source>
        <translation>此转储中没有第 %1 步、rank %2</translation>
    </message>
    <message>
        <source>the benchmark has no step %1, rank %2</source>
        <translation>标杆中没有第 %1 步、rank %2</translation>
    </message>
    <message>
        <source>Reading the module trees</source>
        <translation>正在读取模块树</translation>
    </message>
    <message>
        <source>Comparing the tensors</source>
        <translation>正在比较张量</translation>
    </message>
    <message>
        <source>Matching the module trees</source>
        <translation>正在匹配模块树</translation>
    </message>
    <message>
        <source>construct.json is not a JSON object (%1)</source>
        <translation>construct.json 不是 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>construct.json is empty: dump at level L0 or mix for a module tree</source>
        <translation>construct.json 为空：要得到模块树请以 L0 或 mix 级别转储</translation>
    </message>
    <message>
        <source>dump.json is not a JSON object (%1)</source>
        <translation>dump.json 不是 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>dump.json has no &quot;data&quot; object; the tree has no values</source>
        <translation>dump.json 没有 &quot;data&quot; 对象；树中没有数值</translation>
    </message>
    <message>
        <source>construct.json makes nodes their own ancestors; those links were cut</source>
        <translation>construct.json 使节点成为自己的祖先；这些链接已被切断</translation>
    </message>
    <message>
        <source>construct.json and dump.json name no nodes: dump at level L0 or mix for a module tree</source>
        <translation>construct.json 和 dump.json 中没有节点：要得到模块树请以 L0 或 mix 级别转储</translation>
    </message>
    <message>
        <source>%1 is neither a folder nor a dump.json</source>
        <translation>%1 既不是文件夹也不是 dump.json</translation>
    </message>
    <message>
        <source>%1 holds no msprobe dump.json (directly or in step*/rank*/)</source>
        <translation>%1 中没有 msprobe dump.json（直接或在 step*/rank*/ 下）</translation>
    </message>
    <message>
        <source>no tb_nodes table: not an msprobe .vis.db</source>
        <translation>没有 tb_nodes 表：不是 msprobe 的 .vis.db</translation>
    </message>
    <message>
        <source>tb_nodes has no column %1: not an msprobe .vis.db</source>
        <translation>tb_nodes 没有 %1 列：不是 msprobe 的 .vis.db</translation>
    </message>
    <message>
        <source>tb_nodes holds no nodes</source>
        <translation>tb_nodes 中没有节点</translation>
    </message>
    <message>
        <source>tb_nodes holds no NPU nodes for step %1, rank %2</source>
        <translation>tb_nodes 中没有第 %1 步、rank %2 的 NPU 节点</translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation>不是 JSON：%1</translation>
    </message>
    <message>
        <source>an anomaly file holds one JSON object</source>
        <translation>异常文件应包含一个 JSON 对象</translation>
    </message>
    <message numerus="yes">
        <source>%n anomaly entries without a tag_name were skipped</source>
        <translation>
            <numerusform>跳过了 %n 个没有 tag_name 的异常条目</numerusform>
        </translation>
    </message>
    <message>
        <source>the monitor CSV has no header</source>
        <translation>监控 CSV 没有表头</translation>
    </message>
    <message>
        <source>a monitor CSV needs the columns name and step</source>
        <translation>监控 CSV 需要 name 和 step 列</translation>
    </message>
    <message>
        <source>the header names no statistic column (norm, max ...)</source>
        <translation>表头中没有统计量列（norm、max ...）</translation>
    </message>
    <message>
        <source>a row has fewer fields than the header; skipped</source>
        <translation>某行的字段少于表头；已跳过</translation>
    </message>
    <message>
        <source>a row without a module name or an integer step; skipped</source>
        <translation>某行没有模块名或整数步；已跳过</translation>
    </message>
    <message>
        <source>the file ends inside a quoted field (cut short?)</source>
        <translation>文件在引号字段内结束（被截断？）</translation>
    </message>
    <message>
        <source>%1 metrics x %2 steps x %3 modules of rank %4 pass the limit of %5 cells: too many distinct steps or module names for one monitor run</source>
        <translation>rank %4 的 %1 个指标 x %2 步 x %3 个模块超过 %5 个单元格的上限：一次监控运行中不同的步或模块名过多</translation>
    </message>
    <message>
        <source>rank %1: the same module, metric and step came more than once; the last value is kept</source>
        <translation>rank %1：同一模块、指标和步出现了不止一次；保留最后一个值</translation>
    </message>
    <message>
        <source>an SQLite file without msprobe&apos;s monitor tables (monitoring_targets, monitoring_metrics, metric_stats)</source>
        <translation>没有 msprobe 监控表（monitoring_targets、monitoring_metrics、metric_stats）的 SQLite 文件</translation>
    </message>
    <message>
        <source>a stat name that is no plain identifier was left out</source>
        <translation>略过了一个不是普通标识符的统计量名</translation>
    </message>
    <message>
        <source>table of a metric id monitoring_metrics does not name; not read</source>
        <translation>monitoring_metrics 中没有登记其指标 id 的表；未读取</translation>
    </message>
    <message>
        <source>lacks rank, step, target_id or every stat column; not read</source>
        <translation>缺少 rank、step、target_id 或全部统计量列；未读取</translation>
    </message>
    <message>
        <source>%1 (%2), read</source>
        <translation>%1（%2），已读取</translation>
    </message>
    <message>
        <source>rows with no rank or step, or a target_id monitoring_targets lacks, were skipped</source>
        <translation>跳过了没有 rank 或 step、或 target_id 不在 monitoring_targets 中的行</translation>
    </message>
    <message>
        <source>%1; not read: %2</source>
        <translation>%1；未读取：%2</translation>
    </message>
    <message>
        <source>v1 %1, rank %2</source>
        <translation>v1 %1，rank %2</translation>
    </message>
    <message>
        <source>v2 %1, rank %2</source>
        <translation>v2 %1，rank %2</translation>
    </message>
    <message>
        <source>not a monitor CSV name (stack_info.csv, other files)</source>
        <translation>不是监控 CSV 的文件名（stack_info.csv 或其他文件）</translation>
    </message>
    <message>
        <source>anomalies of %1</source>
        <translation>%1 的异常</translation>
    </message>
    <message>
        <source>no anomaly.json inside</source>
        <translation>其中没有 anomaly.json</translation>
    </message>
    <message>
        <source>the top-k sorted copy of the per-rank anomaly.json files; not read</source>
        <translation>各 rank anomaly.json 文件排序后的 top-k 副本；未读取</translation>
    </message>
    <message>
        <source>sorted anomalies (no per-rank anomaly.json)</source>
        <translation>排序后的异常（没有各 rank 的 anomaly.json）</translation>
    </message>
    <message>
        <source>.trend.db (data2db)</source>
        <translation>.trend.db（data2db）</translation>
    </message>
    <message>
        <source>monitor_metrics.db (csv2db)</source>
        <translation>monitor_metrics.db（csv2db）</translation>
    </message>
    <message>
        <source>not a rank folder</source>
        <translation>不是 rank 文件夹</translation>
    </message>
    <message>
        <source>not a monitor file</source>
        <translation>不是监控文件</translation>
    </message>
    <message>
        <source>csv2db&apos;s copy of the CSV folders read here; not read</source>
        <translation>csv2db 对此处已读 CSV 文件夹的副本；未读取</translation>
    </message>
    <message>
        <source>Reading monitor files</source>
        <translation>正在读取监控文件</translation>
    </message>
    <message>
        <source>the file given, rank %1</source>
        <translation>给定的文件，rank %1</translation>
    </message>
    <message>
        <source>give a monitor output folder, a rank folder, a monitor_metrics.db or a .trend.db</source>
        <translation>请给出监控输出文件夹、rank 文件夹、monitor_metrics.db 或 .trend.db</translation>
    </message>
    <message>
        <source>Building the step x module cube</source>
        <translation>正在构建 步 x 模块 数据立方</translation>
    </message>
    <message numerus="yes">
        <source>no monitor file could be read (%n failed)</source>
        <translation>
            <numerusform>没有可读的监控文件（%n 个失败）</numerusform>
        </translation>
    </message>
    <message>
        <source>no monitor data: no rank folder of msprobe CSVs and no monitor_metrics.db</source>
        <translation>没有监控数据：既没有 msprobe CSV 的 rank 文件夹，也没有 monitor_metrics.db</translation>
    </message>
    <message>
        <source>Comparing the runs</source>
        <translation>正在比较两次运行</translation>
    </message>
    <message>
        <source>an SQLite file without the tables of msprobe&apos;s data2db (monitoring_targets, monitoring_metrics, trend_data)</source>
        <translation>没有 msprobe data2db 表（monitoring_targets、monitoring_metrics、trend_data）的 SQLite 文件</translation>
    </message>
    <message>
        <source>trend_data lacks its column %1</source>
        <translation>trend_data 缺少 %1 列</translation>
    </message>
    <message>
        <source>trend_data has none of data2db&apos;s stat columns (norm, max, …)</source>
        <translation>trend_data 没有任何 data2db 统计量列（norm、max、…）</translation>
    </message>
    <message>
        <source>data2db&apos;s trend_data (%1), read</source>
        <translation>data2db 的 trend_data（%1），已读取</translation>
    </message>
    <message>
        <source>rows with no rank or step, or a target_id or metric_id the database does not name, were skipped</source>
        <translation>跳过了没有 rank 或 step、或 target_id/metric_id 不在数据库中的行</translation>
    </message>
    <message>
        <source>the database has more than %1 steps; the first %1 by start time are shown</source>
        <translation>数据库中的步多于 %1 个；按开始时间显示前 %1 个</translation>
    </message>
    <message>
        <source>the steps overlap each other so much that the overlap analysis was stopped; the step phases are partial</source>
        <translation>各步之间重叠过多，重叠分析已停止；步内阶段不完整</translation>
    </message>
    <message>
        <source>the database has more than %1 steps (per rank); the first %1 are shown</source>
        <translation>数据库中（每个 rank）的步多于 %1 个；显示前 %1 个</translation>
    </message>
    <message>
        <source>rows of ranks past the first %1 ranks were skipped</source>
        <translation>跳过了前 %1 个 rank 之后的 rank 的行</translation>
    </message>
    <message>
        <source>(other collectives)</source>
        <translation>（其他集合通信）</translation>
    </message>
    <message>
        <source>the file names more than %1 distinct collectives; the calls of the others are summed in one row</source>
        <translation>文件中不同的集合通信多于 %1 种；其余的调用汇总为一行</translation>
    </message>
    <message>
        <source>Reading the cache</source>
        <translation>正在读取缓存</translation>
    </message>
    <message>
        <source>The first divergent module is %1 (depth %2, step %3, rank %4): its inputs agree with the benchmark and its outputs do not (output error %5, msprobe band %6).</source>
        <translation>首个发散模块是 %1（深度 %2，第 %3 步，rank %4）：其输入与标杆一致而输出不一致（输出误差 %5，msprobe 档位 %6）。</translation>
    </message>
    <message>
        <source>The first divergent module is %1 (depth %2, step %3, rank %4): its recorded outputs agree with the benchmark, but the next call already reads a different value: its output was changed after msprobe recorded it (a forward hook, or an op msprobe does not wrap).</source>
        <translation>首个发散模块是 %1（深度 %2，第 %3 步，rank %4）：记录下的输出与标杆一致，但下一个调用读到的值已经不同：其输出在 msprobe 记录之后被改变（forward hook，或 msprobe 未封装的算子）。</translation>
    </message>
    <message>
        <source>Look inside %1: compare its parameters in the two checkpoints, its kernels in the two timelines, and dump it alone in tensor mode (msprobe scope = this module) to see which elements differ.</source>
        <translation>查看 %1 的内部：比较两个检查点中它的参数、两条时间线中它的 kernel，并以 tensor 模式单独转储它（msprobe scope = 该模块）以查看哪些元素不同。</translation>
    </message>
    <message>
        <source>msprobe monitor guide (monitor_instruct.md): find what differs first</source>
        <translation>msprobe 监控指南（monitor_instruct.md）：先找出最早不同的地方</translation>
    </message>
    <message>
        <source>The monitors agree: no module&apos;s statistics leave their noise floor (estimated from the first %1 steps).</source>
        <translation>监控一致：没有模块的统计量超出其噪声底（由前 %1 步估计）。</translation>
    </message>
    <message>
        <source>The loss forks at step %1 while every monitored module stays within noise: monitor what is not monitored yet (activations, communication).</source>
        <translation>loss 在第 %1 步分叉，而所有被监控的模块都在噪声之内：请监控尚未监控的内容（激活值、通信）。</translation>
    </message>
    <message>
        <source>%1 of %2 (rank %3) departs at step %4</source>
        <translation>%2 的 %1（rank %3）在第 %4 步偏离</translation>
    </message>
    <message>
        <source>The loss forks at step %1; %2, %3 step(s) before.</source>
        <translation>loss 在第 %1 步分叉；%2，早 %3 步。</translation>
    </message>
    <message>
        <source>The loss forks at step %1; the monitors part later: %2.</source>
        <translation>loss 在第 %1 步分叉；监控在之后才分开：%2。</translation>
    </message>
    <message>
        <source>The monitors part: %1.</source>
        <translation>监控分开：%1。</translation>
    </message>
    <message>
        <source>Dump that module at step %1 in both runs (msprobe L0, the module&apos;s forward and backward) and compare the dumps.</source>
        <translation>在两次运行的第 %1 步转储该模块（msprobe L0，该模块的前向和反向）并比较转储。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The result has more rows than --max-rows (%1): the first %1 were kept, the rest left out.</source>
        <translation>结果的行数超过 --max-rows（%1）：保留前 %1 行，其余未读入。</translation>
    </message>
    <message>
        <source>The result&apos;s rows need more memory than %1 MiB (4 times the file, at least 512 MiB, less the program&apos;s share): the first %2 were kept, the rest left out. --max-rows sets how many are kept.</source>
        <translation>结果的行所需内存超过 %1 MiB（文件大小的 4 倍、至少 512 MiB，减去程序自身占用）：保留前 %2 行，其余未读入。--max-rows 可设置保留行数。</translation>
    </message>
    <message>
        <source>%1 holds a text run or tag longer than %2 MiB (a spreadsheet cell holds at most 32 767 characters); it is not read</source>
        <translation>%1 含有长于 %2 MiB 的文本段或标签（电子表格单元格最多 32 767 个字符）；不予读取</translation>
    </message>
    <message>
        <source>text runs and tags under %1 MiB</source>
        <translation>小于 %1 MiB 的文本段和标签</translation>
    </message>
    <message>
        <source>Reading the head of the file</source>
        <translation>正在读取文件开头</translation>
    </message>
</context>
<context>
    <name>HeatmapPicture</name>
    <message>
        <source>no value</source>
        <translation>无值</translation>
    </message>
    <message numerus="yes">
        <source>Rows: %n tensors in execution order. Columns: %1. Colour: divergence from 0 (clean, pale yellow) to 1 (broken, dark red) on a log scale per metric; grey cells have no value.</source>
        <translation>
            <numerusform>行：按执行顺序排列的 %n 个张量。列：%1。颜色：偏差度从 0（无偏差，浅黄）到 1（严重，深红），每个指标按对数刻度；灰色单元格表示无值。</numerusform>
        </translation>
    </message>
    <message>
        <source>1 broken</source>
        <translation>1 严重</translation>
    </message>
    <message>
        <source>0 clean</source>
        <translation>0 无偏差</translation>
    </message>
</context>
<context>
    <name>ModelDetail</name>
    <message>
        <source>Band &lt;b&gt;%1&lt;/b&gt;, precision index %2 (%3 mode)</source>
        <translation>档位 &lt;b&gt;%1&lt;/b&gt;，精度指标 %2（%3 模式）</translation>
    </message>
    <message>
        <source>overflow %1</source>
        <translation>溢出 %1</translation>
    </message>
    <message>
        <source>Input error %1, output error %2: %3</source>
        <translation>输入误差 %1，输出误差 %2：%3</translation>
    </message>
    <message>
        <source>inputs agree, outputs diverge</source>
        <translation>输入一致，输出发散</translation>
    </message>
    <message>
        <source>inputs and outputs diverge</source>
        <translation>输入和输出都发散</translation>
    </message>
    <message>
        <source>outputs agree</source>
        <translation>输出一致</translation>
    </message>
    <message>
        <source>Matched with %1</source>
        <translation>与 %1 匹配</translation>
    </message>
    <message>
        <source>Not matched with any benchmark node</source>
        <translation>未与任何标杆节点匹配</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Call stack (NPU)</source>
        <translation>调用栈（NPU）</translation>
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
    <name>TrackLabels</name>
    <message>
        <source>instants</source>
        <translation>瞬时事件</translation>
    </message>
</context>
<context>
    <name>Twinscope::App::Investigation</name>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Open &amp;Investigation…</source>
        <translation>打开排查(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Save Investigation</source>
        <translation>保存排查(&amp;S)</translation>
    </message>
    <message>
        <source>Save Investigation &amp;As…</source>
        <translation>排查另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Export Findings &amp;Report…</source>
        <translation>导出诊断报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Precision Checklist</source>
        <translation>精度检查单</translation>
    </message>
    <message>
        <source>Findings, checklist and notes as one PDF or HTML file.</source>
        <translation>将诊断、检查单与备注导出为一个 PDF 或 HTML 文件。</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) drawn from the evidence</source>
        <translation>
            <numerusform>从证据中得出 %n 条发现</numerusform>
        </translation>
    </message>
    <message>
        <source>Show findings</source>
        <translation>显示发现</translation>
    </message>
    <message>
        <source>Opening the investigation</source>
        <translation>正在打开排查</translation>
    </message>
    <message numerus="yes">
        <source>%n input(s) of the investigation no longer exist and were not opened: %1</source>
        <translation>
            <numerusform>排查中有 %n 个输入已不存在，未打开：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved the investigation to %1</source>
        <translation>已将排查保存到 %1</translation>
    </message>
    <message>
        <source>Restore the Investigation?</source>
        <translation>恢复排查？</translation>
    </message>
    <message>
        <source>Twinscope did not close normally. Restore the investigation saved at %1%2?</source>
        <translation>Twinscope 上次未正常关闭。是否恢复 %1 保存的排查%2？</translation>
    </message>
    <message>
        <source>Save Investigation</source>
        <translation>保存排查</translation>
    </message>
    <message>
        <source>Twinscope investigations (*.twinscope)</source>
        <translation>Twinscope 排查文件 (*.twinscope)</translation>
    </message>
    <message>
        <source>Export Findings Report</source>
        <translation>导出诊断报告</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
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
        <source>Open Investigation</source>
        <translation>打开排查</translation>
    </message>
    <message>
        <source>Findings — %1</source>
        <translation>诊断 — %1</translation>
    </message>
    <message>
        <source>Input %1: %2</source>
        <translation>输入 %1：%2</translation>
    </message>
    <message>
        <source>Applies a %1 file: %2</source>
        <translation>应用 %1 文件：%2</translation>
    </message>
    <message>
        <source>Sets its own thresholds (shown in the findings&apos; evidence).</source>
        <translation>自带阈值（显示在诊断的证据中）。</translation>
    </message>
    <message>
        <source>Open Files outside the Investigation?</source>
        <translation>打开排查文件夹之外的文件？</translation>
    </message>
    <message>
        <source>This investigation names files outside its folder or brings its own knowledge files and name mappings. Open them only if you trust where it came from.

%1</source>
        <translation>此排查指定了其文件夹之外的文件，或自带知识库文件和名称映射。仅当你信任其来源时才打开它们。

%1</translation>
    </message>
    <message>
        <source>Open Everything</source>
        <translation>全部打开</translation>
    </message>
    <message>
        <source>Open Only Its Folder</source>
        <translation>仅打开其文件夹内的文件</translation>
    </message>
    <message numerus="yes">
        <source>%n input(s) or mapping file(s) of the investigation were not opened.</source>
        <translation>
            <numerusform>排查中有 %n 个输入或映射文件未打开。</numerusform>
        </translation>
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
        <source>Use the Trace&apos;s First &amp;Step as Op-Info Cut-off</source>
        <translation>以跟踪的第一个 step 作为算子信息截止点(&amp;S)</translation>
    </message>
    <message>
        <source>Compiles after the end of the open trace&apos;s first ProfilerStep count as recompiles.</source>
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
    <message>
        <source>Compare &amp;Checkpoints…</source>
        <translation>比较检查点(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare two checkpoints parameter by parameter (PyTorch .pth, MindSpore .ckpt, …).</source>
        <translation>逐参数比较两个检查点（PyTorch .pth、MindSpore .ckpt 等）。</translation>
    </message>
    <message>
        <source>Compare &amp;Traces…</source>
        <translation>比较 Trace(&amp;T)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Compare two performance runs: why is the target&apos;s step slower than the baseline&apos;s?</source>
        <translation>比较两次性能运行：为什么目标的 step 比基线慢？</translation>
    </message>
    <message>
        <source>&amp;Findings</source>
        <translation>发现(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>Opening the timeline of rank %1</source>
        <translation>正在打开 rank %1 的时间线</translation>
    </message>
    <message>
        <source>%1 loaded with %2 — &lt;a href=&quot;details&quot;&gt;Details&lt;/a&gt;</source>
        <translation>%1 已载入，有 %2 — &lt;a href=&quot;details&quot;&gt;详情&lt;/a&gt;</translation>
    </message>
    <message>
        <source>%1 — Twinscope</source>
        <translation>%1 — Twinscope</translation>
    </message>
    <message>
        <source>Two traces</source>
        <translation>两个 trace</translation>
    </message>
    <message>
        <source>Compare %1 (baseline) with %2 (target), or open both in one timeline?</source>
        <translation>比较 %1（基线）与 %2（目标），还是在同一条时间线中打开两者？</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>One timeline</source>
        <translation>同一时间线</translation>
    </message>
    <message>
        <source>Choose the baseline trace (e.g. the GPU run)</source>
        <translation>选择基线 trace（例如 GPU 运行）</translation>
    </message>
    <message>
        <source>Choose the target trace (e.g. the NPU run)</source>
        <translation>选择目标 trace（例如 NPU 运行）</translation>
    </message>
    <message>
        <source>Open timelines, profiler exports, op-info logs, dumps, loss logs, checkpoints or a saved investigation.</source>
        <translation>打开时间线、Profiler 导出文件、算子信息日志、转储、损失日志、检查点或已保存的排查。</translation>
    </message>
    <message>
        <source>Open a profiler folder (a rank, a cluster, an msprof-analyze output), an msprobe dump tree, a folder of .npy files or of plogs.</source>
        <translation>打开 Profiler 目录（单个 rank、集群或 msprof-analyze 输出）、msprobe 转储目录树，或存放 .npy 文件或 plog 的文件夹。</translation>
    </message>
    <message>
        <source>All supported files (*.json *.gz *.log *.txt *.jsonl *.csv *.h5 *.hdf5 *.npy *.npz *.pkl *.pt *.pth *.bin *.ckpt *.safetensors *.db *.twinscope)</source>
        <translation>所有支持的文件 (*.json *.gz *.log *.txt *.jsonl *.csv *.h5 *.hdf5 *.npy *.npz *.pkl *.pt *.pth *.bin *.ckpt *.safetensors *.db *.twinscope)</translation>
    </message>
    <message>
        <source>Timelines (*.json *.gz)</source>
        <translation>时间线 (*.json *.gz)</translation>
    </message>
    <message>
        <source>Profiler exports (*.db *.csv *.json)</source>
        <translation>Profiler 导出文件 (*.db *.csv *.json)</translation>
    </message>
    <message>
        <source>Op-info logs (*.log *.txt)</source>
        <translation>算子信息日志 (*.log *.txt)</translation>
    </message>
    <message>
        <source>Paired dumps (*.h5 *.hdf5 *.npy *.npz *.pkl *.pt *.json)</source>
        <translation>成对转储 (*.h5 *.hdf5 *.npy *.npz *.pkl *.pt *.json)</translation>
    </message>
    <message>
        <source>Loss logs (*.log *.txt *.jsonl *.json *.csv)</source>
        <translation>损失日志 (*.log *.txt *.jsonl *.json *.csv)</translation>
    </message>
    <message>
        <source>Checkpoints (*.pt *.pth *.bin *.ckpt *.safetensors)</source>
        <translation>检查点 (*.pt *.pth *.bin *.ckpt *.safetensors)</translation>
    </message>
    <message>
        <source>Investigations (*.twinscope)</source>
        <translation>排查文件 (*.twinscope)</translation>
    </message>
</context>
<context>
    <name>Twinscope::App::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>W / S, Ctrl+wheel</source>
        <translation>W / S，Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Backspace / Ctrl+0</source>
        <translation>Backspace / Ctrl+0</translation>
    </message>
    <message>
        <source>. / ,</source>
        <translation>. / ,</translation>
    </message>
    <message>
        <source>Keys and mouse</source>
        <translation>按键与鼠标</translation>
    </message>
    <message>
        <source>Loss curves: zoom / pan</source>
        <translation>损失曲线：缩放 / 平移</translation>
    </message>
    <message>
        <source>Wheel / drag</source>
        <translation>滚轮 / 拖动</translation>
    </message>
    <message>
        <source>Loss curves: hide or show a run</source>
        <translation>损失曲线：隐藏或显示一次运行</translation>
    </message>
    <message>
        <source>Click its legend entry</source>
        <translation>单击其图例项</translation>
    </message>
    <message>
        <source>Dumps: show a tensor pair</source>
        <translation>转储：查看一对张量</translation>
    </message>
    <message>
        <source>Click a heatmap cell or a table row</source>
        <translation>单击热力图单元格或表格行</translation>
    </message>
    <message>
        <source>Zoom in / out at the cursor</source>
        <translation>在光标处放大 / 缩小</translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation>向左 / 向右平移</translation>
    </message>
    <message>
        <source>A / D, Shift+wheel</source>
        <translation>A / D，Shift+滚轮</translation>
    </message>
    <message>
        <source>Pan (and scroll the tracks)</source>
        <translation>平移（并滚动轨道）</translation>
    </message>
    <message>
        <source>Ctrl+drag, middle-drag</source>
        <translation>Ctrl+拖动，中键拖动</translation>
    </message>
    <message>
        <source>Scroll the tracks</source>
        <translation>滚动轨道</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>滚轮</translation>
    </message>
    <message>
        <source>Select an area; its statistics open below</source>
        <translation>选择一个区域；其统计显示在下方</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Zoom to a range</source>
        <translation>缩放到一个范围</translation>
    </message>
    <message>
        <source>Select a slice; fold a process</source>
        <translation>选择切片；折叠进程</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Name, duration and self time</source>
        <translation>名称、时长与自身耗时</translation>
    </message>
    <message>
        <source>Hover</source>
        <translation>悬停</translation>
    </message>
    <message>
        <source>Clear the area, then the selection</source>
        <translation>先清除区域，再清除选择</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Fit the selection</source>
        <translation>适配所选内容</translation>
    </message>
    <message>
        <source>Undo zoom / show everything</source>
        <translation>撤销缩放 / 显示全部</translation>
    </message>
    <message>
        <source>Next / previous slice on the track</source>
        <translation>轨道上的下一个 / 上一个切片</translation>
    </message>
    <message>
        <source>Mark the selected slice as base</source>
        <translation>将所选切片标记为基准</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Align the selected slice&apos;s file to the base</source>
        <translation>将所选切片所在文件对齐到基准</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Search; next / previous hit</source>
        <translation>搜索；下一个 / 上一个结果</translation>
    </message>
    <message>
        <source>Ctrl+F; Enter / Shift+Enter</source>
        <translation>Ctrl+F；Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>This list in the timeline</source>
        <translation>在时间线中显示此列表</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>Twinscope::App::WelcomePage</name>
    <message>
        <source>&lt;h1&gt;Twinscope&lt;/h1&gt;</source>
        <translation>&lt;h1&gt;Twinscope&lt;/h1&gt;</translation>
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
    <message>
        <source>&lt;p&gt;Find where an NPU port first goes wrong. Drop files or folders anywhere on this window, or open them:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Timelines&lt;/b&gt;: PyTorch/Kineto, torch_npu &lt;tt&gt;trace_view.json&lt;/tt&gt;, CANN msprof, MindSpore and Catapult traces (&lt;tt&gt;.json&lt;/tt&gt;, &lt;tt&gt;.json.gz&lt;/tt&gt;), torch_npu/CANN profiler databases (&lt;tt&gt;ascend_pytorch_profiler_*.db&lt;/tt&gt;) and Nsight Systems SQLite exports; two of them side by side with &lt;i&gt;Compare Traces&lt;/i&gt;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Profiler folders&lt;/b&gt;: torch_npu &lt;tt&gt;*_ascend_pt&lt;/tt&gt; and MindSpore &lt;tt&gt;*_ascend_ms&lt;/tt&gt; rank folders (CSV, JSON or database), clusters, msprof-analyze outputs&lt;/li&gt;&lt;li&gt;&lt;b&gt;Op-info logs&lt;/b&gt;: Ascend host plogs with &lt;tt&gt;aclopCompile::aclOp&lt;/tt&gt; lines&lt;/li&gt;&lt;li&gt;&lt;b&gt;Paired dumps&lt;/b&gt;: HDF5, &lt;tt&gt;.npy&lt;/tt&gt; folders, msprobe &lt;tt&gt;dump.json&lt;/tt&gt;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Loss logs&lt;/b&gt;: Megatron/MindSpeed, MindSpore, LLaMA-Factory, HF trainer state&lt;/li&gt;&lt;li&gt;&lt;b&gt;Checkpoints&lt;/b&gt;: PyTorch &lt;tt&gt;.pt&lt;/tt&gt;/&lt;tt&gt;.pth&lt;/tt&gt;, MindSpore &lt;tt&gt;.ckpt&lt;/tt&gt;, &lt;tt&gt;.safetensors&lt;/tt&gt;; two of them with &lt;i&gt;Compare Checkpoints&lt;/i&gt;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Investigations&lt;/b&gt;: a saved &lt;tt&gt;.twinscope&lt;/tt&gt; file reopens every input, finding and note&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;找出 NPU 迁移最先出错的地方。把文件或文件夹拖到窗口任意位置，或者打开它们：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;时间线&lt;/b&gt;：PyTorch/Kineto、torch_npu &lt;tt&gt;trace_view.json&lt;/tt&gt;、CANN msprof、MindSpore 和 Catapult 跟踪文件（&lt;tt&gt;.json&lt;/tt&gt;、&lt;tt&gt;.json.gz&lt;/tt&gt;）、torch_npu/CANN Profiler 数据库（&lt;tt&gt;ascend_pytorch_profiler_*.db&lt;/tt&gt;）以及 Nsight Systems SQLite 导出文件；可用&lt;i&gt;比较 Trace&lt;/i&gt;并排比较其中两个&lt;/li&gt;&lt;li&gt;&lt;b&gt;Profiler 目录&lt;/b&gt;：torch_npu &lt;tt&gt;*_ascend_pt&lt;/tt&gt; 与 MindSpore &lt;tt&gt;*_ascend_ms&lt;/tt&gt; rank 目录（CSV、JSON 或数据库）、集群、msprof-analyze 输出&lt;/li&gt;&lt;li&gt;&lt;b&gt;算子信息日志&lt;/b&gt;：含 &lt;tt&gt;aclopCompile::aclOp&lt;/tt&gt; 行的昇腾 host plog&lt;/li&gt;&lt;li&gt;&lt;b&gt;成对转储&lt;/b&gt;：HDF5、&lt;tt&gt;.npy&lt;/tt&gt; 文件夹、msprobe &lt;tt&gt;dump.json&lt;/tt&gt;&lt;/li&gt;&lt;li&gt;&lt;b&gt;损失日志&lt;/b&gt;：Megatron/MindSpeed、MindSpore、LLaMA-Factory、HF trainer state&lt;/li&gt;&lt;li&gt;&lt;b&gt;检查点&lt;/b&gt;：PyTorch &lt;tt&gt;.pt&lt;/tt&gt;/&lt;tt&gt;.pth&lt;/tt&gt;、MindSpore &lt;tt&gt;.ckpt&lt;/tt&gt;、&lt;tt&gt;.safetensors&lt;/tt&gt;；可用&lt;i&gt;比较检查点&lt;/i&gt;比较其中两个&lt;/li&gt;&lt;li&gt;&lt;b&gt;排查&lt;/b&gt;：已保存的 &lt;tt&gt;.twinscope&lt;/tt&gt; 文件会重新打开其中的所有输入、发现和备注&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::CategoryDiffModel</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Baseline (µs)</source>
        <translation>基线 (µs)</translation>
    </message>
    <message>
        <source>Target (µs)</source>
        <translation>目标 (µs)</translation>
    </message>
    <message>
        <source>Delta (µs)</source>
        <translation>差值 (µs)</translation>
    </message>
    <message>
        <source>Share of the step gap (%)</source>
        <translation>占 step 差距的比例 (%)</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::CollectiveTableModel</name>
    <message>
        <source>Wait / (wait + transit), as msprof-analyze computes it: near 100 % means the ranks waited for each other rather than moved data.</source>
        <translation>等待 / (等待 + 传输)，与 msprof-analyze 的计算方式相同：接近 100 % 表示各 rank 在互相等待，而不是在传输数据。</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Elapse (ms)</source>
        <translation>耗时 (ms)</translation>
    </message>
    <message>
        <source>Transit (ms)</source>
        <translation>传输 (ms)</translation>
    </message>
    <message>
        <source>Wait (ms)</source>
        <translation>等待 (ms)</translation>
    </message>
    <message>
        <source>Sync (ms)</source>
        <translation>同步 (ms)</translation>
    </message>
    <message>
        <source>Idle (ms)</source>
        <translation>空闲 (ms)</translation>
    </message>
    <message>
        <source>Wait ratio</source>
        <translation>等待比</translation>
    </message>
    <message>
        <source>%1 (GB/s)</source>
        <translation>%1 (GB/s)</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::KernelGroupModel</name>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>not 16-aligned</source>
        <translation>未按 16 对齐</translation>
    </message>
    <message>
        <source>Runs on the AI CPU: the Ascend guides ask to find an AI Core implementation (a different dtype or shape often gets one).</source>
        <translation>运行在 AI CPU 上：昇腾调优指南建议寻找 AI Core 实现（换一种数据类型或形状往往就有）。</translation>
    </message>
    <message>
        <source>Matrix shape %1 is not a multiple of 16 in its last two dimensions: the cube unit pads it to 16 × 16 blocks.</source>
        <translation>矩阵形状 %1 的最后两维不是 16 的倍数：Cube 单元会将其补齐为 16 × 16 分块。</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核类型</translation>
    </message>
    <message>
        <source>Input shapes</source>
        <translation>输入形状</translation>
    </message>
    <message>
        <source>Input dtypes</source>
        <translation>输入数据类型</translation>
    </message>
    <message>
        <source>Input formats</source>
        <translation>输入格式</translation>
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
        <source>Mean (µs)</source>
        <translation>平均 (µs)</translation>
    </message>
    <message>
        <source>Max (µs)</source>
        <translation>最大耗时 (µs)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::OpDiffModel</name>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Op or family</source>
        <translation>算子或算子族</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>算子族</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Baseline calls</source>
        <translation>基线调用次数</translation>
    </message>
    <message>
        <source>Target calls</source>
        <translation>目标调用次数</translation>
    </message>
    <message>
        <source>Baseline total (µs)</source>
        <translation>基线总计 (µs)</translation>
    </message>
    <message>
        <source>Target total (µs)</source>
        <translation>目标总计 (µs)</translation>
    </message>
    <message>
        <source>Baseline mean (µs)</source>
        <translation>基线平均 (µs)</translation>
    </message>
    <message>
        <source>Target mean (µs)</source>
        <translation>目标平均 (µs)</translation>
    </message>
    <message>
        <source>Delta (µs)</source>
        <translation>差值 (µs)</translation>
    </message>
    <message>
        <source>Target / baseline</source>
        <translation>目标 / 基线</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 (waits: symptom)</source>
        <translation>%1（等待：症状）</translation>
    </message>
    <message>
        <source>%1

Baseline:
%2

Target:
%3</source>
        <translation>%1

基线：
%2

目标：
%3</translation>
    </message>
    <message>
        <source>

A synchronisation: it waits for the device work before it and is listed after every cause.</source>
        <translation>

这是一次同步：它等待之前的设备工作完成，因此排在所有原因之后。</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::OpShapeModel</name>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Input Dims</source>
        <translation>Input Dims</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>总计 (µs)</translation>
    </message>
    <message>
        <source>Mean (µs)</source>
        <translation>平均 (µs)</translation>
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
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
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
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次出现</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>末次出现</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::PhaseDiffModel</name>
    <message>
        <source>Step time (µs)</source>
        <translation>step 耗时 (µs)</translation>
    </message>
    <message>
        <source>Computing (µs)</source>
        <translation>计算 (µs)</translation>
    </message>
    <message>
        <source>Communication (µs)</source>
        <translation>通信 (µs)</translation>
    </message>
    <message>
        <source>Communication, not overlapped (µs)</source>
        <translation>未被掩盖的通信 (µs)</translation>
    </message>
    <message>
        <source>Overlapped (µs)</source>
        <translation>被掩盖 (µs)</translation>
    </message>
    <message>
        <source>Free (µs)</source>
        <translation>空闲 (µs)</translation>
    </message>
    <message>
        <source>First step&apos;s extra time: compile, warm-up (µs)</source>
        <translation>第一个 step 的额外耗时：编译、预热 (µs)</translation>
    </message>
    <message>
        <source>Gap between steps: data loading (µs)</source>
        <translation>step 之间的间隔：数据加载 (µs)</translation>
    </message>
    <message>
        <source>Device idle (% of the busy span)</source>
        <translation>设备空闲（占忙碌区间的 %）</translation>
    </message>
    <message>
        <source>Device computing (% of the busy span)</source>
        <translation>设备计算（占忙碌区间的 %）</translation>
    </message>
    <message>
        <source>Device communicating or copying only (% of the busy span)</source>
        <translation>设备仅通信或拷贝（占忙碌区间的 %）</translation>
    </message>
    <message>
        <source>Communication overlapped by compute (%)</source>
        <translation>被计算掩盖的通信 (%)</translation>
    </message>
    <message>
        <source>Launch delay, median (µs)</source>
        <translation>下发延迟，中位数 (µs)</translation>
    </message>
    <message>
        <source>Launch delay, 90th percentile (µs)</source>
        <translation>下发延迟，第 90 百分位 (µs)</translation>
    </message>
    <message>
        <source>Device memory peak (MiB)</source>
        <translation>设备内存峰值 (MiB)</translation>
    </message>
    <message>
        <source>Per compared step</source>
        <translation>每个被比较的 step</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>Baseline (profiler)</source>
        <translation>基线（profiler）</translation>
    </message>
    <message>
        <source>Target (profiler)</source>
        <translation>目标（profiler）</translation>
    </message>
    <message>
        <source>The profiler&apos;s own numbers: the trace&apos;s &quot;Overlap Analysis&quot; slices in the compared steps (&quot;–&quot; when the trace has none). Twinscope&apos;s columns are computed from the raw device tasks.</source>
        <translation>profiler 自身的数值：所比较 step 中 trace 的 &quot;Overlap Analysis&quot; 切片（trace 中没有时为 &quot;–&quot;）。Twinscope 的列由原始设备任务计算得出。</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::PhaseTableModel</name>
    <message>
        <source>Steps</source>
        <translation>迭代数</translation>
    </message>
    <message>
        <source>Step (µs)</source>
        <translation>迭代 (µs)</translation>
    </message>
    <message>
        <source>%1 (µs)</source>
        <translation>%1 (µs)</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::ProfileTableModel</name>
    <message>
        <source>none (the file says &quot;%1&quot;)</source>
        <translation>无（文件中为“%1”）</translation>
    </message>
</context>
<context>
    <name>Twinscope::Core::StepDiffModel</name>
    <message>
        <source>whole trace</source>
        <translation>整个 trace</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Baseline step</source>
        <translation>基线 step</translation>
    </message>
    <message>
        <source>Baseline (µs)</source>
        <translation>基线 (µs)</translation>
    </message>
    <message>
        <source>Target step</source>
        <translation>目标 step</translation>
    </message>
    <message>
        <source>Target (µs)</source>
        <translation>目标 (µs)</translation>
    </message>
    <message>
        <source>Target / baseline</source>
        <translation>目标 / 基线</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::ChecklistPanel</name>
    <message>
        <source>Item</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>From the evidence</source>
        <translation>来自证据</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CheckpointWorkspace</name>
    <message>
        <source>Compare &amp;updates…</source>
        <translation>比较更新量(&amp;U)…</translation>
    </message>
    <message>
        <source>Heatmap: one row per parameter</source>
        <translation>热力图：每个参数一行</translation>
    </message>
    <message>
        <source>Heatmap: one row per layer (worst parameter)</source>
        <translation>热力图：每层一行（最差参数）</translation>
    </message>
    <message>
        <source>Parameters are grouped by layer (module path) in file order</source>
        <translation>参数按层（模块路径）分组，按文件顺序排列</translation>
    </message>
    <message>
        <source>Choose the checkpoints one step earlier and compare the updates (after − before): isolates the optimizer step</source>
        <translation>选择早一步的检查点并比较更新量（之后 − 之前）：单独考察优化器这一步</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Structure and names</source>
        <translation>结构与名称</translation>
    </message>
    <message>
        <source>Open two checkpoints (PyTorch .pth/.pt, MindSpore .ckpt, safetensors, .npz, HDF5), or drop both at once: A first, then B.</source>
        <translation>打开两个检查点（PyTorch .pth/.pt、MindSpore .ckpt、safetensors、.npz、HDF5），或一次拖入两个：先 A，后 B。</translation>
    </message>
    <message>
        <source>Filter names (either side, rule, kind)…</source>
        <translation>筛选名称（任一侧、规则、类别）…</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Checkpoint A: %1 — now open checkpoint B to compare with.</source>
        <translation>检查点 A：%1 — 请再打开用于比较的检查点 B。</translation>
    </message>
    <message>
        <source>Comparing %1 with %2 …</source>
        <translation>正在比较 %1 与 %2 …</translation>
    </message>
    <message>
        <source>Comparing checkpoints</source>
        <translation>正在比较检查点</translation>
    </message>
    <message>
        <source>Comparing checkpoint updates</source>
        <translation>正在比较检查点更新量</translation>
    </message>
    <message>
        <source>Choose checkpoint A (e.g. the PyTorch .pth)</source>
        <translation>选择检查点 A（例如 PyTorch 的 .pth）</translation>
    </message>
    <message>
        <source>Choose checkpoint B (e.g. the MindSpore .ckpt)</source>
        <translation>选择检查点 B（例如 MindSpore 的 .ckpt）</translation>
    </message>
    <message>
        <source>Checkpoint A one step earlier</source>
        <translation>早一步的检查点 A</translation>
    </message>
    <message>
        <source>Checkpoint B one step earlier</source>
        <translation>早一步的检查点 B</translation>
    </message>
    <message>
        <source>&lt;b&gt;Structure: same parameters and shapes&lt;/b&gt;</source>
        <translation>&lt;b&gt;结构：参数与 shape 一致&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Structure differs&lt;/b&gt;</source>
        <translation>&lt;b&gt;结构不同&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · A %1 parameters (%2 trainable, %3 tensors) · B %4 (%5 trainable, %6 tensors)</source>
        <translation> · A %1 个参数（可训练 %2，%3 个张量）· B %4（可训练 %5，%6 个张量）</translation>
    </message>
    <message numerus="yes">
        <source> · %n shape mismatch(es)</source>
        <translation>
            <numerusform> · %n 处 shape 不一致</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n only in A</source>
        <translation>
            <numerusform> · 仅在 A 中 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n only in B</source>
        <translation>
            <numerusform> · 仅在 B 中 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>no divergent parameter</source>
        <translation>无发散参数</translation>
    </message>
    <message>
        <source>first divergent: &lt;b&gt;%1&lt;/b&gt; ↔ %2</source>
        <translation>首个发散参数：&lt;b&gt;%1&lt;/b&gt; ↔ %2</translation>
    </message>
    <message>
        <source>A: %1 (%2) · B: %3 (%4)%5</source>
        <translation>A：%1（%2）· B：%3（%4）%5</translation>
    </message>
    <message>
        <source> · &lt;b&gt;updates&lt;/b&gt; (after − before)</source>
        <translation> · &lt;b&gt;更新量&lt;/b&gt;（之后 − 之前）</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) compared, </source>
        <translation>
            <numerusform>已比较 %n 对，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s) · </source>
        <translation>
            <numerusform>%n 个错误 · </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Compared %n parameter pair(s)</source>
        <translation>
            <numerusform>已比较 %n 对参数</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading parameters</source>
        <translation>正在读取参数</translation>
    </message>
    <message>
        <source>Compare result CSV (*.csv);;Name mapping CSV (*.csv);;Heatmap PNG (*.png);;Heatmap SVG (*.svg);;Heatmap PDF (*.pdf)</source>
        <translation>比较结果 CSV (*.csv);;名称映射 CSV (*.csv);;热力图 PNG (*.png);;热力图 SVG (*.svg);;热力图 PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Checkpoint divergence by layer</source>
        <translation>按层的检查点差异</translation>
    </message>
    <message>
        <source>Name mapping CSV (*.csv)</source>
        <translation>名称映射 CSV (*.csv)</translation>
    </message>
    <message>
        <source>%1 could not be written</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>No parameter under module %1 in this checkpoint comparison</source>
        <translation>此检查点比较中没有模块 %1 下的参数</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::ClusterView</name>
    <message>
        <source>Each cell: the rank&apos;s phase against the median of all ranks, in units of the slow-rank threshold. Click a rank for its timeline.</source>
        <translation>每个单元格：该 rank 的阶段耗时相对所有 rank 中位数的偏差，以慢卡阈值为单位。点击某个 rank 查看其时间线。</translation>
    </message>
    <message>
        <source>× threshold over the median</source>
        <translation>× 阈值（高于中位数）</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rank %1&lt;/b&gt; is slow in %2: %3 µs against a median of %4 µs.</source>
        <translation>&lt;b&gt;Rank %1&lt;/b&gt; %2 偏高：%3 µs，中位数为 %4 µs。</translation>
    </message>
    <message>
        <source>rank %1&apos;s %2 traffic</source>
        <translation>rank %1 的 %2 流量</translation>
    </message>
    <message>
        <source>link %1 → %2 (%3)</source>
        <translation>链路 %1 → %2（%3）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Slow %1&lt;/b&gt;: %2 GB/s against a median of %3 GB/s.</source>
        <translation>&lt;b&gt;%1 偏慢&lt;/b&gt;：%2 GB/s，中位数为 %3 GB/s。</translation>
    </message>
    <message numerus="yes">
        <source>No slow rank or link among %n rank(s).</source>
        <translation>
            <numerusform>%n 个 rank 中没有慢卡或慢链路。</numerusform>
        </translation>
    </message>
    <message>
        <source>Rule (msprof-analyze&apos;s cluster analysis): a rank whose Computing or Free exceeds the median of all ranks by more than 5 % of the mean step; a link under 80 % of the median bandwidth of its type. At least three ranks or links are needed.</source>
        <translation>规则（msprof-analyze 的集群分析）：计算或空闲时间比所有 rank 的中位数高出平均迭代时间 5 % 以上的 rank；带宽低于同类链路中位数 80 % 的链路。至少需要三个 rank 或三条链路。</translation>
    </message>
    <message numerus="yes">
        <source>The slow-rank rule needs at least %n rank(s) with a step time: the heatmap stays neutral.</source>
        <translation>
            <numerusform>慢卡规则至少需要 %n 个有迭代时间的 rank：热力图保持中性。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CommunicationView</name>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Size (MB)</source>
        <translation>大小 (MB)</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Packets</source>
        <translation>包数</translation>
    </message>
    <message>
        <source>Packet size</source>
        <translation>包大小</translation>
    </message>
    <message>
        <source>Link matrix:</source>
        <translation>链路矩阵：</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Destination rank</source>
        <translation>目的 rank</translation>
    </message>
    <message>
        <source>Source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <source>no traffic</source>
        <translation>无流量</translation>
    </message>
    <message>
        <source>No communication_matrix.json in these folders.</source>
        <translation>这些目录中没有 communication_matrix.json。</translation>
    </message>
    <message>
        <source>Ranks are numbered within their communication group: profiler_metadata.json&apos;s group ranks were not at hand.</source>
        <translation>rank 按通信组内编号：缺少 profiler_metadata.json 中的组内 rank 信息。</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) to ranks that are not open are not drawn.</source>
        <translation>
            <numerusform>未绘制通往未打开 rank 的 %n 条链路。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::CompareCharts</name>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>%1 per step</source>
        <translation>每 step %1</translation>
    </message>
    <message>
        <source>%1 %2 slower (%3×)</source>
        <translation>慢 %1 %2（%3×）</translation>
    </message>
    <message>
        <source>%1 %2 faster (%3×)</source>
        <translation>快 %1 %2（%3×）</translation>
    </message>
    <message>
        <source>Where the step went</source>
        <translation>step 时间花在哪里</translation>
    </message>
    <message>
        <source>%1 (device)</source>
        <translation>%1（设备）</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>%1 new</source>
        <translation>%1（新增）</translation>
    </message>
    <message>
        <source>%1 gone</source>
        <translation>%1（消失）</translation>
    </message>
    <message>
        <source>slower in the target</source>
        <translation>目标中变慢</translation>
    </message>
    <message>
        <source>faster in the target</source>
        <translation>目标中变快</translation>
    </message>
    <message>
        <source>⚠ waits for the device: a symptom of slower work queued before it</source>
        <translation>⚠ 等待设备：是排在它之前的较慢工作所致的症状</translation>
    </message>
    <message>
        <source>Target − baseline, %1 per step</source>
        <translation>目标 − 基线，每 step %1</translation>
    </message>
    <message>
        <source>No op differs by more than noise</source>
        <translation>没有算子的差异超出噪声</translation>
    </message>
    <message numerus="yes">
        <source>The %n op(s) that moved most (click one for its row)</source>
        <translation>
            <numerusform>变化最大的 %n 个算子（单击某个算子可定位到其所在行）</numerusform>
        </translation>
    </message>
    <message>
        <source>No device phases: %1</source>
        <translation>没有设备阶段：%1</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication, not overlapped</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>被掩盖</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Device phases</source>
        <translation>设备阶段</translation>
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
    <message>
        <source>Nothing is compared yet.</source>
        <translation>尚未进行任何比较。</translation>
    </message>
    <message>
        <source>No tensor pair diverges with the current thresholds.</source>
        <translation>在当前阈值下没有发散的张量对。</translation>
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
            <numerusform>%n 类警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not be opened</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>No warnings or errors. Files that load with repairs, or cannot be opened, are listed here with what was found and where.</source>
        <translation>没有警告或错误。载入时经过修复或无法打开的文件会列在这里，并说明发现了什么、在哪里。</translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n 条提示</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::DivergenceHeatmap</name>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2：%3</translation>
    </message>
    <message>
        <source>0 clean</source>
        <translation>0 无偏差</translation>
    </message>
    <message>
        <source>1 broken</source>
        <translation>1 严重</translation>
    </message>
    <message>
        <source>divergence %1 (0 clean … 1 broken)</source>
        <translation>偏差度 %1（0 无偏差 … 1 严重）</translation>
    </message>
    <message numerus="yes">
        <source>%n tensors in execution order</source>
        <translation>
            <numerusform>按执行顺序排列的 %n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <source>Divergence (log scale)
grey: no value</source>
        <translation>偏离程度（对数刻度）
灰色：无数值</translation>
    </message>
    <message>
        <source>no value (unmatched, or not defined for this pair)</source>
        <translation>无数值（未匹配，或对此对张量无定义）</translation>
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
            <numerusform>热力图：%1（%n 次运行）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Compared %n tensor pair(s)</source>
        <translation>
            <numerusform>已比较 %n 个张量对</numerusform>
        </translation>
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
            <numerusform>%1（标杆，%2）对比 %3（NPU，%4）%5%6&lt;br&gt;%n 个张量对，</numerusform>
        </translation>
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
    <message>
        <source>Statistics mode: a Max/Min/Mean/Norm that moves by more than this share of its value warns (msprobe: 0.5)</source>
        <translation>统计量模式：Max/Min/Mean/Norm 的变化超过其值的这一比例时告警（msprobe：0.5）</translation>
    </message>
    <message>
        <source>Every compared step and rank; click a row to open that run</source>
        <translation>每个已比较的 step 和 rank；单击一行打开该运行</translation>
    </message>
    <message>
        <source>Dumps: %1 vs %2</source>
        <translation>转储：%1 对比 %2</translation>
    </message>
    <message>
        <source>&amp;Limits</source>
        <translation>限制(&amp;L)</translation>
    </message>
    <message>
        <source>Per-tensor element cap, and whether tensor files outside a dump&apos;s folder are read</source>
        <translation>单个张量的元素上限，以及是否读取转储文件夹之外的张量文件</translation>
    </message>
    <message>
        <source>Per-tensor cap (million elements):</source>
        <translation>单个张量上限（百万元素）：</translation>
    </message>
    <message>
        <source>Tensors with more elements are listed but not read (default %L1 million, 16 GiB of float32)</source>
        <translation>元素更多的张量会列出但不读取（默认 %L1 百万，即 16 GiB 的 float32）</translation>
    </message>
    <message>
        <source>Read tensor files outside the dump&apos;s folder</source>
        <translation>读取转储文件夹之外的张量文件</translation>
    </message>
    <message>
        <source>Off: a data_name such as ../../x.npy, an absolute path or a symlink leading out of the dump is refused</source>
        <translation>关闭时：拒绝诸如 ../../x.npy 的 data_name、绝对路径或指向转储之外的符号链接</translation>
    </message>
    <message>
        <source>Analysing %1 on its own …</source>
        <translation>正在单独分析 %1 …</translation>
    </message>
    <message>
        <source>Analysing a dump</source>
        <translation>正在分析转储</translation>
    </message>
    <message>
        <source>The analysis failed: %1</source>
        <translation>分析失败：%1</translation>
    </message>
    <message>
        <source> · also in %1</source>
        <translation> · 也出现在 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2)%3 on its own: %n tensor(s), </source>
        <translation>
            <numerusform>%1（%2）%3 单独分析：%n 个张量，</numerusform>
        </translation>
    </message>
    <message>
        <source>, run &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>，运行 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 with NaN/Inf, %2 fp16-saturated (±65504) · first overflow: %3</source>
        <translation>%1 个含 NaN/Inf，%2 个 fp16 饱和（±65504）· 首个溢出：%3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Open a benchmark dump as well to compare the two.</source>
        <translation>再打开一个基准转储即可比较两者。</translation>
    </message>
    <message>
        <source>Reading the compare result %1 …</source>
        <translation>正在读取比对结果 %1 …</translation>
    </message>
    <message>
        <source>Reading a compare result</source>
        <translation>正在读取比对结果</translation>
    </message>
    <message numerus="yes">
        <source> · %n changed argument(s)</source>
        <translation>
            <numerusform> · %n 个参数已改变</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 errors, %2 warnings · </source>
        <translation>%1 个错误，%2 个警告 · </translation>
    </message>
    <message>
        <source>Tensor statistics CSV (*.csv)</source>
        <translation>张量统计 CSV（*.csv）</translation>
    </message>
    <message>
        <source>Divergence heatmap</source>
        <translation>偏差热力图</translation>
    </message>
    <message>
        <source>Dump: %1</source>
        <translation>转储：%1</translation>
    </message>
    <message>
        <source> · lowest cosine: &lt;b&gt;%1&lt;/b&gt; (%2)</source>
        <translation> · 余弦最低：&lt;b&gt;%1&lt;/b&gt;（%2）</translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1 rows of the file left out&lt;/b&gt; (rows_capped: more than fit in memory or the row cap)</source>
        <translation> · &lt;b&gt;文件中有 %1 行未读入&lt;/b&gt;（rows_capped：超出内存或行数上限）</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::FilesView</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Choose a file above to see every column as written.</source>
        <translation>在上方选择一个文件，按原样查看其所有列。</translation>
    </message>
    <message>
        <source>read</source>
        <translation>已读取</translation>
    </message>
    <message numerus="yes">
        <source>read, %n warning(s)</source>
        <translation>
            <numerusform>已读取，%n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>%1: the first %2 of %3 rows.</source>
        <translation>%1：共 %3 行中的前 %2 行。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s), every column as written.</source>
        <translation>
            <numerusform>%1：%n 行，所有列按原样显示。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::FindingsPanel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n slice(s))</source>
        <translation>
            <numerusform>%1（%n 个切片）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n compile(s))</source>
        <translation>
            <numerusform>%1（编译 %n 次）</numerusform>
        </translation>
    </message>
    <message>
        <source>not found in the timeline or op-info</source>
        <translation>在时间线和算子信息中均未找到</translation>
    </message>
    <message>
        <source>Notes of this investigation: what was tried, what is next.</source>
        <translation>本次排查的备注：已尝试过什么，下一步做什么。</translation>
    </message>
    <message numerus="yes">
        <source>Drawing findings from %n input(s)…</source>
        <translation>
            <numerusform>正在根据 %n 个输入得出诊断…</numerusform>
        </translation>
    </message>
    <message>
        <source>Drawing findings</source>
        <translation>正在得出诊断</translation>
    </message>
    <message>
        <source>Double-click to open the evidence.</source>
        <translation>双击打开证据。</translation>
    </message>
    <message>
        <source>No findings yet: open a benchmark and a run under test (loss logs, dumps, timelines) or op-info logs.</source>
        <translation>尚无诊断：请打开标杆与待测运行（loss 日志、dump、时间线）或算子信息日志。</translation>
    </message>
    <message>
        <source>%1 finding(s) need attention; %2 say(s) nothing is wrong.</source>
        <translation>%1 条诊断需要关注；%2 条说明无问题。</translation>
    </message>
    <message>
        <source>Next action: %1</source>
        <translation>下一步：%1</translation>
    </message>
    <message>
        <source>Rule %1 · %2</source>
        <translation>规则 %1 · %2</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Next action</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>the loss curves at step %1</source>
        <translation>第 %1 步的 loss 曲线</translation>
    </message>
    <message>
        <source>the %1 tab</source>
        <translation>%1 标签页</translation>
    </message>
    <message>
        <source>Also open: %1</source>
        <translation>另可打开：%1</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::KernelView</name>
    <message>
        <source>Group by:</source>
        <translation>分组方式：</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Accelerator core</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>Op type and input shapes, dtypes, formats</source>
        <translation>算子类型及输入形状、数据类型、格式</translation>
    </message>
    <message>
        <source>Filter op types</source>
        <translation>筛选算子类型</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s), %1 µs of device time.</source>
        <translation>
            <numerusform>%n 个算子，设备耗时 %1 µs。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n on the AI CPU (%1 % of the time): move them to AI Core where an implementation exists.</source>
        <translation>
            <numerusform>%n 个在 AI CPU 上（占时间的 %1 %）：若有 AI Core 实现，请迁移到 AI Core。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) multiply matrices whose shape is not 16-aligned.</source>
        <translation>
            <numerusform>%n 组算子所乘矩阵的形状未按 16 对齐。</numerusform>
        </translation>
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
            <numerusform>%n 个任务 ▾</numerusform>
        </translation>
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
    <message>
        <source>B − A (%1)</source>
        <translation>B − A（%1）</translation>
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
            <numerusform>已加载 %1：主损失共 %n 步。</numerusform>
        </translation>
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
        <source>Added to this run&apos;s steps, e.g. for a resumed run.</source>
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
            <numerusform>&lt;b&gt;%1&lt;/b&gt;：%n 个共同步（A 有 %2 步，B 有 %3 步）。</numerusform>
        </translation>
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
            <numerusform>正在实时跟随 %n 个日志。</numerusform>
        </translation>
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
    <message>
        <source>Loss: %1 vs %2</source>
        <translation>损失：%1 对比 %2</translation>
    </message>
    <message>
        <source>Loss: %1</source>
        <translation>损失：%1</translation>
    </message>
    <message numerus="yes">
        <source>Loss: %n logs</source>
        <translation>
            <numerusform>损失：%n 个日志</numerusform>
        </translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>A: the benchmark</source>
        <translation>A：基准</translation>
    </message>
    <message>
        <source>B: the run under test</source>
        <translation>B：被测运行</translation>
    </message>
    <message>
        <source>%1
Format: %2</source>
        <translation>%1
格式：%2</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MemoryTrackView</name>
    <message>
        <source>Device memory</source>
        <translation>设备内存</translation>
    </message>
    <message>
        <source>peak %1 MiB</source>
        <translation>峰值 %1 MiB</translation>
    </message>
    <message>
        <source>Device memory: no [memory] events</source>
        <translation>设备内存：没有 [memory] 事件</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MemoryView</name>
    <message>
        <source>Time since the first sample (ms)</source>
        <translation>自第一个采样起的时间 (ms)</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>内存块</translation>
    </message>
    <message>
        <source>Total (KB)</source>
        <translation>总计 (KB)</translation>
    </message>
    <message>
        <source>Largest (KB)</source>
        <translation>最大 (KB)</translation>
    </message>
    <message>
        <source>Held (µs)</source>
        <translation>持有 (µs)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Peak reserved (MB)</source>
        <translation>预留峰值 (MB)</translation>
    </message>
    <message>
        <source>Peak allocated (MB)</source>
        <translation>分配峰值 (MB)</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <source>Top allocators</source>
        <translation>内存占用最多的算子</translation>
    </message>
    <message>
        <source>Peak per step</source>
        <translation>每迭代峰值</translation>
    </message>
    <message>
        <source>Device modules</source>
        <translation>设备模块</translation>
    </message>
    <message>
        <source>This rank has no memory_record.csv, operator_memory.csv or npu_module_mem.csv (profile_memory was off).</source>
        <translation>该 rank 没有 memory_record.csv、operator_memory.csv 或 npu_module_mem.csv（未开启 profile_memory）。</translation>
    </message>
    <message numerus="yes">
        <source>Rank %1: %n memory curve(s).</source>
        <translation>
            <numerusform>Rank %1：%n 条内存曲线。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reserved</source>
        <translation>%1 预留</translation>
    </message>
    <message>
        <source>%1 allocated</source>
        <translation>%1 已分配</translation>
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
    <name>Twinscope::Widgets::ModelWorkspace</name>
    <message>
        <source>Bands (%1):</source>
        <translation>档位（%1）：</translation>
    </message>
    <message>
        <source>Open two msprobe dump folders (level L0 or mix: construct.json) or an msprobe .vis.db to see the module tree.</source>
        <translation>打开两个 msprobe 转储文件夹（L0 或 mix 级别：construct.json）或一个 msprobe .vis.db 以查看模块树。</translation>
    </message>
    <message>
        <source>Show in Dumps</source>
        <translation>在转储中显示</translation>
    </message>
    <message>
        <source>Select the node&apos;s first output tensor in the Dumps tab</source>
        <translation>在转储标签页中选中该节点的第一个输出张量</translation>
    </message>
    <message>
        <source>Show Parameters</source>
        <translation>显示参数</translation>
    </message>
    <message>
        <source>Show the module&apos;s parameters in the open checkpoint comparison</source>
        <translation>在已打开的检查点比较中显示该模块的参数</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Search the open timeline for the module&apos;s range (recorded with with_modules=True) and the kernels under it</source>
        <translation>在已打开的时间线中搜索该模块的区间（以 with_modules=True 采集）及其下的 kernel</translation>
    </message>
    <message>
        <source>Step and rank to compare</source>
        <translation>要比较的步和 rank</translation>
    </message>
    <message>
        <source>Search modules and APIs</source>
        <translation>搜索模块和 API</translation>
    </message>
    <message>
        <source>All bands</source>
        <translation>所有档位</translation>
    </message>
    <message>
        <source>yellow2 or worse</source>
        <translation>yellow2 及更差</translation>
    </message>
    <message>
        <source>orange1 or worse</source>
        <translation>orange1 及更差</translation>
    </message>
    <message>
        <source>orange2 or worse</source>
        <translation>orange2 及更差</translation>
    </message>
    <message>
        <source>red only</source>
        <translation>仅 red</translation>
    </message>
    <message>
        <source>Unmatched only</source>
        <translation>仅未匹配</translation>
    </message>
    <message>
        <source>Overflow only</source>
        <translation>仅溢出</translation>
    </message>
    <message>
        <source>Modules only</source>
        <translation>仅模块</translation>
    </message>
    <message>
        <source>Fuzzy match</source>
        <translation>模糊匹配</translation>
    </message>
    <message>
        <source>msprobe&apos;s fuzzy match: APIs inside matched modules by name and order, call counts ignored</source>
        <translation>msprobe 的模糊匹配：已匹配模块内的 API 按名称和顺序匹配，忽略调用计数</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>%1 opened; open its benchmark dump to compare the module trees.</source>
        <translation>已打开 %1；再打开其标杆转储即可比较模块树。</translation>
    </message>
    <message>
        <source>Comparing module trees</source>
        <translation>正在比较模块树</translation>
    </message>
    <message>
        <source>step %1, rank %2</source>
        <translation>第 %1 步，rank %2</translation>
    </message>
    <message>
        <source>First divergent module: &lt;b&gt;%1&lt;/b&gt; — its recorded outputs agree, but the next call reads a changed value (a forward hook or an op msprobe does not wrap).</source>
        <translation>首个发散模块：&lt;b&gt;%1&lt;/b&gt; — 记录下的输出一致，但下一个调用读到的值已改变（forward hook 或 msprobe 未封装的算子）。</translation>
    </message>
    <message>
        <source>First divergent module: &lt;b&gt;%1&lt;/b&gt; — its inputs agree, its outputs diverge (output error %2).</source>
        <translation>首个发散模块：&lt;b&gt;%1&lt;/b&gt; — 输入一致，输出发散（输出误差 %2）。</translation>
    </message>
    <message>
        <source>No divergent module: every matched module&apos;s outputs agree, or diverge only where its inputs already do.</source>
        <translation>没有发散模块：每个已匹配模块的输出都一致，或仅在其输入已发散处发散。</translation>
    </message>
    <message>
        <source>%1 compare, step %2, rank %3: %4 NPU nodes, %5 matched, %6 unmatched NPU and %7 unmatched benchmark nodes.</source>
        <translation>%1 比较，第 %2 步，rank %3：%4 个 NPU 节点，%5 个已匹配，%6 个未匹配 NPU 节点和 %7 个未匹配标杆节点。</translation>
    </message>
    <message>
        <source>Bands and indices as msprobe stored them.</source>
        <translation>档位和指标均为 msprobe 存储的值。</translation>
    </message>
    <message>
        <source>Module tree: no divergent module (%1 nodes, %2 matched)</source>
        <translation>模块树：没有发散模块（%1 个节点，%2 个已匹配）</translation>
    </message>
    <message>
        <source>Module tree: first divergent module %1</source>
        <translation>模块树：首个发散模块 %1</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::ModuleTreeModel</name>
    <message>
        <source>%1  ◀ first divergent</source>
        <translation>%1  ◀ 首个发散</translation>
    </message>
    <message>
        <source>msprobe&apos;s precision index: statistics, the largest relative error of the outputs&apos; statistics; tensor, the drop of the one-thousandth ratio from inputs to outputs; md5, 1 when every checksum matches</source>
        <translation>msprobe 的精度指标：statistics 模式为输出统计量的最大相对误差；tensor 模式为千分之一比率从输入到输出的下降；md5 模式在所有校验和一致时为 1</translation>
    </message>
    <message>
        <source>Twinscope&apos;s divergence: the largest relative difference of Max, Min, Mean and Norm (tensor mode also 1 - one-thousandth ratio)</source>
        <translation>Twinscope 的发散度：Max、Min、Mean 和 Norm 的最大相对差（tensor 模式还有 1 - 千分之一比率）</translation>
    </message>
    <message>
        <source>Module / API</source>
        <translation>模块 / API</translation>
    </message>
    <message>
        <source>Band</source>
        <translation>档位</translation>
    </message>
    <message>
        <source>Precision index</source>
        <translation>精度指标</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>NPU output</source>
        <translation>NPU 输出</translation>
    </message>
    <message>
        <source>Bench output</source>
        <translation>标杆输出</translation>
    </message>
    <message>
        <source>Input error</source>
        <translation>输入误差</translation>
    </message>
    <message>
        <source>Output error</source>
        <translation>输出误差</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MonitorHeatmap</name>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>msprobe anomaly</source>
        <translation>msprobe 异常</translation>
    </message>
    <message>
        <source>first departure</source>
        <translation>首次偏离</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::MonitorWorkspace</name>
    <message>
        <source>Open Monitor…</source>
        <translation>打开监控…</translation>
    </message>
    <message>
        <source>Open an msprobe monitor output folder; choose a second for the run under test.</source>
        <translation>打开一个 msprobe 监控输出文件夹；再选一个作为被测运行。</translation>
    </message>
    <message>
        <source>The rank whose modules the heatmap shows.</source>
        <translation>热力图显示其模块的 rank。</translation>
    </message>
    <message>
        <source>The values of a run, or B&apos;s gap to A over each module&apos;s noise floor.</source>
        <translation>一次运行的数值，或 B 与 A 的差距相对各模块噪声底的倍数。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Anomaly</source>
        <translation>异常</translation>
    </message>
    <message>
        <source>Training monitor</source>
        <translation>训练监控</translation>
    </message>
    <message>
        <source>Monitor: %1</source>
        <translation>监控：%1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Loading training monitors</source>
        <translation>正在加载训练监控</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
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
        <source>Gap over noise floor</source>
        <translation>差距 / 噪声底</translation>
    </message>
    <message>
        <source>gap / noise floor (log)</source>
        <translation>差距 / 噪声底（对数）</translation>
    </message>
    <message>
        <source>|%1| (log)</source>
        <translation>|%1|（对数）</translation>
    </message>
    <message>
        <source>%1 (log)</source>
        <translation>%1（对数）</translation>
    </message>
    <message>
        <source>A (benchmark)</source>
        <translation>A（标杆）</translation>
    </message>
    <message>
        <source>B (under test)</source>
        <translation>B（被测）</translation>
    </message>
    <message>
        <source>step — %1</source>
        <translation>步 — %1</translation>
    </message>
    <message>
        <source>%1: %2, %3 rank(s), %4 modules, %5 steps, %6 anomalies</source>
        <translation>%1：%2，%3 个 rank，%4 个模块，%5 步，%6 个异常</translation>
    </message>
    <message>
        <source>First departure: step %1, rank %2, %3 of %4 (gap %5, noise floor %6 from the first %7 steps).</source>
        <translation>首次偏离：第 %1 步，rank %2，%4 的 %3（差距 %5，噪声底 %6，由前 %7 步估计）。</translation>
    </message>
    <message>
        <source>No departure: every module stays within its noise floor (from the first %1 steps).</source>
        <translation>无偏离：每个模块都在其噪声底之内（由前 %1 步估计）。</translation>
    </message>
    <message>
        <source>Open an msprobe monitor output folder (a second one: the run under test)</source>
        <translation>打开一个 msprobe 监控输出文件夹（第二个为被测运行）</translation>
    </message>
    <message>
        <source>Training monitor heatmap</source>
        <translation>训练监控热力图</translation>
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
        <source>Compiles after this time count as recompiles. Leave empty to take the first compile followed by &quot;To compile op&quot; or &quot;Match op inputs/type failed&quot;.</source>
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
        <source>Cannot read &quot;%1&quot; as a time; use 2026-03-19 10:00:05 or the plog form 2026-03-19-10:00:05.000.000.</source>
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
            <numerusform>&lt;b&gt;%n&lt;/b&gt; 种算子类型发生重编译</numerusform>
        </translation>
    </message>
    <message>
        <source>TransData &lt;b&gt;%1&lt;/b&gt; (%2 %), Cast &lt;b&gt;%3&lt;/b&gt; (%4 %)</source>
        <translation>TransData &lt;b&gt;%1&lt;/b&gt;（%2 %），Cast &lt;b&gt;%3&lt;/b&gt;（%4 %）</translation>
    </message>
    <message numerus="yes">
        <source>%n truncated record(s)</source>
        <translation>
            <numerusform>%n 条截断记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n AI CPU fallback op(s)</source>
        <translation>
            <numerusform>%n 个 AI CPU 回退算子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unparsed line(s)</source>
        <translation>
            <numerusform>%n 行未解析</numerusform>
        </translation>
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
            <numerusform>%1（%2）之后有 %n 次编译。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n signature(s), %2 new after the cut-off)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;（%n 个签名，截止点后新增 %2 个）</numerusform>
        </translation>
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
            <numerusform>%1（%n×）</numerusform>
        </translation>
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
    <message numerus="yes">
        <source>Op info: %1 and %n more</source>
        <translation>
            <numerusform>算子信息：%1 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compile(s) after %1.</source>
        <translation>
            <numerusform>%1 之后有 %n 次编译。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; graph kernels of &lt;b&gt;%2&lt;/b&gt; op types</source>
        <translation>&lt;b&gt;%2&lt;/b&gt; 种算子类型共 &lt;b&gt;%1&lt;/b&gt; 个图 kernel</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::ProfileWorkspace</name>
    <message>
        <source>Open an Ascend profiler folder (*_ascend_pt, its parent, a folder of rank folders, PROF_*, a MindSpore profiler folder or cluster_analysis_output).</source>
        <translation>打开昇腾 Profiler 目录（*_ascend_pt、其上级目录、包含各 rank 目录的目录、PROF_*、MindSpore Profiler 目录或 cluster_analysis_output）。</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能数据</translation>
    </message>
    <message numerus="yes">
        <source>Profile: %n rank(s)</source>
        <translation>
            <numerusform>性能数据：%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile: %1</source>
        <translation>性能数据：%1</translation>
    </message>
    <message>
        <source>Reading profiler tables of %1</source>
        <translation>正在读取 %1 的 Profiler 表格</translation>
    </message>
    <message numerus="yes">
        <source>Reading profiler tables of %n folder(s)</source>
        <translation>
            <numerusform>正在读取 %n 个目录的 Profiler 表格</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the profiler tables was canceled.</source>
        <translation>已取消读取 Profiler 表格。</translation>
    </message>
    <message numerus="yes">
        <source>All %n ranks</source>
        <translation>
            <numerusform>全部 %n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>The rank</source>
        <translation>该 rank</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Ranks are shown one by one for clusters of up to %1 ranks; the Cluster view has every rank.</source>
        <translation>不超过 %1 个 rank 的集群可逐个查看 rank；“集群”视图包含所有 rank。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message numerus="yes">
        <source>Rank %1, %n step(s).</source>
        <translation>
            <numerusform>Rank %1，%n 个迭代。</numerusform>
        </translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Each rank&apos;s mean over its steps; open a rank (double-click) for its steps.</source>
        <translation>每个 rank 各迭代的平均值；双击某个 rank 查看其各迭代。</translation>
    </message>
    <message>
        <source>No kernel_details.csv, op_statistic.csv, op_summary or MindSpore op time table.</source>
        <translation>没有 kernel_details.csv、op_statistic.csv、op_summary 或 MindSpore 算子耗时表。</translation>
    </message>
    <message>
        <source>No step_trace_time.csv (or CANN / MindSpore step table). Step phases computed from the timeline are not available yet.</source>
        <translation>没有 step_trace_time.csv（或 CANN / MindSpore 迭代表）。暂不支持从时间线计算迭代阶段。</translation>
    </message>
    <message>
        <source>No communication.json, communication_matrix.json or cluster communication file.</source>
        <translation>没有 communication.json、communication_matrix.json 或集群通信文件。</translation>
    </message>
    <message>
        <source>No memory_record.csv, operator_memory.csv or npu_module_mem.csv, or more ranks than are shown one by one.</source>
        <translation>没有 memory_record.csv、operator_memory.csv 或 npu_module_mem.csv，或 rank 数超过可逐个查看的上限。</translation>
    </message>
    <message>
        <source>One rank: the cluster view needs several.</source>
        <translation>只有一个 rank：集群视图需要多个 rank。</translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation>没有打开任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; rank(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s), %1 ms on the device</source>
        <translation>
            <numerusform>%n 个算子，设备上 %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>AI CPU %1 %</source>
        <translation>AI CPU %1 %</translation>
    </message>
    <message numerus="yes">
        <source>%n collective(s)</source>
        <translation>
            <numerusform>%n 种集合通信</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
    <message>
        <source>rank %1 %2</source>
        <translation>rank %1 %2</translation>
    </message>
    <message>
        <source>%1 → %2 %3</source>
        <translation>%1 → %2 %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Slow:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;慢：&lt;/b&gt;%1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read (see Files).</source>
        <translation>
            <numerusform>%n 个文件无法读取（见“文件”）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Kernel table (*.csv);;Step table (*.csv);;Communication table (*.csv);;Cluster heatmap (*.png)</source>
        <translation>算子表 (*.csv);;迭代表 (*.csv);;通信表 (*.csv);;集群热力图 (*.png)</translation>
    </message>
    <message>
        <source>The heatmap could not be written to %1.</source>
        <translation>无法将热力图写入 %1。</translation>
    </message>
    <message>
        <source>Step table</source>
        <translation>迭代表</translation>
    </message>
    <message>
        <source>Communication table</source>
        <translation>通信表</translation>
    </message>
    <message>
        <source>The mean step is the profiler table&apos;s own: its iteration time where it has one, else Computing + Communication (not overlapped) + Free, as msprof-analyze measures it. The Compare tab measures a trace&apos;s step as its ProfilerStep window on the host, so the two differ for the same folder.</source>
        <translation>平均迭代时间取自 Profiler 表本身：有迭代时间列时用它，否则按 msprof-analyze 的口径取 计算 + 通信（未掩盖）+ 空闲。对比页以 host 侧的 ProfilerStep 窗口度量 trace 的迭代，因此同一目录下两者会不同。</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 个迭代</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) per rank</source>
        <translation>
            <numerusform>每个 rank %n 个迭代</numerusform>
        </translation>
    </message>
    <message>
        <source>%1–%2 steps per rank</source>
        <translation>每个 rank %1–%2 个迭代</translation>
    </message>
    <message>
        <source>%1, mean step &lt;b&gt;%2 ms&lt;/b&gt;</source>
        <translation>%1，平均迭代 &lt;b&gt;%2 ms&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No slow rank or link.</source>
        <translation>没有慢卡或慢链路。</translation>
    </message>
    <message numerus="yes">
        <source>No slow rank: the rule needs at least %n rank(s).</source>
        <translation>
            <numerusform>没有慢卡：规则至少需要 %n 个 rank。</numerusform>
        </translation>
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
    <message>
        <source>Start in its file</source>
        <translation>在其文件中的开始时间</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::StackedTimelines</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation>目标：%1</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::StepView</name>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>迭代时间</translation>
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
            <numerusform>NPU 侧的 %n 个 NaN/Inf 值排在最前。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 的值</translation>
    </message>
    <message>
        <source>%1 − %2</source>
        <translation>%1 − %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 %3 · verdict %4&lt;br&gt;%5: %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 %3 · 结论 %4&lt;br&gt;%5：%6</translation>
    </message>
    <message>
        <source>%1 = %2 (bench %3, changed)</source>
        <translation>%1 = %2（基准 %3，已改变）</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Arguments: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n NaN/Inf value(s) of %1 are listed first.</source>
        <translation>
            <numerusform>%1 的 %n 个 NaN/Inf 值排在最前。</numerusform>
        </translation>
    </message>
    <message>
        <source>|NPU − bench| / |bench| per statistic</source>
        <translation>各统计量的 |NPU − 标杆| / |标杆|</translation>
    </message>
    <message>
        <source>relative error (%)</source>
        <translation>相对误差（%）</translation>
    </message>
    <message>
        <source>within the warning rule</source>
        <translation>未触发告警规则</translation>
    </message>
    <message>
        <source>moved by more than half (warning)</source>
        <translation>变化超过一半（告警）</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TimelineDrawer</name>
    <message>
        <source>Selected slice</source>
        <translation>所选切片</translation>
    </message>
    <message>
        <source>Area statistics</source>
        <translation>区域统计</translation>
    </message>
    <message>
        <source>Show the details panel</source>
        <translation>显示详情面板</translation>
    </message>
    <message>
        <source>Collapse the details panel</source>
        <translation>折叠详情面板</translation>
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
        <source>%1
Duration: %2
Self time: %3
Start: %4</source>
        <translation>%1
时长：%2
自身耗时：%3
开始：%4</translation>
    </message>
    <message>
        <source>%1
Instant at %2</source>
        <translation>%1
瞬时事件，位于 %2</translation>
    </message>
    <message>
        <source>%1
Value: %2 at %3</source>
        <translation>%1
值：%2，位于 %3</translation>
    </message>
    <message>
        <source>Ticks from %1</source>
        <translation>刻度起点 %1</translation>
    </message>
    <message>
        <source>W / S: zoom in / out at the cursor
A / D: pan left / right
Ctrl+wheel: zoom; Shift+wheel: pan; wheel: scroll tracks
Drag: select an area; its statistics open below; Esc: clear it
Ctrl+drag or middle-drag: pan; Shift+drag: zoom to the dragged range
Hover: name, duration and self time of a slice
Click: select a slice; click a process header: collapse or expand it
F: fit the selection; Backspace: undo zoom; Ctrl+0: show everything
. / ,: next / previous slice on the track
L: mark the selected slice as base; R: align the selected slice&apos;s file to it
Ctrl+F: search; Enter / Shift+Enter: next / previous hit
?: this help</source>
        <translation>W / S：在光标处放大 / 缩小
A / D：向左 / 向右平移
Ctrl+滚轮：缩放；Shift+滚轮：平移；滚轮：滚动轨道
拖动：选择一个区域，其统计显示在下方；Esc：清除区域
Ctrl+拖动或中键拖动：平移；Shift+拖动：缩放到拖动的范围
悬停：切片的名称、时长与自身耗时
单击：选择切片；单击进程标题：折叠或展开
F：适配所选内容；Backspace：撤销缩放；Ctrl+0：显示全部
. / ,：轨道上的下一个 / 上一个切片
L：将所选切片标记为基准；R：将所选切片所在文件对齐到基准
Ctrl+F：搜索；Enter / Shift+Enter：下一个 / 上一个结果
?：此帮助</translation>
    </message>
</context>
<context>
    <name>Twinscope::Widgets::TraceCompareWorkspace</name>
    <message>
        <source>Swap baseline and target</source>
        <translation>交换基线与目标</translation>
    </message>
    <message>
        <source>Op families…</source>
        <translation>算子族…</translation>
    </message>
    <message>
        <source>A JSON file of regular expression → op family, tried before the built-in families (e.g. {&quot;^my_fused_gemm&quot;: &quot;matmul&quot;}).</source>
        <translation>一个“正则表达式 → 算子族”的 JSON 文件，先于内置算子族匹配（例如 {&quot;^my_fused_gemm&quot;: &quot;matmul&quot;}）。</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Export the table on the current page as CSV.</source>
        <translation>将当前页面的表格导出为 CSV。</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>Step：</translation>
    </message>
    <message>
        <source>Bars, baseline above target: &lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; computing &lt;span style=&quot;color:%2&quot;&gt;■&lt;/span&gt; communication not overlapped &lt;span style=&quot;color:%3&quot;&gt;■&lt;/span&gt; free — bold rows are the compared steps.</source>
        <translation>条形图，上为基线、下为目标：&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; 计算 &lt;span style=&quot;color:%2&quot;&gt;■&lt;/span&gt; 未被掩盖的通信 &lt;span style=&quot;color:%3&quot;&gt;■&lt;/span&gt; 空闲 —— 粗体行为被比较的 step。</translation>
    </message>
    <message>
        <source>Steps and phases</source>
        <translation>Step 与阶段</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Both levels</source>
        <translation>两个层级</translation>
    </message>
    <message>
        <source>Framework ops</source>
        <translation>框架算子</translation>
    </message>
    <message>
        <source>Device ops</source>
        <translation>设备算子</translation>
    </message>
    <message>
        <source>Filter by op or family</source>
        <translation>按算子或算子族筛选</translation>
    </message>
    <message>
        <source>Op diff</source>
        <translation>算子差异</translation>
    </message>
    <message>
        <source>Timelines</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Ops by input shape</source>
        <translation>按输入形状统计算子</translation>
    </message>
    <message>
        <source>Choose an op family mapping</source>
        <translation>选择算子族映射文件</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Table written to %1.</source>
        <translation>表格已写入 %1。</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Compare: %1 ↔ %2</source>
        <translation>比较：%1 ↔ %2</translation>
    </message>
    <message>
        <source>Loading %1 and %2…</source>
        <translation>正在加载 %1 和 %2…</translation>
    </message>
    <message>
        <source>Comparing %1 with %2</source>
        <translation>正在比较 %1 与 %2</translation>
    </message>
    <message>
        <source>The comparison was cancelled.</source>
        <translation>比较已取消。</translation>
    </message>
    <message>
        <source>Comparing the traces</source>
        <translation>正在比较 trace</translation>
    </message>
    <message>
        <source>Target step %1 against baseline %2</source>
        <translation>目标 step %1，基线 %2</translation>
    </message>
    <message>
        <source> (%1×)</source>
        <translation>（%1×）</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>; largest differences: %1</source>
        <translation>；最大差异：%1</translation>
    </message>
    <message>
        <source>whole trace</source>
        <translation>整个 trace</translation>
    </message>
    <message>
        <source>Step %1: %2 ↔ %3</source>
        <translation>Step %1：%2 ↔ %3</translation>
    </message>
    <message>
        <source>Grouping ops by input shape</source>
        <translation>正在按输入形状统计算子</translation>
    </message>
    <message>
        <source>Steps CSV (*.csv);;Phases CSV (*.csv);;Categories CSV (*.csv);;Op diff CSV (*.csv);;Timelines image PNG (*.png);;Ops by input shape CSV (*.csv)</source>
        <translation>Step CSV (*.csv);;阶段 CSV (*.csv);;类别 CSV (*.csv);;算子差异 CSV (*.csv);;时间线图像 PNG (*.png);;按输入形状统计 CSV (*.csv)</translation>
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
        <source>Which steps are compared: each run&apos;s steady steps (complete steps, the first one excluded as warm-up), every complete step (as a mean per step), or the N-th step of each run.</source>
        <translation>比较哪些 step：各自的稳定 step（完整的 step，第一个作为预热排除）、所有完整的 step（每 step 平均），或两侧的第 N 个 step。</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Baseline: %1 (%2)    Target: %3 (%4)</source>
        <translation>基线：%1（%2）    目标：%3（%4）</translation>
    </message>
    <message>
        <source>Steady steps (warm-up and unfinished excluded)</source>
        <translation>稳定 step（不含预热和未完成的 step）</translation>
    </message>
    <message>
        <source>Every complete step (warm-up included)</source>
        <translation>所有完整的 step（含预热）</translation>
    </message>
    <message>
        <source>Baseline: %1
Target: %2</source>
        <translation>基线：%1
目标：%2</translation>
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
            <numerusform>第 %1 / %n 个匹配</numerusform>
        </translation>
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
            <numerusform>时间线：%n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
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
            <numerusform>%n 个匹配</numerusform>
        </translation>
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
            <numerusform>正在加载 %n 个 trace 文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Rows by op type</source>
        <translation>按算子类型分行</translation>
    </message>
    <message>
        <source>Rows by name</source>
        <translation>按名称分行</translation>
    </message>
    <message>
        <source>By op type, MindSpore&apos;s op instances (&quot;Default/…/MatMul-op12&quot;) are summed per type (&quot;MatMul&quot;); other names stay as they are.</source>
        <translation>按算子类型时，MindSpore 的算子实例（“Default/…/MatMul-op12”）按类型（“MatMul”）汇总；其他名称保持不变。</translation>
    </message>
    <message>
        <source>first step</source>
        <translation>第一个 step</translation>
    </message>
    <message>
        <source>first event</source>
        <translation>第一个事件</translation>
    </message>
    <message>
        <source>absolute</source>
        <translation>绝对时间</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n files)</source>
        <translation>
            <numerusform>%1（%n 个文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>Reference clock</source>
        <translation>参照时钟</translation>
    </message>
    <message>
        <source>Align: %1 ▾</source>
        <translation>对齐：%1 ▾</translation>
    </message>
    <message numerus="yes">
        <source>%1 from %2 to %3 over %n track(s) of %4</source>
        <translation>
            <numerusform>%1（%2 至 %3），%4 的 %n 条轨道</numerusform>
        </translation>
    </message>
    <message>
        <source>Op statistics CSV (*.csv)</source>
        <translation>算子统计 CSV (*.csv)</translation>
    </message>
    <message>
        <source>Timeline PNG, whole trace (*.png)</source>
        <translation>时间线 PNG，整个跟踪 (*.png)</translation>
    </message>
    <message>
        <source>Timeline SVG, whole trace (*.svg)</source>
        <translation>时间线 SVG，整个跟踪 (*.svg)</translation>
    </message>
    <message>
        <source>Timeline PNG, selected area (*.png)</source>
        <translation>时间线 PNG，所选区域 (*.png)</translation>
    </message>
    <message>
        <source>Timeline SVG, selected area (*.svg)</source>
        <translation>时间线 SVG，所选区域 (*.svg)</translation>
    </message>
    <message>
        <source>Timeline from %1 to %2 after the trace start.</source>
        <translation>时间线：跟踪开始后 %1 到 %2。</translation>
    </message>
    <message>
        <source>Trace: %1 (rank %2)</source>
        <translation>时间线：%1（rank %2）</translation>
    </message>
    <message>
        <source>This trace has no range for module %1 (%2)</source>
        <translation>此 trace 中没有模块 %1 的区间（%2）</translation>
    </message>
    <message>
        <source>This trace has no module ranges; record it with with_modules=True to link modules to their kernels</source>
        <translation>此 trace 中没有模块区间；请以 with_modules=True 采集，以便把模块关联到其 kernel</translation>
    </message>
    <message>
        <source>Trace: %1 (loading)</source>
        <translation>时间线：%1（加载中）</translation>
    </message>
    <message>
        <source>Loading was cancelled; the preview was closed.</source>
        <translation>加载已取消；预览已关闭。</translation>
    </message>
    <message>
        <source>The trace is still loading; export it when loading ends.</source>
        <translation>时间线仍在加载；请在加载结束后导出。</translation>
    </message>
    <message>
        <source>The whole trace is shown; its steps and op statistics are still being computed.</source>
        <translation>已显示完整时间线；其步骤和算子统计仍在计算中。</translation>
    </message>
    <message>
        <source>Loading… Preview of the first %1 of %2; the whole trace replaces it when loading ends.</source>
        <translation>加载中… 预览 %2 中的前 %1；加载结束后由完整时间线替换。</translation>
    </message>
    <message>
        <source>Loading… %1 % — preview of the first %2 of %3; the whole trace replaces it when loading ends.</source>
        <translation>加载中… %1 % — 预览 %3 中的前 %2；加载结束后由完整时间线替换。</translation>
    </message>
</context>
</TS>
