<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AttachCommand</name>
    <message>
        <source>Follow a training log on an SSH host (HOST:PATH) or here (PATH), losslessly across reconnects, as a recorded run.</source>
        <translation>跟踪 SSH 主机上（HOST:PATH）或本机（PATH）的训练日志，断线重连不丢数据，并记录为一次运行。</translation>
    </message>
    <message>
        <source>Parse the whole file, not only what is appended from now on.</source>
        <translation>解析整个文件，而不只是从现在起追加的内容。</translation>
    </message>
    <message>
        <source>Print each parsed point as a JSON line.</source>
        <translation>将解析出的每个数据点打印为一行 JSON。</translation>
    </message>
    <message>
        <source>Run name (default: the file name).</source>
        <translation>运行名称（默认：文件名）。</translation>
    </message>
    <message>
        <source>Stop following after this many seconds without a new point (default: follow until Ctrl+C).</source>
        <translation>连续这么多秒没有新数据点后停止跟踪（默认：一直跟踪到 Ctrl+C）。</translation>
    </message>
    <message>
        <source>The log: ssh host alias and remote path, or a local path.</source>
        <translation>日志：ssh 主机别名加远程路径，或本地路径。</translation>
    </message>
</context>
<context>
    <name>AttachParityWatch</name>
    <message>
        <source>Judge the run live against this baseline log; give it again for more runs of the baseline (a noise envelope).</source>
        <translation>以此基线日志实时判断该运行的精度对齐；多次给出可加入更多基线运行（噪声包络）。</translation>
    </message>
    <message>
        <source>Metric judged with --against (default loss).</source>
        <translation>与 --against 一起判断的指标（默认 loss）。</translation>
    </message>
    <message>
        <source>With --against: stop following and exit 1 at the first FAIL alert (NaN/inf, divergence).</source>
        <translation>与 --against 一起使用：出现第一个不通过 (FAIL) 告警（NaN/inf、发散）时停止跟踪并以 1 退出。</translation>
    </message>
</context>
<context>
    <name>ChartCommand</name>
    <message>
        <source>Training logs (anything portbench-cli parse reads; a folder of runs charts each of its runs).</source>
        <translation>训练日志（portbench-cli parse 能读取的任何输入；多个运行的文件夹会为其中每个运行绘图）。</translation>
    </message>
    <message>
        <source>LOG...</source>
        <translation>LOG...</translation>
    </message>
    <message>
        <source>Metric to chart (default loss = each run&apos;s primary loss; tokens_per_s, learning_rate, grad_norm, or any logged name).</source>
        <translation>要绘制的指标（默认 loss = 每个运行的主损失；也可用 tokens_per_s、learning_rate、grad_norm 或日志中的任何名称）。</translation>
    </message>
    <message>
        <source>X axis: %1 (default step).</source>
        <translation>横轴：%1（默认 step）。</translation>
    </message>
    <message>
        <source>Step offset for the Nth log, as N=STEPS (1-based; repeatable), to align runs.</source>
        <translation>第 N 个日志的步偏移，格式为 N=STEPS（从 1 开始；可重复），用于对齐运行。</translation>
    </message>
    <message>
        <source>TensorBoard EMA weight 0..0.999 (default 0).</source>
        <translation>TensorBoard 的 EMA 平滑权重，0..0.999（默认 0）。</translation>
    </message>
    <message>
        <source>Write the CSV here (default: standard output).</source>
        <translation>将 CSV 写到此处（默认：标准输出）。</translation>
    </message>
    <message>
        <source>Print a JSON summary per run instead of the CSV.</source>
        <translation>为每个运行打印 JSON 摘要，而不是 CSV。</translation>
    </message>
    <message>
        <source>Chart data of logs as full-resolution CSV (aligned, smoothed)</source>
        <translation>将日志的图表数据输出为全分辨率 CSV（已对齐、已平滑）</translation>
    </message>
</context>
<context>
    <name>CliCommand</name>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
</context>
<context>
    <name>CliReport</name>
    <message>
        <source>The report&apos;s language: %1 (default en). Only the report: what the command prints stays English.</source>
        <translation>报告的语言：%1（默认 en）。只影响报告：命令本身的输出仍为英文。</translation>
    </message>
</context>
<context>
    <name>ConfigCommand</name>
    <message>
        <source>Training configs: validate, emit artifacts, import ds_config/accelerate/launch lines, estimate memory.</source>
        <translation>训练配置：校验、生成配置文件、导入 ds_config/accelerate/启动命令行、显存估算。</translation>
    </message>
    <message>
        <source>validate | emit | import | memory</source>
        <translation>validate | emit | import | memory</translation>
    </message>
    <message>
        <source>TrainingConfig JSON, ds_config.json, accelerate YAML or launch line(s); several are merged.</source>
        <translation>TrainingConfig JSON、ds_config.json、accelerate YAML 或启动命令行；给出多个时合并。</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>机器可读的输出。</translation>
    </message>
    <message>
        <source>Devices found on this node (checked against devices per node).</source>
        <translation>本节点上的设备数（与每节点设备数核对）。</translation>
    </message>
    <message>
        <source>emit: the folder for the artifacts; import: the config file to write.</source>
        <translation>emit：生成文件的目标文件夹；import：要写入的配置文件。</translation>
    </message>
    <message>
        <source>Overwrite existing files (a .bak copy is kept).</source>
        <translation>覆盖已有文件（保留一份 .bak 副本）。</translation>
    </message>
    <message>
        <source>Which command of a multi-command launch file to import (1-based).</source>
        <translation>导入多命令启动文件中的第几条命令（从 1 开始）。</translation>
    </message>
    <message>
        <source>emit: write artifacts even when validation finds errors.</source>
        <translation>emit：即使校验发现错误也生成文件。</translation>
    </message>
    <message>
        <source>The backend the inputs run on (a plugin id: &apos;portbench-cli plugins&apos;); its default device is assumed unless the device is one of its own.</source>
        <translation>输入所运行的后端（插件 id，见 &apos;portbench-cli plugins&apos;）；除非设备属于该后端，否则假定为该后端的默认设备。</translation>
    </message>
</context>
<context>
    <name>DemoCommand</name>
    <message>
        <source>The main job on its built-in default: train the reference model in fp32 (baseline) and bf16 (candidate) with libtorch, then judge their loss parity (PASS/WARN/FAIL).</source>
        <translation>用内置默认设置完成主要任务：用 libtorch 以 fp32（基线）和 bf16（候选）训练参考模型，然后判断两者的损失精度对齐（PASS/WARN/FAIL）。</translation>
    </message>
    <message>
        <source>Folder for the two logs (default: a new portbench-demo-DATE-TIME folder here). Logs already there are kept as .bak.</source>
        <translation>存放两个日志的文件夹（默认：在当前目录新建 portbench-demo-日期-时间 文件夹）。已有的日志保留为 .bak。</translation>
    </message>
    <message>
        <source>Train the baseline, then the candidate (default: both at once, --threads each).</source>
        <translation>先训练基线，再训练候选（默认：两者同时训练，各用 --threads 个线程）。</translation>
    </message>
    <message>
        <source>No progress lines while training.</source>
        <translation>训练时不打印进度行。</translation>
    </message>
    <message>
        <source>Print the outcome and every parity statistic as JSON (implies --quiet).</source>
        <translation>以 JSON 打印结果和所有精度对齐统计量（隐含 --quiet）。</translation>
    </message>
</context>
<context>
    <name>EnvCommand</name>
    <message>
        <source>Check drivers, devices, CANN/MUSA/CUDA, Python modules, version compatibility and host limits (exit 1 when a check fails).</source>
        <translation>检查驱动、设备、CANN/MUSA/CUDA、Python 模块、版本兼容性和主机限制（有检查失败时以 1 退出）。</translation>
    </message>
    <message>
        <source>Interpreter to probe (default: python3 on PATH).</source>
        <translation>要探测的 Python 解释器（默认：PATH 中的 python3）。</translation>
    </message>
    <message>
        <source>Output folder whose free disk is checked (default: .).</source>
        <translation>检查其剩余磁盘空间的输出文件夹（默认：.）。</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>机器可读的输出。</translation>
    </message>
    <message>
        <source>Markdown table (for issues and reports).</source>
        <translation>Markdown 表格（用于 issue 和报告）。</translation>
    </message>
    <message>
        <source>auto (default), or a backend plugin&apos;s id (see `portbench-cli plugins`).</source>
        <translation>auto（默认），或某个后端插件的 id（见 `portbench-cli plugins`）。</translation>
    </message>
</context>
<context>
    <name>HostOptions</name>
    <message>
        <source>Probe this SSH destination (a Host from ~/.ssh/config) instead of this machine.</source>
        <translation>探测此 SSH 目标（~/.ssh/config 中的 Host），而不是本机。</translation>
    </message>
    <message>
        <source>Seconds each probed command may take (default 60).</source>
        <translation>每条探测命令允许的秒数（默认 60）。</translation>
    </message>
    <message>
        <source>ssh client config file (ssh -F); default ~/.ssh/config.</source>
        <translation>ssh 客户端配置文件（ssh -F）；默认 ~/.ssh/config。</translation>
    </message>
</context>
<context>
    <name>LogInputs</name>
    <message>
        <source>Read the log key (or TensorBoard tag, MLflow metric) OLD as metric NEW, e.g. throughput=tokens_per_s. Repeat or separate with commas; see docs/logs.md for the default names.</source>
        <translation>将日志键（或 TensorBoard 标签、MLflow 指标）OLD 读作指标 NEW，例如 throughput=tokens_per_s。可重复或用逗号分隔；默认名称见 docs/logs.md。</translation>
    </message>
</context>
<context>
    <name>MonitorCommand</name>
    <message>
        <source>Device telemetry (utilisation, memory, power, temperature) of a job started elsewhere, here or over SSH: printed live, flagged and appended to a file.</source>
        <translation>在本机或经 SSH 监测在别处启动的任务的设备遥测（利用率、显存、功耗、温度）：实时打印、标记异常并追加写入文件。</translation>
    </message>
    <message>
        <source>auto (default: the first backend whose tool the host has), or a backend plugin&apos;s id (see `portbench-cli plugins`).</source>
        <translation>auto（默认：主机上有其工具的第一个后端），或后端插件的 id（见 `portbench-cli plugins`）。</translation>
    </message>
    <message>
        <source>Seconds between samples (0.1 to 3600). Default: 1 s for the first 10 minutes, then 5 s, after an hour 15 s.</source>
        <translation>采样间隔秒数（0.1 到 3600）。默认：前 10 分钟 1 秒，之后 5 秒，一小时后 15 秒。</translation>
    </message>
    <message>
        <source>Append the samples to FILE (portbench-telemetry/1, read by `parse`).</source>
        <translation>将采样追加写入 FILE（portbench-telemetry/1 格式，可用 `parse` 读取）。</translation>
    </message>
    <message>
        <source>Print each sample and flag as a JSON line.</source>
        <translation>每个采样和标记各打印为一行 JSON。</translation>
    </message>
    <message>
        <source>Stop after SECONDS (default: until Ctrl-C).</source>
        <translation>SECONDS 秒后停止（默认：直到按 Ctrl-C）。</translation>
    </message>
    <message>
        <source>Stop after N device samples.</source>
        <translation>采到 N 个设备采样后停止。</translation>
    </message>
</context>
<context>
    <name>ParityCommand</name>
    <message>
        <source>Compare the loss (or any metric) of NPU/MUSA candidate runs with a CUDA baseline: per-step errors, first divergence, drift, spikes, throughput, fairness; PASS/WARN/FAIL.</source>
        <translation>将 NPU/MUSA 候选运行的损失（或任何指标）与 CUDA 基线对比：逐步误差、首次发散、漂移、尖峰、吞吐量、公平性；给出 PASS/WARN/FAIL。</translation>
    </message>
    <message>
        <source>The reference log (the CUDA run): a text log, an event file or run folder, an MLflow run; a folder of runs gives each of its runs.</source>
        <translation>参考日志（CUDA 运行）：文本日志、事件文件或运行文件夹、MLflow 运行；多个运行的文件夹给出其中每个运行。</translation>
    </message>
    <message>
        <source>One to six logs to judge.</source>
        <translation>要判断的一到六个日志。</translation>
    </message>
    <message>
        <source>CANDIDATE...</source>
        <translation>CANDIDATE...</translation>
    </message>
    <message>
        <source>Metric to compare (default: loss — lm_loss where logged). Also grad_norm, tokens_per_s, any column &apos;parse&apos; shows.</source>
        <translation>要对比的指标（默认：loss — 日志中有 lm_loss 时用它）。也可用 grad_norm、tokens_per_s 或 &apos;parse&apos; 显示的任何列。</translation>
    </message>
    <message>
        <source>Another run of the baseline&apos;s setup (repeatable): the candidate is judged against the baselines&apos; spread per step, widened by the tolerance, and the baselines against each other.</source>
        <translation>与基线相同设置的另一次运行（可重复）：每一步按各基线的离散范围加上容差来判断候选，并对比各基线之间的一致性。</translation>
    </message>
    <message>
        <source>`portbench-cli env --json` of the baseline&apos;s machine; with --candidate-env, the two environments are shown side by side (what differs).</source>
        <translation>基线机器的 `portbench-cli env --json` 输出；与 --candidate-env 一起使用时并列展示两个环境（差异之处）。</translation>
    </message>
    <message>
        <source>`portbench-cli env --json` of the candidate&apos;s machine.</source>
        <translation>候选机器的 `portbench-cli env --json` 输出。</translation>
    </message>
    <message>
        <source>Do not read facts (trainer_state.json, TensorBoard TrainingArguments) from the files beside each log.</source>
        <translation>不从每个日志旁边的文件（trainer_state.json、TensorBoard TrainingArguments）读取信息。</translation>
    </message>
    <message>
        <source>Relative tolerance per step, e.g. 0.02 or 2%; also the mean limit.</source>
        <translation>每步的相对容差，例如 0.02 或 2%；同时也是平均误差的上限。</translation>
    </message>
    <message>
        <source>Absolute tolerance per step; a step passes when |B−A| ≤ abs + rel·|A|.</source>
        <translation>每步的绝对容差；当 |B−A| ≤ abs + rel·|A| 时该步通过。</translation>
    </message>
    <message>
        <source>Share of steps that must be within tolerance, e.g. 0.999 or 99.9%.</source>
        <translation>必须在容差内的步数比例，例如 0.999 或 99.9%。</translation>
    </message>
    <message>
        <source>Leave steps ≤ N out of the judgement.</source>
        <translation>步数 ≤ N 的步不参与判断。</translation>
    </message>
    <message>
        <source>Add N to every candidate step (once for all, or once per candidate in order).</source>
        <translation>给每个候选的步数加上 N（给一次对所有候选生效，或按顺序为每个候选各给一次）。</translation>
    </message>
    <message>
        <source>Add N to every baseline step.</source>
        <translation>给基线的每一步加上 N。</translation>
    </message>
    <message>
        <source>Compare on every baseline step, interpolating the candidate linearly between its logged steps (rows are marked).</source>
        <translation>在基线的每一步上对比，候选在其记录的步之间线性插值（这些行会被标记）。</translation>
    </message>
    <message>
        <source>Divergence window in steps (default 5; 1 = a single step counts).</source>
        <translation>发散判断窗口的步数（默认 5；1 = 单步即计）。</translation>
    </message>
    <message>
        <source>WARN when candidate/baseline throughput is below X.</source>
        <translation>候选/基线吞吐量比低于 X 时给出警告 (WARN)。</translation>
    </message>
    <message>
        <source>Log format of all inputs (default: detected per file).</source>
        <translation>所有输入的日志格式（默认：逐个文件检测）。</translation>
    </message>
    <message>
        <source>Print every statistic and the aligned per-step table as JSON.</source>
        <translation>以 JSON 打印所有统计量和对齐后的逐步表格。</translation>
    </message>
    <message>
        <source>With --json, leave out the per-step table.</source>
        <translation>与 --json 一起使用时省略逐步表格。</translation>
    </message>
    <message>
        <source>Exit 1 on WARN too.</source>
        <translation>结论为警告 (WARN) 时也以 1 退出。</translation>
    </message>
</context>
<context>
    <name>ParseCommand</name>
    <message>
        <source>Read training logs (Megatron/MindSpeed, DeepSpeed, HF Trainer, LLaMA-Factory, torchtitan, nanoGPT, CSV, JSON Lines, your own regex formats) and print a summary or every point.</source>
        <translation>读取训练日志（Megatron/MindSpeed、DeepSpeed、HF Trainer、LLaMA-Factory、torchtitan、nanoGPT、CSV、JSON Lines、自定义正则格式），打印摘要或所有数据点。</translation>
    </message>
    <message>
        <source>LOG...</source>
        <translation>LOG...</translation>
    </message>
    <message>
        <source>Log format, or &apos;auto&apos; to detect it (default). See --list-formats.</source>
        <translation>日志格式，或用 &apos;auto&apos; 自动检测（默认）。见 --list-formats。</translation>
    </message>
    <message>
        <source>Keep lines of this rank from prefixed multi-rank logs ([rank3]:, &apos;3: &apos;). Default 0.</source>
        <translation>从带前缀的多 rank 日志（[rank3]:、&apos;3: &apos;）中保留此 rank 的行。默认 0。</translation>
    </message>
    <message>
        <source>Sequence length for deriving tokens/s when the log does not state it.</source>
        <translation>日志未给出 tokens/s 时用于推算的序列长度。</translation>
    </message>
    <message>
        <source>Number of devices, for per-device throughput when the log does not state it.</source>
        <translation>设备数量，用于日志未给出时计算每设备吞吐量。</translation>
    </message>
    <message>
        <source>Print every point with every metric as JSON.</source>
        <translation>以 JSON 打印每个数据点及其所有指标。</translation>
    </message>
    <message>
        <source>Print every point with every metric as CSV.</source>
        <translation>以 CSV 打印每个数据点及其所有指标。</translation>
    </message>
    <message>
        <source>Print format, points, step range, last loss, mean tokens/s and skipped lines (the default; with --json, as JSON).</source>
        <translation>打印格式、数据点数、步范围、最终损失、平均 tokens/s 和跳过的行（默认；与 --json 一起时为 JSON）。</translation>
    </message>
    <message>
        <source>Exit 1 when a line that looks like a metric line (a loss with a number, numeric key: value pairs) was not read.</source>
        <translation>有看起来像指标行（带数值的 loss、数值型 key: value 对）的行未被读取时以 1 退出。</translation>
    </message>
    <message>
        <source>List the known formats, built-in and user-defined.</source>
        <translation>列出已知格式，包括内置格式和用户自定义格式。</translation>
    </message>
    <message>
        <source>Save a user format NAME (with --regex) in the settings shared with the GUI.</source>
        <translation>将用户格式 NAME（配合 --regex）保存到与 GUI 共用的设置中。</translation>
    </message>
    <message>
        <source>Regular expression for --define-format: named groups are metrics; (?&lt;step&gt;...) and (?&lt;time&gt;...) are the step and wall time.</source>
        <translation>--define-format 使用的正则表达式：命名分组即指标；(?&lt;step&gt;...) 和 (?&lt;time&gt;...) 分别是步和挂钟时间。</translation>
    </message>
    <message>
        <source>Description for --define-format.</source>
        <translation>--define-format 的描述。</translation>
    </message>
    <message>
        <source>Delete the user format NAME.</source>
        <translation>删除用户格式 NAME。</translation>
    </message>
    <message>
        <source>Training logs: text logs, TensorBoard event files, run folders, folders of runs, MLflow runs (mlruns/&lt;experiment&gt;/&lt;run&gt;). Or device telemetry: nvidia-smi --query-gpu CSV, npu-smi info watch and mthreads-gmi captures, monitor --out files (docs/telemetry.md).</source>
        <translation>训练日志：文本日志、TensorBoard 事件文件、运行文件夹、多个运行的文件夹、MLflow 运行（mlruns/&lt;experiment&gt;/&lt;run&gt;）。或设备遥测：nvidia-smi --query-gpu CSV、npu-smi info watch 和 mthreads-gmi 的采集输出，以及 monitor --out 文件（docs/telemetry.md）。</translation>
    </message>
</context>
<context>
    <name>PluginsCommand</name>
    <message>
        <source>List the device-backend plugins (cuda, npu, musa) that loaded, their manifests, and every plugin file that failed to load.</source>
        <translation>列出已加载的设备后端插件（cuda、npu、musa）及其清单，以及每个加载失败的插件文件。</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>机器可读的输出。</translation>
    </message>
</context>
<context>
    <name>PortCommand</name>
    <message>
        <source>A .py file or a project folder.</source>
        <translation>一个 .py 文件或项目文件夹。</translation>
    </message>
    <message>
        <source>Write the ported tree here (default: SRC_&lt;target&gt;, or FILE_&lt;target&gt;.py).</source>
        <translation>将迁移后的代码树写到此处（默认：SRC_&lt;target&gt; 或 FILE_&lt;target&gt;.py）。</translation>
    </message>
    <message>
        <source>Rewrite SRC itself; originals kept as &lt;file&gt;.orig.</source>
        <translation>直接改写 SRC；原文件保留为 &lt;file&gt;.orig。</translation>
    </message>
    <message>
        <source>Scan and report only; write no ported files.</source>
        <translation>只扫描并报告，不写入迁移后的文件。</translation>
    </message>
    <message>
        <source>Write into an existing, non-empty --out.</source>
        <translation>写入已存在且非空的 --out。</translation>
    </message>
    <message>
        <source>Print the unified diff of every changed file.</source>
        <translation>打印每个修改文件的 unified diff。</translation>
    </message>
    <message>
        <source>Write the findings to FILE (.csv, else JSON).</source>
        <translation>将发现项写入 FILE（.csv，否则为 JSON）。</translation>
    </message>
    <message>
        <source>Port --target code back to CUDA (A/B experiments).</source>
        <translation>将 --target 的代码迁回 CUDA（用于 A/B 实验）。</translation>
    </message>
    <message>
        <source>Verify an already ported SRC for --target: CUDA calls, device strings and backend names left, extension API used without its import, files that do not compile (python3). Writes nothing; exit 0 clean, 3 work left, 2 input error.</source>
        <translation>检查已为 --target 迁移的 SRC：残留的 CUDA 调用、设备字符串和后端名称，使用了扩展 API 却未导入，无法编译的文件（python3）。不写入任何文件；干净时以 0 退出，仍有工作为 3，输入错误为 2。</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>机器可读的输出。</translation>
    </message>
    <message>
        <source>Port a CUDA training script or repository to another device backend (or back with --reverse): rewritten copy, diff, and a report of what needs a human; --check verifies a ported tree. Exit 0 when nothing manual remains, 3 when it does, 2 on errors.</source>
        <translation>将 CUDA 训练脚本或代码仓库迁移到另一个设备后端（或用 --reverse 迁回）：生成改写后的副本、差异，以及需要人工处理之处的报告；--check 检查已迁移的目录树。无需人工处理时退出码为 0，仍有人工处理项时为 3，出错时为 2。</translation>
    </message>
    <message>
        <source>Device to port to: a backend plugin&apos;s id, such as npu (with --reverse: the device the code uses now; &apos;portbench-cli plugins&apos; lists them).</source>
        <translation>迁移目标设备：后端插件的 id，例如 npu（与 --reverse 一起使用时：代码当前使用的设备；&apos;portbench-cli plugins&apos; 列出全部）。</translation>
    </message>
    <message>
        <source>Also add the --target&apos;s automatic migration import to entry points (npu: &apos;from torch_npu.contrib import transfer_to_npu&apos;). --transfer-to-npu is the same option.</source>
        <translation>同时在入口文件中加入 --target 的自动迁移导入（npu：&apos;from torch_npu.contrib import transfer_to_npu&apos;）。--transfer-to-npu 是同一选项。</translation>
    </message>
</context>
<context>
    <name>PresetOption</name>
    <message>
        <source>Parity criteria (default %1):</source>
        <translation>精度对齐判据（默认 %1）：</translation>
    </message>
    <message>
        <source>custom — give --rel-tol and/or --abs-tol.</source>
        <translation>custom — 给出 --rel-tol 和/或 --abs-tol。</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>Write a self-contained HTML, PDF or Markdown report of runs, parity and checks.</source>
        <translation>生成包含运行、精度对齐和各项检查的独立 HTML、PDF 或 Markdown 报告。</translation>
    </message>
    <message>
        <source>A training log, event file or run folder (repeat for several runs; the first is the baseline unless --baseline; a folder of runs gives each of its runs).</source>
        <translation>训练日志、事件文件或运行文件夹（多个运行时重复给出；除非指定 --baseline，第一个为基线；多个运行的文件夹给出其中每个运行）。</translation>
    </message>
    <message>
        <source>The parity baseline: a --run log path, its file name, its run name or its index (0-based); &apos;none&apos; shows the runs without parity.</source>
        <translation>精度对齐的基线：--run 日志的路径、文件名、运行名称或序号（从 0 开始）；&apos;none&apos; 表示只展示运行而不做精度对齐。</translation>
    </message>
    <message>
        <source>An environment report from `portbench-cli env --json`.</source>
        <translation>来自 `portbench-cli env --json` 的环境检查报告。</translation>
    </message>
    <message>
        <source>`portbench-cli env --json` of the candidate&apos;s machine: the parity section shows it side by side with --env (what differs).</source>
        <translation>候选机器的 `portbench-cli env --json` 输出：精度对齐部分将它与 --env 并列展示（差异之处）。</translation>
    </message>
    <message>
        <source>Another run of the baseline&apos;s setup (repeatable): parity judges the candidates against the baselines&apos; noise envelope.</source>
        <translation>与基线相同设置的另一次运行（可重复）：精度对齐按各基线的噪声包络判断候选。</translation>
    </message>
    <message>
        <source>A PortBench training config (JSON) to summarise, validate and emit.</source>
        <translation>要汇总、校验并生成配置文件的 PortBench 训练配置（JSON）。</translation>
    </message>
    <message>
        <source>A saved `nvidia-smi topo -m` / `npu-smi info -t topo` / `mthreads-gmi topo` output.</source>
        <translation>保存下来的 `nvidia-smi topo -m` / `npu-smi info -t topo` / `mthreads-gmi topo` 输出。</translation>
    </message>
    <message>
        <source>A porting report from `portbench-cli port --json` or --report FILE.json.</source>
        <translation>来自 `portbench-cli port --json` 或 --report FILE.json 的迁移报告。</translation>
    </message>
    <message>
        <source>A tensor comparison from `portbench-cli tensors --json`.</source>
        <translation>来自 `portbench-cli tensors --json` 的张量对比结果。</translation>
    </message>
    <message>
        <source>Comma-separated sections, in order (default all that have input): </source>
        <translation>以逗号分隔的章节，按顺序（默认：所有有输入的章节）：</translation>
    </message>
    <message>
        <source>Report title.</source>
        <translation>报告标题。</translation>
    </message>
    <message>
        <source>EMA weight of the smoothed curves, 0..0.999 (default 0.6).</source>
        <translation>平滑曲线的 EMA 权重，0..0.999（默认 0.6）。</translation>
    </message>
    <message>
        <source>The report: .html, .pdf or .md (PNG figures beside it).</source>
        <translation>报告文件：.html、.pdf 或 .md（PNG 图片放在旁边）。</translation>
    </message>
    <message>
        <source>Also write the aligned per-step parity table as CSV.</source>
        <translation>同时将对齐后的逐步精度对齐表格写为 CSV。</translation>
    </message>
    <message>
        <source>Exit 1 on a WARN verdict too.</source>
        <translation>结论为警告 (WARN) 时也以 1 退出。</translation>
    </message>
</context>
<context>
    <name>RunCommand</name>
    <message>
        <source>Launch a command as a recorded run (local, detached, or on an SSH host) and follow its metrics.</source>
        <translation>以记录的运行方式启动一条命令（本地、后台或在 SSH 主机上）并跟踪其指标。</translation>
    </message>
    <message>
        <source>Run name (default: the program name).</source>
        <translation>运行名称（默认：程序名）。</translation>
    </message>
    <message>
        <source>Start it with setsid/nohup so it outlives this command; print the run id and return.</source>
        <translation>用 setsid/nohup 启动，使其在本命令结束后继续运行；打印运行 ID 后返回。</translation>
    </message>
    <message>
        <source>Run on this SSH host (alias from the ssh config); always detached there.</source>
        <translation>在此 SSH 主机（ssh 配置中的别名）上运行；在那里总是后台运行。</translation>
    </message>
    <message>
        <source>Set an environment variable for the run (repeatable).</source>
        <translation>为运行设置环境变量（可重复）。</translation>
    </message>
    <message>
        <source>Working directory (default: the current one; the login directory on a host).</source>
        <translation>工作目录（默认：当前目录；在远程主机上为登录目录）。</translation>
    </message>
    <message>
        <source>Tag the run (repeatable).</source>
        <translation>为运行添加标签（可重复）。</translation>
    </message>
    <message>
        <source>Print points as JSON Lines while it runs, and the run record at the end.</source>
        <translation>运行期间以 JSON Lines 打印数据点，结束时打印运行记录。</translation>
    </message>
    <message>
        <source>Seconds between SIGTERM and SIGKILL on Ctrl+C (default 10).</source>
        <translation>按 Ctrl+C 后 SIGTERM 与 SIGKILL 之间的秒数（默认 10）。</translation>
    </message>
    <message>
        <source>The command to run.</source>
        <translation>要运行的命令。</translation>
    </message>
    <message>
        <source>Device backend: a loaded plugin&apos;s id (see `portbench-cli plugins`).</source>
        <translation>设备后端：已加载插件的 id（见 `portbench-cli plugins`）。</translation>
    </message>
</context>
<context>
    <name>RunsCliSupport</name>
    <message>
        <source>Run workspace folder (default: $PORTBENCH_WORKSPACE, the GUI setting, or %1).</source>
        <translation>运行工作区文件夹（默认：$PORTBENCH_WORKSPACE、GUI 中的设置或 %1）。</translation>
    </message>
</context>
<context>
    <name>RunsCommand</name>
    <message>
        <source>Machine-readable output (the run.json of each run).</source>
        <translation>机器可读的输出（每个运行的 run.json）。</translation>
    </message>
    <message>
        <source>List the runs in the workspace: status, last step, loss, tokens/s, command, and the device telemetry files recorded with each.</source>
        <translation>列出工作区中的运行：状态、最后一步、损失、tokens/s、命令，以及随每个运行记录的设备遥测文件。</translation>
    </message>
</context>
<context>
    <name>StackcheckCommand</name>
    <message>
        <source>Run PortBench&apos;s reference GPT in your own Python stack (here or over SSH) and judge it against the shipped reference curves</source>
        <translation>在你自己的 Python 软件栈中（本机或通过 SSH）运行 PortBench 的参考 GPT，并与随附的参考曲线对比判断</translation>
    </message>
    <message>
        <source>Python interpreter on the target machine (default python3).</source>
        <translation>目标机器上的 Python 解释器（默认 python3）。</translation>
    </message>
    <message>
        <source>Run over SSH on this host (ssh destination or ~/.ssh/config alias).</source>
        <translation>通过 SSH 在此主机上运行（ssh 目标或 ~/.ssh/config 中的别名）。</translation>
    </message>
    <message>
        <source>fp32 or bf16 (autocast). Default fp32.</source>
        <translation>fp32 或 bf16（autocast）。默认 fp32。</translation>
    </message>
    <message>
        <source>Judge against the shipped reference of: auto (CUDA when this build ships it, else the CPU), cuda or cpu.</source>
        <translation>对比的随附参考：auto（本构建附带 CUDA 参考时用 CUDA，否则用 CPU）、cuda 或 cpu。</translation>
    </message>
    <message>
        <source>Data-parallel processes on one node (DDP over nccl/hccl/mccl, gloo on cpu); must divide the batch of 16. Default 1.</source>
        <translation>单节点上的数据并行进程数（DDP，使用 nccl/hccl/mccl，cpu 上用 gloo）；必须能整除批大小 16。默认 1。</translation>
    </message>
    <message>
        <source>Train the first N of the 200 steps (default 200).</source>
        <translation>训练 200 步中的前 N 步（默认 200）。</translation>
    </message>
    <message>
        <source>Intra-op CPU threads per process (default 1).</source>
        <translation>每个进程的算子内 CPU 线程数（默认 1）。</translation>
    </message>
    <message>
        <source>Peak learning rate instead of 2e-3: a deliberate perturbation that should FAIL.</source>
        <translation>用此峰值学习率代替 2e-3：故意引入的扰动，应当不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>Initial weights (safetensors) instead of the shipped ones: a deliberate perturbation.</source>
        <translation>用此初始权重（safetensors）代替随附的权重：故意引入的扰动。</translation>
    </message>
    <message>
        <source>Folder for the workload copy, the run log and the reference (default: a new portbench-stackcheck-* folder here).</source>
        <translation>存放工作负载副本、运行日志和参考的文件夹（默认：在当前目录新建 portbench-stackcheck-* 文件夹）。</translation>
    </message>
    <message>
        <source>Print the result as JSON.</source>
        <translation>以 JSON 打印结果。</translation>
    </message>
    <message>
        <source>auto, cpu, or a backend plugin&apos;s torch device: cuda, npu, … (default auto: the first accelerator torch sees).</source>
        <translation>auto、cpu，或某个后端插件的 torch 设备：cuda、npu……（默认 auto：torch 看到的第一个加速器）。</translation>
    </message>
</context>
<context>
    <name>StopCommand</name>
    <message>
        <source>Stop a run: SIGTERM to its process group, SIGKILL after a grace period (scancel for SLURM).</source>
        <translation>停止运行：向其进程组发送 SIGTERM，宽限期后发送 SIGKILL（SLURM 作业用 scancel）。</translation>
    </message>
    <message>
        <source>Seconds between SIGTERM and SIGKILL (default 10).</source>
        <translation>SIGTERM 与 SIGKILL 之间的秒数（默认 10）。</translation>
    </message>
    <message>
        <source>Run id, unique id prefix, or name.</source>
        <translation>运行 ID、唯一的 ID 前缀或名称。</translation>
    </message>
</context>
<context>
    <name>SubmitCommand</name>
    <message>
        <source>Submit a SLURM batch script with sbatch (here or on a login node via SSH) as a recorded run; --wait follows it to the end.</source>
        <translation>用 sbatch 提交 SLURM 批处理脚本（本机或通过 SSH 在登录节点上）并记录为一次运行；--wait 跟踪到其结束。</translation>
    </message>
    <message>
        <source>Submit on this SSH login node.</source>
        <translation>在此 SSH 登录节点上提交。</translation>
    </message>
    <message>
        <source>Run and job name (default: the script name).</source>
        <translation>运行和作业名称（默认：脚本名）。</translation>
    </message>
    <message>
        <source>Device backend: cuda, npu or musa.</source>
        <translation>设备后端：cuda、npu 或 musa。</translation>
    </message>
    <message>
        <source>Follow the job&apos;s output and state until it ends; exit 1 unless it completed with 0.</source>
        <translation>跟踪作业的输出和状态直到结束；除非作业以 0 完成，否则以 1 退出。</translation>
    </message>
    <message>
        <source>Print the run record as JSON.</source>
        <translation>以 JSON 打印运行记录。</translation>
    </message>
    <message>
        <source>The sbatch script (starts with #!).</source>
        <translation>sbatch 脚本（以 #! 开头）。</translation>
    </message>
</context>
<context>
    <name>TelemetryFilesOption</name>
    <message>
        <source>A telemetry file of the run LOG names (its log, file name or run name; repeatable): a `monitor --out` recording or a captured nvidia-smi/npu-smi output. Its devices&apos; mean utilisation, peak memory and mean power are shown beside the throughput. Without it, a workspace run&apos;s telemetry-*.tel files beside its log are read.</source>
        <translation>LOG 所指运行的遥测文件（其日志、文件名或运行名；可重复）：`monitor --out` 的记录，或手工捕获的 nvidia-smi/npu-smi 输出。其设备的平均利用率、峰值显存和平均功耗显示在吞吐量旁。未给出时，读取工作区运行日志旁的 telemetry-*.tel 文件。</translation>
    </message>
</context>
<context>
    <name>TelemetryOption</name>
    <message>
        <source>Do not record the devices&apos; telemetry (utilisation, memory, power, temperature) in the run&apos;s folder; by default the vendor tool found on the run&apos;s host is sampled while this command follows the run.</source>
        <translation>不在运行的文件夹中记录设备遥测（利用率、内存、功耗、温度）；默认在此命令跟踪运行期间，对运行所在主机上找到的厂商工具进行采样。</translation>
    </message>
    <message>
        <source>Seconds between telemetry samples (0.1 to 3600). Default: 1 s for the first 10 minutes, then 5 s, after an hour 15 s.</source>
        <translation>遥测采样间隔秒数（0.1 到 3600）。默认：前 10 分钟 1 秒，之后 5 秒，一小时后 15 秒。</translation>
    </message>
</context>
<context>
    <name>TensorsCommand</name>
    <message>
        <source>Compare two tensor dumps (torch.save .pt, safetensors, or folders) by name with msprobe&apos;s statistics and pass/fail rules.</source>
        <translation>按名称对比两个张量转储（torch.save .pt、safetensors 或文件夹），使用 msprobe 的统计量和通过/不通过规则。</translation>
    </message>
    <message>
        <source>Reference dump (e.g. from CUDA).</source>
        <translation>参考转储（例如来自 CUDA）。</translation>
    </message>
    <message>
        <source>Dump to check (e.g. from the NPU).</source>
        <translation>要检查的转储（例如来自 NPU）。</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>机器可读的输出。</translation>
    </message>
    <message>
        <source>List only the tensors that fail.</source>
        <translation>只列出不通过的张量。</translation>
    </message>
</context>
<context>
    <name>TopoCommand</name>
    <message>
        <source>Device topology: links, NUMA/CPU affinity and placement advice, live or from a saved `nvidia-smi topo -m` / `npu-smi info -t topo` capture.</source>
        <translation>设备拓扑：链路、NUMA/CPU 亲和性和放置建议，实时探测或读取保存的 `nvidia-smi topo -m` / `npu-smi info -t topo` 输出。</translation>
    </message>
    <message>
        <source>Read a saved tool output instead of running the tool.</source>
        <translation>读取保存的工具输出，而不是运行工具。</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>机器可读的输出。</translation>
    </message>
    <message>
        <source>Graphviz DOT output.</source>
        <translation>Graphviz DOT 输出。</translation>
    </message>
    <message>
        <source>Also write the map as SVG to FILE.</source>
        <translation>同时将拓扑图以 SVG 写入 FILE。</translation>
    </message>
    <message>
        <source>auto (default), or a backend plugin&apos;s id (see `portbench-cli plugins`).</source>
        <translation>auto（默认），或某个后端插件的 id（见 `portbench-cli plugins`）。</translation>
    </message>
</context>
<context>
    <name>TrainCommand</name>
    <message>
        <source>Train the built-in reference model (small GPT on a public-domain corpus) with libtorch, logging loss, lr, grad norm and tokens/s live as JSON Lines.</source>
        <translation>用 libtorch 训练内置参考模型（在公有领域语料上的小型 GPT），以 JSON Lines 实时记录 loss、lr、grad norm 和 tokens/s。</translation>
    </message>
    <message>
        <source>Write the JSONL log here (an existing file is kept as FILE.bak).</source>
        <translation>将 JSONL 日志写到此处（已有文件保留为 FILE.bak）。</translation>
    </message>
    <message>
        <source>After training, save the fp32 weights as a torch.save dict (for &apos;tensors&apos;).</source>
        <translation>训练后将 fp32 权重保存为 torch.save 字典（供 &apos;tensors&apos; 使用）。</translation>
    </message>
    <message>
        <source>No summary lines while training.</source>
        <translation>训练时不打印摘要行。</translation>
    </message>
    <message>
        <source>Print the outcome as JSON (implies --quiet).</source>
        <translation>以 JSON 打印结果（隐含 --quiet）。</translation>
    </message>
</context>
<context>
    <name>TrainOptions</name>
    <message>
        <source>Training steps.</source>
        <translation>训练步数。</translation>
    </message>
    <message>
        <source>Transformer blocks.</source>
        <translation>Transformer 块数。</translation>
    </message>
    <message>
        <source>Embedding width (d_model).</source>
        <translation>嵌入宽度（d_model）。</translation>
    </message>
    <message>
        <source>Attention heads (must divide width).</source>
        <translation>注意力头数（必须能整除宽度）。</translation>
    </message>
    <message>
        <source>Tokens per sequence.</source>
        <translation>每个序列的 token 数。</translation>
    </message>
    <message>
        <source>Sequences per step.</source>
        <translation>每步的序列数。</translation>
    </message>
    <message>
        <source>CPU threads; results are bit-identical for the same seed and thread count.</source>
        <translation>CPU 线程数；相同种子和线程数下结果逐位一致。</translation>
    </message>
    <message>
        <source>Linear warmup steps before the cosine decay.</source>
        <translation>余弦衰减前的线性预热步数。</translation>
    </message>
    <message>
        <source>Evaluation loss every N steps and at the end (0: never).</source>
        <translation>每 N 步及结束时计算评估损失（0：从不）。</translation>
    </message>
    <message>
        <source>Validation batches per evaluation.</source>
        <translation>每次评估的验证批次数。</translation>
    </message>
    <message>
        <source>Write a log line every N steps.</source>
        <translation>每 N 步写一行日志。</translation>
    </message>
    <message>
        <source>Dropout probability (0 turns it off, as parity runs need).</source>
        <translation>Dropout 概率（0 表示关闭，精度对齐运行需要关闭）。</translation>
    </message>
    <message>
        <source>Peak learning rate.</source>
        <translation>峰值学习率。</translation>
    </message>
    <message>
        <source>Learning rate at the end of the cosine decay.</source>
        <translation>余弦衰减结束时的学习率。</translation>
    </message>
    <message>
        <source>AdamW weight decay (matrices only).</source>
        <translation>AdamW 权重衰减（仅矩阵参数）。</translation>
    </message>
    <message>
        <source>Gradient clipping: max total L2 norm.</source>
        <translation>梯度裁剪：总 L2 范数上限。</translation>
    </message>
    <message>
        <source>%1 Default %2.</source>
        <translation>%1默认 %2。</translation>
    </message>
    <message>
        <source>Random seed (weights and data order). Default %1.</source>
        <translation>随机种子（权重和数据顺序）。默认 %1。</translation>
    </message>
    <message>
        <source>cpu or cuda (cuda only when the linked libtorch has it). Default %1.</source>
        <translation>cpu 或 cuda（仅当链接的 libtorch 支持时可用 cuda）。默认 %1。</translation>
    </message>
    <message>
        <source>Train on this text file instead of the built-in corpus.</source>
        <translation>用此文本文件代替内置语料进行训练。</translation>
    </message>
    <message>
        <source>fp32, or bf16 (bf16 compute, fp32 master weights). Default %1.</source>
        <translation>fp32 或 bf16（bf16 计算，fp32 主权重）。默认 %1。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Usage: portbench-cli COMMAND [OPTIONS...]</source>
        <translation>用法：portbench-cli COMMAND [OPTIONS...]</translation>
    </message>
    <message>
        <source>PortBench without a display: every capability of the GUI, scriptable.</source>
        <translation>无需显示器的 PortBench：GUI 的全部功能，均可脚本化。</translation>
    </message>
    <message>
        <source>Run &apos;portbench-cli COMMAND --help&apos; for a command&apos;s options.</source>
        <translation>运行 &apos;portbench-cli COMMAND --help&apos; 查看命令的选项。</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Print the version.</source>
        <translation>打印版本。</translation>
    </message>
    <message>
        <source>Print this help.</source>
        <translation>打印此帮助。</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 a negative answer (failed check, FAIL verdict), 2 usage or input error.</source>
        <translation>退出码：0 成功，1 否定的结果（检查失败、结论为不通过 (FAIL)），2 用法或输入错误。</translation>
    </message>
</context>
</TS>
