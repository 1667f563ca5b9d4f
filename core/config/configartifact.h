#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

/// One file emitted from a TrainingConfig, with the relative path it is saved under.
struct ConfigArtifact
{
    enum class Language { Shell, Json, Yaml };
    QString fileName; ///< relative path (may contain folders, e.g. configs/fsdp_config.yaml)
    QString title; ///< tab title in the editor
    Language language = Language::Shell;
    QByteArray content;
};

using ConfigArtifacts = QList<ConfigArtifact>;
