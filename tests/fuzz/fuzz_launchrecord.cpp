// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// run.json records of the run workspace: parsed (JsonInput, as the workspace reads them), written
// back and parsed again.
#include "fuzzinput.h"
#include "core/base/io/jsoninput.h"
#include "core/workflows/runs/launchrecord.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc = JsonInput::parse(fuzzBytes(data, size));
    if (!doc.isObject())
        return 0;
    QString error;
    const LaunchRecord record = LaunchRecord::fromJson(doc.object(), &error);
    if (error.isEmpty())
        LaunchRecord::fromJson(record.toJson(), &error);
    return 0;
}
