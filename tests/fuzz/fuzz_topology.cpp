// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Topology matrices of every backend (nvidia-smi/mthreads-gmi topo -m: GPU; npu-smi info -t topo:
// NPU and the A3 Phy-ID names), then everything drawn and advised from a parsed one.
#include "fuzzinput.h"
#include "core/sources/topology/matrixtopologyparser.h"
#include "core/sources/topology/topologyadvisor.h"
#include "core/sources/topology/topologyexport.h"
#include "core/sources/topology/topologylayout.h"
#include "core/sources/topology/topologysvgwriter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const QStringList prefixes = data[0] % 2 ? QStringList{QStringLiteral("NPU"), QStringLiteral("Phy-ID")}
                                             : QStringList{QStringLiteral("GPU")};
    const Topology t = MatrixTopologyParser(QStringLiteral("fuzz"), prefixes).parse(fuzzBytes(data, size, 1));
    if (t) {
        TopologyAdvisor::advise(t);
        TopologyExport::toJson(t);
        TopologyExport::toDot(t);
        TopologySvgWriter::write(t);
    }
    return 0;
}
