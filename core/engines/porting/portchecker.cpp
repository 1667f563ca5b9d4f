// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portchecker.h"

#include <QDir>
#include <QProcess>

namespace {

/// Compiles each file given on the command line; prints "index<TAB>line<TAB>message" per failure.
/// compile(..., "exec", dont_inherit=True) is what py_compile runs before it writes the .pyc.
const char compileScript[] = R"(import sys
for i, path in enumerate(sys.argv[1:]):
    try:
        with open(path, "rb") as f:
            compile(f.read(), path, "exec", dont_inherit=True)
    except SyntaxError as e:
        print(f"{i}\t{e.lineno or 0}\t{e.msg}")
    except (OSError, ValueError) as e:
        print(f"{i}\t0\t{e}")
)";

Port::Finding finding(const QString &file, int line, const QString &rule, const QString &message)
{
    Port::Finding f;
    f.file = file;
    f.line = line;
    f.column = line > 0 ? 1 : 0;
    f.ruleId = rule;
    f.severity = Port::Severity::Manual;
    f.message = message;
    return f;
}

} // namespace

PortChecker::PortChecker(const PortEngine &engine)
    : m_engine(engine)
{ }

Port::Result PortChecker::check(const QString &path, const QString &python, const PortScanner::Progress &progress) const
{
    Port::Result result = PortScanner(m_engine).scan(path, progress);
    const QString entryImport = QStringLiteral("%1.entry-import").arg(result.target);
    QStringList sources;
    QList<int> sourceFiles;
    for (int i = 0; i < result.files.size(); ++i) {
        Port::FileResult &file = result.files[i];
        // What the forward rules would still rewrite is CUDA left in the port: work, not a fix.
        for (Port::Finding &f : file.findings) {
            if (f.severity != Port::Severity::AutoFix)
                continue;
            f.severity = Port::Severity::Manual;
            if (f.ruleId == entryImport) {
                f.ruleId = QStringLiteral("%1.missing-import").arg(result.target);
                f.message
                    = QStringLiteral("the %1 extension API is used without '%2'").arg(result.target, f.suggestion);
            } else {
                f.message = QStringLiteral("still CUDA: %1").arg(f.message);
            }
        }
        file.ported = file.original; // a check writes nothing
        if (file.isPython && file.error.isEmpty()) {
            sources << QDir(result.root).filePath(file.path);
            sourceFiles << i;
        }
    }
    // Files that did not read or tokenize are work left too (the port would have copied them as they are).
    for (Port::Finding &e : result.errors)
        e.severity = Port::Severity::Manual;
    if (sources.isEmpty() || result.canceled)
        return result;
    if (python.isEmpty()) {
        result.errors << finding(path, 0, QStringLiteral("check.no-python"),
                                 QStringLiteral("python3 not found: %1 file(s) were not compiled").arg(sources.size()));
        return result;
    }
    QProcess compiler;
    compiler.start(python, QStringList{QStringLiteral("-c"), QString::fromLatin1(compileScript)} + sources);
    const bool finished = compiler.waitForFinished(10 * 60 * 1000);
    const QString out = QString::fromUtf8(compiler.readAllStandardOutput());
    if (!finished || compiler.exitStatus() != QProcess::NormalExit || compiler.exitCode() != 0) {
        result.errors << finding(
            path, 0, QStringLiteral("check.py-compile"),
            QStringLiteral("%1 did not compile the files: %2")
                .arg(python, compiler.errorString() + QString::fromUtf8(compiler.readAllStandardError())));
        return result;
    }
    for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList parts = line.split(QLatin1Char('\t'));
        const int index = parts.value(0).toInt();
        if (parts.size() < 3 || index < 0 || index >= sourceFiles.size())
            continue;
        Port::FileResult &file = result.files[sourceFiles[index]];
        file.findings << finding(file.path, parts[1].toInt(), QStringLiteral("check.py-compile"),
                                 QStringLiteral("does not compile: %1").arg(parts.mid(2).join(QLatin1Char('\t'))));
    }
    return result;
}
