// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "demoparity.h"

#include "core/sources/logs/logreader.h"
#include "core/engines/parity/parityengine.h"

#include <QFileInfo>

ParityResult DemoParity::judge(const QString &baselineLog, const QString &candidateLog, const ParityOptions &options)
{
    ParseResult baseline = LogReader::readFile(baselineLog);
    ParseResult candidate = LogReader::readFile(candidateLog);
    for (ParseResult *r : {&baseline, &candidate}) {
        if (!*r) {
            ParityResult failed;
            failed.error = r->error;
            return failed;
        }
    }
    baseline.run.name = QFileInfo(baselineLog).completeBaseName();
    candidate.run.name = QFileInfo(candidateLog).completeBaseName();
    return ParityEngine(options).compare(baseline.run, {&candidate.run});
}
