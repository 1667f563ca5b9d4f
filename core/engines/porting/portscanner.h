// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/portengine.h"
#include "core/engines/porting/porttypes.h"

#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <functional>

/// Walks a file or a project folder and ports every Python file with one PortEngine.
///
/// Folders that are not the user's code are skipped: version control (.git, .hg, .svn), virtual
/// environments (any folder with a pyvenv.cfg, venv/.venv/env), build and packaging output
/// (build, dist, *.egg-info, .eggs) and caches (__pycache__, .mypy_cache, .pytest_cache, ...).
class PortScanner
{
public:
    /// Called after each file with (done, total); return false to cancel.
    using Progress = std::function<bool(int done, int total)>;

    explicit PortScanner(const PortEngine &engine);

    static bool isSkippedDirectory(const QFileInfo &dir);
    /// Every file under root that is not in a skipped folder, relative, sorted.
    static QStringList listTree(const QString &root);

    /// Scans `path` (a .py file or a folder). A single file counts as an entry point.
    Port::Result scan(const QString &path, const Progress &progress = {}) const;

private:
    Port::FileResult portFile(const PortEngine &engine, const QString &root, const QString &relative) const;
    QString fileRuleFor(const QString &fileName) const;

    const PortEngine &m_engine;
};
