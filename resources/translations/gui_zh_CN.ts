<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About PortBench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;PortBench %1&lt;/h2&gt;&lt;p&gt;Port PyTorch LLM training from CUDA to Ascend NPU and MUSA, and prove it trains the same.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachDialog</name>
    <message>
        <source>Logs only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parse the whole file (otherwise only what is appended from now on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach to Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts from ~/.ssh/config. The connection is followed with tail -F; a drop is retried with backoff and resumes at the last byte received, so nothing is lost or repeated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder on the host (empty: the login directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only *.log, *.txt, *.out, *.err, *.json(l), *.csv and names containing &quot;log&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the folder on the host (Enter in the folder field)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Log file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose or type the log file to follow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing %1 on %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the login directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChartView</name>
    <message>
        <source>Drag: zoom to a rectangle · Wheel: zoom x (Ctrl: y) · Middle/Shift-drag or arrows: pan · Double-click or Home: show all · Right-click: export and options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (smoothed %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  @ step %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartsPanel</name>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grad norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X axis </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the x axis measures. Runs that lack it (no timestamps, no consumed tokens) are left out and listed above the charts. Align runs on the step axis with the step offset in the Runs panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Smoothing </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TensorBoard&apos;s debiased exponential moving average: 0 = raw data, 0.999 = heaviest. NaN/inf values are kept and marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the unsmoothed curve visible, faint, behind the smoothed one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic y axis on every chart (values ≤ 0 are not drawn) (Ctrl+Shift+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zooming or panning one chart moves the x axis of every chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While a live log grows, slide the view to its newest points (Ctrl+Shift+F). Off: your zoom stays where it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all data on every chart (double-click or Home on a chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a chart for any metric the loaded runs log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the chart you last clicked: picture (PNG, SVG) or its data at full resolution (CSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart data as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export data as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log y (this chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s) of %1 to %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(load a run first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not shown on the %2 axis: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CurveChart</name>
    <message>
        <source> at step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: logged %2 (non-finite value)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CustomFormatDialog</name>
    <message>
        <source>Custom Log Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats saved here or with `portbench-cli parse --define-format`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. plain-steps (lower case, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Named groups: step (whole number), time (unix seconds or ISO-8601), and one group per metric, named as the metric (loss, lr, grad_norm, tokens_per_s, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a few lines of the log here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Saved formats:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Regex:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample lines (the run&apos;s output, or paste some):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview (what each line gives the chart):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(new format)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a regular expression with named groups, e.g. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no preview: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Summary: no points from %n line(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Summary: %1 points, steps %2 … %3, metrics %4 (read as format &apos;%5&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: the built-in format &apos;%1&apos; recognises this sample first; open the log with `--format %2` in the CLI, or make the regex match more of its lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step &apos;%1&apos; is not a whole number: line skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step=(next in order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time &apos;%1&apos; is not a time: left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 not captured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not a number: left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace Format?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A format named &apos;%1&apos; is already saved (the CLI uses it too).

Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved log format &apos;%1&apos; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Format?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the saved format &apos;%1&apos;? Logs read with it are no longer recognised by the GUI or the CLI.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted log format &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FileOpenRouter</name>
    <message>
        <source>file does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is not readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no panel recognises this file type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaunchDialog</name>
    <message>
        <source>&amp;Detached: keeps running after PortBench quits (setsid + nohup)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchrun --nproc_per_node=8 pretrain_gpt.py --tensor-model-parallel-size 2 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split into arguments like a shell would (quotes respected), but run without a shell. Wrap it in bash -c &apos;…&apos; for pipes or redirections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>defaults to the program name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which device the run trains on; used to pair runs for parity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH hosts come from ~/.ssh/config; the system ssh is used, so ProxyJump, agents and ControlMaster work. Remote runs always start detached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the working directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remote login directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Backend:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Working dir:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a command to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment line &quot;%1&quot; is not KEY=VALUE.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Perspectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plugin %1 not loaded: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n backend(s) loaded</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A TensorBoard run folder, a folder of runs, an MLflow run, or a source tree to port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Perspective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore &amp;Default Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrange the current perspective&apos;s panels as designed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About PortBench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace Edited Config?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Training Config has edits that are not saved. Importing %1 changes its fields.

Import it anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not imported: %1 (the edited config was kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot chart %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs (event files, MLflow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Porting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart the Log?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open %1 again so it is read with the format &apos;%2&apos;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss Parity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two tensor dumps (torch.save, safetensors) by msprobe&apos;s rules (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML, PDF or Markdown report of the loaded runs, their charts and parity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &amp;Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train the built-in model in fp32 (baseline) and bf16 (candidate) with libtorch, chart both live and judge their loss parity (about two minutes on 2 CPU cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom &amp;Log Format…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Define a log format (regex with named groups) shared with `portbench-cli parse --define-format`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo: share of the training steps of both runs done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved Training Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Training Config has edits that are not saved. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training logs and PortBench files (*.log *.txt *.json *.jsonl *.csv *.tsv *.yaml *.yml *.py);;TensorBoard event files (events.out.tfevents.*);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ParityPanel</name>
    <message>
        <source>Interpolate candidate steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Jump to First Divergence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Environments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Absolute difference B − A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative difference (B − A) / |A|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The difference chart&apos;s y; the shaded band is the per-step tolerance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reference run, usually the CUDA one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check up to %1 runs to judge against the baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check further runs of the baseline&apos;s setup (same settings, another CUDA run): the candidates are then judged against the baselines&apos; spread widened by the tolerance, and the baselines against each other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;loss&quot; means each run&apos;s primary loss: lm_loss where logged, else loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A step is within tolerance when |B − A| ≤ abs + rel·|A|.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL when fewer judged steps than this are within tolerance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps up to this one are left out of the judgement (the NaN rule still applies).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First divergence: a step beyond tolerance where most of this many steps from it are beyond too. 1 makes a single noisy step count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom the charts to the first divergence of the selected candidate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No comparison yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason / fairness item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a reason to jump to its step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a cell with a step to jump there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Envelope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Absolute tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within tolerance ≥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip warm-up steps ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Divergence window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two machines&apos; `portbench-cli env --json` (the baseline&apos;s and the candidate&apos;s): versions, host facts and check findings that differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference to the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity: load the runs to compare first (File &gt; Open or the Runs dock).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity: check at least one candidate run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity alert: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PortBench parity %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worst verdict over the candidates; the reasons are listed below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fairness checklist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>envelope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first divergence of %1 (step %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert %1 at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(B − A) / |A|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B − A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment diff: %1 differ, %2 alike (%3 vs %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline machine: env --json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate machine: env --json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Parity JSON</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Perspectives</name>
    <message>
        <source>Monitor: the charts with the run list and the launched runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare: the charts with the Parity and Tensors panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configure: training config, environment and topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port: porting of scripts, environment and device plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>cannot write %1: the %2 image could not be encoded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunOutputView</name>
    <message>
        <source>No run selected: select one in the Workspace panel, or open its output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search the output (Enter: next, Shift+Enter: previous)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep showing the newest lines while the run writes them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log Format…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Define a log format for this output, with a live preview on it, so it is charted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — cannot read %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[… first %1 MB not shown …]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output: &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open training logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training logs (*.log *.txt *.out *.json *.jsonl *.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open one or more training logs (also: File &gt; Open, or drop files on the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the run in legends and exports (F2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the selected logs again from the start (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected runs from the charts (Del); the log files are not touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Define a log format (regex with named groups) for output no reader recognises, shared with `portbench-cli parse --define-format`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open or drop training logs to chart them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading %n log(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) loaded</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkspacePanel</name>
    <message>
        <source>Filter runs (name, status, host, tag, command)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a command locally or on an SSH host and record it as a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow a training log on an SSH host or here, surviving dropped connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit a SLURM batch script with sbatch, here or on a login node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM to the run&apos;s process group, SIGKILL after 10 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the run&apos;s log in the charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the run&apos;s output, live while it runs, with search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the run&apos;s tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the run&apos;s folder to the workspace trash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-read the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace: skipped %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launched %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach to Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following %1%2 as run %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit SLURM Batch Script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch scripts (*.sh *.sbatch *.slurm);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit with sbatch on (a login node from ~/.ssh/config):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted %1 as SLURM job %2 (run %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot stop %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags (comma separated):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop %1 before deleting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %n run(s) to %1?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
</TS>
