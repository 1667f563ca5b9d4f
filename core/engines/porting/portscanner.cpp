// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portscanner.h"

#include "core/base/io/inputfile.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStringDecoder>

namespace {
constexpr qint64 maxSourceBytes = 32 * 1024 * 1024;
}

PortScanner::PortScanner(const PortEngine &engine)
    : m_engine(engine)
{ }

bool PortScanner::isSkippedDirectory(const QFileInfo &dir)
{
    static const QStringList names = {QStringLiteral(".git"),         QStringLiteral(".hg"),
                                      QStringLiteral(".svn"),         QStringLiteral("__pycache__"),
                                      QStringLiteral(".venv"),        QStringLiteral("venv"),
                                      QStringLiteral("env"),          QStringLiteral(".tox"),
                                      QStringLiteral(".nox"),         QStringLiteral("build"),
                                      QStringLiteral("dist"),         QStringLiteral(".eggs"),
                                      QStringLiteral(".mypy_cache"),  QStringLiteral(".pytest_cache"),
                                      QStringLiteral(".ruff_cache"),  QStringLiteral(".ipynb_checkpoints"),
                                      QStringLiteral("node_modules"), QStringLiteral("site-packages")};
    const QString name = dir.fileName();
    return names.contains(name) || name.endsWith(QLatin1String(".egg-info"))
        || QFileInfo::exists(dir.filePath() + QStringLiteral("/pyvenv.cfg"));
}

QStringList PortScanner::listTree(const QString &root)
{
    QStringList files;
    QStringList pending{root};
    const QDir base(root);
    while (!pending.isEmpty()) {
        const QString folder = pending.takeLast();
        const QFileInfoList entries = QDir(folder).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot
                                                                 | QDir::Hidden | QDir::NoSymLinks);
        for (const QFileInfo &e : entries) {
            if (e.isDir()) {
                if (!isSkippedDirectory(e))
                    pending.append(e.filePath());
            } else {
                files.append(base.relativeFilePath(e.filePath()));
            }
        }
    }
    files.sort();
    return files;
}

QString PortScanner::fileRuleFor(const QString &fileName) const
{
    for (int i = 0; i < m_engine.rules().rules.size(); ++i) {
        const PortRuleSet::Rule &rule = m_engine.rules().rules[i];
        if (rule.kind != PortRuleSet::Kind::File)
            continue;
        for (const QString &glob : rule.globs) {
            if (QRegularExpression(QRegularExpression::wildcardToRegularExpression(glob)).match(fileName).hasMatch())
                return rule.id;
        }
    }
    return {};
}

Port::FileResult PortScanner::portFile(const PortEngine &engine, const QString &root, const QString &relative) const
{
    Port::FileResult failed;
    failed.path = relative;
    QFile file(QDir(root).filePath(relative));
    // A FIFO named x.py would block the open forever; a device never ends.
    if (const QString refusal = InputFile::refusalFor(file.fileName()); !refusal.isEmpty()) {
        failed.error = QStringLiteral("%1; left out").arg(refusal);
        return failed;
    }
    if (file.size() > maxSourceBytes) {
        failed.error = QStringLiteral("%1: larger than %2 MiB, not a source file; copied unchanged")
                           .arg(relative)
                           .arg(maxSourceBytes >> 20);
        return failed;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        failed.error = QStringLiteral("%1: %2").arg(relative, file.errorString());
        return failed;
    }
    const QByteArray bytes = file.readAll();
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError()) {
        failed.error = QStringLiteral("%1: not valid UTF-8; copied unchanged").arg(relative);
        return failed;
    }
    return engine.portText(relative, text);
}

Port::Result PortScanner::scan(const QString &path, const Progress &progress) const
{
    Port::Result result;
    result.source = m_engine.rules().source;
    result.target = m_engine.rules().target;
    const QFileInfo info(path);
    QStringList files;
    Port::Options options = m_engine.options();
    if (info.isDir()) {
        result.root = info.absoluteFilePath();
        files = listTree(result.root);
    } else {
        result.root = info.absolutePath();
        result.singleFile = true;
        files << info.fileName();
        options.everyFileIsEntryPoint = true;
    }
    const PortEngine engine(m_engine.rules(), options);
    // A single input that is a device or a FIFO is never read (it would scan as an empty port,
    // block, or never end); one that is missing is named as such.
    QString refusal;
    if (!info.exists())
        refusal = QStringLiteral("%1: no such file or folder").arg(path);
    else if (!info.isDir())
        refusal = InputFile::refusalFor(path);
    if (!refusal.isEmpty()) {
        Port::Finding f;
        f.file = path;
        f.ruleId = QStringLiteral("read-error");
        f.message = refusal;
        result.errors.append(f);
        return result;
    }
    for (int i = 0; i < files.size(); ++i) {
        const QString &relative = files[i];
        const QString fileName = relative.section(QLatin1Char('/'), -1);
        if (relative.endsWith(QLatin1String(".py")) || relative.endsWith(QLatin1String(".pyw"))) {
            Port::FileResult r = portFile(engine, result.root, relative);
            if (!r.error.isEmpty()) {
                Port::Finding f;
                f.file = relative;
                f.ruleId = QStringLiteral("read-error");
                f.severity = Port::Severity::Manual;
                f.message = r.error;
                const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("^[^:]*:(\\d+):")).match(r.error);
                f.line = m.hasMatch() ? m.captured(1).toInt() : 0;
                result.errors.append(f);
            }
            result.files.append(r);
        } else if (const QString ruleId = fileRuleFor(fileName); !ruleId.isEmpty()) {
            const PortRuleSet::Rule *rule = nullptr;
            for (const PortRuleSet::Rule &r : m_engine.rules().rules)
                rule = r.id == ruleId ? &r : rule;
            Port::FileResult r;
            r.path = relative;
            r.isPython = false;
            r.findings.append({relative, 1, 1, rule->id, rule->severity, rule->message, rule->suggest});
            result.files.append(r);
        }
        if (progress && !progress(i + 1, int(files.size()))) {
            result.canceled = true;
            break;
        }
    }
    return result;
}
