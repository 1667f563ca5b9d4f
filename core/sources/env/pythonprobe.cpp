// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pythonprobe.h"

#include "core/base/exec/commandrunner.h"

QStringList PythonProbe::modules(const QStringList &deviceExtensions)
{
    QStringList list{QStringLiteral("torch")};
    for (const QString &e : deviceExtensions) {
        if (!e.isEmpty() && !list.contains(e))
            list << e;
    }
    return list
        + QStringList{QStringLiteral("deepspeed"), QStringLiteral("transformers"), QStringLiteral("accelerate"),
                      QStringLiteral("megatron.core"), QStringLiteral("mindspeed")};
}

QString PythonProbe::script(const QStringList &modules)
{
    QStringList quoted;
    for (const QString &m : modules)
        quoted << QLatin1Char('"') + m + QLatin1Char('"');
    return QStringLiteral(
               "import importlib, json, sys\n"
               "out = {'python': '%d.%d.%d' % tuple(sys.version_info[:3]), 'executable': sys.executable, 'modules': "
               "{}}\n"
               "for name in (%1,):\n"
               "    try:\n"
               "        m = importlib.import_module(name)\n"
               "        out['modules'][name] = {'ok': True, 'version': str(getattr(m, '__version__', ''))}\n"
               "    except BaseException as e:\n"
               "        lines = str(e).strip().splitlines() or ['']\n"
               "        out['modules'][name] = {'ok': False, 'error': (type(e).__name__ + ': ' + lines[-1])[:300]}\n"
               "try:\n"
               "    import torch\n"
               "    out['torch_cuda'] = torch.version.cuda or ''\n"
               "    v = torch.cuda.nccl.version() if torch.version.cuda else None\n"
               "    out['torch_nccl'] = '.'.join(map(str, v)) if isinstance(v, tuple) else (str(v) if v else '')\n"
               "except BaseException:\n"
               "    pass\n"
               "sys.stdout.write('\\n' + json.dumps(out) + '\\n')\n")
        .arg(quoted.join(QStringLiteral(", ")));
}

PythonEnvironment PythonProbe::probe(const CommandRunner &runner, const QString &interpreter,
                                     const QStringList &modules)
{
    const CommandResult r = runner.run({interpreter, QStringLiteral("-c"), script(modules)});
    if (!r.started || r.timedOut || r.exitCode != 0) {
        PythonEnvironment env;
        env.interpreter = interpreter;
        env.error = r.notFound() ? QStringLiteral("%1: not found").arg(interpreter) : r.summary();
        return env;
    }
    return PythonEnvironment::fromJson(r.out, interpreter);
}

QStringList PythonProbe::discover(const CommandRunner &runner)
{
    const CommandResult r = runner.runShell(
        QStringLiteral("command -v python3 2>/dev/null; [ -x /usr/bin/python3 ] && echo /usr/bin/python3; "
                       "for base in \"$CONDA_PREFIX\" \"$HOME/miniconda3\" \"$HOME/anaconda3\" \"$HOME/miniforge3\" "
                       "\"$HOME/mambaforge\" "
                       "/opt/conda /usr/local/miniconda3; do [ -n \"$base\" ] || continue; "
                       "for p in \"$base\"/bin/python \"$base\"/envs/*/bin/python; do [ -x \"$p\" ] && echo \"$p\"; "
                       "done; done; true"));
    QStringList found;
    for (const QByteArray &line : r.out.split('\n')) {
        const QString p = QString::fromUtf8(line).trimmed();
        if (!p.isEmpty() && !found.contains(p))
            found << p;
    }
    return found;
}

QList<EnvCheck> PythonProbe::checks(const PythonEnvironment &env, const QStringList &modules,
                                    const QStringList &required)
{
    using S = EnvCheck::Status;
    QList<EnvCheck> rows;
    if (!env) {
        rows << EnvCheck::make(QStringLiteral("python.interpreter"),
                               QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Python interpreter")), S::Fail,
                               env.error, QStringLiteral("a Python 3 interpreter"),
                               QStringLiteral("Pass --python PATH (a conda env's bin/python) or install python3"));
        return rows;
    }
    rows << EnvCheck::make(QStringLiteral("python.interpreter"),
                           QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Python interpreter")), S::Ok,
                           QStringLiteral("Python %1 (%2)").arg(env.version, env.executable));
    for (const QString &m : modules) {
        const QString id = QStringLiteral("python.%1").arg(m);
        const QString title = QStringLiteral("%1 importable").arg(m);
        if (env.has(m)) {
            rows << EnvCheck::make(id, title, S::Ok,
                                   env.moduleVersion(m).isEmpty() ? QStringLiteral("imported") : env.moduleVersion(m));
            continue;
        }
        const QString error = env.importErrors.value(m, QStringLiteral("not probed"));
        const bool missing = error.startsWith(QLatin1String("ModuleNotFoundError"));
        if (!missing) // present but broken: the classic "undefined symbol" of a version mismatch
            rows << EnvCheck::make(
                id, title, S::Fail, error, QStringLiteral("imports cleanly"),
                QStringLiteral("Reinstall %1 matching torch and the vendor toolkit (see the compat rows)").arg(m));
        else if (required.contains(m))
            rows << EnvCheck::make(id, title, S::Fail, QStringLiteral("not installed"), QStringLiteral("installed"),
                                   QStringLiteral("pip install %1 (the build matching torch, see the compat rows)")
                                       .arg(m.section(QLatin1Char('.'), 0, 0)));
        else
            rows << EnvCheck::make(id, title, m == QLatin1String("torch") ? S::Warn : S::Skipped,
                                   QStringLiteral("not installed"), QStringLiteral("optional"),
                                   m == QLatin1String("torch")
                                       ? QStringLiteral("Choose the training environment's interpreter with --python")
                                       : QString());
    }
    return rows;
}
