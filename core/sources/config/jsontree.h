// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QStringList>

/// Nested-object arithmetic used to keep the keys PortBench does not model across an
/// import → edit → emit round trip: extras = subtract(original, modelled), and the emitted file is
/// merge(extras, modelled).
class JsonTree
{
public:
    /// `overlay` wins; objects present in both are merged recursively.
    static QJsonObject merge(const QJsonObject &base, const QJsonObject &overlay);
    /// `source` without the keys that `modelled` has (recursively; emptied objects disappear).
    static QJsonObject subtract(const QJsonObject &source, const QJsonObject &modelled);
    /// Dotted paths of the non-object values ("optimizer.params.torch_adam").
    static QStringList leafPaths(const QJsonObject &object);
};
