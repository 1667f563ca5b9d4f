// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "aboutdialog.h"

#include "buildinfo.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/sources/plugins/runtimemodule.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

AboutDialog::AboutDialog(const PluginManager &plugins, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About PortBench"));
    auto title = new QLabel(tr("<h2>PortBench %1</h2><p>Port PyTorch LLM training from CUDA to Ascend NPU "
                               "and MUSA, and prove it trains the same.</p>")
                                .arg(QLatin1String(BuildInfo::version)),
                            this);
    auto text = new QTextBrowser(this);
    const QString versions = versionText(plugins);
    text->setPlainText(versions);
    auto buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [versions] { QGuiApplication::clipboard()->setText(versions); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(text);
    layout->addWidget(buttons);
    resize(560, 420);
}

QString AboutDialog::versionText(const PluginManager &plugins)
{
    QStringList lines;
    lines << QStringLiteral("PortBench %1").arg(QLatin1String(BuildInfo::version));
    lines << tr("Qt %1 (built with %2)").arg(QLatin1String(qVersion()), QLatin1String(QT_VERSION_STR));
    // Only Run Demo and .pt files load libtorch; About says whether they can, without loading it.
    const QString torchModule = RuntimeModule::path(QStringLiteral("portbench_torch_module"));
    lines << (QFileInfo::exists(torchModule) ? tr("libtorch module: %1 (loaded on first use)").arg(torchModule)
                                             : tr("libtorch module: not installed (no %1)").arg(torchModule));
    lines << QString();
    lines << tr("Backend plugins:");
    for (const LoadedBackend &b : plugins.backends()) {
        lines << QStringLiteral("  %1  %2 %3 (%4)")
                     .arg(b.backend->info().id, b.manifest.value(QStringLiteral("name")).toString(),
                          b.manifest.value(QStringLiteral("version")).toString(), b.path);
    }
    for (const PluginLoadError &e : plugins.errors())
        lines << tr("  failed: %1: %2").arg(e.path, e.message);
    return lines.join(QLatin1Char('\n'));
}
