// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "ascendbackend.h"

#include <QFile>
#include "cannversionfiles.h"
#include "core/base/exec/commandrunner.h"
#include "core/sources/env/vendortoolcheck.h"
#include "npusmiparser.h"
#include "npusmiwatchreader.h"
#include "core/sources/topology/matrixtopologyparser.h"

#include <QFile>

#include <algorithm>

BackendInfo AscendBackend::info() const
{
    return {
        QStringLiteral("npu"),     QStringLiteral("Huawei Ascend NPU"),
        QStringLiteral("npu"),     QStringLiteral("torch_npu"),
        QStringLiteral("hccl"),    QStringLiteral("ASCEND_RT_VISIBLE_DEVICES"),
        QStringLiteral("npu-smi"), QStringLiteral("cann"),
    };
}

QByteArray AscendBackend::portingRules() const
{
    QFile rules(QStringLiteral(":/backend_ascend/portingrules.json"));
    return rules.open(QIODevice::ReadOnly) ? rules.readAll() : QByteArray();
}

QByteArray AscendBackend::backendProfile() const
{
    QFile profile(QStringLiteral(":/backend_ascend/backendprofile.json"));
    return profile.open(QIODevice::ReadOnly) ? profile.readAll() : QByteArray();
}

QByteArray AscendBackend::compatibilityRows() const
{
    QFile rows(QStringLiteral(":/backend_ascend/compatibility.csv"));
    return rows.open(QIODevice::ReadOnly) ? rows.readAll() : QByteArray();
}

DeviceInventory AscendBackend::parseDevices(const QByteArray &toolOutput) const
{
    return NpuSmiParser::parse(toolOutput);
}

QStringList AscendBackend::topologyCommand() const
{
    return {QStringLiteral("npu-smi"), QStringLiteral("info"), QStringLiteral("-t"), QStringLiteral("topo")};
}

namespace {

/// npu-smi's device links. A variant of npu-smi's source prints HCCS as "XLink" (and HCCS_SW as
/// "XLink_SW"); the label keeps the word the capture used.
QList<LinkClass> linkClasses()
{
    LinkClass hccs;
    hccs.name = QStringLiteral("HCCS");
    hccs.tokens = QStringList{QStringLiteral("HCCS"), QStringLiteral("XLINK")};
    hccs.description = QString::fromUtf8(
        QT_TRANSLATE_NOOP("LinkType", "HCCS: Huawei's direct NPU-to-NPU fabric inside an Ascend server."));
    LinkClass hccsSwitch;
    hccsSwitch.name = QStringLiteral("HCCS_SW");
    hccsSwitch.tokens = QStringList{QStringLiteral("HCCS_SW"), QStringLiteral("XLINK_SW")};
    hccsSwitch.rank = 7;
    hccsSwitch.colorKey = QStringLiteral("fabricFar");
    hccsSwitch.description = QString::fromUtf8(QT_TRANSLATE_NOOP(
        "LinkType", "HCCS_SW: HCCS through a switch (Atlas A3 super-node); fast, one hop more than direct HCCS."));
    LinkClass sio;
    sio.name = QStringLiteral("SIO");
    sio.tokens = QStringList{QStringLiteral("SIO")};
    sio.rank = 9;
    sio.colorKey = QStringLiteral("fabricNear");
    sio.description = QString::fromUtf8(QT_TRANSLATE_NOOP(
        "LinkType", "SIO: die-to-die link between the two chips of one Atlas A3 NPU, the fastest path."));
    sio.pairAdvice = QString::fromUtf8(
        QT_TRANSLATE_NOOP("TopologyAdvisor",
                          "%1 are the two dies of one NPU (SIO): put the ranks that talk most (a "
                          "TP pair) on one NPU's dies; other NPUs are a HCCS or HCCS_SW hop away."));
    LinkClass ub;
    ub.name = QStringLiteral("UB");
    ub.tokens = QStringList{QStringLiteral("UB")};
    ub.description = QString::fromUtf8(QT_TRANSLATE_NOOP(
        "LinkType", "UB: Unified Bus, the direct NPU-to-NPU fabric of Ascend 950 (Atlas 350) cards."));
    return {hccs, hccsSwitch, sio, ub};
}

} // namespace

Topology AscendBackend::parseTopology(const QByteArray &toolOutput) const
{
    return MatrixTopologyParser(QStringLiteral("npu-smi info -t topo"),
                                QStringList{QStringLiteral("NPU"), QStringLiteral("Phy-ID")}, linkClasses(),
                                // Atlas A3 names its dies by physical id (Phy-ID12); each is an NPU die to the user.
                                {{QStringLiteral("Phy-ID"), QStringLiteral("NPU die")}})
        .parse(toolOutput);
}

QStringList AscendBackend::telemetryCommand(int intervalMs) const
{
    // `-d` is whole seconds from 1 to 100 (the npu-smi manual).
    const int seconds = std::clamp((intervalMs + 500) / 1000, 1, 100);
    // The watch gives memory in % only: each NPU's usages (HBM Capacity(MB)) go first, in the same
    // process, so the reader knows the sizes (NpuSmiWatchReader).
    return {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("for i in $(npu-smi info -l | sed -n 's/^[[:space:]]*NPU ID[[:space:]]*:[[:space:]]*"
                           "\\([0-9][0-9]*\\).*/\\1/p'); do npu-smi info -t usages -i \"$i\"; done; "
                           "exec npu-smi info watch -d \"$1\""),
            QStringLiteral("sh"), QString::number(seconds)};
}

bool AscendBackend::recognisesTelemetry(QByteArrayView head) const
{
    return NpuSmiWatchReader::recognises(head);
}

std::unique_ptr<TelemetryReader> AscendBackend::createTelemetryReader() const
{
    return std::make_unique<NpuSmiWatchReader>();
}

namespace {

// Prints every candidate version file as "==> PATH <==" + content (like `head`), in one round trip.
const char *versionScript
    = "show() { [ -r \"$1\" ] && { echo \"==> $1 <==\"; cat \"$1\"; echo; }; }\n"
      "for base in \"$ASCEND_HOME_PATH\" \"$ASCEND_TOOLKIT_HOME\" /usr/local/Ascend/ascend-toolkit/latest; do\n"
      "  [ -n \"$base\" ] || continue\n"
      "  show \"$base/version.cfg\"; show \"$base/ascend_toolkit_install.info\"\n"
      "  for f in \"$base\"/*/ascend_toolkit_install.info; do show \"$f\"; done\n"
      "done\n"
      "show /usr/local/Ascend/driver/version.info\n"
      "true\n";

QList<QPair<QString, QByteArray>> sections(const QByteArray &out)
{
    QList<QPair<QString, QByteArray>> list;
    for (const QByteArray &line : out.split('\n')) {
        if (line.startsWith("==> ") && line.endsWith(" <==")) {
            list << qMakePair(QString::fromUtf8(line.mid(4, line.size() - 8)), QByteArray());
        } else if (!list.isEmpty()) {
            list.last().second += line + '\n';
        }
    }
    return list;
}

} // namespace

BackendProbe AscendBackend::probe(const CommandRunner &runner, const ProbeOptions &options) const
{
    using S = EnvCheck::Status;
    BackendProbe p;
    p.backendId = info().id;
    const CommandResult smi = VendorToolCheck::run(
        runner, {QStringLiteral("npu-smi"), QStringLiteral("info")},
        {QStringLiteral("npu.driver"), QStringLiteral("Ascend driver (npu-smi)"),
         QStringLiteral("an Ascend NPU with its driver"),
         QStringLiteral("No Ascend NPU here; on an NPU host install the driver (npu-smi ships with it)"),
         QStringLiteral("In a container, mount /dev/davinci*, /dev/davinci_manager, /dev/devmm_svm, /dev/hisi_hdc and "
                        "/usr/local/Ascend/driver")},
        p);
    if (smi.ok()) {
        p.inventory = NpuSmiParser::parse(smi.out);
        p.checks << EnvCheck::make(
            QStringLiteral("npu.devices"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "NPUs")),
            p.inventory && !p.inventory.devices.isEmpty() ? S::Ok : S::Fail,
            p.inventory ? p.inventory.summary() : p.inventory.error, QStringLiteral("at least one NPU"));
        QStringList unhealthy;
        for (const DeviceInfo &d : p.inventory.devices) {
            if (!d.health.isEmpty() && d.health != QLatin1String("OK"))
                unhealthy << QStringLiteral("NPU %1: %2").arg(d.card).arg(d.health);
        }
        if (!p.inventory.devices.isEmpty())
            p.checks << EnvCheck::make(
                QStringLiteral("npu.health"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "NPU health")),
                unhealthy.isEmpty() ? S::Ok : S::Warn,
                unhealthy.isEmpty() ? QStringLiteral("all OK") : unhealthy.join(QStringLiteral(", ")),
                QStringLiteral("OK"),
                unhealthy.isEmpty() ? QString()
                                    : QStringLiteral("npu-smi info -t health -i ID -c 0 shows the error code"));
        if (!p.inventory.devices.isEmpty()) {
            const CommandResult board = runner.run({QStringLiteral("npu-smi"), QStringLiteral("info"),
                                                    QStringLiteral("-t"), QStringLiteral("board"), QStringLiteral("-i"),
                                                    QString::number(p.inventory.devices.first().card)});
            const auto kv = NpuSmiParser::parseKeyValues(board.out);
            if (board.ok() && kv.contains(QStringLiteral("Firmware Version")))
                p.checks << EnvCheck::make(QStringLiteral("npu.board"),
                                           QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "NPU board")), S::Ok,
                                           QStringLiteral("software %1, firmware %2")
                                               .arg(kv.value(QStringLiteral("Software Version"), QStringLiteral("?")),
                                                    kv.value(QStringLiteral("Firmware Version"))));
        }
    }

    QString cann, cannFile, driver = p.inventory.driverVersion;
    for (const auto &s : sections(runner.runShell(QLatin1String(versionScript)).out)) {
        if (s.first.endsWith(QLatin1String("driver/version.info"))) {
            const QString v = CannVersionFiles::value(s.second, QStringLiteral("Version"));
            if (!v.isEmpty())
                driver = v;
        } else if (cann.isEmpty()) {
            cann = s.first.endsWith(QLatin1String("version.cfg"))
                ? CannVersionFiles::fromVersionCfg(s.second)
                : CannVersionFiles::value(s.second, QStringLiteral("version"));
            cannFile = s.first;
        }
    }
    const bool hasDevices = !p.inventory.devices.isEmpty();
    if (!driver.isEmpty())
        p.versions.insert(QStringLiteral("driver"), driver);
    if (!cann.isEmpty()) {
        p.versions.insert(QStringLiteral("cann"), cann);
        p.checks << EnvCheck::make(QStringLiteral("npu.cann"),
                                   QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "CANN toolkit")), S::Ok,
                                   QStringLiteral("CANN %1 (%2)").arg(cann, cannFile), QString());
    } else if (p.toolFound || hasDevices) {
        p.checks << EnvCheck::make(QStringLiteral("npu.cann"),
                                   QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "CANN toolkit")), S::Fail,
                                   QStringLiteral("no version.cfg found"),
                                   QStringLiteral("/usr/local/Ascend/ascend-toolkit/latest/version.cfg"),
                                   QStringLiteral("Install the CANN toolkit matching torch_npu (see the compat rows)"));
    }
    if (p.toolFound && !driver.isEmpty())
        p.checks << EnvCheck::make(QStringLiteral("npu.driver"),
                                   QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Ascend driver")), S::Ok,
                                   QStringLiteral("driver %1").arg(driver));

    if (!cann.isEmpty()) {
        const QString home = options.environment.value(
            QStringLiteral("ASCEND_HOME_PATH"), options.environment.value(QStringLiteral("ASCEND_TOOLKIT_HOME")));
        const QString ld = options.environment.value(QStringLiteral("LD_LIBRARY_PATH"));
        const bool sourced = !home.isEmpty() && (ld.contains(home) || ld.contains(QLatin1String("ascend-toolkit")));
        p.checks << EnvCheck::make(
            QStringLiteral("npu.set_env"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "CANN set_env.sh sourced")),
            sourced ? S::Ok : S::Fail,
            home.isEmpty() ? QStringLiteral("ASCEND_HOME_PATH unset")
                           : QStringLiteral("ASCEND_HOME_PATH=%1, LD_LIBRARY_PATH %2 it")
                                 .arg(home, sourced ? QStringLiteral("contains") : QStringLiteral("lacks")),
            QStringLiteral("ASCEND_HOME_PATH set and its lib64 on LD_LIBRARY_PATH"),
            sourced ? QString()
                    : QStringLiteral("source /usr/local/Ascend/ascend-toolkit/set_env.sh (add it to ~/.bashrc)"));
    }
    if (p.toolFound || !cann.isEmpty()) {
        QStringList hccl;
        for (auto it = options.environment.begin(); it != options.environment.end(); ++it) {
            if (it.key().startsWith(QLatin1String("HCCL_")))
                hccl << QStringLiteral("%1=%2").arg(it.key(), it.value());
        }
        p.checks << EnvCheck::make(
            QStringLiteral("npu.hccl_env"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "HCCL variables")),
            hccl.isEmpty() ? S::Skipped : S::Ok,
            hccl.isEmpty() ? QStringLiteral("none set (HCCL defaults)") : hccl.join(QStringLiteral(", ")),
            QStringLiteral("multi-node: HCCL_CONNECT_TIMEOUT, HCCL_IF_IP / HCCL_SOCKET_IFNAME"),
            hccl.isEmpty() ? QStringLiteral("Set HCCL_CONNECT_TIMEOUT=1200 for large jobs") : QString());
    }
    return p;
}
