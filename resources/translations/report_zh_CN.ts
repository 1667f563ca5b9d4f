<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ReportBuilder</name>
    <message>
        <source>PortBench report</source>
        <translation>PortBench 报告</translation>
    </message>
</context>
<context>
    <name>ReportCheckSections</name>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>实际</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复建议</translation>
    </message>
    <message>
        <source>Host %1, backend %2, checked %3: %4 ok, %5 warn, %6 fail, %7 skipped.</source>
        <translation>主机 %1，后端 %2，检查于 %3：%4 项正常，%5 项警告，%6 项失败，%7 项跳过。</translation>
    </message>
    <message>
        <source>Read from a %1 capture: %2 accelerator(s), %3 NIC(s).</source>
        <translation>读取自 %1 的输出：%2 个加速卡，%3 个网卡。</translation>
    </message>
    <message>
        <source>Device topology map (same drawing as the Topology dock).</source>
        <translation>设备拓扑图（与拓扑面板的绘制相同）。</translation>
    </message>
    <message>
        <source>Link matrix</source>
        <translation>链路矩阵</translation>
    </message>
    <message>
        <source>Capture warnings:</source>
        <translation>读取输出时的警告：</translation>
    </message>
    <message>
        <source>Memory estimate: %1</source>
        <translation>显存估算：%1</translation>
    </message>
    <message>
        <source>Estimated memory per device (%1)</source>
        <translation>每个设备的显存估算（%1）</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>组成</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Gathered parameters</source>
        <translation>聚合的参数</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备显存</translation>
    </message>
    <message>
        <source>From %1.</source>
        <translation>来自 %1。</translation>
    </message>
    <message>
        <source>Validation: no issues.</source>
        <translation>校验：没有问题。</translation>
    </message>
    <message>
        <source>configuration validation</source>
        <translation>配置校验</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Emitted: %1</source>
        <translation>生成的文件：%1</translation>
    </message>
    <message>
        <source>%1 → %2 in %3: %4 file(s) scanned, %5 changed; %6.</source>
        <translation>%1 → %2，位于 %3：扫描了 %4 个文件，修改了 %5 个；%6。</translation>
    </message>
    <message>
        <source>no findings</source>
        <translation>没有发现项</translation>
    </message>
    <message>
        <source>Findings by rule</source>
        <translation>按规则统计的发现项</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现项</translation>
    </message>
    <message>
        <source>First %1 of %2 findings</source>
        <translation>%2 个发现项中的前 %1 个</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>first failing tensor: %1</source>
        <translation>第一个不通过的张量：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) only in the baseline</source>
        <translation>
            <numerusform>%n 个张量仅在基线中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) only in the candidate</source>
        <translation>
            <numerusform>%n 个张量仅在候选中</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor comparison: %1 of %2 tensors failed</source>
        <translation>张量对比：%2 个张量中有 %1 个不通过</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>ReportOptions</name>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Environment checks</source>
        <translation>环境检查</translation>
    </message>
    <message>
        <source>Device topology</source>
        <translation>设备拓扑</translation>
    </message>
    <message>
        <source>Training configuration</source>
        <translation>训练配置</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Loss parity</source>
        <translation>损失精度对齐</translation>
    </message>
    <message>
        <source>Porting findings</source>
        <translation>迁移发现项</translation>
    </message>
    <message>
        <source>Tensor comparison</source>
        <translation>张量对比</translation>
    </message>
</context>
<context>
    <name>ReportParitySection</name>
    <message>
        <source>Statistics</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>the primary loss</source>
        <translation>主损失</translation>
    </message>
    <message>
        <source>Source of the %1 criteria: %2.</source>
        <translation>%1 判据的来源：%2。</translation>
    </message>
    <message>
        <source>Noise envelope: the baselines against %1 (per step the candidate is judged against their spread widened by the tolerance)</source>
        <translation>噪声包络：各基线与 %1 的对比（每一步，候选按这些基线的离散范围加上容差来判断）</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Common steps</source>
        <translation>共同步数</translation>
    </message>
    <message>
        <source>Beyond tolerance</source>
        <translation>超出容差</translation>
    </message>
    <message>
        <source>First beyond</source>
        <translation>首次超出</translation>
    </message>
    <message>
        <source>Largest rel. difference</source>
        <translation>最大相对差异</translation>
    </message>
    <message>
        <source>%1 at step %2</source>
        <translation>%1（第 %2 步）</translation>
    </message>
    <message>
        <source>The baselines agree within the tolerance.</source>
        <translation>各基线之间在容差内一致。</translation>
    </message>
    <message>
        <source>The baselines differ by more than the tolerance: the baseline itself is not reproducible at this tolerance.</source>
        <translation>各基线之间的差异超出容差：在此容差下基线本身不可复现。</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>First divergence at step %1 (first step beyond tolerance: %2).</source>
        <translation>第 %1 步开始发散（首个超出容差的步：%2）。</translation>
    </message>
    <message>
        <source>No divergence: %1 of %2 judged steps within tolerance; mean relative error %3, max %4 at step %5.</source>
        <translation>没有发散：%2 个参与判断的步中有 %1 个在容差内；平均相对误差 %3，最大 %4（第 %5 步）。</translation>
    </message>
    <message>
        <source>Envelope: outside at %1 of %2 steps; mean distance to the baselines&apos; spread %3 (relative %4).</source>
        <translation>包络：%2 步中有 %1 步在包络外；到基线离散范围的平均距离 %3（相对 %4）。</translation>
    </message>
    <message>
        <source>Outside at steps %1.</source>
        <translation>包络外的步：%1。</translation>
    </message>
    <message>
        <source>Mismatch classes (MindSpeed-LLM precision guide)</source>
        <translation>不一致类型（MindSpeed-LLM 精度对齐指南）</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Check first</source>
        <translation>优先检查</translation>
    </message>
    <message>
        <source>Fairness checklist: what must match for the comparison to mean anything</source>
        <translation>公平性检查清单：对比有意义所必须一致的条件</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>Precision of %1: %2 / %3 significant digits printed (baseline / candidate).</source>
        <translation>%1 的打印精度：%2 / %3 位有效数字（基线 / 候选）。</translation>
    </message>
    <message>
        <source>A printed step of %1 against a tolerance of %2.</source>
        <translation>打印的最小间隔为 %1，容差为 %2。</translation>
    </message>
    <message>
        <source>The tolerance is below what the logs print, so agreement proves only that the printed values agree.</source>
        <translation>容差小于日志打印的精度，因此一致只能说明打印出来的数值一致。</translation>
    </message>
    <message>
        <source>Full precision at %1.</source>
        <translation>全精度数值见 %1。</translation>
    </message>
    <message>
        <source>Environment: what differs between the baseline&apos;s machine (%1) and the candidate&apos;s (%2); %3 facts alike</source>
        <translation>环境：基线机器（%1）与候选机器（%2）的差异；%3 项相同</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Baseline machine</source>
        <translation>基线机器</translation>
    </message>
    <message>
        <source>Candidate machine</source>
        <translation>候选机器</translation>
    </message>
    <message>
        <source>Environment diff</source>
        <translation>环境差异</translation>
    </message>
    <message>
        <source>Statistics (docs/parity.md defines each)</source>
        <translation>统计量（定义见 docs/parity.md）</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>%1 of %2 and %3 at the aligned steps.</source>
        <translation>%2 与 %3 在对齐的步上的 %1。</translation>
    </message>
    <message>
        <source>Overlay: %1</source>
        <translation>叠加：%1</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>B − A per step (%1 minus %2); the band is the tolerance ±(%3 + %4·|A|).</source>
        <translation>每步的 B − A（%1 减 %2）；带状区域为容差 ±(%3 + %4·|A|)。</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>差异 B − A</translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation>容差</translation>
    </message>
    <message numerus="yes">
        <source>Baseline %1 against %n candidate(s) on %2, preset %3:</source>
        <translation>
            <numerusform>基线 %1 与 %n 个候选在 %2 上对比，预设 %3：</numerusform>
        </translation>
    </message>
    <message>
        <source>Per run, its throughput and what its devices did over the run&apos;s telemetry (utilisation and power are means over the devices)</source>
        <translation>每个运行的吞吐量及其设备在该运行遥测期间的表现（利用率和功耗为各设备的平均值）</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
</context>
<context>
    <name>ReportRunSections</name>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>数据点</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>重启次数</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Last loss</source>
        <translation>最终损失</translation>
    </message>
    <message>
        <source>Warnings from reading the logs:</source>
        <translation>读取日志时的警告：</translation>
    </message>
    <message>
        <source>Facts the logs state (argument dumps, headers):</source>
        <translation>日志中记录的信息（参数转储、日志头）：</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>%1 per step: raw (faint) and smoothed (EMA weight %2).</source>
        <translation>每步的%1：原始曲线（浅色）与平滑曲线（EMA 权重 %2）。</translation>
    </message>
    <message>
        <source>%1 per step.</source>
        <translation>每步的%1。</translation>
    </message>
    <message>
        <source>No run logs a metric that can be charted.</source>
        <translation>没有运行记录可绘制成图表的指标。</translation>
    </message>
</context>
<context>
    <name>ReportSummary</name>
    <message numerus="yes">
        <source>Generated %1 by PortBench from %n run(s).</source>
        <translation>
            <numerusform>由 PortBench 于 %1 根据 %n 个运行生成。</numerusform>
        </translation>
    </message>
    <message>
        <source>loss parity could not be computed</source>
        <translation>无法计算损失精度对齐</translation>
    </message>
    <message>
        <source>No baseline chosen: the runs are shown side by side without a parity verdict.</source>
        <translation>未选择基线：各运行并列展示，不给出精度对齐结论。</translation>
    </message>
    <message>
        <source>%1 of %2 judged steps within tolerance, mean relative error %3</source>
        <translation>%2 个参与判断的步中有 %1 个在容差内，平均相对误差 %3</translation>
    </message>
    <message>
        <source>loss parity of %1 against %2</source>
        <translation>%1 相对 %2 的损失精度对齐</translation>
    </message>
    <message>
        <source>Key numbers</source>
        <translation>关键数据</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Judged steps</source>
        <translation>参与判断的步数</translation>
    </message>
    <message>
        <source>Within tolerance</source>
        <translation>容差内</translation>
    </message>
    <message>
        <source>Mean rel. error</source>
        <translation>平均相对误差</translation>
    </message>
    <message>
        <source>Max rel. error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>First divergence</source>
        <translation>首次发散</translation>
    </message>
    <message>
        <source>Throughput ratio</source>
        <translation>吞吐量比</translation>
    </message>
    <message>
        <source>environment of %1</source>
        <translation>%1 的环境</translation>
    </message>
    <message numerus="yes">
        <source>Training configuration: %n validation issue(s), see below.</source>
        <translation>
            <numerusform>训练配置：%n 个校验问题，见下文。</numerusform>
        </translation>
    </message>
    <message>
        <source>Porting: %1 file(s) scanned, %2 changed.</source>
        <translation>迁移：扫描了 %1 个文件，修改了 %2 个。</translation>
    </message>
    <message>
        <source>Some findings need a person.</source>
        <translation>部分发现项需要人工处理。</translation>
    </message>
</context>
<context>
    <name>ReportWords</name>
    <message>
        <source>PASS</source>
        <comment>verdict word; keep PASS in parentheses after the translation</comment>
        <translation>通过 (PASS)</translation>
    </message>
    <message>
        <source>WARN</source>
        <comment>verdict word; keep WARN in parentheses after the translation</comment>
        <translation>警告 (WARN)</translation>
    </message>
    <message>
        <source>FAIL</source>
        <comment>verdict word; keep FAIL in parentheses after the translation</comment>
        <translation>不通过 (FAIL)</translation>
    </message>
    <message>
        <source>Overall verdict:</source>
        <translation>总体结论：</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Generated %1</source>
        <translation>生成于 %1</translation>
    </message>
    <message>
        <source>Generated %1 by PortBench</source>
        <translation>由 PortBench 生成于 %1</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>figure not drawn</source>
        <translation>未绘制图形</translation>
    </message>
    <message>
        <source>Overall verdict: %1</source>
        <translation>总体结论：%1</translation>
    </message>
</context>
</TS>
