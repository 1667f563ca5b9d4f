// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensordumpreader.h"

#include "core/base/io/inputfile.h"
#include "core/sources/tensors/safetensorsreader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace {

/// Natural order ("layer.2" < "layer.10"), by hand: QCollator's numeric mode depends on the locale
/// backend and is silently ignored in the C locale that CI and services run in.
bool naturalLess(const QString &a, const QString &b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a.at(ei).isDigit())
                ++ei;
            while (ej < b.size() && b.at(ej).isDigit())
                ++ej;
            const qulonglong na = a.mid(i, ei - i).toULongLong();
            const qulonglong nb = b.mid(j, ej - j).toULongLong();
            if (na != nb)
                return na < nb;
            i = ei;
            j = ej;
        } else {
            if (a.at(i) != b.at(j))
                return a.at(i) < b.at(j);
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

} // namespace

TensorDumpReader::TensorDumpReader(PtLoader ptLoader)
    : m_ptLoader(std::move(ptLoader))
{ }

bool TensorDumpReader::isDumpFileName(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    return suffix == QLatin1String("pt") || suffix == QLatin1String("pth") || suffix == QLatin1String("safetensors");
}

TensorFile TensorDumpReader::readFile(const QString &path) const
{
    QFile f(path);
    QString refusal = InputFile::refusalFor(path);
    if (refusal.isEmpty() && !f.open(QIODevice::ReadOnly))
        refusal = QStringLiteral("%1: %2").arg(path, f.errorString());
    if (refusal.isEmpty() && f.size() > TensorData::maxFileBytes)
        refusal = QStringLiteral("%1: %2 bytes is over the %3 limit for a tensor dump (see docs/limits.md)")
                      .arg(path)
                      .arg(f.size())
                      .arg(InputFile::formatLimit(TensorData::maxFileBytes));
    if (!refusal.isEmpty()) {
        TensorFile file;
        file.path = path;
        file.error = refusal;
        return file;
    }
    const QByteArray head = f.peek(16);
    if (SafetensorsReader::looksLikeSafetensors(head, f.size()))
        return SafetensorsReader::read(f.readAll(), path);
    f.close();
    TensorFile file;
    if (m_ptLoader) {
        file = m_ptLoader(path);
    } else {
        file.path = path;
        file.error = QStringLiteral("%1: reading torch.save files needs libtorch, and this reader was given no "
                                    "loader for them. Safetensors files work without it.")
                         .arg(path);
        return file;
    }
    // A file holding one bare tensor (torch.save(t, ...)) names it after the file.
    if (file.tensors.size() == 1 && file.tensors.first().name.isEmpty())
        file.tensors.first().name = QFileInfo(path).completeBaseName();
    return file;
}

TensorFile TensorDumpReader::read(const QString &path) const
{
    const QFileInfo info(path);
    if (!info.exists()) {
        TensorFile file;
        file.path = path;
        file.error = QStringLiteral("%1: no such file or folder").arg(path);
        return file;
    }
    if (!info.isDir())
        return readFile(path);

    TensorFile folder;
    folder.path = path;
    // Absolute: QDir::relativeFilePath returns a relative path unchanged, so a relative folder "a"
    // would otherwise look for a/a/x.pt.
    const QDir root(info.absoluteFilePath());
    QStringList files;
    QDirIterator it(root.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (isDumpFileName(file))
            files.append(root.relativeFilePath(file));
    }
    // Natural order, so layer.2 comes before layer.10 as the dump wrote them.
    std::sort(files.begin(), files.end(), naturalLess);
    if (files.isEmpty()) {
        folder.error = QStringLiteral("%1: no .pt, .pth or .safetensors files in this folder").arg(path);
        return folder;
    }
    for (const QString &relative : files) {
        TensorFile part = readFile(root.filePath(relative));
        if (!part) {
            folder.error = part.error;
            return folder;
        }
        const QString stem = QFileInfo(relative).path() == QLatin1String(".")
            ? QFileInfo(relative).completeBaseName()
            : QFileInfo(relative).path() + QLatin1Char('/') + QFileInfo(relative).completeBaseName();
        for (TensorData &t : part.tensors) {
            // A one-tensor file is already named after the file; a dict's entries get the file as prefix.
            if (part.tensors.size() > 1 || t.name != QFileInfo(relative).completeBaseName())
                t.name = stem + QLatin1Char('/') + t.name;
            else
                t.name = stem;
            folder.tensors.append(std::move(t));
        }
    }
    return folder;
}
