<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConfigPanel</name>
    <message>
        <source>Open / Import…</source>
        <translation>打开 / 导入…</translation>
    </message>
    <message>
        <source>Open a PortBench config, or import ds_config.json, accelerate YAML and launch lines (several files are merged)</source>
        <translation>打开 PortBench 配置，或导入 ds_config.json、accelerate YAML 和启动命令行（多个文件会合并）</translation>
    </message>
    <message>
        <source>Save Config…</source>
        <translation>保存配置…</translation>
    </message>
    <message>
        <source>Save Artifacts…</source>
        <translation>保存生成文件…</translation>
    </message>
    <message>
        <source>Write every artifact into a folder (asks before replacing files; keeps .bak copies)</source>
        <translation>将所有生成文件写入一个文件夹（替换文件前会询问；保留 .bak 备份）</translation>
    </message>
    <message>
        <source>number or auto</source>
        <translation>数值或 auto</translation>
    </message>
    <message>
        <source>number, e.g. 2e-5</source>
        <translation>数值，例如 2e-5</translation>
    </message>
    <message>
        <source>Config import failed: %1</source>
        <translation>配置导入失败：%1</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>Open or Import Training Config</source>
        <translation>打开或导入训练配置</translation>
    </message>
    <message>
        <source>Configs and launch lines (*.json *.yaml *.yml *.sh *.txt);;All files (*)</source>
        <translation>配置和启动命令行 (*.json *.yaml *.yml *.sh *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Training Config</source>
        <translation>保存训练配置</translation>
    </message>
    <message>
        <source>PortBench training config (*.json)</source>
        <translation>PortBench 训练配置 (*.json)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Saving failed: %1</source>
        <translation>保存失败：%1</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>These files in %1 differ from the new artifacts:

%2

Replace them? The old versions are kept as .bak files.</source>
        <translation>%1 中的以下文件与新生成的文件不同：

%2

是否替换？旧版本将保留为 .bak 文件。</translation>
    </message>
    <message>
        <source>Artifacts not saved: nothing was overwritten</source>
        <translation>生成文件未保存：没有覆盖任何文件</translation>
    </message>
    <message>
        <source>Saving artifacts failed: %1</source>
        <translation>保存生成文件失败：%1</translation>
    </message>
    <message>
        <source>Saved %1 artifact(s) to %2 (%3 unchanged, %4 backup(s))</source>
        <translation>已将 %1 个生成文件保存到 %2（%3 个未变化，%4 个备份）</translation>
    </message>
    <message>
        <source>Inconsistent config</source>
        <translation>配置不一致</translation>
    </message>
    <message>
        <source>The config has errors (see the list). Save the artifacts anyway?</source>
        <translation>配置有错误（见列表）。仍要保存生成文件吗？</translation>
    </message>
    <message>
        <source>Save Artifacts To</source>
        <translation>生成文件保存到</translation>
    </message>
    <message>
        <source>Save the config as PortBench JSON</source>
        <translation>将配置保存为 PortBench JSON</translation>
    </message>
    <message>
        <source>Replace Edited Config?</source>
        <translation>替换已编辑的配置？</translation>
    </message>
    <message>
        <source>The Training Config has edits that are not saved. Importing %1 changes its fields.

Import it anyway?</source>
        <translation>训练配置有未保存的修改。导入 %1 会改变其中的字段。

仍然导入？</translation>
    </message>
    <message>
        <source>Not imported: %1 (the edited config was kept)</source>
        <translation>未导入：%1（已保留编辑中的配置）</translation>
    </message>
</context>
<context>
    <name>DemoController</name>
    <message>
        <source>Demo: stopping after the current step…</source>
        <translation>演示：当前步完成后停止…</translation>
    </message>
    <message>
        <source>Demo not started: %1</source>
        <translation>演示未启动：%1</translation>
    </message>
    <message>
        <source>Demo: training the fp32 baseline and the bf16 candidate side by side (%1 steps each, seed %2); logs in %3</source>
        <translation>演示：并排训练 fp32 基线和 bf16 候选（各 %1 步，随机种子 %2）；日志位于 %3</translation>
    </message>
    <message>
        <source>Demo: %1 log opened in Runs: %2</source>
        <translation>演示：%1 日志已在“运行”面板中打开：%2</translation>
    </message>
    <message>
        <source>Demo: %1 (%2) step %3/%4, loss %5</source>
        <translation>演示：%1（%2）第 %3/%4 步，loss %5</translation>
    </message>
    <message>
        <source>Demo failed: %1</source>
        <translation>演示失败：%1</translation>
    </message>
    <message>
        <source>Demo stopped: no verdict (the logs so far stay in the Runs dock).</source>
        <translation>演示已停止：没有结论（已有的日志保留在“运行”面板中）。</translation>
    </message>
    <message>
        <source>Demo: this CPU has no native bf16, so libtorch emulates it: the bf16 candidate takes about ten times as long as the fp32 baseline.</source>
        <translation>演示：此 CPU 不支持原生 bf16，libtorch 只能模拟，因此 bf16 候选运行的耗时约为 fp32 基线的十倍。</translation>
    </message>
</context>
<context>
    <name>EnvironmentPanel</name>
    <message>
        <source>&amp;Run Checks</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>An SSH destination or Host alias from ~/.ssh/config (key-based login; BatchMode)</source>
        <translation>SSH 目标或 ~/.ssh/config 中的 Host 别名（密钥登录；BatchMode）</translation>
    </message>
    <message>
        <source>Interpreter whose torch / torch_npu / torch_musa are checked</source>
        <translation>检查其 torch / torch_npu / torch_musa 的 Python 解释器</translation>
    </message>
    <message>
        <source>Run all checks again (F5)</source>
        <translation>重新运行全部检查 (F5)</translation>
    </message>
    <message>
        <source>Copy as &amp;Markdown</source>
        <translation>复制为 Markdown(&amp;M)</translation>
    </message>
    <message>
        <source>Copy the table as Markdown, ready for an issue or a report</source>
        <translation>将表格复制为 Markdown，可直接用于 issue 或报告</translation>
    </message>
    <message>
        <source>Environment report copied as Markdown</source>
        <translation>环境检查报告已复制为 Markdown</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Python:</source>
        <translation>Python：</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>%1: %2 ok, %3 warn, %4 fail, %5 skipped</source>
        <translation>%1：%2 项正常，%3 项警告，%4 项失败，%5 项跳过</translation>
    </message>
    <message>
        <source>The device backend to check; auto checks every loaded backend</source>
        <translation>要检查的设备后端；auto 检查所有已加载的后端</translation>
    </message>
</context>
<context>
    <name>MemoryBar</name>
    <message>
        <source>%1 of %2 per device — %3</source>
        <translation>每设备 %1 / %2 — %3</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>CPU RAM for offload: %1 per node&lt;br&gt;</source>
        <translation>卸载（offload）所需 CPU 内存：每节点 %1&lt;br&gt;</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s estimator (model states only): %1 device, %2 host&lt;br&gt;</source>
        <translation>DeepSpeed 估算器（仅模型状态）：设备 %1，主机 %2&lt;br&gt;</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>gathered parameters</source>
        <translation>聚合的参数</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>logits</translation>
    </message>
    <message>
        <source>margin</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2</source>
        <extracomment>The memory summary, then the device it is computed for</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2）</translation>
    </message>
</context>
<context>
    <name>PortDiffView</name>
    <message>
        <source>Original (red: changed or removed lines)</source>
        <translation>原始代码（红色：修改或删除的行）</translation>
    </message>
    <message>
        <source>Port (green: changed or added lines)</source>
        <translation>迁移后代码（绿色：修改或新增的行）</translation>
    </message>
</context>
<context>
    <name>PortingPanel</name>
    <message>
        <source>Reverse</source>
        <extracomment>Port in the opposite direction (from the device back to CUDA)</extracomment>
        <translation>反向迁移</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Check Port</source>
        <translation>检查迁移结果</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Export Report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <source>CUDA training repository or .py file (drop one here)</source>
        <translation>CUDA 训练代码仓库或 .py 文件（可拖放到此处）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Project to port</source>
        <translation>要迁移的项目</translation>
    </message>
    <message>
        <source>Port code written for the selected device back to CUDA (A/B experiments)</source>
        <translation>将为所选设备编写的代码迁移回 CUDA（用于 A/B 对比实验）</translation>
    </message>
    <message>
        <source>Scan and port in memory; nothing is written (F5)</source>
        <translation>在内存中扫描并迁移；不写入任何文件 (F5)</translation>
    </message>
    <message>
        <source>Verify an already ported tree for the selected device: CUDA calls, device strings and backend names left, extension API without its import, files that do not compile</source>
        <translation>针对所选设备检查已迁移的代码：残留的 CUDA 调用、设备字符串和后端名称，缺少导入的扩展 API，以及无法编译的文件</translation>
    </message>
    <message>
        <source>Show:</source>
        <extracomment>Label before the severity check boxes that filter the findings</extracomment>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Filter rule, message, file…</source>
        <translation>按规则、消息、文件过滤…</translation>
    </message>
    <message>
        <source>File shown in the diff; findings are limited to it unless &apos;All files&apos; is chosen</source>
        <translation>差异视图中显示的文件；除非选择“所有文件”，否则发现项仅限于该文件</translation>
    </message>
    <message>
        <source>Write Ported Copy…</source>
        <translation>写出迁移后的副本…</translation>
    </message>
    <message>
        <source>Rewrite In Place (keeps .orig backups)…</source>
        <translation>原地改写（保留 .orig 备份）…</translation>
    </message>
    <message>
        <source>Write the port: a new tree beside the source, or the source itself with .orig backups</source>
        <translation>写出迁移结果：在源码旁生成新目录，或直接改写源码并保留 .orig 备份</translation>
    </message>
    <message>
        <source>Porting: %1: no such file or folder</source>
        <translation>迁移：%1：文件或文件夹不存在</translation>
    </message>
    <message>
        <source>Porting: %1</source>
        <translation>迁移：%1</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <source>Check: clean, nothing CUDA-only left</source>
        <translation>检查：干净，没有残留的 CUDA 专用代码</translation>
    </message>
    <message numerus="yes">
        <source>Check: %n finding(s) left</source>
        <translation>
            <numerusform>检查：剩余 %n 个发现项</numerusform>
        </translation>
    </message>
    <message>
        <source>Write Ported File</source>
        <translation>写出迁移后的文件</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <source>Write Ported Copy Into</source>
        <translation>迁移后的副本写入到</translation>
    </message>
    <message>
        <source>Overwrite?</source>
        <translation>覆盖？</translation>
    </message>
    <message>
        <source>%1

Overwrite the files there with the port?</source>
        <translation>%1

用迁移结果覆盖那里的文件吗？</translation>
    </message>
    <message numerus="yes">
        <source>Porting: wrote %n changed file(s) to %1</source>
        <translation>
            <numerusform>迁移：已将 %n 个修改的文件写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Rewrite In Place</source>
        <translation>原地改写</translation>
    </message>
    <message>
        <source>Rewrite the changed files under %1?
Each original is kept as &lt;file&gt;.orig.</source>
        <translation>改写 %1 下修改过的文件吗？
每个原始文件都会保留为 &lt;文件&gt;.orig。</translation>
    </message>
    <message numerus="yes">
        <source>Porting: rewrote %n file(s) in place</source>
        <translation>
            <numerusform>迁移：已原地改写 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Porting Report</source>
        <translation>导出迁移报告</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Porting: report written to %1</source>
        <translation>迁移：报告已写入 %1</translation>
    </message>
    <message>
        <source>Outdated (the target or source changed; scan again): %1</source>
        <extracomment>%1 is the summary of a scan made for another target, direction or source than the one now chosen.</extracomment>
        <translation>已过时（目标或源已更改，请重新扫描）：%1</translation>
    </message>
    <message>
        <source>The selected device&apos;s porting rules have no automatic migration import</source>
        <translation>所选设备的迁移规则没有自动迁移导入</translation>
    </message>
    <message>
        <source>Also add &apos;%1&apos; to entry points</source>
        <translation>同时在入口文件中添加 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Automatic migration</source>
        <extracomment>A backend&apos;s import that patches torch.cuda at run time (Ascend: transfer_to_npu)</extracomment>
        <translation>自动迁移</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>None (no parity)</source>
        <translation>无（不做精度对齐）</translation>
    </message>
    <message>
        <source>The runs in the report; a parity comparison takes a baseline and at most six candidates.</source>
        <translation>报告中包含的运行；精度对齐比较需要一个基线和最多六个候选。</translation>
    </message>
    <message>
        <source>The reference run (usually CUDA); every other run is compared with it (at most six).</source>
        <translation>参考运行（通常是 CUDA）；其他每个运行都与它比较（最多六个）。</translation>
    </message>
    <message>
        <source>EMA weight of the smoothed curves; the raw curve is drawn faint behind them.</source>
        <translation>平滑曲线的 EMA 权重；原始曲线以浅色绘制在其后。</translation>
    </message>
    <message>
        <source>PortBench report</source>
        <translation>PortBench 报告</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>基线(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Smoothing:</source>
        <translation>平滑(&amp;S)：</translation>
    </message>
    <message>
        <source>Runs (as selected in the Parity panel):</source>
        <translation>运行（与“精度对齐”面板中的选择相同）：</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>HTML (self-contained), PDF (A4) or Markdown with PNG figures beside it</source>
        <translation>HTML（单文件）、PDF（A4）或附带 PNG 图片的 Markdown</translation>
    </message>
    <message>
        <source>No environment check yet: run one in the Environment panel.</source>
        <translation>尚未进行环境检查：请在“环境检查”面板中运行。</translation>
    </message>
    <message>
        <source>No topology: probe this machine or open a capture in the Topology panel.</source>
        <translation>没有拓扑：请在“拓扑”面板中探测本机或打开一个抓取文件。</translation>
    </message>
    <message>
        <source>No runs included: load runs in the Runs panel and tick them here.</source>
        <translation>未包含任何运行：请在“运行”面板中加载运行，并在此处勾选。</translation>
    </message>
    <message>
        <source>No baseline among the included runs: choose one above or in the Parity panel.</source>
        <translation>包含的运行中没有基线：请在上方或“精度对齐”面板中选择一个。</translation>
    </message>
    <message>
        <source>No candidate: include a second run.</source>
        <translation>没有候选：请再包含一个运行。</translation>
    </message>
    <message>
        <source>%1 candidates included; a parity comparison takes at most six.</source>
        <translation>包含了 %1 个候选；精度对齐比较最多支持六个。</translation>
    </message>
    <message>
        <source>No porting scan: scan a script or folder in the Porting panel.</source>
        <translation>没有迁移扫描：请在“迁移”面板中扫描脚本或文件夹。</translation>
    </message>
    <message>
        <source>No tensor comparison: compare two dumps in the Tensors panel.</source>
        <translation>没有张量比较：请在“张量”面板中比较两个张量转储。</translation>
    </message>
    <message>
        <source>Include this section</source>
        <translation>包含此章节</translation>
    </message>
    <message>
        <source>%1 — no input</source>
        <translation>%1 — 无输入</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 个运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) — verdict %1</source>
        <translation>
            <numerusform>%n 个运行 — 结论 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>HTML (*.html);;PDF (*.pdf);;Markdown with PNG figures (*.md)</source>
        <translation>HTML (*.html);;PDF (*.pdf);;附带 PNG 图片的 Markdown (*.md)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>The language of the report&apos;s text; numbers are written the same way in every language.</source>
        <translation>报告正文的语言；数字在各种语言下写法相同。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>No training config: the Training Config panel holds its untouched defaults. Import or edit one there to report it.</source>
        <translation>没有训练配置：训练配置面板中是未改动的默认值。请在那里导入或编辑一个配置后再写入报告。</translation>
    </message>
    <message>
        <source>Preview cancelled; change a choice to build it again.</source>
        <translation>预览已取消；更改任一选项即可重新生成。</translation>
    </message>
    <message>
        <source>Cancel Preview</source>
        <translation>取消预览</translation>
    </message>
    <message>
        <source>Assembling the report…</source>
        <translation>正在生成报告…</translation>
    </message>
    <message>
        <source>Drawing figure %1 of %2…</source>
        <translation>正在绘制第 %1 张图（共 %2 张）…</translation>
    </message>
    <message>
        <source>Cancelling the export…</source>
        <translation>正在取消导出…</translation>
    </message>
    <message>
        <source>Cancel Export</source>
        <translation>取消导出</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Export cancelled; nothing was written.</source>
        <translation>导出已取消，未写入任何文件。</translation>
    </message>
    <message>
        <source>Parity criteria (default %1):</source>
        <translation>精度对齐判据（默认 %1）：</translation>
    </message>
</context>
<context>
    <name>TensorsPanel</name>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>.pt (torch.save), .safetensors, or a folder of them</source>
        <translation>.pt（torch.save）、.safetensors，或包含它们的文件夹</translation>
    </message>
    <message>
        <source>A torch.save dict name → tensor, a safetensors file, or a folder read recursively; tensors are matched by name</source>
        <translation>torch.save 保存的“名称 → 张量”字典、safetensors 文件，或递归读取的文件夹；张量按名称匹配</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <source>Tensor Dump Folder</source>
        <translation>张量转储文件夹</translation>
    </message>
    <message>
        <source>Compare by msprobe&apos;s rules: fail if cosine &lt; 0.99 and max abs error &gt; 0.001, cosine &lt; 0.9, max abs error &gt; 1, or any NaN/Inf (Ctrl+Return)</source>
        <translation>按 msprobe 的规则比较：余弦相似度 &lt; 0.99 且最大绝对误差 &gt; 0.001、余弦相似度 &lt; 0.9、最大绝对误差 &gt; 1，或出现任何 NaN/Inf 时判为不通过 (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Tensor Dump</source>
        <translation>张量转储</translation>
    </message>
    <message>
        <source>Tensor dumps (*.pt *.pth *.bin *.safetensors);;All files (*)</source>
        <translation>张量转储 (*.pt *.pth *.bin *.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Give a baseline and a candidate dump.</source>
        <translation>请给出基线和候选的张量转储。</translation>
    </message>
    <message>
        <source>Reading and comparing…</source>
        <translation>正在读取并比较…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>Tensors: %1</source>
        <translation>张量：%1</translation>
    </message>
    <message>
        <source>%1 — %2 of %3 tensors failed</source>
        <translation>%1 — %3 个张量中有 %2 个不通过</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>通过 (PASS)</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>不通过 (FAIL)</translation>
    </message>
    <message>
        <source>; first failing: %1</source>
        <translation>；第一个不通过的：%1</translation>
    </message>
    <message>
        <source>; only in baseline %1, only in candidate %2</source>
        <translation>；仅在基线中 %1 个，仅在候选中 %2 个</translation>
    </message>
</context>
<context>
    <name>TopologyImage</name>
    <message>
        <source>PNG encoding failed</source>
        <translation>PNG 编码失败</translation>
    </message>
</context>
<context>
    <name>TopologyPanel</name>
    <message>
        <source>Open an `nvidia-smi topo -m` or `npu-smi info -t topo` capture, or probe this machine.</source>
        <translation>打开 `nvidia-smi topo -m` 或 `npu-smi info -t topo` 的输出文件，或探测本机。</translation>
    </message>
    <message>
        <source>Open Capture…</source>
        <translation>打开抓取文件…</translation>
    </message>
    <message>
        <source>Open topology capture</source>
        <translation>打开拓扑抓取文件</translation>
    </message>
    <message>
        <source>Read a saved `nvidia-smi topo -m` / `npu-smi info -t topo` output</source>
        <translation>读取已保存的 `nvidia-smi topo -m` / `npu-smi info -t topo` 输出</translation>
    </message>
    <message>
        <source>Probe This Machine</source>
        <translation>探测本机</translation>
    </message>
    <message>
        <source>Run the vendor topology command here (off the GUI thread)</source>
        <translation>在本机运行厂商的拓扑命令（不阻塞界面）</translation>
    </message>
    <message>
        <source>Export SVG/PNG…</source>
        <translation>导出 SVG/PNG…</translation>
    </message>
    <message>
        <source>Ctrl+wheel: zoom · drag: pan · double-click: fit to view</source>
        <translation>Ctrl+滚轮：缩放 · 拖动：平移 · 双击：适应视图</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 accelerator(s), %3 NIC(s)</source>
        <translation>%1：%2 个加速卡，%3 个网卡</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>正在探测…</translation>
    </message>
    <message>
        <source>Probe found no topology: %1</source>
        <translation>探测未找到拓扑：%1</translation>
    </message>
    <message>
        <source>Export topology</source>
        <translation>导出拓扑</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <source>Topology exported to %1</source>
        <translation>拓扑已导出到 %1</translation>
    </message>
    <message>
        <source>%1: not a topology capture (%2)</source>
        <translation>%1：不是拓扑采集输出（%2）</translation>
    </message>
</context>
<context>
    <name>TopologyScene</name>
    <message>
        <source>%1%2
CPU affinity: %3
NUMA: %4</source>
        <extracomment>A node&apos;s name (and alias), its CPU affinity and its NUMA node; N/A = not reported</extracomment>
        <translation>%1%2
CPU 亲和性：%3
NUMA：%4</translation>
    </message>
    <message>
        <source>N/A</source>
        <translation>N/A</translation>
    </message>
</context>
</TS>
