// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portengine.h"

#include "core/engines/porting/deviceflow.h"
#include "core/engines/porting/deviceimports.h"
#include "core/engines/porting/portedits.h"
#include "core/engines/porting/portsource.h"
#include "core/engines/porting/pythontokenizer.h"
#include "core/engines/porting/rulerewriter.h"

PortEngine::PortEngine(const PortRuleSet &rules, const Port::Options &options)
    : m_rules(rules)
    , m_options(options)
{ }

Port::FileResult PortEngine::portText(const QString &path, const QString &text) const
{
    Port::FileResult result;
    result.path = path;
    result.original = text;
    result.ported = text;
    const PythonTokens tokens = PythonTokenizer::tokenize(text);
    if (!tokens) {
        result.error
            = QStringLiteral("%1:%2: %3; file left unchanged").arg(path).arg(tokens.errorLine).arg(tokens.error);
        return result;
    }
    // The passes read the original tokens and only add edits; the text changes once, at the end.
    const PortSource source(text, tokens.tokens);
    PortEdits edits(path);
    const DeviceImports imports(source, m_rules, m_options);
    // Removed imports first: no rule applies inside a statement that is gone.
    const QList<bool> dropped = imports.drop(edits);
    // Before the walk: whether a compared literal is rewritten depends on the whole module.
    const DeviceFlow flow = DeviceFlow::trace(source, m_rules);
    RuleRewriter(source, m_rules, flow, edits).run(dropped);
    // Last: whether the extension import is needed depends on the ported text.
    imports.addEntryImport(edits);
    edits.sortFindings();
    result.ported = edits.apply(text);
    result.findings = edits.findings();
    return result;
}
