// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pluginscommand.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

QString PluginsCommand::summary() const
{
    return QCoreApplication::translate(
        "PluginsCommand",
        "List the device-backend plugins (cuda, npu, musa) that loaded, their manifests, "
        "and every plugin file that failed to load.");
}

void PluginsCommand::addOptions(QCommandLineParser &parser)
{
    parser.addOption(
        {QStringLiteral("json"), QCoreApplication::translate("PluginsCommand", "Machine-readable output.")});
}

int PluginsCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const PluginManager &plugins = context.plugins();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray backends;
        for (const LoadedBackend &b : plugins.backends()) {
            const BackendInfo info = b.backend->info();
            QJsonObject o;
            o[QStringLiteral("id")] = info.id;
            o[QStringLiteral("displayName")] = info.displayName;
            o[QStringLiteral("torchDevice")] = info.torchDevice;
            o[QStringLiteral("torchExtension")] = info.torchExtension;
            o[QStringLiteral("collectiveLibrary")] = info.collectiveLibrary;
            o[QStringLiteral("visibleDevicesVariable")] = info.visibleDevicesVariable;
            o[QStringLiteral("vendorTool")] = info.vendorTool;
            o[QStringLiteral("manifest")] = b.manifest;
            o[QStringLiteral("path")] = b.path;
            backends.append(o);
        }
        QJsonArray errors;
        for (const PluginLoadError &e : plugins.errors())
            errors.append(QJsonObject{{QStringLiteral("path"), e.path}, {QStringLiteral("error"), e.message}});
        QJsonObject root;
        root[QStringLiteral("searchPaths")] = QJsonArray::fromStringList(plugins.searchPaths());
        root[QStringLiteral("backends")] = backends;
        root[QStringLiteral("errors")] = errors;
        context.out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return ExitCode::Ok;
    }
    context.out() << "Search paths:\n";
    for (const QString &p : plugins.searchPaths())
        context.out() << "  " << p << '\n';
    context.out() << "Backends:\n";
    for (const LoadedBackend &b : plugins.backends()) {
        const BackendInfo info = b.backend->info();
        context.out() << "  " << info.id << "\t" << info.displayName << "\t"
                      << b.manifest.value(QStringLiteral("version")).toString() << "\t" << info.collectiveLibrary
                      << "\t" << info.visibleDevicesVariable << "\t" << b.path << '\n';
    }
    if (plugins.backends().isEmpty())
        context.out() << "  (none found)\n";
    for (const PluginLoadError &e : plugins.errors())
        context.out() << "Failed: " << e.path << ": " << e.message << '\n';
    return ExitCode::Ok;
}
