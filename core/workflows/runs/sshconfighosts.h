// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

/// The host aliases a user can pick in the launch and attach dialogs, read from `~/.ssh/config`
/// the way ssh reads it: `Host` lines (several patterns each), `Include` files (relative to
/// ~/.ssh, globs allowed). Wildcard and negated patterns are not hosts, so they are left out.
namespace SshConfigHosts {
/// Host aliases in one config text, in file order, without duplicates; includes are returned in
/// includes (as written) for the caller to read.
QStringList parse(const QByteArray &text, QStringList *includes = nullptr);
/// All aliases of a config file and its includes (default: ~/.ssh/config).
QStringList read(const QString &path = {});
}
