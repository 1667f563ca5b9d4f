// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "torchmodule.h"

#include "core/sources/plugins/runtimemodule.h"

const TorchModule *TorchModule::load(QString *error)
{
    const TorchModule *module = RuntimeModule::load<TorchModule>(QStringLiteral("portbench_torch_module"), error);
    if (!module && error)
        *error += QStringLiteral("; it comes with the Debian package portbench-torch, or is built with libtorch "
                                 "(Debian libtorch-dev, PORTBENCH_WITH_TORCH=ON)");
    return module;
}

TensorDumpReader::PtLoader TorchModule::tensorLoader()
{
    return [](const QString &path) {
        QString error;
        if (const TorchModule *torch = load(&error))
            return torch->loadTensors(path);
        TensorFile file;
        file.path = path;
        file.error
            = QStringLiteral("%1: reading torch.save files needs libtorch: %2. Safetensors files work without it.")
                  .arg(path, error);
        return file;
    };
}
