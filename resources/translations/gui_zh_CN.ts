<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About PortBench</source>
        <translation>关于 PortBench</translation>
    </message>
    <message>
        <source>&lt;h2&gt;PortBench %1&lt;/h2&gt;&lt;p&gt;Port PyTorch LLM training from CUDA to Ascend NPU and MUSA, and prove it trains the same.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;PortBench %1&lt;/h2&gt;&lt;p&gt;将 PyTorch 大模型训练从 CUDA 迁移到昇腾 NPU 和摩尔线程 MUSA，并证明迁移后训练结果一致。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1（构建时版本 %2）</translation>
    </message>
    <message>
        <source>libtorch module: %1 (loaded on first use)</source>
        <translation>libtorch 模块：%1（首次使用时加载）</translation>
    </message>
    <message>
        <source>libtorch module: not installed (no %1)</source>
        <translation>libtorch 模块：未安装（无 %1）</translation>
    </message>
    <message>
        <source>Backend plugins:</source>
        <translation>后端插件：</translation>
    </message>
    <message>
        <source>  failed: %1: %2</source>
        <translation>  加载失败：%1：%2</translation>
    </message>
</context>
<context>
    <name>AttachDialog</name>
    <message>
        <source>Logs only</source>
        <translation>仅日志文件</translation>
    </message>
    <message>
        <source>Parse the whole file (otherwise only what is appended from now on)</source>
        <translation>解析整个文件（否则只读取从现在起追加的内容）</translation>
    </message>
    <message>
        <source>Attach to Log</source>
        <translation>附加到日志</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Hosts from ~/.ssh/config. The connection is followed with tail -F; a drop is retried with backoff and resumes at the last byte received, so nothing is lost or repeated.</source>
        <translation>主机来自 ~/.ssh/config。连接通过 tail -F 跟踪；断开后按退避策略重试，并从最后收到的字节处继续，不会丢失或重复内容。</translation>
    </message>
    <message>
        <source>folder on the host (empty: the login directory)</source>
        <translation>主机上的文件夹（留空：登录目录）</translation>
    </message>
    <message>
        <source>Show only *.log, *.txt, *.out, *.err, *.json(l), *.csv and names containing &quot;log&quot;</source>
        <translation>只显示 *.log、*.txt、*.out、*.err、*.json(l)、*.csv 以及名称含 &quot;log&quot; 的文件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>&amp;List</source>
        <translation>列出(&amp;L)</translation>
    </message>
    <message>
        <source>List the folder on the host (Enter in the folder field)</source>
        <translation>列出主机上的文件夹（在文件夹输入框中按 Enter）</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上一级</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>附加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Log file:</source>
        <translation>日志文件(&amp;L)：</translation>
    </message>
    <message>
        <source>Choose or type the log file to follow.</source>
        <translation>选择或输入要跟踪的日志文件。</translation>
    </message>
    <message>
        <source>Listing %1 on %2…</source>
        <translation>正在列出 %2 上的 %1…</translation>
    </message>
    <message>
        <source>the login directory</source>
        <translation>登录目录</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n 个条目</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChartView</name>
    <message>
        <source>Drag: zoom to a rectangle · Wheel: zoom x (Ctrl: y) · Middle/Shift-drag or arrows: pan · Double-click or Home: show all · Right-click: export and options</source>
        <translation>拖动：框选缩放 · 滚轮：缩放 x 轴（Ctrl：y 轴）· 中键/Shift 拖动或方向键：平移 · 双击或 Home：显示全部 · 右键：导出和选项</translation>
    </message>
    <message>
        <source> (smoothed %1)</source>
        <translation>（平滑后 %1）</translation>
    </message>
    <message>
        <source>  @ step %1</source>
        <translation>  @ 第 %1 步</translation>
    </message>
</context>
<context>
    <name>ChartsPanel</name>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Grad norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>no such chart</source>
        <translation>没有这个图表</translation>
    </message>
    <message>
        <source>X axis </source>
        <extracomment>Label before the x-axis choice (Step, Wall clock, …) in the Charts tool bar.</extracomment>
        <translation>X 轴 </translation>
    </message>
    <message>
        <source>What the x axis measures. Runs that lack it (no timestamps, no consumed tokens) are left out and listed above the charts. Align runs on the step axis with the step offset in the Runs panel.</source>
        <translation>X 轴的度量。缺少该数据的运行（无时间戳、无已消耗 token 数）不显示，并列在图表上方。在步数轴上对齐运行，请使用“运行”面板中的步数偏移。</translation>
    </message>
    <message>
        <source> Smoothing </source>
        <translation> 平滑 </translation>
    </message>
    <message>
        <source>TensorBoard&apos;s debiased exponential moving average: 0 = raw data, 0.999 = heaviest. NaN/inf values are kept and marked.</source>
        <translation>TensorBoard 的去偏指数移动平均：0 = 原始数据，0.999 = 最强平滑。NaN/inf 值会保留并标出。</translation>
    </message>
    <message>
        <source>Raw</source>
        <extracomment>Check box: also draw the unsmoothed curve.</extracomment>
        <translation>原始</translation>
    </message>
    <message>
        <source>Keep the unsmoothed curve visible, faint, behind the smoothed one</source>
        <translation>在平滑曲线后面以淡色保留未平滑的曲线</translation>
    </message>
    <message>
        <source>Log y</source>
        <extracomment>Tool bar toggle: logarithmic y axis.</extracomment>
        <translation>对数 y</translation>
    </message>
    <message>
        <source>Logarithmic y axis on every chart (values ≤ 0 are not drawn) (Ctrl+Shift+L)</source>
        <translation>所有图表使用对数 y 轴（≤ 0 的值不绘制）(Ctrl+Shift+L)</translation>
    </message>
    <message>
        <source>Link x</source>
        <extracomment>Tool bar toggle: the charts share their x range.</extracomment>
        <translation>联动 x</translation>
    </message>
    <message>
        <source>Zooming or panning one chart moves the x axis of every chart</source>
        <translation>缩放或平移一个图表时，所有图表的 x 轴随之移动</translation>
    </message>
    <message>
        <source>Follow latest</source>
        <translation>跟随最新</translation>
    </message>
    <message>
        <source>While a live log grows, slide the view to its newest points (Ctrl+Shift+F). Off: your zoom stays where it is.</source>
        <translation>实时日志增长时，视图滑动到最新的数据点 (Ctrl+Shift+F)。关闭：保持当前缩放不变。</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Show all data on every chart (double-click or Home on a chart)</source>
        <translation>在所有图表上显示全部数据（也可在图表上双击或按 Home）</translation>
    </message>
    <message>
        <source>Add chart</source>
        <translation>添加图表</translation>
    </message>
    <message>
        <source>Add a chart for any metric the loaded runs log</source>
        <translation>为已加载运行记录的任一指标添加图表</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export the chart you last clicked: picture (PNG, SVG) or its data at full resolution (CSV)</source>
        <translation>导出最后点击的图表：图片（PNG、SVG）或全分辨率数据（CSV）</translation>
    </message>
    <message>
        <source>Chart as PNG…</source>
        <translation>图表导出为 PNG…</translation>
    </message>
    <message>
        <source>Chart as SVG…</source>
        <translation>图表导出为 SVG…</translation>
    </message>
    <message>
        <source>Chart data as CSV…</source>
        <translation>图表数据导出为 CSV…</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation>导出为 SVG…</translation>
    </message>
    <message>
        <source>Export data as CSV…</source>
        <translation>数据导出为 CSV…</translation>
    </message>
    <message>
        <source>Log y (this chart)</source>
        <translation>对数 y（仅此图表）</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Remove chart</source>
        <translation>移除图表</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s) of %1 to %2</source>
        <translation>
            <numerusform>已将 %1 的 %n 行导出到 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>已将 %1 导出到 %2</translation>
    </message>
    <message>
        <source>(load a run first)</source>
        <translation>（请先加载运行）</translation>
    </message>
    <message>
        <source>%1 is not shown on the %2 axis: %3</source>
        <translation>%1 未显示在 %2 轴上：%3</translation>
    </message>
    <message>
        <source>No run has %1</source>
        <translation>没有任何运行记录 %1</translation>
    </message>
    <message>
        <source>No run loaded: open a training log (File &gt; Open)</source>
        <translation>尚未加载运行：请打开训练日志（文件 &gt; 打开）</translation>
    </message>
</context>
<context>
    <name>CurveChart</name>
    <message>
        <source> at step %1</source>
        <translation>（第 %1 步）</translation>
    </message>
    <message>
        <source>%1: logged %2 (non-finite value)</source>
        <translation>%1：记录了 %2（非有限值）</translation>
    </message>
    <message>
        <source>sampled — drawing every point…</source>
        <translation>抽样预览 — 正在绘制全部数据点…</translation>
    </message>
</context>
<context>
    <name>CustomFormatDialog</name>
    <message>
        <source>Custom Log Format</source>
        <translation>自定义日志格式</translation>
    </message>
    <message>
        <source>Formats saved here or with `portbench-cli parse --define-format`</source>
        <translation>在此处或用 `portbench-cli parse --define-format` 保存的格式</translation>
    </message>
    <message>
        <source>e.g. plain-steps (lower case, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</source>
        <translation>例如 plain-steps（小写字母、数字、&apos;_&apos;、&apos;.&apos;、&apos;-&apos;）</translation>
    </message>
    <message>
        <source>Named groups: step (whole number), time (unix seconds or ISO-8601), and one group per metric, named as the metric (loss, lr, grad_norm, tokens_per_s, …)</source>
        <translation>命名分组：step（整数）、time（unix 秒或 ISO-8601），以及每个指标一个分组，以指标名命名（loss、lr、grad_norm、tokens_per_s…）</translation>
    </message>
    <message>
        <source>Paste a few lines of the log here</source>
        <translation>在此粘贴几行日志</translation>
    </message>
    <message>
        <source>&amp;Saved formats:</source>
        <translation>已保存的格式(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Regex:</source>
        <translation>正则表达式(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>描述(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>删除(&amp;L)</translation>
    </message>
    <message>
        <source>Sample lines (the run&apos;s output, or paste some):</source>
        <translation>示例行（运行的输出，或粘贴几行）：</translation>
    </message>
    <message>
        <source>Preview (what each line gives the chart):</source>
        <translation>预览（每行为图表提供的数据）：</translation>
    </message>
    <message>
        <source>(new format)</source>
        <translation>（新格式）</translation>
    </message>
    <message>
        <source>Type a regular expression with named groups, e.g. %1</source>
        <translation>输入带命名分组的正则表达式，例如 %1</translation>
    </message>
    <message>
        <source>(no preview: %1)</source>
        <translation>（无预览：%1）</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>示例</translation>
    </message>
    <message numerus="yes">
        <source>Summary: no points from %n line(s)</source>
        <translation>
            <numerusform>汇总：%n 行中没有数据点</numerusform>
        </translation>
    </message>
    <message>
        <source>Summary: %1 points, steps %2 … %3, metrics %4 (read as format &apos;%5&apos;)</source>
        <translation>汇总：%1 个数据点，步 %2 … %3，指标 %4（按格式 &apos;%5&apos; 读取）</translation>
    </message>
    <message>
        <source>Note: the built-in format &apos;%1&apos; recognises this sample first; open the log with `--format %2` in the CLI, or make the regex match more of its lines</source>
        <translation>注意：内置格式 &apos;%1&apos; 会优先识别此示例；请在 CLI 中用 `--format %2` 打开日志，或让正则表达式匹配更多行</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; is not a whole number: line skipped</source>
        <translation>步数 &apos;%1&apos; 不是整数：已跳过该行</translation>
    </message>
    <message>
        <source>step=(next in order)</source>
        <translation>step=（按顺序取下一个）</translation>
    </message>
    <message>
        <source>time &apos;%1&apos; is not a time: left out</source>
        <translation>时间 &apos;%1&apos; 不是有效时间：已忽略</translation>
    </message>
    <message>
        <source>%1 not captured</source>
        <translation>未捕获 %1</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not a number: left out</source>
        <translation>%1 &apos;%2&apos; 不是数字：已忽略</translation>
    </message>
    <message>
        <source>Replace Format?</source>
        <translation>替换格式？</translation>
    </message>
    <message>
        <source>A format named &apos;%1&apos; is already saved (the CLI uses it too).

Replace it?</source>
        <translation>已保存名为 &apos;%1&apos; 的格式（CLI 也在使用）。

是否替换？</translation>
    </message>
    <message>
        <source>Could not save to %1</source>
        <translation>无法保存到 %1</translation>
    </message>
    <message>
        <source>Saved log format &apos;%1&apos; (%2)</source>
        <translation>已保存日志格式 &apos;%1&apos;（%2）</translation>
    </message>
    <message>
        <source>Delete Format?</source>
        <translation>删除格式？</translation>
    </message>
    <message>
        <source>Delete the saved format &apos;%1&apos;? Logs read with it are no longer recognised by the GUI or the CLI.</source>
        <translation>删除已保存的格式 &apos;%1&apos;？用它读取的日志将不再被 GUI 或 CLI 识别。</translation>
    </message>
    <message>
        <source>Deleted log format &apos;%1&apos;</source>
        <translation>已删除日志格式 &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>FileOpenRouter</name>
    <message>
        <source>file does not exist</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>file is not readable</source>
        <translation>文件不可读</translation>
    </message>
    <message>
        <source>not a regular file (a device, a FIFO or a socket)</source>
        <translation>不是普通文件（设备、FIFO 或套接字）</translation>
    </message>
    <message>
        <source>no panel recognises this file type</source>
        <translation>没有面板能识别此文件类型</translation>
    </message>
</context>
<context>
    <name>LaunchDialog</name>
    <message>
        <source>&amp;Detached: keeps running after PortBench quits (setsid + nohup)</source>
        <translation>分离运行(&amp;D)：PortBench 退出后继续运行（setsid + nohup）</translation>
    </message>
    <message>
        <source>Launch Run</source>
        <translation>启动运行</translation>
    </message>
    <message>
        <source>torchrun --nproc_per_node=8 pretrain_gpt.py --tensor-model-parallel-size 2 …</source>
        <translation>torchrun --nproc_per_node=8 pretrain_gpt.py --tensor-model-parallel-size 2 …</translation>
    </message>
    <message>
        <source>Split into arguments like a shell would (quotes respected), but run without a shell. Wrap it in bash -c &apos;…&apos; for pipes or redirections.</source>
        <translation>像 shell 一样拆分参数（支持引号），但不经过 shell 执行。需要管道或重定向时，请用 bash -c &apos;…&apos; 包装。</translation>
    </message>
    <message>
        <source>defaults to the program name</source>
        <translation>默认为程序名</translation>
    </message>
    <message>
        <source>Which device the run trains on; used to pair runs for parity.</source>
        <translation>运行所用的训练设备；用于精度对齐时配对运行。</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>SSH hosts come from ~/.ssh/config; the system ssh is used, so ProxyJump, agents and ControlMaster work. Remote runs always start detached.</source>
        <translation>SSH 主机来自 ~/.ssh/config；使用系统的 ssh，因此 ProxyJump、agent 和 ControlMaster 均可用。远程运行总是以分离方式启动。</translation>
    </message>
    <message>
        <source>comma separated</source>
        <translation>逗号分隔</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Choose the working directory</source>
        <translation>选择工作目录</translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <source>remote login directory</source>
        <translation>远程登录目录</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>命令(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Backend:</source>
        <translation>后端(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Working dir:</source>
        <translation>工作目录(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>环境变量(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>标签(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>启动(&amp;L)</translation>
    </message>
    <message>
        <source>Enter a command to run.</source>
        <translation>请输入要运行的命令。</translation>
    </message>
    <message>
        <source>Environment line &quot;%1&quot; is not KEY=VALUE.</source>
        <translation>环境变量行 &quot;%1&quot; 不是 KEY=VALUE 形式。</translation>
    </message>
    <message>
        <source>One NAME=value per line, e.g. %1=0,1,2,3</source>
        <translation>每行一个 NAME=value，例如 %1=0,1,2,3</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Perspectives</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Opened %1 in %2</source>
        <translation>已在“%2”中打开 %1</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Plugin %1 not loaded: %2</source>
        <translation>插件 %1 未加载：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n backend(s) loaded</source>
        <translation>
            <numerusform>已加载 %n 个后端</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
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
        <source>Open Folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>A TensorBoard run folder, a folder of runs, an MLflow run, or a source tree to port</source>
        <translation>TensorBoard 运行文件夹、包含多个运行的文件夹、MLflow 运行，或要迁移的源代码目录</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>查看(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Perspective</source>
        <extracomment>The View submenu that switches between the named dock arrangements (Monitor, Compare…).</extracomment>
        <translation>视图(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Restore &amp;Default Layout</source>
        <translation>恢复默认布局(&amp;D)</translation>
    </message>
    <message>
        <source>Arrange the current perspective&apos;s panels as designed</source>
        <translation>将当前视图的面板恢复为默认排列</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About PortBench</source>
        <translation>关于 PortBench(&amp;A)</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Run Output</source>
        <translation>运行输出</translation>
    </message>
    <message>
        <source>Training Config</source>
        <translation>训练配置</translation>
    </message>
    <message>
        <source>Training config</source>
        <translation>训练配置</translation>
    </message>
    <message>
        <source>Cannot chart %1: %2</source>
        <translation>无法绘制 %1：%2</translation>
    </message>
    <message>
        <source>Runs (event files, MLflow)</source>
        <translation>运行（事件文件、MLflow）</translation>
    </message>
    <message>
        <source>Porting</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境检查</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Chart the Log?</source>
        <translation>绘制该日志？</translation>
    </message>
    <message>
        <source>Open %1 again so it is read with the format &apos;%2&apos;?</source>
        <translation>重新打开 %1，以格式 &apos;%2&apos; 读取？</translation>
    </message>
    <message>
        <source>Loss Parity</source>
        <translation>精度对齐</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Compare two tensor dumps (torch.save, safetensors) by msprobe&apos;s rules (%1)</source>
        <translation>按 msprobe 的规则比较两份张量转储（torch.save、safetensors）(%1)</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>HTML, PDF or Markdown report of the loaded runs, their charts and parity</source>
        <translation>已加载运行的 HTML、PDF 或 Markdown 报告，含图表和精度对齐结果</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Run &amp;Demo</source>
        <translation>运行演示(&amp;D)</translation>
    </message>
    <message>
        <source>Train the built-in model in fp32 (baseline) and bf16 (candidate) with libtorch, chart both live and judge their loss parity (about two minutes on 2 CPU cores)</source>
        <translation>用 libtorch 以 fp32（基线）和 bf16（候选）训练内置模型，实时绘制两者曲线并判定损失精度对齐（2 个 CPU 核约需两分钟）</translation>
    </message>
    <message>
        <source>Custom &amp;Log Format…</source>
        <translation>自定义日志格式(&amp;L)…</translation>
    </message>
    <message>
        <source>Define a log format (regex with named groups) shared with `portbench-cli parse --define-format`</source>
        <translation>定义日志格式（带命名分组的正则表达式），与 `portbench-cli parse --define-format` 共用</translation>
    </message>
    <message>
        <source>&amp;Stop Demo</source>
        <translation>停止演示(&amp;S)</translation>
    </message>
    <message>
        <source>Demo: share of the training steps of both runs done</source>
        <translation>演示：两个运行已完成的训练步数比例</translation>
    </message>
    <message>
        <source>Unsaved Training Config</source>
        <translation>训练配置未保存</translation>
    </message>
    <message>
        <source>The Training Config has edits that are not saved. Save them?</source>
        <translation>训练配置有未保存的修改。是否保存？</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Training logs and PortBench files (*.log *.txt *.json *.jsonl *.csv *.tsv *.yaml *.yml *.py);;TensorBoard event files (events.out.tfevents.*);;All files (*)</source>
        <translation>训练日志和 PortBench 文件 (*.log *.txt *.json *.jsonl *.csv *.tsv *.yaml *.yml *.py);;TensorBoard 事件文件 (events.out.tfevents.*);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot switch the language: %1</source>
        <translation>无法切换语言：%1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <extracomment>The View submenu that chooses the user-interface language.</extracomment>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default (%1)</source>
        <extracomment>Language menu: follow the operating system&apos;s locale.</extracomment>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Stack &amp;Check…</source>
        <translation>软件栈检查(&amp;C)…</translation>
    </message>
    <message>
        <source>Train PortBench&apos;s reference GPT in your own Python stack (torch, device extension, driver), here or over SSH, and judge it against the shipped reference curves</source>
        <translation>在你自己的 Python 软件栈（torch、设备扩展、驱动）中训练 PortBench 的参考 GPT（本机或通过 SSH），并与随附的参考曲线对比判断</translation>
    </message>
    <message>
        <source>Parity Result</source>
        <translation>精度对齐结果</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>System Charts</source>
        <translation>系统图表</translation>
    </message>
    <message>
        <source>System charts</source>
        <translation>系统图表</translation>
    </message>
    <message>
        <source>%1: telemetry: %2</source>
        <translation>%1：遥测：%2</translation>
    </message>
</context>
<context>
    <name>ParityPanel</name>
    <message>
        <source>Interpolate candidate steps</source>
        <translation>插值候选步</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Jump to First Divergence</source>
        <translation>跳到首个偏离点(&amp;J)</translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation>导出 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>&amp;Environments…</source>
        <translation>环境对比(&amp;E)…</translation>
    </message>
    <message>
        <source>Absolute difference B − A</source>
        <translation>绝对差 B − A</translation>
    </message>
    <message>
        <source>Relative difference (B − A) / |A|</source>
        <translation>相对差 (B − A) / |A|</translation>
    </message>
    <message>
        <source>The difference chart&apos;s y; the shaded band is the per-step tolerance.</source>
        <translation>差值图的 y 轴；阴影带为每步的容差。</translation>
    </message>
    <message>
        <source>The reference run, usually the CUDA one.</source>
        <translation>参照运行，通常是 CUDA 上的运行。</translation>
    </message>
    <message>
        <source>Check up to %1 runs to judge against the baseline.</source>
        <translation>勾选最多 %1 个运行，与基线对比判定。</translation>
    </message>
    <message>
        <source>Check further runs of the baseline&apos;s setup (same settings, another CUDA run): the candidates are then judged against the baselines&apos; spread widened by the tolerance, and the baselines against each other.</source>
        <translation>勾选与基线配置相同的其他运行（相同设置的另一次 CUDA 运行）：候选将按基线之间的波动范围加上容差来判定，基线之间也相互比较。</translation>
    </message>
    <message>
        <source>&quot;loss&quot; means each run&apos;s primary loss: lm_loss where logged, else loss.</source>
        <translation>&quot;loss&quot; 指每个运行的主损失：记录了 lm_loss 时取 lm_loss，否则取 loss。</translation>
    </message>
    <message>
        <source>A step is within tolerance when |B − A| ≤ abs + rel·|A|.</source>
        <translation>当 |B − A| ≤ abs + rel·|A| 时，该步在容差之内。</translation>
    </message>
    <message>
        <source>FAIL when fewer judged steps than this are within tolerance.</source>
        <translation>在容差内的已判定步数比例低于此值时判为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>Steps up to this one are left out of the judgement (the NaN rule still applies).</source>
        <translation>此步及之前的步不参与判定（NaN 规则仍然适用）。</translation>
    </message>
    <message>
        <source>First divergence: a step beyond tolerance where most of this many steps from it are beyond too. 1 makes a single noisy step count.</source>
        <translation>首个偏离点：超出容差、且从该步起的这么多步中大部分也超出容差的步。设为 1 时单个噪声步也算。</translation>
    </message>
    <message>
        <source>Zoom the charts to the first divergence of the selected candidate.</source>
        <translation>将图表缩放到所选候选的首个偏离点。</translation>
    </message>
    <message>
        <source>No comparison yet</source>
        <translation>尚未比较</translation>
    </message>
    <message>
        <source>Double-click a cell with a step to jump there.</source>
        <translation>双击含步数的单元格可跳到该步。</translation>
    </message>
    <message>
        <source>Baseline</source>
        <extracomment>The reference run of a parity comparison.</extracomment>
        <translation>基线</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Envelope</source>
        <extracomment>Further baseline runs whose spread makes the noise envelope.</extracomment>
        <translation>包络</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Relative tolerance</source>
        <translation>相对容差</translation>
    </message>
    <message>
        <source>Absolute tolerance</source>
        <translation>绝对容差</translation>
    </message>
    <message>
        <source>Within tolerance ≥</source>
        <translation>容差内比例 ≥</translation>
    </message>
    <message>
        <source>Skip warm-up steps ≤</source>
        <translation>跳过预热步 ≤</translation>
    </message>
    <message>
        <source>Divergence window</source>
        <translation>偏离窗口</translation>
    </message>
    <message>
        <source>Difference chart</source>
        <translation>差值图</translation>
    </message>
    <message>
        <source>Compare two machines&apos; `portbench-cli env --json` (the baseline&apos;s and the candidate&apos;s): versions, host facts and check findings that differ.</source>
        <translation>比较两台机器的 `portbench-cli env --json`（基线的和候选的）：列出不同的版本、主机信息和检查发现项。</translation>
    </message>
    <message>
        <source>Compared metric</source>
        <translation>比较的指标</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Difference to the baseline</source>
        <translation>与基线的差值</translation>
    </message>
    <message>
        <source>Parity: load the runs to compare first (File &gt; Open or the Runs dock).</source>
        <translation>精度对齐：请先加载要比较的运行（文件 &gt; 打开，或“运行”面板）。</translation>
    </message>
    <message>
        <source>Parity: check at least one candidate run.</source>
        <translation>精度对齐：请至少勾选一个候选运行。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Parity alert: %1 — %2</source>
        <translation>精度对齐告警：%1 — %2</translation>
    </message>
    <message>
        <source>PortBench parity %1: %2</source>
        <translation>PortBench 精度对齐 %1：%2</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>Parity: %1</source>
        <translation>精度对齐：%1</translation>
    </message>
    <message>
        <source>The worst verdict over the candidates; the reasons are listed below.</source>
        <translation>所有候选中最差的结论；原因列在下方。</translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation> (基线)</translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>envelope</source>
        <translation>包络</translation>
    </message>
    <message>
        <source>first divergence of %1 (step %2)</source>
        <translation>%1 的首个偏离点（第 %2 步）</translation>
    </message>
    <message>
        <source>alert %1 at step %2</source>
        <translation>第 %2 步告警 %1</translation>
    </message>
    <message>
        <source>(B − A) / |A|</source>
        <translation>(B − A) / |A|</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>relative difference</source>
        <translation>相对差</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>Baseline machine: env --json</source>
        <translation>基线机器：env --json</translation>
    </message>
    <message>
        <source>Candidate machine: env --json</source>
        <translation>候选机器：env --json</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Parity JSON</source>
        <translation>导出精度对齐 JSON</translation>
    </message>
    <message>
        <source>%1 · outdated</source>
        <extracomment>Badge of a parity verdict whose runs or options were changed since: %1 is PASS/WARN/FAIL.</extracomment>
        <translation>%1 · 已过时</translation>
    </message>
    <message>
        <source>The baseline, candidates, envelope or options changed since this verdict: it judges other runs. Press Compare to judge the selection.</source>
        <translation>此结论之后基线、候选、包络或选项已更改：它评判的是其他运行。请按“比较”评判当前选择。</translation>
    </message>
    <message numerus="yes">
        <source>first divergence of %n candidate(s) (step %1)</source>
        <translation>
            <numerusform>%n 个候选的首次发散（第 %1 步）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParityReasonTree</name>
    <message>
        <source>Level</source>
        <extracomment>Column of the parity reasons: PASS/WARN/FAIL.</extracomment>
        <translation>级别</translation>
    </message>
    <message>
        <source>Reason / fairness item</source>
        <translation>原因 / 公平性检查项</translation>
    </message>
    <message>
        <source>Double-click a reason to jump to its step.</source>
        <translation>双击原因可跳到对应的步。</translation>
    </message>
    <message>
        <source>Mismatch classes</source>
        <extracomment>Kinds of disagreement between two runs (first-step gap, drift, spikes, ...).</extracomment>
        <translation>不一致类别</translation>
    </message>
    <message>
        <source> (steps %1–%2)</source>
        <translation>（第 %1–%2 步）</translation>
    </message>
    <message>
        <source> (step %1)</source>
        <translation>（第 %1 步）</translation>
    </message>
    <message>
        <source>%1
Check first: %2</source>
        <translation>%1
先检查：%2</translation>
    </message>
    <message>
        <source>Fairness checklist</source>
        <translation>公平性检查清单</translation>
    </message>
    <message>
        <source>%1: %2 — %3 vs %4</source>
        <translation>%1：%2 — %3 对比 %4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Environment diff: %1 differ, %2 alike (%3 vs %4)</source>
        <translation>环境差异：%1 项不同，%2 项相同（%3 对比 %4）</translation>
    </message>
</context>
<context>
    <name>ParityResultView</name>
    <message>
        <source>Choose a baseline and candidates in the Parity panel, then Compare.</source>
        <translation>在精度对齐面板中选择基线和候选，然后点击比较。</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) against %1 — %2, preset %3</source>
        <extracomment>%1: the baseline run, %2: the metric, %3: the preset.</extracomment>
        <translation>
            <numerusform>%n 个候选对比 %1 — %2，预设 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>No comparison yet</source>
        <translation>尚未比较</translation>
    </message>
</context>
<context>
    <name>Perspectives</name>
    <message>
        <source>Monitor: the charts with the run list and the launched runs</source>
        <translation>监控：图表、运行列表和已启动的运行</translation>
    </message>
    <message>
        <source>Compare: the charts with the Parity and Tensors panels</source>
        <translation>对比：图表、精度对齐和张量面板</translation>
    </message>
    <message>
        <source>Configure: training config, environment and topology</source>
        <translation>配置：训练配置、环境检查和拓扑</translation>
    </message>
    <message>
        <source>Port: porting of scripts, environment and device plugins</source>
        <translation>迁移：脚本迁移、环境检查和设备插件</translation>
    </message>
    <message>
        <source>Monitor</source>
        <extracomment>Perspective (a named dock arrangement): watching training runs.</extracomment>
        <translation>监控</translation>
    </message>
    <message>
        <source>Compare</source>
        <extracomment>Perspective: comparing runs (loss parity, tensors).</extracomment>
        <translation>对比</translation>
    </message>
    <message>
        <source>Configure</source>
        <extracomment>Perspective: training config, environment, topology.</extracomment>
        <translation>配置</translation>
    </message>
    <message>
        <source>Port</source>
        <extracomment>Perspective: porting scripts from CUDA.</extracomment>
        <translation>迁移</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>cannot write %1: the %2 image could not be encoded</source>
        <translation>无法写入 %1：无法编码 %2 图片</translation>
    </message>
</context>
<context>
    <name>RunOutputView</name>
    <message>
        <source>No run selected: select one in the Workspace panel, or open its output.</source>
        <translation>未选择运行：请在“工作区”面板中选择一个，或打开其输出。</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <extracomment>Check box: keep scrolling to the newest output lines.</extracomment>
        <translation>跟随(&amp;F)</translation>
    </message>
    <message>
        <source>Search the output (Enter: next, Shift+Enter: previous)</source>
        <translation>搜索输出（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <source>Keep showing the newest lines while the run writes them</source>
        <translation>运行写入时始终显示最新的行</translation>
    </message>
    <message>
        <source>Next</source>
        <extracomment>Search: next match.</extracomment>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Previous</source>
        <extracomment>Search: previous match.</extracomment>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Log Format…</source>
        <translation>日志格式…</translation>
    </message>
    <message>
        <source>Define a log format for this output, with a live preview on it, so it is charted</source>
        <translation>为此输出定义日志格式（带实时预览），以便绘制图表</translation>
    </message>
    <message>
        <source>%1 — cannot read %2: %3</source>
        <translation>%1 — 无法读取 %2：%3</translation>
    </message>
    <message>
        <source>[… first %1 MB not shown …]</source>
        <translation>[… 前 %1 MB 未显示 …]</translation>
    </message>
    <message>
        <source>Output: &quot;%1&quot; not found</source>
        <translation>输出：未找到 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open training logs</source>
        <translation>打开训练日志</translation>
    </message>
    <message>
        <source>Training logs (*.log *.txt *.out *.json *.jsonl *.csv);;All files (*)</source>
        <translation>训练日志 (*.log *.txt *.out *.json *.jsonl *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open one or more training logs (also: File &gt; Open, or drop files on the window)</source>
        <translation>打开一个或多个训练日志（也可用 文件 &gt; 打开，或把文件拖到窗口上）</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <source>Rename the run in legends and exports (F2)</source>
        <translation>重命名运行在图例和导出中的名称 (F2)</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Read the selected logs again from the start (F5)</source>
        <translation>从头重新读取所选日志 (F5)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected runs from the charts (Del); the log files are not touched</source>
        <translation>从图表中移除所选运行 (Del)；日志文件不受影响</translation>
    </message>
    <message>
        <source>Format…</source>
        <extracomment>Tool bar button that opens the custom log format editor.</extracomment>
        <translation>格式…</translation>
    </message>
    <message>
        <source>Define a log format (regex with named groups) for output no reader recognises, shared with `portbench-cli parse --define-format`</source>
        <translation>为无法识别的输出定义日志格式（带命名分组的正则表达式），与 `portbench-cli parse --define-format` 共用</translation>
    </message>
    <message>
        <source>Open or drop training logs to chart them.</source>
        <translation>打开或拖入训练日志即可绘制图表。</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n log(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个日志…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) loaded</source>
        <translation>
            <numerusform>已加载 %n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Read These Lines…</source>
        <translation>读取这些行…</translation>
    </message>
    <message>
        <source>The run has lines that look like metrics but that no reader read: define a format for them, starting from the one proposed</source>
        <translation>该运行有看似指标却未被任何读取器读取的行：为它们定义一个格式，从建议的格式开始</translation>
    </message>
</context>
<context>
    <name>StackCheckDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Stack Check</source>
        <translation>软件栈检查</translation>
    </message>
    <message>
        <source>The interpreter of the stack to check, on the chosen machine; it needs torch, and torch_npu or torch_musa for an NPU or MUSA device</source>
        <translation>所选机器上待检查软件栈的 Python 解释器；需要 torch，NPU 或 MUSA 设备还需要 torch_npu 或 torch_musa</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>SSH hosts come from ~/.ssh/config; the system ssh is used, and the log is followed live</source>
        <translation>SSH 主机来自 ~/.ssh/config；使用系统的 ssh，并实时跟踪日志</translation>
    </message>
    <message>
        <source>auto: the first accelerator torch sees, else the CPU</source>
        <translation>auto：torch 看到的第一个加速器，否则用 CPU</translation>
    </message>
    <message>
        <source>bf16 trains under torch.autocast with fp32 master weights</source>
        <translation>bf16 在 torch.autocast 下训练，主权重为 fp32</translation>
    </message>
    <message>
        <source>The shipped reference curve to judge against; auto: CUDA&apos;s when this build ships it, else the CPU&apos;s (the verdict says which)</source>
        <translation>用于判断的随附参考曲线；auto：本构建随附 CUDA 参考时用 CUDA 的，否则用 CPU 的（结论中会注明）</translation>
    </message>
    <message>
        <source>Data-parallel processes on one node (DDP over nccl, hccl, mccl; gloo on the CPU)</source>
        <translation>单节点上的数据并行进程数（DDP，使用 nccl、hccl、mccl；CPU 上用 gloo）</translation>
    </message>
    <message>
        <source>The first N steps of the fixed %1-step schedule</source>
        <translation>固定 %1 步训练计划中的前 N 步</translation>
    </message>
    <message>
        <source>Each check writes a new folder here: the workload, the run&apos;s log and the reference copy</source>
        <translation>每次检查都会在此新建一个文件夹：工作负载、运行日志和参考曲线副本</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Stack Check Folder</source>
        <translation>软件栈检查文件夹</translation>
    </message>
    <message>
        <source>&amp;Python:</source>
        <translation>Python(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <source>P&amp;recision:</source>
        <translation>精度(&amp;R)：</translation>
    </message>
    <message>
        <source>Re&amp;ference:</source>
        <translation>参考(&amp;F)：</translation>
    </message>
    <message>
        <source>Pro&amp;cesses:</source>
        <translation>进程数(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Steps:</source>
        <translation>步数(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Trains PortBench&apos;s reference GPT in the Python stack given here (its torch, device extension, toolkit, driver and collective library) and judges the loss curve against the reference curve shipped with PortBench.</source>
        <translation>在此处给出的 Python 软件栈（其 torch、设备扩展、工具包、驱动和集合通信库）中训练 PortBench 的参考 GPT，并将损失曲线与 PortBench 随附的参考曲线对比判断。</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>未启动：%1</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Stack check: %1 on %2, device %3, %4, %5 process(es), %6 steps; folder %7</source>
        <translation>软件栈检查：%1，位于 %2，设备 %3，%4，%5 个进程，%6 步；文件夹 %7</translation>
    </message>
    <message>
        <source>Stack: %1</source>
        <translation>软件栈：%1</translation>
    </message>
    <message>
        <source>Stack check: stack %1</source>
        <translation>软件栈检查：软件栈 %1</translation>
    </message>
    <message>
        <source>step %1/%2, loss %3</source>
        <translation>第 %1/%2 步，损失 %3</translation>
    </message>
    <message>
        <source>Stack check failed: %1</source>
        <translation>软件栈检查失败：%1</translation>
    </message>
    <message>
        <source>Stack check not judged: %1</source>
        <translation>软件栈检查未判断：%1</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>Not judged</source>
        <translation>未判断</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>结论：%1</translation>
    </message>
    <message>
        <source>Judged against the shipped %1 reference, %2</source>
        <translation>与随附的 %1 参考对比判断，%2</translation>
    </message>
    <message>
        <source>Run log: %1</source>
        <translation>运行日志：%1</translation>
    </message>
    <message>
        <source>Reference copy: %1</source>
        <translation>参考副本：%1</translation>
    </message>
    <message>
        <source>Look closer: portbench-cli parity %1 %2 --preset stackcheck</source>
        <translation>详细查看：portbench-cli parity %1 %2 --preset stackcheck</translation>
    </message>
</context>
<context>
    <name>SystemChartsPanel</name>
    <message>
        <source>Cannot read telemetry: %1</source>
        <translation>无法读取遥测数据：%1</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Flags and unread lines:</source>
        <translation>标记与未读行：</translation>
    </message>
    <message>
        <source>Open a telemetry file (portbench-cli monitor --out, or an nvidia-smi / npu-smi / mthreads-gmi capture) with File &gt; Open.</source>
        <translation>用“文件 &gt; 打开”打开遥测文件（portbench-cli monitor --out 的输出，或 nvidia-smi / npu-smi / mthreads-gmi 的采集）。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n device(s)</source>
        <translation>
            <numerusform>%1：%2，%n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped following telemetry: %1</source>
        <translation>已停止跟踪遥测文件：%1</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>System</source>
        <extracomment>View &gt; Theme: the system&apos;s colours.</extracomment>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>WorkspacePanel</name>
    <message>
        <source>Filter runs (name, status, host, tag, command)…</source>
        <translation>筛选运行（名称、状态、主机、标签、命令）…</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <source>Launch…</source>
        <translation>启动…</translation>
    </message>
    <message>
        <source>Start a command locally or on an SSH host and record it as a run</source>
        <translation>在本机或 SSH 主机上启动命令，并记录为一个运行</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>附加…</translation>
    </message>
    <message>
        <source>Follow a training log on an SSH host or here, surviving dropped connections</source>
        <translation>跟踪 SSH 主机或本机上的训练日志，连接断开后可恢复</translation>
    </message>
    <message>
        <source>Submit…</source>
        <translation>提交…</translation>
    </message>
    <message>
        <source>Submit a SLURM batch script with sbatch, here or on a login node</source>
        <translation>用 sbatch 在本机或登录节点上提交 SLURM 批处理脚本</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>SIGTERM to the run&apos;s process group, SIGKILL after 10 s</source>
        <translation>向运行的进程组发送 SIGTERM，10 s 后发送 SIGKILL</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open the run&apos;s log in the charts</source>
        <translation>在图表中打开运行的日志</translation>
    </message>
    <message>
        <source>Output</source>
        <extracomment>Tool bar button: show the run&apos;s console output.</extracomment>
        <translation>输出</translation>
    </message>
    <message>
        <source>Show the run&apos;s output, live while it runs, with search</source>
        <translation>显示运行的输出（运行中实时更新），可搜索</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Rename the run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>Tag…</source>
        <translation>标签…</translation>
    </message>
    <message>
        <source>Set the run&apos;s tags</source>
        <translation>设置运行的标签</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Move the run&apos;s folder to the workspace trash</source>
        <translation>将运行的文件夹移到工作区回收站</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Re-read the workspace folder</source>
        <translation>重新读取工作区文件夹</translation>
    </message>
    <message>
        <source>Run %1 %2</source>
        <translation>运行 %1 %2</translation>
    </message>
    <message>
        <source>Workspace: skipped %1</source>
        <translation>工作区：已跳过 %1</translation>
    </message>
    <message>
        <source>Launch Run</source>
        <translation>启动运行</translation>
    </message>
    <message>
        <source>Launched %1 (%2)</source>
        <translation>已启动 %1（%2）</translation>
    </message>
    <message>
        <source>Attach to Log</source>
        <translation>附加到日志</translation>
    </message>
    <message>
        <source>Following %1%2 as run %3</source>
        <translation>正在跟踪 %1%2，作为运行 %3</translation>
    </message>
    <message>
        <source>Submit SLURM Batch Script</source>
        <translation>提交 SLURM 批处理脚本</translation>
    </message>
    <message>
        <source>Batch scripts (*.sh *.sbatch *.slurm);;All files (*)</source>
        <translation>批处理脚本 (*.sh *.sbatch *.slurm);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Submit with sbatch on (a login node from ~/.ssh/config):</source>
        <translation>用 sbatch 提交到（~/.ssh/config 中的登录节点）：</translation>
    </message>
    <message>
        <source>Submitted %1 as SLURM job %2 (run %3)</source>
        <translation>已提交 %1，SLURM 作业 %2（运行 %3）</translation>
    </message>
    <message>
        <source>Cannot stop %1: %2</source>
        <translation>无法停止 %1：%2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>, exit code %1</source>
        <translation>，退出码 %1</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Tag Runs</source>
        <translation>为运行加标签</translation>
    </message>
    <message>
        <source>Tags (comma separated):</source>
        <translation>标签（逗号分隔）：</translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>Stop %1 before deleting it.</source>
        <translation>删除前请先停止 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Move %n run(s) to %1?</source>
        <translation>
            <numerusform>将 %n 个运行移到 %1？</numerusform>
        </translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>读取中</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>telemetry: %1 (in System Charts together)</source>
        <translation>遥测：%1（在系统图表中一起显示）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>PortBench: port PyTorch LLM training from CUDA to Ascend NPU and MUSA, and prove it trains the same.</source>
        <translation>PortBench：将 PyTorch 大模型训练从 CUDA 迁移到昇腾 NPU 和摩尔线程 MUSA，并证明迁移后训练结果一致。</translation>
    </message>
    <message>
        <source>Save a PNG of the window after start-up, then quit.</source>
        <translation>启动后将窗口保存为 PNG，然后退出。</translation>
    </message>
    <message>
        <source>file</source>
        <extracomment>Value name in --help: a file path.</extracomment>
        <translation>文件</translation>
    </message>
    <message>
        <source>Quit after this many milliseconds (smoke tests).</source>
        <translation>在指定毫秒数后退出（冒烟测试）。</translation>
    </message>
    <message>
        <source>Run workspace folder (default: $PORTBENCH_WORKSPACE or the Workspace setting).</source>
        <translation>运行工作区文件夹（默认：$PORTBENCH_WORKSPACE 或工作区设置）。</translation>
    </message>
    <message>
        <source>dir</source>
        <extracomment>Value name in --help: a folder path.</extracomment>
        <translation>目录</translation>
    </message>
    <message>
        <source>Start in this perspective: %1.</source>
        <translation>以此视图启动：%1。</translation>
    </message>
    <message>
        <source>name</source>
        <extracomment>Value name in --help.</extracomment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Show the user interface in this language for this session: %1 (default: View &gt; Language, else the system&apos;s).</source>
        <translation>本次会话的界面语言：%1（默认：查看 &gt; 语言，否则跟随系统）。</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Logs, configs or scripts to open.</source>
        <translation>要打开的日志、配置或脚本。</translation>
    </message>
    <message>
        <source>files</source>
        <extracomment>Name of the positional arguments in --help.</extracomment>
        <translation>文件</translation>
    </message>
</context>
</TS>
