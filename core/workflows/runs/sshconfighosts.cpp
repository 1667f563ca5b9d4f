// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "sshconfighosts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace SshConfigHosts {

QStringList parse(const QByteArray &text, QStringList *includes)
{
    QStringList hosts;
    const QList<QByteArray> lines = text.split('\n');
    for (const QByteArray &raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        // "Keyword value" or "Keyword=value", keyword case-insensitive.
        static const QRegularExpression split(QStringLiteral("^(\\S+?)\\s*(?:=|\\s)\\s*(.*)$"));
        const auto m = split.match(line);
        if (!m.hasMatch())
            continue;
        const QString keyword = m.captured(1).toLower();
        const QStringList values = m.captured(2).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        if (keyword == QLatin1String("include")) {
            if (includes)
                *includes << values;
        } else if (keyword == QLatin1String("host")) {
            for (QString v : values) {
                v.remove(QLatin1Char('"'));
                if (v.contains(QLatin1Char('*')) || v.contains(QLatin1Char('?')) || v.startsWith(QLatin1Char('!')))
                    continue;
                if (!hosts.contains(v))
                    hosts << v;
            }
        }
    }
    return hosts;
}

namespace {
void readInto(const QString &path, QStringList &hosts, int depth)
{
    // ssh limits include nesting too; a loop of includes must not hang the dialog.
    if (depth > 8)
        return;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return;
    QStringList includes;
    for (const QString &h : parse(f.readAll(), &includes)) {
        if (!hosts.contains(h))
            hosts << h;
    }
    const QString sshDir = QDir::homePath() + QStringLiteral("/.ssh");
    for (QString inc : includes) {
        if (inc.startsWith(QLatin1String("~/")))
            inc = QDir::homePath() + inc.mid(1);
        else if (!inc.startsWith(QLatin1Char('/')))
            inc = sshDir + QLatin1Char('/') + inc;
        const QFileInfo info(inc);
        const QStringList matches = QDir(info.absolutePath()).entryList({info.fileName()}, QDir::Files, QDir::Name);
        for (const QString &m : matches)
            readInto(info.absolutePath() + QLatin1Char('/') + m, hosts, depth + 1);
    }
}
} // namespace

QStringList read(const QString &path)
{
    QStringList hosts;
    readInto(path.isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh/config") : path, hosts, 0);
    return hosts;
}

} // namespace SshConfigHosts
