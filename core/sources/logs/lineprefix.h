// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>

/// The decoration loggers and launchers put before a log line's payload, found generically:
/// any run of timestamps (`2023-03-22 09:30:39`, `[2024-04-06 02:58:18]`), log levels (`INFO`,
/// `[WARNING]`), bracketed tags (`[titan]`, `[logging.py:96:log_dist]`, `[Rank 0]`), logger
/// names between dashes (`- root - INFO -`), Ray's worker tag (`(TaskRunner pid=2231)`), `>>` /
/// markdown `> ` quote marks, a host or IP
/// prefix (`10.96.202.43: `, pdsh) and a tqdm bar another record was printed after. Formats
/// then match their grammar on the payload alone, so a new combination of prefixes needs no
/// new rule.
class LinePrefix
{
public:
    struct Parts
    {
        qsizetype payload = 0; ///< index where the payload starts
        double time; ///< the first timestamp in the prefix, NaN when none
        QByteArrayView host; ///< a pdsh-style host/IP prefix, empty when none
    };
    static Parts split(QByteArrayView line);
};
