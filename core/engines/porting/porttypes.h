// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

/// Plain value types of the porting assistant, shared by the engine, the reports, the model,
/// the CLI and the porting dock.
namespace Port {

/// What a finding asks of the user.
enum class Severity {
    AutoFix, ///< rewritten by the rules; review in the diff
    Manual, ///< needs a human decision (behaviour may change)
    Unsupported, ///< no equivalent on the target: the code must be replaced
};

QString severityName(Severity severity); ///< "auto-fix", "manual", "unsupported"
bool severityFromName(const QString &name, Severity *severity);

struct Finding
{
    QString file; ///< relative to the scanned root ('/' separators)
    int line = 0; ///< 1-based
    int column = 0; ///< 1-based
    QString ruleId;
    Severity severity = Severity::Manual;
    QString message;
    QString suggestion; ///< the replacement text (auto-fix) or what to use instead
};

struct Options
{
    /// Also add the rules' automatic migration import (PortRuleSet::transferImport, which patches
    /// torch.cuda at run time, e.g. Ascend's transfer_to_npu) to entry points.
    bool automaticMigration = false;
    /// Insert the device import into every file that imports torch, not only into entry points
    /// (files with an `if __name__ == "__main__":` guard). Set for single-file scans.
    bool everyFileIsEntryPoint = false;
};

/// One file after porting.
struct FileResult
{
    QString path; ///< relative to the scanned root
    QString error; ///< unreadable, not UTF-8, not tokenizable: the file is copied unchanged
    QString original;
    QString ported; ///< equals original when nothing changed
    QList<Finding> findings;
    bool isPython = true; ///< false for files reported by file rules (.cu) and copied as they are

    bool changed() const { return original != ported; }
};

/// A whole scan: every file, in path order.
struct Result
{
    QString root; ///< absolute path of the scanned folder (or of the single file's folder)
    QString source; ///< "cuda", or "npu"/"musa" for the reverse direction
    QString target;
    QList<FileResult> files;
    QList<Finding> errors; ///< read and lexical errors, as findings of rule "read-error"
    bool canceled = false;
    bool singleFile = false; ///< the scan was of one file: root is its folder

    QList<Finding> findings() const; ///< all findings, errors first, then file by file
    int count(Severity severity) const;
    /// True when manual or unsupported findings remain (the CLI's exit code 3).
    bool needsHuman() const;
};

} // namespace Port
