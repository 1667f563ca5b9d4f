// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "fileopenrouter.h"

#include <QFileInfo>

#include <algorithm>
#include <utility>

void FileOpenRouter::addHandler(Handler handler)
{
    m_handlers.push_back(std::move(handler));
}

const FileOpenRouter::Handler *FileOpenRouter::handlerFor(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        Q_EMIT unhandled(path, tr("file does not exist"));
        return nullptr;
    }
    // Every handler reads the head of what it is given, on the GUI thread: /dev/zero never ends
    // and a FIFO blocks whoever opens it (a start with either on the command line never showed).
    if (!info.isDir() && !info.isFile()) {
        Q_EMIT unhandled(path, tr("not a regular file (a device, a FIFO or a socket)"));
        return nullptr;
    }
    if (!info.isReadable()) {
        Q_EMIT unhandled(path, tr("file is not readable"));
        return nullptr;
    }
    for (const Handler &handler : m_handlers) {
        if (handler.accepts(path))
            return &handler;
    }
    Q_EMIT unhandled(path, tr("no panel recognises this file type"));
    return nullptr;
}

QString FileOpenRouter::open(const QString &path)
{
    const Handler *handler = handlerFor(path);
    if (!handler)
        return {};
    openWith(*handler, {path});
    return handler->name;
}

void FileOpenRouter::openWith(const Handler &handler, const QStringList &paths)
{
    if (paths.size() > 1)
        handler.openTogether(paths);
    else
        handler.open(paths.first());
    for (const QString &path : paths)
        Q_EMIT opened(path, handler.name);
}

void FileOpenRouter::openAll(const QStringList &paths)
{
    std::vector<std::pair<const Handler *, QStringList>> together;
    for (const QString &path : paths) {
        const Handler *handler = handlerFor(path);
        if (!handler)
            continue;
        if (!handler->openTogether) {
            openWith(*handler, {path});
            continue;
        }
        auto it = std::find_if(together.begin(), together.end(), [&](const auto &t) { return t.first == handler; });
        if (it == together.end())
            together.emplace_back(handler, QStringList{path});
        else
            it->second.append(path);
    }
    for (const auto &[handler, files] : together)
        openWith(*handler, files);
}
