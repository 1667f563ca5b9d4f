// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

/// One file emitted from a TrainingConfig, with the relative path it is saved under.
struct ConfigArtifact
{
    enum class Language { Shell, Json, Yaml };
    QString fileName; ///< relative path (may contain folders, e.g. configs/fsdp_config.yaml)
    QString title; ///< tab title in the editor, English (marked QT_TRANSLATE_NOOP("ConfigArtifact", …))
    Language language = Language::Shell;
    QByteArray content;

    /// The title in the user-interface language.
    QString titleText() const { return QCoreApplication::translate("ConfigArtifact", title.toUtf8().constData()); }
};

using ConfigArtifacts = QList<ConfigArtifact>;
