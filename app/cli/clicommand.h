// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/paritypresets.h"

#include <QCommandLineParser>
#include <QString>
#include <QTextStream>

#include <optional>

class PluginManager;

/// Exit codes shared by every subcommand, so scripts can rely on them.
namespace ExitCode {
constexpr int Ok = 0;
constexpr int Failed = 1; ///< the command ran and its answer is "no" (a FAIL verdict, a failed check)
constexpr int UsageError = 2; ///< bad arguments or unreadable input
}

/// What every subcommand gets: its output streams and the lazily loaded plugins.
class CliContext
{
public:
    CliContext();
    ~CliContext();

    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }
    PluginManager &plugins();
    /// The parity presets the loaded plugins bring beside core's (read once, loading the plugins).
    const ParityPresets &parityPresets();
    /// Flushes and closes standard output; why that or any earlier write to it failed (a full
    /// disk, a file size limit), empty when everything written arrived.
    QString closeOutput();

private:
    QTextStream m_out;
    QTextStream m_err;
    PluginManager *m_plugins = nullptr;
    std::optional<ParityPresets> m_parityPresets;
};

/// One `portbench-cli` subcommand. Subclasses declare their options and do the work; the base
/// handles `--help` and option errors the same way for all of them.
class CliCommand
{
public:
    virtual ~CliCommand() = default;

    virtual QString name() const = 0;
    virtual QString summary() const = 0;
    /// True for a command that draws (charts, PDF): main() then runs it under the drawing module's
    /// QApplication (ReportDrawingModule) on the offscreen platform instead of a QCoreApplication,
    /// so it still needs no display.
    virtual bool needsGui() const { return false; }
    /// True for a command whose options list what the plugins bring (--preset: the context's
    /// parity presets): run() reads them before declaring its options (parityPresets()).
    virtual bool listsPluginPresets() const { return false; }

    /// Parses args (args[0] is the subcommand name) and runs; returns the process exit code.
    int run(const QStringList &args, CliContext &context);

    /// The language of --help texts, from LC_ALL, LC_MESSAGES or LANG ("zh_CN.UTF-8" → "zh_CN");
    /// "en" when none names a language PortBench has.
    static QString helpLanguage();

protected:
    virtual void addOptions(QCommandLineParser &parser) = 0;
    virtual int execute(const QCommandLineParser &parser, CliContext &context) = 0;
    /// Declares the options (their help texts in the language installed now).
    void setUp(QCommandLineParser &parser, QCommandLineOption &help, CliContext &context);
    /// Prints the help in helpLanguage(), installed only for this.
    int printHelp(CliContext &context);
    /// Prints "portbench-cli NAME: message" to stderr and returns ExitCode::UsageError.
    int usageError(CliContext &context, const QString &message) const;
    /// The context's parity presets, for addOptions() of a command that listsPluginPresets().
    const ParityPresets &parityPresets() const { return *m_parityPresets; }

private:
    const ParityPresets *m_parityPresets = nullptr;
};
