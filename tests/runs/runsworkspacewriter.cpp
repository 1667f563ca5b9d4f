// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Helper for tst_launchworkspace: saves one run's run.json in a tight loop with a large config
// snapshot, so that a SIGKILL from the test lands in the middle of a write.
#include "core/workflows/runs/launchworkspace.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 3)
        return 2;
    LaunchWorkspace workspace(QString::fromLocal8Bit(argv[1]));
    QString error;
    LaunchRecord record = workspace.load(QString::fromLocal8Bit(argv[2]), &error);
    if (record.id.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QJsonArray big;
    for (int i = 0; i < 20000; ++i)
        big.append(QStringLiteral("argument-%1-with-some-padding-to-make-the-file-large").arg(i));
    for (qint64 n = 0;; ++n) {
        record.lastStep = n;
        record.config[QStringLiteral("args")] = big;
        if (!workspace.save(record, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        if (n == 3) {
            std::printf("writing\n");
            std::fflush(stdout);
        }
    }
}
