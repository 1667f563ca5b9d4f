// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "vendortoolcheck.h"

#include "core/base/exec/commandrunner.h"

CommandResult VendorToolCheck::run(const CommandRunner &runner, const QStringList &argv, const Texts &texts,
                                   BackendProbe &probe)
{
    const CommandResult r = runner.run(argv);
    probe.toolFound = !r.notFound();
    if (!probe.toolFound)
        probe.checks << EnvCheck::make(texts.id, texts.title, EnvCheck::Status::Skipped,
                                       QStringLiteral("%1 not found").arg(argv.first()), texts.expected,
                                       texts.missingHint);
    else if (!r.ok()) {
        // nvidia-smi prints its "couldn't communicate with the driver" on stdout, not stderr.
        const QString said = QString::fromUtf8(r.out + r.err).trimmed().section(QLatin1Char('\n'), 0, 0).left(200);
        probe.checks << EnvCheck::make(texts.id, texts.title, EnvCheck::Status::Fail,
                                       said.isEmpty() ? r.summary() : said, texts.expected, texts.brokenFix);
    }
    return r;
}
