// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

/// A stretch of a TFRecord file that could not be read as a record.
struct TfRecordIssue
{
    qint64 offset = 0; ///< byte offset in the file
    QString reason;
};

/// What TfRecordScanner::scan() found in a range of bytes.
struct TfRecordScan
{
    qint64 consumed = 0; ///< bytes read as whole records (or skipped as damaged); the rest waits
    qint64 records = 0; ///< records whose checksums matched
    qint64 damaged = 0; ///< records or stretches skipped (CRC mismatch, bad length)
    QList<TfRecordIssue> issues; ///< the first few of them, with offsets
    /// A record starts at `consumed` but is not complete yet (a file being written, or cut off).
    bool incompleteTail = false;
    qint64 tailClaimedBytes = 0; ///< the incomplete record's size as its header says

    static constexpr int maxIssues = 20;
    void addIssue(qint64 offset, const QString &reason)
    {
        ++damaged;
        if (issues.size() < maxIssues)
            issues.append({offset, reason});
    }
};
