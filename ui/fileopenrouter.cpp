// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "fileopenrouter.h"

#include <QFileInfo>

void FileOpenRouter::addHandler(Handler handler)
{
    m_handlers.push_back(std::move(handler));
}

QString FileOpenRouter::open(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        Q_EMIT unhandled(path, tr("file does not exist"));
        return {};
    }
    // Every handler reads the head of what it is given, on the GUI thread: /dev/zero never ends
    // and a FIFO blocks whoever opens it (a start with either on the command line never showed).
    if (!info.isDir() && !info.isFile()) {
        Q_EMIT unhandled(path, tr("not a regular file (a device, a FIFO or a socket)"));
        return {};
    }
    if (!info.isReadable()) {
        Q_EMIT unhandled(path, tr("file is not readable"));
        return {};
    }
    for (const Handler &handler : m_handlers) {
        if (handler.accepts(path)) {
            handler.open(path);
            Q_EMIT opened(path, handler.name);
            return handler.name;
        }
    }
    Q_EMIT unhandled(path, tr("no panel recognises this file type"));
    return {};
}
