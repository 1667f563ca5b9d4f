// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

/// Comparison of the version strings this field uses, which no single scheme covers: PEP 440
/// (`2.1.0.post10`, `1.13.0a0`, `2.1.0+cpu`), CANN (`8.0.RC3` < `8.0.0`, `6.3.RC3.1`, `8.0.T63`) and
/// MUSA (`rc3.1.0`). Pre-release tags (rc, alpha, a, b, beta, T) sort below the release,
/// `post` above it; a missing component counts as 0.
class VersionNumber
{
public:
    /// <0, 0, >0 like strcmp.
    static int compare(const QString &a, const QString &b);
    /// The leading numeric release: "2.1.0.post10" -> "2.1.0", "2.1.0+cpu" -> "2.1.0"; empty if none.
    static QString baseRelease(const QString &version);
    /// "3.11.2" -> "3.11".
    static QString majorMinor(const QString &version);
};
