// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QStringList>

class QSettings;

/// The most-recently-opened files, newest first, kept in the application settings.
class RecentFiles
{
public:
    explicit RecentFiles(QSettings &settings, int maxEntries = 10);

    QStringList files() const;
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

private:
    void store(const QStringList &files);

    QSettings &m_settings;
    int m_maxEntries;
};
