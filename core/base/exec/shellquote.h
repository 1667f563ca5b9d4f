// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// POSIX shell quoting, the one quoter: for every argument that travels to a remote shell, and for
/// the values PortBench writes into launch lines and scripts.
///
/// `ssh host cmd` hands cmd to the remote user's login shell as one string, so each argument must
/// be quoted there or spaces, quotes, `$(...)` and `;` in a file name become code. Single quotes are
/// the only POSIX quoting with no special characters inside; an embedded `'` is closed, escaped and
/// reopened (`'\''`). Plain words made only of safe characters are left bare for readable logs.
class ShellQuote
{
public:
    /// One argument, quoted so that any POSIX sh reads it back byte for byte.
    static QString quote(const QString &argument);
    /// A value for a generated launch line or script, where a `$VAR` / `${VAR}` reference is meant
    /// to be expanded (`$MASTER_ADDR` under Slurm): a bare reference stays bare, a value with `$` and
    /// nothing else double quotes would treat specially goes in double quotes, anything else as quote().
    static QString quoteKeepingReferences(const QString &value);
    /// argv joined into one command line; each element quoted.
    static QString join(const QStringList &argv);
};
