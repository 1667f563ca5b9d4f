<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartXAxis</name>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumed tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log has no timestamps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log has neither consumed tokens nor consumed samples with a sequence length</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PluginListModel</name>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name / error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible-devices variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vendor tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <source>Read with warnings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last logged value of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to this run&apos;s steps on the step axis, to align runs that started at different steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log is followed: new lines are appended as the trainer writes them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log was read once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunLoader</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no training steps found (format %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — first at line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n line(s) skipped</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2: reading it again from the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was replaced (log rotation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following %1: %2</source>
        <translation type="unfinished"></translation>
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
<context>
    <name>WorkspaceRunModel</name>
    <message>
        <source>The loss at the last parsed step (lm_loss for Megatron/MindSpeed logs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput the trainer reported at the last step (whole job, tokens per second).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
