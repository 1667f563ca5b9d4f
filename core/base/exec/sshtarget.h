// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// Where CommandRunner runs commands: this machine (empty host) or a host reached with the system
/// `ssh`. Only what users cannot already say in `~/.ssh/config` is here; everything else (user,
/// port, ProxyJump, keys) comes from the config file, the same one the user's own `ssh` reads.
struct SshTarget
{
    QString host; ///< ssh destination (`[user@]host` or a `Host` alias); empty means local
    QString configFile; ///< passed as `-F`; empty uses ~/.ssh/config
    int port = 0; ///< `-p`, 0 leaves it to the config
    QString identityFile; ///< `-i`, empty leaves it to the config/agent
    int connectTimeoutSeconds = 10;

    bool isLocal() const { return host.isEmpty(); }
};
