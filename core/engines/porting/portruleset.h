// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/porttypes.h"

#include <QByteArray>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

class PluginManager;

/// The porting rules for one direction (source device → target device), read from the JSON a
/// backend plugin carries (DeviceBackend::portingRules()). The format is documented in
/// docs/porting.md; in short a document holds `rulesets`, each with a `source`, a `target`, the
/// import to add to entry points, imports to drop, and `rules` of four kinds:
///  - `dotted`: a dotted name in code (`torch.cuda`, optionally only with the listed `members`);
///  - `attribute`: `.name` after an expression (`.cuda(`, `.is_cuda`, `.to(0)`);
///  - `string`: a regular expression over a string literal's text (f-string fields are skipped);
///  - `file`: file names (`*.cu`) that cannot be ported by rewriting.
class PortRuleSet
{
public:
    enum class Kind { Dotted, Attribute, String, File };

    struct Rule
    {
        QString id;
        Kind kind = Kind::Dotted;
        Port::Severity severity = Port::Severity::Manual;
        QString message;
        QString replace; ///< applied for auto-fix rules (dotted/attribute: the new text; string: regex replacement)
        QString suggest; ///< shown for manual/unsupported rules
        QStringList match; ///< dotted: the name parts; attribute: one name
        QStringList members; ///< dotted: only these next names (empty: any)
        bool anchored = true; ///< dotted: the first name must not follow a '.'
        bool importsOnly = false; ///< dotted: only in import statements
        QString prependArg; ///< dotted: only calls; this text becomes the first argument (`"npu"`)
        bool call = false; ///< attribute: must be called
        bool firstArgNumber = false; ///< attribute: the first argument is a number literal (`.to(0)`)
        QRegularExpression pattern; ///< string rules
        bool skipComparisons = false; ///< string: leave literals compared with ==/!=/in to the comparison rule
        bool comparisonsOnly = false; ///< string: only literals that are compared
        QStringList globs; ///< file rules
    };

    static PortRuleSet fromJson(const QByteArray &json, const QString &source, const QString &target,
                                const QString &origin = QString());
    /// The rules for porting `cuda` code to `target` (from that backend's plugin), or with
    /// `reverse` for porting `target` code back to cuda (from the cuda plugin).
    static PortRuleSet fromBackends(const PluginManager &plugins, const QString &target, bool reverse);
    /// The devices code can be ported to: every loaded backend plugin but cuda, the source.
    static QStringList targets(const PluginManager &plugins);

    QString error;
    explicit operator bool() const { return error.isEmpty(); }

    /// A string literal's text names the source device or backend: a comparison rule matches it.
    bool namesSourceDevice(const QString &literal) const;
    /// An auto-fix string rule that is no comparison rule rewrites the literal's text.
    bool rewritesLiteral(const QString &literal) const;

    QString source;
    QString target;
    /// The target's device extension module ("torch_npu"), its torch device type ("npu") and its
    /// collective backend ("hccl"), from the target plugin's BackendInfo; empty for cuda.
    QString extension;
    QString device;
    QString collective;
    QString entryImport; ///< "import <extension>" unless the rules file names another
    /// The automatic migration import, e.g. "from torch_npu.contrib import transfer_to_npu"; empty
    /// when the backend has none (Port::Options::automaticMigration).
    QString transferImport;
    /// Dotted names besides torch.<device> that exist only once the extension is imported
    /// (`torch.backends.mudnn`): a module using them needs the extension import.
    QStringList extensionNames;
    QStringList dropImports; ///< modules whose import statements are removed (reverse direction)
    QList<Rule> rules; ///< dotted rules ordered longest match first
};
