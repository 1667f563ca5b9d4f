// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>
#include <QString>

/// Loads an optional part of PortBench that is built as a Qt plugin of its own and used by only a
/// few commands (libtorch, the chart/PDF drawing): `lib/portbench/modules/NAME.so` beside the
/// executable's `bin/` (the build tree mirrors the installed layout), or in the folder named by
/// PORTBENCH_MODULE_PATH. Loading happens on first use, so everything else starts without it.
class RuntimeModule
{
public:
    /// The module's instance cast to Interface, or nullptr with *error naming the file and why
    /// (absent, not loadable, another interface or version). Modules stay loaded.
    template<class Interface>
    static Interface *load(const QString &name, QString *error)
    {
        QObject *root = instance(name, error);
        auto *typed = qobject_cast<Interface *>(root);
        if (root && !typed && error)
            *error = wrongInterface(name, QLatin1String(qobject_interface_iid<Interface *>()));
        return typed;
    }

    /// Where the module named name is looked for.
    static QString path(const QString &name);

private:
    static QObject *instance(const QString &name, QString *error);
    static QString wrongInterface(const QString &name, const QString &iid);
};
