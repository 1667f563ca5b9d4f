// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "recentfiles.h"

#include <QFileInfo>
#include <QSettings>

namespace {
const QString key = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QSettings &settings, int maxEntries)
    : m_settings(settings)
    , m_maxEntries(maxEntries)
{ }

QStringList RecentFiles::files() const
{
    return m_settings.value(key).toStringList();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    store(list.mid(0, m_maxEntries));
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::clear()
{
    store({});
}

void RecentFiles::store(const QStringList &files)
{
    m_settings.setValue(key, files);
}
