<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConfigPanel</name>
    <message>
        <source>Open / Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a PortBench config, or import ds_config.json, accelerate YAML and launch lines (several files are merged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Artifacts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write every artifact into a folder (asks before replacing files; keeps .bak copies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number or auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number, e.g. 2e-5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config import failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open or Import Training Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configs and launch lines (*.json *.yaml *.yml *.sh *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Training Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PortBench training config (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These files in %1 differ from the new artifacts:

%2

Replace them? The old versions are kept as .bak files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Artifacts not saved: nothing was overwritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving artifacts failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 artifact(s) to %2 (%3 unchanged, %4 backup(s))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inconsistent config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The config has errors (see the list). Save the artifacts anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Artifacts To</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoController</name>
    <message>
        <source>Demo: stopping after the current step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo not started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo: training the fp32 baseline and the bf16 candidate side by side (%1 steps each, seed %2); logs in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo: %1 log opened in Runs: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo: %1 (%2) step %3/%4, loss %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo stopped: no verdict (the logs so far stay in the Runs dock).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentPanel</name>
    <message>
        <source>&amp;Run Checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An SSH destination or Host alias from ~/.ssh/config (key-based login; BatchMode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interpreter whose torch / torch_npu / torch_musa are checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run all checks again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as &amp;Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the table as Markdown, ready for an issue or a report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment report copied as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 ok, %3 warn, %4 fail, %5 skipped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryBar</name>
    <message>
        <source>%1 of %2 per device — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU RAM for offload: %1 per node&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s estimator (model states only): %1 device, %2 host&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PortDiffView</name>
    <message>
        <source>Original (red: changed or removed lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port (green: changed or added lines)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PortingPanel</name>
    <message>
        <source>Reverse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transfer_to_npu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA training repository or .py file (drop one here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project to port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend NPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moore Threads MUSA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port code written for the selected device back to CUDA (A/B experiments)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also add &apos;from torch_npu.contrib import transfer_to_npu&apos; to entry points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan and port in memory; nothing is written (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify an already ported tree for the selected device: CUDA calls, device strings and backend names left, extension API without its import, files that do not compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter rule, message, file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File shown in the diff; findings are limited to it unless &apos;All files&apos; is chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write Ported Copy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rewrite In Place (keeps .orig backups)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the port: a new tree beside the source, or the source itself with .orig backups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Porting: %1: no such file or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Porting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check: clean, nothing CUDA-only left</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Check: %n finding(s) left</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Write Ported File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write Ported Copy Into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overwrite?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

Overwrite the files there with the port?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Porting: wrote %n changed file(s) to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Rewrite In Place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rewrite the changed files under %1?
Each original is kept as &lt;file&gt;.orig.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Porting: rewrote %n file(s) in place</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Export Porting Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Porting: report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Export Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (no parity)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs in the report; a parity comparison takes a baseline and at most six candidates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reference run (usually CUDA); every other run is compared with it (at most six).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity criteria: ascend = MindSpeed-LLM CI (2 % per step), strict = MUSA guide (1e-4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EMA weight of the smoothed curves; the raw curve is drawn faint behind them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PortBench report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Smoothing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs (as selected in the Parity panel):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML (self-contained), PDF (A4) or Markdown with PNG figures beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No environment check yet: run one in the Environment panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No topology: probe this machine or open a capture in the Topology panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No training config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs included: load runs in the Runs panel and tick them here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No baseline among the included runs: choose one above or in the Parity panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No candidate: include a second run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 candidates included; a parity comparison takes at most six.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No porting scan: scan a script or folder in the Porting panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tensor comparison: compare two dumps in the Tensors panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include this section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — no input</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) — verdict %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>HTML (*.html);;PDF (*.pdf);;Markdown with PNG figures (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TensorsPanel</name>
    <message>
        <source>&amp;Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.pt (torch.save), .safetensors, or a folder of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A torch.save dict name → tensor, a safetensors file, or a folder read recursively; tensors are matched by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Dump Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare by msprobe&apos;s rules: fail if cosine &lt; 0.99 and max abs error &gt; 0.001, cosine &lt; 0.9, max abs error &gt; 1, or any NaN/Inf (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Dump</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor dumps (*.pt *.pth *.bin *.safetensors);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a baseline and a candidate dump.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading and comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 of %3 tensors failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; first failing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; only in baseline %1, only in candidate %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TopologyPanel</name>
    <message>
        <source>Open an `nvidia-smi topo -m` or `npu-smi info -t topo` capture, or probe this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Capture…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open topology capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a saved `nvidia-smi topo -m` / `npu-smi info -t topo` output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe This Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the vendor topology command here (off the GUI thread)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export SVG/PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+wheel: zoom · drag: pan · double-click: fit to view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 accelerator(s), %3 NIC(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe found no topology: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
