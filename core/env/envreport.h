#pragma once

#include "env/backendprobe.h"
#include "env/envcheck.h"
#include "env/hostfacts.h"
#include "env/pythonenvironment.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

/// Everything one `env` run found on one host, and its rows in display order.
struct EnvReport
{
    QString host; ///< "this machine" or the SSH destination
    QString backend; ///< what was asked: auto, cuda, npu, musa
    QDateTime generated;
    HostFacts hostFacts;
    PythonEnvironment python;
    QList<BackendProbe> backends;
    QList<EnvCheck> checks;

    int count(EnvCheck::Status status) const;
    bool hasFailures() const { return count(EnvCheck::Status::Fail) > 0; }
    QJsonObject toJson() const;
    QString toMarkdown() const;
    /// Aligned plain text for terminals.
    QString toText() const;
};
