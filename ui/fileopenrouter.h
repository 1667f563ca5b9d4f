// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

/// Routes a file that the user opened or dropped to the panel that handles its type.
///
/// Panels register a handler with a predicate (by suffix, or by sniffing the content); the first
/// handler that accepts the file gets it. Handlers are tried in registration order, so a panel
/// with a precise content check should register before a catch-all.
class FileOpenRouter : public QObject
{
    Q_OBJECT

public:
    struct Handler
    {
        QString name;
        std::function<bool(const QString &path)> accepts;
        std::function<void(const QString &path)> open;
        /// Optional: the files of one openAll() that this handler takes, opened together (several
        /// hosts' telemetry of one job shown at once); without it each goes to `open` alone.
        std::function<void(const QStringList &paths)> openTogether = {};
    };

    using QObject::QObject;

    void addHandler(Handler handler);
    /// Opens the file with the first accepting handler; returns that handler's name or an empty string.
    QString open(const QString &path);
    /// Opens each file as open() does, except that a handler with `openTogether` gets all of its
    /// files at once (File > Open of several files, a drop, the command line).
    void openAll(const QStringList &paths);

Q_SIGNALS:
    void opened(const QString &path, const QString &handlerName);
    void unhandled(const QString &path, const QString &reason);

private:
    /// The first handler that takes `path`, or nullptr after emitting unhandled() with why.
    const Handler *handlerFor(const QString &path);
    /// Hands `paths` (one, or several for its openTogether) to the handler and says each opened.
    void openWith(const Handler &handler, const QStringList &paths);

    std::vector<Handler> m_handlers;
};
