// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "remotefilelister.h"

#include "core/base/exec/commandrunner.h"

#include <algorithm>

namespace RemoteFileLister {

QList<RemoteFileEntry> parse(const QByteArray &output)
{
    QList<RemoteFileEntry> entries;
    const QList<QByteArray> records = output.split('\0');
    for (const QByteArray &rec : records) {
        // The name is last, so tabs inside it stay part of it.
        const int t1 = rec.indexOf('\t');
        const int t2 = t1 < 0 ? -1 : rec.indexOf('\t', t1 + 1);
        const int t3 = t2 < 0 ? -1 : rec.indexOf('\t', t2 + 1);
        if (t3 < 0)
            continue;
        RemoteFileEntry e;
        e.isDir = rec.left(t1) == "d";
        e.size = rec.mid(t1 + 1, t2 - t1 - 1).toLongLong();
        e.modified = QDateTime::fromMSecsSinceEpoch(qint64(rec.mid(t2 + 1, t3 - t2 - 1).toDouble() * 1000), Qt::UTC);
        e.name = QString::fromUtf8(rec.mid(t3 + 1));
        entries << e;
    }
    std::stable_sort(entries.begin(), entries.end(), [](const RemoteFileEntry &a, const RemoteFileEntry &b) {
        if (a.isDir != b.isDir)
            return a.isDir;
        return a.isDir ? a.name < b.name : a.modified > b.modified;
    });
    return entries;
}

bool looksLikeLog(const QString &name)
{
    static const QStringList suffixes{QStringLiteral(".log"), QStringLiteral(".txt"),   QStringLiteral(".out"),
                                      QStringLiteral(".err"), QStringLiteral(".jsonl"), QStringLiteral(".json"),
                                      QStringLiteral(".csv")};
    const QString lower = name.toLower();
    return lower.contains(QLatin1String("log"))
        || std::any_of(suffixes.cbegin(), suffixes.cend(), [&lower](const QString &s) { return lower.endsWith(s); });
}

QList<RemoteFileEntry> list(const CommandRunner &runner, const QString &dir, bool logsOnly, QString *error)
{
    // find reads a leading '-' as an option.
    const QString path
        = dir.isEmpty() ? QStringLiteral(".") : (dir.startsWith(QLatin1Char('-')) ? QStringLiteral("./") + dir : dir);
    const CommandResult r
        = runner.run({QStringLiteral("find"), path, QStringLiteral("-mindepth"), QStringLiteral("1"),
                      QStringLiteral("-maxdepth"), QStringLiteral("1"), QStringLiteral("("), QStringLiteral("-type"),
                      QStringLiteral("f"), QStringLiteral("-o"), QStringLiteral("-type"), QStringLiteral("d"),
                      QStringLiteral(")"), QStringLiteral("-printf"), QStringLiteral("%y\\t%s\\t%T@\\t%f\\0")});
    if (!r.ok() && r.out.isEmpty()) {
        *error = QStringLiteral("cannot list %1 on %2: %3").arg(dir, runner.describe(), r.summary());
        return {};
    }
    QList<RemoteFileEntry> entries = parse(r.out);
    if (logsOnly) {
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                                     [](const RemoteFileEntry &e) { return !e.isDir && !looksLikeLog(e.name); }),
                      entries.end());
    }
    error->clear();
    return entries;
}

} // namespace RemoteFileLister
