// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// ds_config JSON, accelerate YAML, launch lines and TrainingConfig JSON: detected, or forced to one
// importer by the first byte; an imported config is validated and emitted again.
#include "core/sources/config/configemitter.h"
#include "core/sources/config/configimporter.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/trainingconfigjson.h"
#include "fuzzinput.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray bytes = fuzzBytes(data, size, 1);
    ConfigImporter::Kind kind = ConfigImporter::detect(bytes);
    if (data[0] % 5 != 0)
        kind = ConfigImporter::Kind(data[0] % 5);
    const ConfigParseResult r = ConfigImporter::importBytes(bytes, kind);
    if (r) {
        ConfigValidator::validate(r.config, 8);
        TrainingConfigJson::write(r.config);
        ConfigEmitter::emitAll(r.config);
    }
    return 0;
}
