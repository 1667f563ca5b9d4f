<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartXAxis</name>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Wall clock</source>
        <translation>挂钟时间</translation>
    </message>
    <message>
        <source>Relative time (s)</source>
        <translation>相对时间 (s)</translation>
    </message>
    <message>
        <source>Consumed tokens</source>
        <translation>已消耗 tokens</translation>
    </message>
    <message>
        <source>the log has no timestamps</source>
        <translation>日志中没有时间戳</translation>
    </message>
    <message>
        <source>the log has neither consumed tokens nor consumed samples with a sequence length</source>
        <translation>日志中既没有已消耗 tokens，也没有可配合序列长度换算的已消耗样本数</translation>
    </message>
</context>
<context>
    <name>ConfigArtifact</name>
    <message>
        <source>Launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Megatron script</source>
        <translation>Megatron 脚本</translation>
    </message>
    <message>
        <source>Trainer arguments</source>
        <translation>Trainer 参数</translation>
    </message>
</context>
<context>
    <name>ConfigField</name>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>训练调度</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Job name (SLURM) and default file name</source>
        <translation>作业名（SLURM）和默认文件名</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Device memory and bf16 support used by the estimate and the checks</source>
        <translation>显存估算和检查所用的设备显存大小及 bf16 支持</translation>
    </message>
    <message>
        <source>Custom memory (GiB)</source>
        <translation>自定义显存 (GiB)</translation>
    </message>
    <message>
        <source>Only for the &quot;custom&quot; device</source>
        <translation>仅用于“custom”设备</translation>
    </message>
    <message>
        <source>Launcher</source>
        <translation>启动器</translation>
    </message>
    <message>
        <source>megatron: a Megatron-LM/MindSpeed script started with MASTER_ADDR/NNODES/NODE_RANK</source>
        <translation>megatron：用 MASTER_ADDR/NNODES/NODE_RANK 启动的 Megatron-LM/MindSpeed 脚本</translation>
    </message>
    <message>
        <source>SLURM sbatch wrapper</source>
        <translation>SLURM sbatch 包装脚本</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Devices per node</source>
        <translation>每节点设备数</translation>
    </message>
    <message>
        <source>Master address</source>
        <translation>主节点地址</translation>
    </message>
    <message>
        <source>A host, or a shell reference such as $MASTER_ADDR</source>
        <translation>主机名，或 $MASTER_ADDR 这样的 shell 变量引用</translation>
    </message>
    <message>
        <source>Master port</source>
        <translation>主节点端口</translation>
    </message>
    <message>
        <source>Node rank</source>
        <translation>节点序号</translation>
    </message>
    <message>
        <source>A number or a reference ($NODE_RANK, $MACHINE_RANK)</source>
        <translation>数字或变量引用（$NODE_RANK、$MACHINE_RANK）</translation>
    </message>
    <message>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Accelerate config file</source>
        <translation>Accelerate 配置文件</translation>
    </message>
    <message>
        <source>DeepSpeed config file</source>
        <translation>DeepSpeed 配置文件</translation>
    </message>
    <message>
        <source>Model path or name</source>
        <translation>模型路径或名称</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Total parameter count, e.g. 7.72e9</source>
        <translation>总参数量，例如 7.72e9</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Attention scores are recomputed, not stored (changes the activation estimate)</source>
        <translation>注意力分数重计算而不保存（影响激活值显存估算）</translation>
    </message>
    <message>
        <source>fp16 (loss scaling)</source>
        <translation>fp16（损失缩放）</translation>
    </message>
    <message>
        <source>Loss scale (0 = dynamic)</source>
        <translation>损失缩放系数（0 = 动态）</translation>
    </message>
    <message>
        <source>Initial scale power</source>
        <translation>初始缩放指数</translation>
    </message>
    <message>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点（重计算）</translation>
    </message>
    <message>
        <source>Use FSDP</source>
        <translation>使用 FSDP</translation>
    </message>
    <message>
        <source>FSDP version</source>
        <translation>FSDP 版本</translation>
    </message>
    <message>
        <source>1: FullyShardedDataParallel; 2: fully_shard (accelerate fsdp_version: 2)</source>
        <translation>1：FullyShardedDataParallel；2：fully_shard（accelerate fsdp_version: 2）</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>分片策略</translation>
    </message>
    <message>
        <source>CPU offload</source>
        <translation>CPU 卸载（offload）</translation>
    </message>
    <message>
        <source>Auto-wrap policy</source>
        <translation>自动包装策略</translation>
    </message>
    <message>
        <source>Transformer layer class</source>
        <translation>Transformer 层类名</translation>
    </message>
    <message>
        <source>e.g. LlamaDecoderLayer, Qwen2DecoderLayer</source>
        <translation>例如 LlamaDecoderLayer、Qwen2DecoderLayer</translation>
    </message>
    <message>
        <source>State dict</source>
        <translation>状态字典</translation>
    </message>
    <message>
        <source>Backward prefetch</source>
        <translation>反向预取</translation>
    </message>
    <message>
        <source>CPU-RAM-efficient loading</source>
        <translation>节省 CPU 内存的加载</translation>
    </message>
    <message>
        <source>FSDP activation checkpointing</source>
        <translation>FSDP 激活检查点</translation>
    </message>
    <message>
        <source>Use DeepSpeed</source>
        <translation>使用 DeepSpeed</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>零冗余优化器（ZeRO）阶段</translation>
    </message>
    <message>
        <source>Offload optimizer</source>
        <translation>卸载优化器状态</translation>
    </message>
    <message>
        <source>Offload parameters</source>
        <translation>卸载参数</translation>
    </message>
    <message>
        <source>ZeRO-3 only</source>
        <translation>仅限 ZeRO-3</translation>
    </message>
    <message>
        <source>NVMe path</source>
        <translation>NVMe 路径</translation>
    </message>
    <message>
        <source>HF Trainer &quot;auto&quot; values</source>
        <translation>HF Trainer “auto” 取值</translation>
    </message>
    <message>
        <source>Write &quot;auto&quot; where the Hugging Face Trainer fills the value in</source>
        <translation>在 Hugging Face Trainer 会自动填写的地方写入“auto”</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Distributed optimizer</source>
        <translation>分布式优化器</translation>
    </message>
    <message>
        <source>Micro batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积步数</translation>
    </message>
    <message>
        <source>Global batch (0 = derived)</source>
        <translation>全局批大小（0 = 自动推导）</translation>
    </message>
    <message>
        <source>Must equal micro × accumulation × data-parallel size</source>
        <translation>必须等于 微批 × 梯度累积 × 数据并行规模</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>LR schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>linear, cosine, constant, …</source>
        <translation>linear、cosine、constant 等</translation>
    </message>
    <message>
        <source>Warmup ratio</source>
        <translation>预热比例</translation>
    </message>
    <message>
        <source>Warmup steps</source>
        <translation>预热步数</translation>
    </message>
    <message>
        <source>Max steps (0 = by epochs)</source>
        <translation>最大步数（0 = 按轮数）</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>训练轮数</translation>
    </message>
    <message>
        <source>Logging interval</source>
        <translation>日志间隔（步）</translation>
    </message>
    <message>
        <source>Save interval</source>
        <translation>保存间隔（步）</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <source>Seed (0 = default)</source>
        <translation>随机种子（0 = 默认）</translation>
    </message>
    <message>
        <source>Output dir</source>
        <translation>输出目录</translation>
    </message>
    <message>
        <source>Deterministic (parity run)</source>
        <translation>确定性计算（精度对齐运行）</translation>
    </message>
    <message>
        <source>Memory margin</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Fraction added for the allocator, communication buffers and the runtime</source>
        <translation>为内存分配器、通信缓冲区和运行时额外预留的比例</translation>
    </message>
    <message>
        <source>The backend&apos;s determinism variables (from its plugin), fixed PYTHONHASHSEED</source>
        <translation>该后端的确定性环境变量（来自其插件），固定 PYTHONHASHSEED</translation>
    </message>
</context>
<context>
    <name>ConfigIssueModel</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>ConfigValidator</name>
    <message>
        <source>&quot;%1&quot; is not a port number (1–65535) or a $VARIABLE</source>
        <translation>“%1”不是端口号（1–65535），也不是 $变量</translation>
    </message>
    <message>
        <source>must be at least 1 (is %1)</source>
        <translation>必须至少为 1（当前为 %1）</translation>
    </message>
    <message>
        <source>%1 processes per node, but the environment check found %2 device(s) on this node</source>
        <translation>每节点 %1 个进程，但环境检查在本节点只找到 %2 个设备</translation>
    </message>
    <message>
        <source>%1 nodes need a master address (a host, or $MASTER_ADDR)</source>
        <translation>%1 个节点需要主节点地址（主机名或 $MASTER_ADDR）</translation>
    </message>
    <message>
        <source>no training script to launch</source>
        <translation>没有要启动的训练脚本</translation>
    </message>
    <message>
        <source>a custom device needs its memory size in GiB</source>
        <translation>自定义设备需要填写显存大小（GiB）</translation>
    </message>
    <message>
        <source>%1 is a %2 device but the backend is %3</source>
        <translation>%1 是 %2 设备，但后端是 %3</translation>
    </message>
    <message>
        <source>fp16 and bf16 are both on; choose one mixed-precision mode</source>
        <translation>fp16 和 bf16 同时开启；请只选择一种混合精度模式</translation>
    </message>
    <message>
        <source>%1 has no bf16 support; use fp16 with loss scaling</source>
        <translation>%1 不支持 bf16；请使用带损失缩放的 fp16</translation>
    </message>
    <message>
        <source>FSDP and DeepSpeed ZeRO are both on; they shard the same model states, use one</source>
        <translation>FSDP 和 DeepSpeed ZeRO 同时开启；两者切分的是同一份模型状态，请只用其一</translation>
    </message>
    <message>
        <source>no transformer layer class: accelerate will wrap the model&apos;s _no_split_modules</source>
        <translation>未指定 Transformer 层类名：accelerate 将按模型的 _no_split_modules 包装</translation>
    </message>
    <message>
        <source>the transformer auto-wrap policy needs the decoder layer class (e.g. LlamaDecoderLayer, Qwen2DecoderLayer)</source>
        <translation>transformer 自动包装策略需要解码器层类名（例如 LlamaDecoderLayer、Qwen2DecoderLayer）</translation>
    </message>
    <message>
        <source>hybrid_shard replicates across nodes; with one node it is full_shard with extra communication groups</source>
        <translation>hybrid_shard 在节点之间复制；只有一个节点时，它等同于多了额外通信组的 full_shard</translation>
    </message>
    <message>
        <source>the Megatron/MindSpeed launcher does not use PyTorch FSDP</source>
        <translation>Megatron/MindSpeed 启动器不使用 PyTorch FSDP</translation>
    </message>
    <message>
        <source>the Megatron/MindSpeed launcher does not use DeepSpeed ZeRO; use its distributed optimizer</source>
        <translation>Megatron/MindSpeed 启动器不使用 DeepSpeed ZeRO；请使用它的分布式优化器</translation>
    </message>
    <message>
        <source>parameter offload needs ZeRO stage 3 (stage is %1)</source>
        <translation>参数卸载需要 ZeRO 阶段 3（当前阶段为 %1）</translation>
    </message>
    <message>
        <source>optimizer offload needs ZeRO stage 1, 2 or 3</source>
        <translation>优化器卸载需要 ZeRO 阶段 1、2 或 3</translation>
    </message>
    <message>
        <source>NVMe offload needs the path of a local NVMe directory</source>
        <translation>NVMe 卸载需要本地 NVMe 目录的路径</translation>
    </message>
    <message>
        <source>TP, PP and CP must each be at least 1</source>
        <translation>TP、PP 和 CP 都必须至少为 1</translation>
    </message>
    <message>
        <source>TP × PP × CP = %1 × %2 × %3 = %4 does not divide the world size %5 (%6 nodes × %7); TP × PP × CP × DP must equal the world size</source>
        <translation>TP × PP × CP = %1 × %2 × %3 = %4 不能整除总进程数 %5（%6 个节点 × %7）；TP × PP × CP × DP 必须等于总进程数</translation>
    </message>
    <message>
        <source>%1 attention heads are not divisible by TP %2</source>
        <translation>%1 个注意力头不能被 TP %2 整除</translation>
    </message>
    <message>
        <source>%1 layers are not divisible by PP %2</source>
        <translation>%1 层不能被 PP %2 整除</translation>
    </message>
    <message>
        <source>sequence parallelism has no effect with TP 1</source>
        <translation>TP 为 1 时序列并行不起作用</translation>
    </message>
    <message>
        <source>TP %1 spans nodes (%2 devices per node); tensor parallelism wants the fast intra-node links</source>
        <translation>TP %1 跨越了节点（每节点 %2 个设备）；张量并行需要节点内的高速链路</translation>
    </message>
    <message>
        <source>global batch %1 ≠ micro batch %2 × accumulation %3 × data-parallel size %4 = %5</source>
        <translation>全局批大小 %1 ≠ 微批 %2 × 梯度累积 %3 × 数据并行规模 %4 = %5</translation>
    </message>
    <message>
        <source>must be between 0 and 1 (is %1)</source>
        <translation>必须介于 0 和 1 之间（当前为 %1）</translation>
    </message>
    <message>
        <source>must be in [0, 1) (is %1)</source>
        <translation>必须在 [0, 1) 区间内（当前为 %1）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid environment variable name</source>
        <translation>“%1”不是合法的环境变量名</translation>
    </message>
    <message>
        <source>no plugin for backend &quot;%1&quot; is loaded (see &apos;portbench-cli plugins&apos;): its environment, devices and rules are unknown</source>
        <translation>未加载后端“%1”的插件（见 &apos;portbench-cli plugins&apos;）：其环境、设备和规则未知</translation>
    </message>
    <message>
        <source>no backend profiles loaded (no plugin manager was asked): backend &quot;%1&quot; and its rules cannot be checked</source>
        <translation>未加载后端配置档（未向插件管理器获取）：无法检查后端“%1”及其规则</translation>
    </message>
</context>
<context>
    <name>EnvCheck</name>
    <message>
        <source>Backend plugin</source>
        <translation>后端插件</translation>
    </message>
    <message>
        <source>Compatibility matrix</source>
        <translation>兼容性矩阵</translation>
    </message>
    <message>
        <source>Host reachable</source>
        <translation>主机可达</translation>
    </message>
    <message>
        <source>/dev/shm size</source>
        <translation>/dev/shm 大小</translation>
    </message>
    <message>
        <source>Hugepages</source>
        <translation>大页内存（Hugepages）</translation>
    </message>
    <message>
        <source>Open files limit (ulimit -n)</source>
        <translation>打开文件数上限（ulimit -n）</translation>
    </message>
    <message>
        <source>Free disk in the output folder</source>
        <translation>输出目录所在磁盘的剩余空间</translation>
    </message>
    <message>
        <source>NUMA nodes</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>Python interpreter</source>
        <translation>Python 解释器</translation>
    </message>
    <message>
        <source>NPUs</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>NPU health</source>
        <translation>NPU 健康状态</translation>
    </message>
    <message>
        <source>NPU board</source>
        <translation>NPU 板卡</translation>
    </message>
    <message>
        <source>CANN toolkit</source>
        <translation>CANN 工具包</translation>
    </message>
    <message>
        <source>Ascend driver</source>
        <translation>昇腾驱动</translation>
    </message>
    <message>
        <source>CANN set_env.sh sourced</source>
        <translation>已 source CANN set_env.sh</translation>
    </message>
    <message>
        <source>HCCL variables</source>
        <translation>HCCL 环境变量</translation>
    </message>
    <message>
        <source>NVIDIA driver (nvidia-smi)</source>
        <translation>NVIDIA 驱动（nvidia-smi）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>torch built with CUDA</source>
        <translation>torch 带 CUDA 编译</translation>
    </message>
    <message>
        <source>torch CUDA vs driver</source>
        <translation>torch 的 CUDA 版本与驱动</translation>
    </message>
    <message>
        <source>NCCL in torch</source>
        <translation>torch 中的 NCCL</translation>
    </message>
    <message>
        <source>CUDA toolkit (nvcc)</source>
        <translation>CUDA 工具包（nvcc）</translation>
    </message>
    <message>
        <source>Moore Threads GPUs</source>
        <translation>摩尔线程 GPU</translation>
    </message>
    <message>
        <source>MUSA SDK</source>
        <translation>MUSA SDK</translation>
    </message>
    <message>
        <source>Device extension compatibility</source>
        <translation>设备扩展兼容性</translation>
    </message>
    <message>
        <source>Compatibility rows of the plugins</source>
        <translation>插件的兼容性条目</translation>
    </message>
</context>
<context>
    <name>EnvCheckModel</name>
    <message>
        <source>ok</source>
        <extracomment>Environment check status</extracomment>
        <translation>正常</translation>
    </message>
    <message>
        <source>warn</source>
        <extracomment>Environment check status</extracomment>
        <translation>警告</translation>
    </message>
    <message>
        <source>fail</source>
        <extracomment>Environment check status</extracomment>
        <translation>失败</translation>
    </message>
    <message>
        <source>skipped</source>
        <extracomment>Environment check status</extracomment>
        <translation>跳过</translation>
    </message>
    <message>
        <source>%1
Fix: %2</source>
        <translation>%1
修复：%2</translation>
    </message>
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
        <translation>检测到</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
</context>
<context>
    <name>LaunchRecordModel</name>
    <message>
        <source>The loss at the last parsed step (lm_loss for Megatron/MindSpeed logs).</source>
        <translation>最后一个已解析步的 loss（Megatron/MindSpeed 日志为 lm_loss）。</translation>
    </message>
    <message>
        <source>Throughput the trainer reported at the last step (whole job, tokens per second).</source>
        <translation>训练程序在最后一步报告的吞吐量（整个作业，tokens/s）。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Last loss</source>
        <translation>最后的 loss</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
</context>
<context>
    <name>LinkType</name>
    <message>
        <source>The device itself.</source>
        <translation>设备自身。</translation>
    </message>
    <message>
        <source>NVLink: direct GPU-to-GPU links, the fastest path; the number is how many links are bonded.</source>
        <translation>NVLink：GPU 之间的直连链路，最快的路径；数字表示绑定的链路条数。</translation>
    </message>
    <message>
        <source>HCCS: Huawei&apos;s direct NPU-to-NPU fabric inside an Ascend server.</source>
        <translation>HCCS：华为昇腾服务器内 NPU 之间的直连互联。</translation>
    </message>
    <message>
        <source>HCCS_SW: HCCS through a switch (Atlas A3 super-node); fast, one hop more than direct HCCS.</source>
        <translation>HCCS_SW：经过交换芯片的 HCCS（Atlas A3 超节点）；速度快，比直连 HCCS 多一跳。</translation>
    </message>
    <message>
        <source>SIO: die-to-die link between the two chips of one Atlas A3 NPU, the fastest path.</source>
        <translation>SIO：同一颗 Atlas A3 NPU 内两个 die 之间的链路，最快的路径。</translation>
    </message>
    <message>
        <source>MTLink: Moore Threads&apos; direct GPU-to-GPU link.</source>
        <translation>MTLink：摩尔线程 GPU 之间的直连链路。</translation>
    </message>
    <message>
        <source>PIX: traverses at most one PCIe bridge (a shared PCIe switch); the best PCIe path.</source>
        <translation>PIX：最多经过一个 PCIe 桥（共享同一个 PCIe 交换机）；最好的 PCIe 路径。</translation>
    </message>
    <message>
        <source>PXB: traverses several PCIe bridges but not the CPU&apos;s host bridge.</source>
        <translation>PXB：经过多个 PCIe 桥，但不经过 CPU 的主桥。</translation>
    </message>
    <message>
        <source>PHB: traverses the PCIe host bridge, i.e. goes through the CPU.</source>
        <translation>PHB：经过 PCIe 主桥，即要经过 CPU。</translation>
    </message>
    <message>
        <source>NODE: crosses PCIe host bridges within one NUMA node.</source>
        <translation>NODE：在同一 NUMA 节点内跨越多个 PCIe 主桥。</translation>
    </message>
    <message>
        <source>SYS: crosses the SMP interconnect between NUMA nodes (QPI/UPI), the slowest path.</source>
        <translation>SYS：跨越 NUMA 节点之间的 SMP 互联（QPI/UPI），最慢的路径。</translation>
    </message>
    <message>
        <source>NA: the tool reports no path type (unknown relationship or a P2P status code).</source>
        <translation>NA：工具未给出路径类型（关系未知或为 P2P 状态码）。</translation>
    </message>
    <message>
        <source>A link type this version of PortBench does not know.</source>
        <translation>此版本 PortBench 不认识的链路类型。</translation>
    </message>
    <message>
        <source>UB: Unified Bus, the direct NPU-to-NPU fabric of Ascend 950 (Atlas 350) cards.</source>
        <translation>UB：灵衢总线（Unified Bus），昇腾 950（Atlas 350）卡上 NPU 之间的直连互联。</translation>
    </message>
    <message>
        <source>A device link its backend plugin declares.</source>
        <translation>由后端插件声明的设备链路。</translation>
    </message>
</context>
<context>
    <name>LoadedRunsModel</name>
    <message>
        <source>Read with warnings:</source>
        <translation>读取时有警告：</translation>
    </message>
    <message>
        <source>Last logged value of %1</source>
        <translation>%1 最后记录的值</translation>
    </message>
    <message>
        <source>Added to this run&apos;s steps on the step axis, to align runs that started at different steps</source>
        <translation>在步数轴上加到此运行的步数上，用于对齐从不同步数开始的运行</translation>
    </message>
    <message>
        <source>The log is followed: new lines are appended as the trainer writes them</source>
        <translation>正在跟踪日志：训练程序写入新行时会随即追加</translation>
    </message>
    <message>
        <source>The log was read once</source>
        <translation>日志已一次性读取</translation>
    </message>
    <message>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
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
        <source>Points</source>
        <translation>数据点</translation>
    </message>
    <message>
        <source>Last step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <source>Last loss</source>
        <translation>最后的 loss</translation>
    </message>
    <message>
        <source>Step offset</source>
        <translation>步数偏移</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>LogFollower</name>
    <message>
        <source>%1 was replaced (log rotation): the new file is read from its start, as a new segment of the run</source>
        <translation>%1 已被替换（日志轮转）：新文件从头读取，作为本次运行的新分段</translation>
    </message>
    <message>
        <source>%1 was truncated: it is read again from its start, as a new segment of the run</source>
        <translation>%1 被截断：从头重新读取，作为本次运行的新分段</translation>
    </message>
</context>
<context>
    <name>MemoryEstimator</name>
    <message>
        <source>model.parameters: the parameter count is needed for a memory estimate</source>
        <translation>model.parameters：显存估算需要参数量</translation>
    </message>
    <message>
        <source>launch.devicesPerNode: the world size must be at least 1 and a multiple of TP × PP × CP</source>
        <translation>launch.devicesPerNode：总进程数必须至少为 1，且是 TP × PP × CP 的整数倍</translation>
    </message>
    <message>
        <source>DDP (full replica on every device)</source>
        <translation>DDP（每个设备保存完整副本）</translation>
    </message>
    <message>
        <source>ZeRO-%1 over %2 data-parallel ranks</source>
        <translation>ZeRO-%1，切分到 %2 个数据并行 rank</translation>
    </message>
    <message>
        <source>FSDP %1 over %2 ranks</source>
        <translation>FSDP %1，切分到 %2 个 rank</translation>
    </message>
    <message>
        <source>Megatron distributed optimizer over %1 data-parallel ranks</source>
        <translation>Megatron 分布式优化器，切分到 %1 个数据并行 rank</translation>
    </message>
    <message>
        <source>%1 parameters%2, %3 bytes params + %4 grads + %5 optimizer per parameter (%6 Adam)</source>
        <translation>%1 个参数%2，每个参数 %3 字节参数 + %4 字节梯度 + %5 字节优化器状态（%6 Adam）</translation>
    </message>
    <message>
        <source> (÷ TP %1 × PP %2)</source>
        <translation>（÷ TP %1 × PP %2）</translation>
    </message>
    <message>
        <source>mixed-precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <source>sharding: %1</source>
        <translation>切分方式：%1</translation>
    </message>
    <message>
        <source>optimizer states and gradients offloaded to %1</source>
        <translation>优化器状态和梯度卸载到 %1</translation>
    </message>
    <message>
        <source>parameters offloaded to %1</source>
        <translation>参数卸载到 %1</translation>
    </message>
    <message>
        <source>FSDP CPU offload: parameters, gradients and optimizer step on the host</source>
        <translation>FSDP CPU 卸载：参数、梯度和优化器更新都在主机上</translation>
    </message>
    <message>
        <source>NVMe-offloaded states are not counted in host memory</source>
        <translation>卸载到 NVMe 的状态不计入主机内存</translation>
    </message>
    <message>
        <source>gathered working set: current + prefetched layer, 12·h² parameters each</source>
        <translation>聚合的工作集：当前层 + 预取层，每层 12·h² 个参数</translation>
    </message>
    <message>
        <source>activations with full recomputation: 2·s·b·h per layer + one layer recomputed (Korthikanti et al. 2022)</source>
        <translation>完全重计算时的激活值：每层 2·s·b·h + 重计算的一层（Korthikanti 等，2022）</translation>
    </message>
    <message>
        <source>activations: s·b·h·(34 + 5·a·s/h) per layer%1 (Korthikanti et al. 2022)</source>
        <translation>激活值：每层 s·b·h·(34 + 5·a·s/h)%1（Korthikanti 等，2022）</translation>
    </message>
    <message>
        <source>, attention scores not stored (flash attention)</source>
        <translation>，不保存注意力分数（Flash Attention）</translation>
    </message>
    <message>
        <source>fp32 logits: 4·s·b·V bytes</source>
        <translation>fp32 logits：4·s·b·V 字节</translation>
    </message>
    <message>
        <source>activations not estimated: set layers, hidden size, heads and sequence length</source>
        <translation>未估算激活值：请设置层数、隐藏层维度、注意力头数和序列长度</translation>
    </message>
    <message>
        <source>margin: %1% for the allocator, communication buffers and the runtime</source>
        <translation>余量：%1% 用于内存分配器、通信缓冲区和运行时</translation>
    </message>
</context>
<context>
    <name>ParityCriteria</name>
    <message>
        <source>FAIL when the candidate is NaN or inf at a step where the baseline is finite.</source>
        <translation>候选在基线为有限值的某一步为 NaN 或 inf 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL when at the first judged step the absolute error is not below %1 and the relative error is not below %2.</source>
        <translation>第一个评判步的绝对误差不低于 %1 且相对误差不低于 %2 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL when at the first judged step the absolute error is not below %1.</source>
        <translation>第一个评判步的绝对误差不低于 %1 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL when at the first judged step the relative error is not below %1.</source>
        <translation>第一个评判步的相对误差不低于 %1 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL at a divergence: a step beyond tolerance where more than half of the %1 judged steps from it are beyond too.</source>
        <translation>出现发散时为不通过 (FAIL)：某一步超出容差，且从该步起的 %1 个评判步中超过一半也超出容差。</translation>
    </message>
    <message>
        <source>WARN, not FAIL, at a divergence: a step beyond tolerance where more than half of the %1 judged steps from it are beyond too.</source>
        <translation>出现发散时为警告 (WARN) 而非不通过：某一步超出容差，且从该步起的 %1 个评判步中超过一半也超出容差。</translation>
    </message>
    <message>
        <source>FAIL when fewer than %1 of the judged steps are within tolerance.</source>
        <translation>容差内的评判步占比低于 %1 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL when the mean absolute error is not below %1 and the mean relative error is not below %2 (either one below passes).</source>
        <translation>平均绝对误差不低于 %1 且平均相对误差不低于 %2 时为不通过 (FAIL)（任一低于其限值即通过）。</translation>
    </message>
    <message>
        <source>FAIL when the mean relative error is not below %1.</source>
        <translation>平均相对误差不低于 %1 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL when the mean absolute error exceeds %1.</source>
        <translation>平均绝对误差超过 %1 时为不通过 (FAIL)。</translation>
    </message>
    <message>
        <source>FAIL when the mean relative error of %1 exceeds %2 (WARN when the runs have no common step with it).</source>
        <translation>%1 的平均相对误差超过 %2 时为不通过 (FAIL)（两次运行没有共同的 %1 步时为警告 (WARN)）。</translation>
    </message>
    <message>
        <source>WARN when the candidate&apos;s throughput is below %1 the baseline&apos;s.</source>
        <translation>候选的吞吐量低于基线的 %1 时为警告 (WARN)。</translation>
    </message>
    <message>
        <source>WARN when fewer than %1 steps can be judged.</source>
        <translation>可评判的步数少于 %1 时为警告 (WARN)。</translation>
    </message>
    <message>
        <source>A step is within tolerance when |B − A| ≤ %1 + %2·|A| (A baseline, B candidate).</source>
        <translation>当 |B − A| ≤ %1 + %2·|A| 时该步在容差内（A 为基线，B 为候选）。</translation>
    </message>
    <message>
        <source>Steps up to %1 are warm-up and not judged.</source>
        <translation>第 %1 步及之前为预热，不参与评判。</translation>
    </message>
    <message>
        <source>Preset %1 (%2).</source>
        <translation>预设 %1（%2）。</translation>
    </message>
</context>
<context>
    <name>ParityDevicesModel</name>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>%1 MiB (%2)</source>
        <translation>%1 MiB（%2）</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>From %1</source>
        <extracomment>%1: the telemetry files a run&apos;s device figures were read from.</extracomment>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>vs baseline</source>
        <translation>相对基线</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Mean utilisation</source>
        <translation>平均利用率</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Mean power per device</source>
        <translation>每设备平均功耗</translation>
    </message>
</context>
<context>
    <name>ParityReason</name>
    <message>
        <source>%1 is NaN/inf at step %2 where the baseline is finite (%3 non-finite step(s) in all)</source>
        <translation>%1 在第 %2 步为 NaN/inf，而基线在该步为有限值（共 %3 个非有限步）</translation>
    </message>
    <message>
        <source>%1 at the first step (%2) differs by %3 (%4): the first step needs abs &lt; %5 or rel &lt; %6</source>
        <translation>%1 在第一步（%2）相差 %3（%4）：第一步要求绝对误差 &lt; %5 或相对误差 &lt; %6</translation>
    </message>
    <message>
        <source>outside the envelope</source>
        <translation>超出包络</translation>
    </message>
    <message>
        <source>beyond tolerance</source>
        <translation>超出容差</translation>
    </message>
    <message>
        <source>%1 diverges from step %2: %3 there and in most of the %4 judged steps from it</source>
        <translation>%1 从第 %2 步起发散：该步%3，且从该步起的 %4 个评判步中多数也是如此</translation>
    </message>
    <message>
        <source>%1: %2 of %3 steps %4, %5 required</source>
        <translation>%1：%3 步中有 %2 %4，要求 %5</translation>
    </message>
    <message>
        <source>inside the envelope</source>
        <translation>在包络内</translation>
    </message>
    <message>
        <source>within tolerance</source>
        <translation>在容差内</translation>
    </message>
    <message>
        <source>distance to the baselines&apos; spread</source>
        <translation>与基线离散范围的距离</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>%1: mean absolute %2 %3 is not below %4 and mean relative %2 %5 is not below %6</source>
        <translation>%1：平均绝对%2 %3 不低于 %4，且平均相对%2 %5 不低于 %6</translation>
    </message>
    <message>
        <source>%1: mean relative %2 %3 is not below %4</source>
        <translation>%1：平均相对%2 %3 不低于 %4</translation>
    </message>
    <message>
        <source>%1: mean absolute %2 %3 exceeds %4</source>
        <translation>%1：平均绝对%2 %3 超过 %4</translation>
    </message>
    <message>
        <source>the preset judges %1, but the two runs have no common step with it</source>
        <translation>预设要评判 %1，但两次运行没有含该指标的共同步</translation>
    </message>
    <message>
        <source>%1: mean relative error %2 over %3 steps exceeds %4</source>
        <translation>%1：%3 步上的平均相对误差 %2 超过 %4</translation>
    </message>
    <message>
        <source>%1: %2 step(s) %3, first at step %4; largest relative error %5 at step %6</source>
        <translation>%1：%2 步%3，首次在第 %4 步；最大相对误差 %5 在第 %6 步</translation>
    </message>
    <message>
        <source>%1: error drifts over steps %2–%3: relative %4, absolute %5</source>
        <translation>%1：误差在第 %2–%3 步间漂移：相对 %4，绝对 %5</translation>
    </message>
    <message>
        <source>%1 %2 spike(s) the baseline does not have, first at step %3 (%4 MADs above the local median)</source>
        <translation>%1 个基线没有的 %2 尖峰，首个在第 %3 步（高出局部中位数 %4 个 MAD）</translation>
    </message>
    <message>
        <source>baseline %1 (%2) is NaN/inf at step %3 (%4 step(s)); those steps are not judged</source>
        <translation>基线 %1（%2）在第 %3 步为 NaN/inf（共 %4 步）；这些步不参与评判</translation>
    </message>
    <message>
        <source>%1 is NaN/inf at step %2, where the baseline has no finite value to compare</source>
        <translation>%1 在第 %2 步为 NaN/inf，而基线在该步没有可比较的有限值</translation>
    </message>
    <message>
        <source>%1 is printed with %2 significant digits (a step of %3 near its median): the tolerance %4 is below that, so agreement only shows the printed values agree</source>
        <translation>%1 只打印了 %2 位有效数字（在中位数附近步长为 %3）：容差 %4 低于此精度，因此一致只说明打印出的数值一致</translation>
    </message>
    <message>
        <source>%1 is printed with %2 significant digits (a step of %3 near its median): the tolerance %4 is below that, so agreement only shows the printed values agree; full-precision values are at hand: %5</source>
        <translation>%1 只打印了 %2 位有效数字（在中位数附近步长为 %3）：容差 %4 低于此精度，因此一致只说明打印出的数值一致；可用的全精度数值：%5</translation>
    </message>
    <message>
        <source>%1 differs: %2 vs %3 (%4)</source>
        <translation>%1不同：%2 对比 %3（%4）</translation>
    </message>
    <message>
        <source>throughput ratio %1 is below %2 (%3)</source>
        <translation>吞吐量比 %1 低于 %2（%3）</translation>
    </message>
    <message>
        <source>only %1 step(s) could be judged; the preset wants at least %2</source>
        <translation>只有 %1 步可评判；预设要求至少 %2 步</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Global batch size</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>World size</source>
        <translation>总进程数</translation>
    </message>
    <message>
        <source>Learning-rate schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Data order</source>
        <translation>数据顺序</translation>
    </message>
    <message>
        <source>Step count</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>match</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>the baselines differ by more than the tolerance: &apos;%1&apos; leaves &apos;%2&apos; at %3 of %4 steps, first at step %5 (largest relative difference %6 at step %7); the baseline itself is not reproducible at this tolerance</source>
        <translation>各基线之间的差异超出容差：“%1”在 %4 步中有 %3 步偏离“%2”，首次在第 %5 步（最大相对差异 %6 在第 %7 步）；在此容差下基线本身不可复现</translation>
    </message>
    <message>
        <source>NaN/inf</source>
        <translation>NaN/inf</translation>
    </message>
    <message>
        <source>overflow: fp16 loss scale and bf16/fp16 ranges, then the first operator that outputs inf at that step (msprobe overflow check, a forward hook testing torch.isfinite); a lower learning rate or grad clipping only hides it</source>
        <translation>溢出：fp16 损失缩放和 bf16/fp16 数值范围，然后找出该步第一个输出 inf 的算子（msprobe 溢出检查，或用前向 hook 检测 torch.isfinite）；降低学习率或梯度裁剪只会掩盖问题</translation>
    </message>
    <message>
        <source>First-step gap</source>
        <translation>第一步即有差异</translation>
    </message>
    <message>
        <source>the forward pass before any update: initial weights (load the same checkpoint), the first batch (data path, tokenizer, shuffle, seed) and the model config; then compare the step-1 activations layer by layer</source>
        <translation>任何更新之前的前向计算：初始权重（加载同一检查点）、第一个批次（数据路径、分词器、打乱、随机种子）和模型配置；然后逐层比较第 1 步的激活值</translation>
    </message>
    <message>
        <source>Divergence after an aligned start</source>
        <translation>开始一致后发散</translation>
    </message>
    <message>
        <source>the backward pass and the optimizer: learning rate and its schedule, warm-up, weight decay, gradient clipping, loss scaling; compare the grad norm and the learning rate at the first differing steps</source>
        <translation>反向计算和优化器：学习率及其调度、预热、权重衰减、梯度裁剪、损失缩放；比较最初几个不同步的梯度范数和学习率</translation>
    </message>
    <message>
        <source>Long-run drift</source>
        <translation>长程漂移</translation>
    </message>
    <message>
        <source>accumulated precision loss: reductions and accumulations in bf16/fp16 (LayerNorm, softmax, gradient accumulation, all-reduce dtype), optimizer state precision, fused kernels; rerun a short stretch with fp32 accumulation</source>
        <translation>累积的精度损失：bf16/fp16 下的归约与累加（LayerNorm、softmax、梯度累积、all-reduce 数据类型）、优化器状态精度、融合算子；用 fp32 累加重跑一小段</translation>
    </message>
    <message>
        <source>Extra spikes</source>
        <translation>多出的尖峰</translation>
    </message>
    <message>
        <source>the batches of those steps (data order, padding), loss-scale overflow skips and grad-norm clipping around them, and communication errors (collective-library retries) in the same time window</source>
        <translation>这些步的批次（数据顺序、填充）、其前后的损失缩放溢出跳过与梯度范数裁剪，以及同一时间窗口内的通信错误（集合通信库重试）</translation>
    </message>
    <message>
        <source>%1 is NaN/inf at %2 step(s) from step %3 where the baseline is finite</source>
        <translation>%1 从第 %3 步起有 %2 步为 NaN/inf，而基线在这些步是有限值</translation>
    </message>
    <message>
        <source>%1 already differs at the first compared step %2: %3 vs %4 (%5)</source>
        <translation>%1 在第一个比较步（第 %2 步）就已不同：%3 对 %4（%5）</translation>
    </message>
    <message>
        <source>%1 agrees from step %2, then leaves %3 from step %4 on</source>
        <translation>%1 从第 %2 步起一致，之后从第 %4 步起超出%3</translation>
    </message>
    <message>
        <source>the envelope</source>
        <translation>包络</translation>
    </message>
    <message>
        <source>the tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>the relative error of %1 trends by %2 over steps %3–%4 (t = %5)</source>
        <translation>%1 的相对误差在第 %3–%4 步间呈 %2 的变化趋势（t = %5）</translation>
    </message>
    <message>
        <source>%1 %2 spike(s) the baseline does not have, at steps %3</source>
        <translation>%1 个基线没有的 %2 尖峰，位于第 %3 步</translation>
    </message>
</context>
<context>
    <name>ParityStatsModel</name>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Common steps</source>
        <translation>共同步数</translation>
    </message>
    <message>
        <source>Interpolated steps</source>
        <translation>插值步数</translation>
    </message>
    <message>
        <source>Judged steps</source>
        <translation>评判步数</translation>
    </message>
    <message>
        <source>Mean difference</source>
        <translation>平均差值</translation>
    </message>
    <message>
        <source>Mean abs error</source>
        <translation>平均绝对误差</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>RMSE</source>
        <translation>RMSE</translation>
    </message>
    <message>
        <source>Mean rel error</source>
        <translation>平均相对误差</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>RMS rel error</source>
        <translation>相对误差均方根</translation>
    </message>
    <message>
        <source>Within tolerance</source>
        <translation>容差内</translation>
    </message>
    <message>
        <source>First step beyond</source>
        <translation>首个超差步</translation>
    </message>
    <message>
        <source>First divergence</source>
        <translation>首次发散</translation>
    </message>
    <message>
        <source>Drift (tail)</source>
        <translation>漂移（尾段）</translation>
    </message>
    <message>
        <source>Candidate-only spikes</source>
        <translation>仅候选有的尖峰</translation>
    </message>
    <message>
        <source>NaN/inf steps</source>
        <translation>NaN/inf 步数</translation>
    </message>
    <message>
        <source>Throughput ratio</source>
        <translation>吞吐量比</translation>
    </message>
    <message>
        <source>Fairness mismatches</source>
        <translation>公平性不一致项</translation>
    </message>
    <message>
        <source>PASS, WARN or FAIL with the reasons; see the reasons list.</source>
        <translation>通过 (PASS)、警告 (WARN) 或不通过 (FAIL)，原因见原因列表。</translation>
    </message>
    <message>
        <source>Steps both runs logged, after step offsets and restarts are resolved.</source>
        <translation>两次运行都记录了的步（已计入步偏移并处理重启之后）。</translation>
    </message>
    <message>
        <source>Baseline steps where the candidate value is linearly interpolated between its two neighbouring logged steps (only with interpolation on).</source>
        <translation>候选值由相邻两个已记录步线性插值得到的基线步（仅在开启插值时）。</translation>
    </message>
    <message>
        <source>Compared steps after warm-up where the baseline is finite: the denominator of the share within tolerance.</source>
        <translation>预热之后、基线为有限值的比较步：容差内比例的分母。</translation>
    </message>
    <message>
        <source>mean(B − A) over judged steps with a finite candidate; the sign says which run is higher.</source>
        <translation>候选为有限值的评判步上的 mean(B − A)；符号表示哪次运行更高。</translation>
    </message>
    <message>
        <source>mean |B − A|.</source>
        <translation>mean |B − A|。</translation>
    </message>
    <message>
        <source>max |B − A|, with its step.</source>
        <translation>max |B − A|，及其所在步。</translation>
    </message>
    <message>
        <source>sqrt(mean((B − A)²)).</source>
        <translation>sqrt(mean((B − A)²))。</translation>
    </message>
    <message>
        <source>mean |B − A| / |A| (ModelLink&apos;s acceptance: below 2 %).</source>
        <translation>mean |B − A| / |A|（ModelLink 的验收标准：低于 2 %）。</translation>
    </message>
    <message>
        <source>max |B − A| / |A|, with its step (MindSpeed-LLM CI: every step within 2 %).</source>
        <translation>max |B − A| / |A|，及其所在步（MindSpeed-LLM CI：每一步都在 2 % 以内）。</translation>
    </message>
    <message>
        <source>sqrt(mean((|B − A| / |A|)²)).</source>
        <translation>sqrt(mean((|B − A| / |A|)²))。</translation>
    </message>
    <message>
        <source>Share of judged steps with |B − A| ≤ absTol + relTol·|A| (ModelLink: ≥ 99.9 % within 2 %). A NaN/inf candidate counts as outside.</source>
        <translation>满足 |B − A| ≤ absTol + relTol·|A| 的评判步比例（ModelLink：≥ 99.9 % 在 2 % 以内）。候选为 NaN/inf 的步计为超出。</translation>
    </message>
    <message>
        <source>The first judged step outside the tolerance, noisy or not.</source>
        <translation>第一个超出容差的评判步，无论是否为噪声。</translation>
    </message>
    <message>
        <source>The first step beyond tolerance where more than half of the divergence window of judged steps starting there are beyond too, so one noisy step does not count.</source>
        <translation>第一个超出容差、且从该步起的偏离窗口内超过一半的评判步也超出容差的步，因此单个噪声步不算。</translation>
    </message>
    <message>
        <source>Least-squares trend of the signed relative error (B − A)/|A| over the last part of the run: change across that span, and the slope&apos;s t statistic.</source>
        <translation>运行末段带符号相对误差 (B − A)/|A| 的最小二乘趋势：该区间内的变化量及斜率的 t 统计量。</translation>
    </message>
    <message>
        <source>Rises more than the spike threshold in scaled MADs above the run&apos;s local median that the baseline does not show nearby (loss and grad norm).</source>
        <translation>高出该运行局部中位数超过尖峰阈值（以缩放 MAD 计）、而基线在附近没有的上升（loss 和梯度范数）。</translation>
    </message>
    <message>
        <source>Logged NaN or inf values: candidate / baseline. A candidate NaN where the baseline is finite always fails.</source>
        <translation>记录到的 NaN 或 inf 值：候选 / 基线。基线为有限值而候选为 NaN 时总是不通过。</translation>
    </message>
    <message>
        <source>Candidate speed / baseline speed: medians over each run&apos;s steady state (after warm-up and the first share of steps), from tokens/s, samples/s, ms per step or wall time.</source>
        <translation>候选速度 / 基线速度：各运行稳定阶段（预热及最初一部分步之后）的中位数，取自 tokens/s、samples/s、每步毫秒数或挂钟时间。</translation>
    </message>
    <message>
        <source>Settings the logs show to differ (seed, dropout, batch, sequence length, world size, learning rate, precision, data, step count); unknown means neither log states it.</source>
        <translation>日志显示不同的设置（随机种子、dropout、批大小、序列长度、总进程数、学习率、精度、数据、步数）；未知表示两份日志都没有写明。</translation>
    </message>
    <message>
        <source>too few steps</source>
        <translation>步数太少</translation>
    </message>
    <message>
        <source>not in both logs</source>
        <translation>并非两份日志都有</translation>
    </message>
    <message>
        <source>none (%1 unknown)</source>
        <translation>无（%1 项未知）</translation>
    </message>
</context>
<context>
    <name>PluginListModel</name>
    <message>
        <source>failed</source>
        <translation>加载失败</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name / error</source>
        <translation>名称 / 错误</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>torch device</source>
        <translation>torch 设备</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信库</translation>
    </message>
    <message>
        <source>Visible-devices variable</source>
        <translation>可见设备环境变量</translation>
    </message>
    <message>
        <source>Vendor tool</source>
        <translation>厂商工具</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>PortFindingsModel</name>
    <message>
        <source>auto-fix</source>
        <extracomment>Porting finding severity: the porter rewrites it</extracomment>
        <translation>自动修复</translation>
    </message>
    <message>
        <source>manual</source>
        <extracomment>Porting finding severity: a person must change it</extracomment>
        <translation>需手动</translation>
    </message>
    <message>
        <source>unsupported</source>
        <extracomment>Porting finding severity: no equivalent on the target device</extracomment>
        <translation>不支持</translation>
    </message>
    <message>
        <source>Suggestion: %1</source>
        <translation>建议：%1</translation>
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
        <source>Col</source>
        <extracomment>Column number in a source file (short)</extracomment>
        <translation>列</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
</context>
<context>
    <name>PortReport</name>
    <message>
        <source>%1 → %2: %3 file(s) scanned, %4 changed; %5 auto-fix, %6 manual, %7 unsupported</source>
        <translation>%1 → %2：扫描 %3 个文件，修改 %4 个；%5 项自动修复，%6 项需手动，%7 项不支持</translation>
    </message>
    <message>
        <source>, %1 unreadable</source>
        <translation>，%1 个无法读取</translation>
    </message>
    <message>
        <source> (canceled)</source>
        <translation>（已取消）</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <source>Device telemetry not recorded: %1</source>
        <translation>未记录设备遥测：%1</translation>
    </message>
</context>
<context>
    <name>RunLoader</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: no training steps found (format %2)</source>
        <translation>%1：未找到训练步（格式 %2）</translation>
    </message>
    <message>
        <source> — first at line %1: %2</source>
        <translation> — 第一处在第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n line(s) skipped</source>
        <translation>
            <numerusform>%1：跳过了 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Following %1: %2</source>
        <translation>跟踪 %1：%2</translation>
    </message>
</context>
<context>
    <name>RunMonitor</name>
    <message>
        <source>%1 on %2 was truncated or replaced: it is read again from its start, as a new segment of the run</source>
        <translation>%2 上的 %1 被截断或替换：从头重新读取，作为本次运行的新分段</translation>
    </message>
</context>
<context>
    <name>RunTelemetry</name>
    <message>
        <source>Device telemetry not recorded: cannot ask %1 for its device tools: %2</source>
        <translation>未记录设备遥测：无法向 %1 查询其设备工具：%2</translation>
    </message>
    <message>
        <source>Device telemetry not recorded: no device tool on %1 (looked for %2)</source>
        <translation>未记录设备遥测：%1 上没有设备工具（查找了 %2）</translation>
    </message>
    <message>
        <source>Device telemetry not recorded: %1</source>
        <translation>未记录设备遥测：%1</translation>
    </message>
    <message>
        <source>Device telemetry from %1 on %2 is recorded in %3</source>
        <translation>来自 %2 上 %1 的设备遥测记录在 %3 中</translation>
    </message>
    <message>
        <source>Device telemetry recording stopped: %1</source>
        <translation>设备遥测记录已停止：%1</translation>
    </message>
</context>
<context>
    <name>TelemetryChart</name>
    <message>
        <source>time (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>seconds since the first sample</source>
        <translation>自首个采样起的秒数</translation>
    </message>
</context>
<context>
    <name>TensorComparisonModel</name>
    <message>
        <source>pass</source>
        <extracomment>Tensor verdict; the reason (English, from the comparer) follows FAIL</extracomment>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL: %1</source>
        <translation>不通过 (FAIL)：%1</translation>
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
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>Max abs err</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel err</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Rel err &lt; 0.1%</source>
        <translation>相对误差 &lt; 0.1%</translation>
    </message>
    <message>
        <source>Rel err &lt; 0.5%</source>
        <translation>相对误差 &lt; 0.5%</translation>
    </message>
    <message>
        <source>NaN/Inf (base / cand)</source>
        <translation>NaN/Inf（基线 / 候选）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Cosine similarity of the two tensors as vectors (1 = same direction). Fails below %1, or below %2 when the max abs error exceeds %3.</source>
        <translation>两个张量作为向量的余弦相似度（1 = 方向相同）。低于 %1 时不通过；最大绝对误差超过 %3 时，低于 %2 即不通过。</translation>
    </message>
    <message>
        <source>Largest |candidate − baseline| over finite elements. Fails above %1.</source>
        <translation>有限元素上 |候选 − 基线| 的最大值。超过 %1 时不通过。</translation>
    </message>
    <message>
        <source>Largest |candidate − baseline| / |baseline|; where the baseline is 0, msprobe adds the dtype&apos;s epsilon to both sides.</source>
        <translation>|候选 − 基线| / |基线| 的最大值；基线为 0 处，msprobe 会在两边加上该 dtype 的 epsilon。</translation>
    </message>
    <message>
        <source>Share of elements whose relative error is below 0.001 (one thousandth).</source>
        <translation>相对误差低于 0.001（千分之一）的元素占比。</translation>
    </message>
    <message>
        <source>Share of elements whose relative error is below 0.005 (five thousandths).</source>
        <translation>相对误差低于 0.005（千分之五）的元素占比。</translation>
    </message>
    <message>
        <source>NaN and Inf elements in the baseline / candidate. Any fails the tensor.</source>
        <translation>基线 / 候选中的 NaN 和 Inf 元素个数。出现任何一个即判该张量不通过。</translation>
    </message>
</context>
<context>
    <name>TopologyAdvisor</name>
    <message>
        <source>No accelerators in the matrix.</source>
        <translation>矩阵中没有加速卡。</translation>
    </message>
    <message>
        <source>One %1: no in-node parallel group is possible; scale with data parallel across nodes.</source>
        <translation>只有一个 %1：节点内无法组成并行组；请通过跨节点的数据并行扩展。</translation>
    </message>
    <message>
        <source>All %1 %2s are %3 full mesh: tensor parallel up to %1 in-node.</source>
        <translation>全部 %1 个 %2 通过 %3 全互联：节点内张量并行最多可到 %1 路。</translation>
    </message>
    <message>
        <source>%1 of %2 %3 pairs are on the device fabric (%4), the rest fall back to PCIe/CPU paths: keep tensor-parallel groups of up to %5 inside a full mesh such as %6.</source>
        <translation>%2 对 %3 中有 %1 对经由设备互联（%4），其余走 PCIe/CPU 路径：请把最多 %5 路的张量并行组放在一个全互联组内，例如 %6。</translation>
    </message>
    <message>
        <source>No direct %1-to-%1 links: all traffic goes over PCIe%2. Prefer data/pipeline parallel; tensor parallel will be bandwidth-bound.</source>
        <translation>%1 之间没有直连链路：所有流量都走 PCIe%2。优先使用数据并行 / 流水线并行；张量并行会受带宽限制。</translation>
    </message>
    <message>
        <source> (best path %1)</source>
        <translation>（最佳路径 %1）</translation>
    </message>
    <message>
        <source>%1–%2 cross SYS: keep TP groups inside one NUMA node (%3).</source>
        <translation>%1–%2 之间经过 SYS：请把 TP 组限制在同一个 NUMA 节点内（%3）。</translation>
    </message>
    <message>
        <source>%1–%2 cross SYS even though they share a locality group: P2P goes through the CPU interconnect; check the BIOS NUMA settings (NPS/SNC) and ACS.</source>
        <translation>%1–%2 虽属同一亲和组，却经过 SYS：P2P 要经过 CPU 互联；请检查 BIOS 的 NUMA 设置（NPS/SNC）和 ACS。</translation>
    </message>
    <message>
        <source>Every %1 pair crosses SYS: no P2P over a PCIe switch; NCCL/HCCL traffic is staged through host memory.</source>
        <translation>每一对 %1 之间都经过 SYS：没有经 PCIe 交换机的 P2P；NCCL/HCCL 流量要经主机内存中转。</translation>
    </message>
    <message>
        <source>%1s sit on %2 CPU/NUMA groups (%3): bind each rank&apos;s process to its %1&apos;s CPU affinity (numactl / taskset).</source>
        <translation>%1 分布在 %2 个 CPU/NUMA 组上（%3）：请把每个 rank 的进程绑定到其 %1 的 CPU 亲和性上（numactl / taskset）。</translation>
    </message>
    <message>
        <source>NUMA affinity is N/A: the firmware reports no NUMA locality for the %1s; bind by CPU affinity instead.</source>
        <translation>NUMA 亲和性为 N/A：固件没有报告 %1 的 NUMA 归属；请改为按 CPU 亲和性绑定。</translation>
    </message>
    <message>
        <source>%1 reaches every %2 only across SYS: inter-node traffic and GPUDirect RDMA cross the CPU interconnect; prefer a NIC on the %2s&apos; PCIe switch.</source>
        <translation>%1 到每个 %2 都要经过 SYS：跨节点流量和 GPUDirect RDMA 要经过 CPU 互联；建议使用与 %2 位于同一 PCIe 交换机下的网卡。</translation>
    </message>
    <message>
        <source>All %1 NICs are PHB from the %2s: GPUDirect RDMA passes the CPU host bridge (NCCL needs NCCL_NET_GDR_LEVEL=PHB to use it).</source>
        <translation>全部 %1 个网卡与 %2 之间都是 PHB：GPUDirect RDMA 要经过 CPU 主桥（NCCL 需要 NCCL_NET_GDR_LEVEL=PHB 才会使用它）。</translation>
    </message>
    <message>
        <source>%1 is closest to %2 (%3): use that NIC for its rank.</source>
        <translation>%1 离 %2 最近（%3）：请让它的 rank 使用该网卡。</translation>
    </message>
    <message>
        <source>The capture is partial (no row for %1): links were mirrored from other rows, affinities are unknown.</source>
        <translation>抓取的数据不完整（缺少 %1 的行）：链路由其他行镜像得到，亲和性未知。</translation>
    </message>
    <message>
        <source>%1 of %2 %3 pairs are on the device fabric (%4), the rest fall back to PCIe/CPU paths: keep tensor-parallel groups inside a full mesh (not searched for over %5 %3s).</source>
        <translation>%2 对 %3 中有 %1 对经由设备互联（%4），其余走 PCIe/CPU 路径：请把张量并行组放在一个全互联组内（超过 %5 个 %3 时不搜索最大全互联组）。</translation>
    </message>
    <message>
        <source>%1 are the two dies of one NPU (SIO): put the ranks that talk most (a TP pair) on one NPU&apos;s dies; other NPUs are a HCCS or HCCS_SW hop away.</source>
        <translation>%1 是同一颗 NPU 的两个 die（SIO）：请把通信最多的 rank（一个 TP 对）放在同一颗 NPU 的两个 die 上；其他 NPU 经一跳 HCCS 或 HCCS_SW 即可到达。</translation>
    </message>
</context>
<context>
    <name>TopologyMatrixModel</name>
    <message>
        <source>N/A</source>
        <translation>N/A</translation>
    </message>
    <message>
        <source>CPU affinity not reported</source>
        <translation>未报告 CPU 亲和性</translation>
    </message>
    <message>
        <source>%1 CPUs local to %2</source>
        <translation>%2 本地有 %1 个 CPU</translation>
    </message>
    <message>
        <source>%1 is attached to NUMA node %2</source>
        <translation>%1 连接在 NUMA 节点 %2 上</translation>
    </message>
    <message>
        <source>NUMA affinity not reported (N/A)</source>
        <translation>未报告 NUMA 亲和性（N/A）</translation>
    </message>
    <message>
        <source>CPU Affinity</source>
        <translation>CPU 亲和性</translation>
    </message>
</context>
<context>
    <name>TranslationCatalog</name>
    <message>
        <source>No translation for language %1 (known: %2)</source>
        <translation>没有语言 %1 的翻译（可用：%2）</translation>
    </message>
    <message>
        <source>The %1 catalogs are missing from this build</source>
        <translation>此构建缺少 %1 的翻译文件</translation>
    </message>
    <message>
        <source>Cannot read the catalog %1</source>
        <translation>无法读取翻译文件 %1</translation>
    </message>
</context>
</TS>
