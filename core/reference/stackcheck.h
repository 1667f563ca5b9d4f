#pragma once

#include "reference/stackcheckoutcome.h"
#include "reference/stackcheckrequest.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>

/// The device stack check: PortBench's reference GPT as a Python workload (resources/stackcheck,
/// compiled into core) run in the user's own Python stack, here or over SSH through CommandRunner,
/// then judged by the parity engine against the shipped reference curve for the precision: CUDA's
/// when one is shipped, else the CPU's (said in the outcome's notes). docs/stackcheck.md.
class StackCheck
{
public:
    /// Called on the calling thread with every record of the run's log as it is read (the start
    /// record, each step, the end record): live for local runs, after the end for remote ones.
    using RecordCallback = std::function<void(const QJsonObject &record)>;

    /// Blocks until the workload ends (the GUI calls it from a worker thread).
    static StackCheckOutcome run(const StackCheckRequest &request, const RecordCallback &onRecord = {});

    /// Writes the workload (stackcheck.py, init-weights.safetensors, tokens.safetensors) into dir.
    /// Returns an error naming the file, or an empty string.
    static QString writeWorkload(const QString &dir);
    /// The shipped reference for a precision (a resource path) and its device: for `auto` CUDA's
    /// when shipped, else the CPU's; for `cuda` / `cpu` that one. Empty when it is not shipped.
    static QString referenceResource(const QString &precision, const QString &wanted, QString *device);
    /// The workload's own command line (after the interpreter) for a request and file locations.
    static QStringList workloadArguments(const StackCheckRequest &request, const QString &scriptDir,
                                         const QString &weights, const QString &log);
};
