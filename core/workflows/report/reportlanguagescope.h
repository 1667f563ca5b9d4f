// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

#include <memory>

class QObject;
class QTranslator;

/// While it lives, every tr() answers in the report's language — "en" or a language of
/// TranslationCatalog::languages() — whatever the user interface speaks: a Chinese report from an
/// English GUI, an English one from a Chinese GUI, a Chinese one from the English-only CLI. It
/// installs one translator ahead of the application's (the language's catalogs, English source
/// text for anything they lack) and holds back the QEvent::LanguageChange that installing it
/// would send, so that open windows do not retranslate around a report. Create it around building
/// and writing the report (ReportGenerator). On another thread than the application object's (the
/// GUI builds its report in the background) it answers on that thread only, the interface keeps
/// its language meanwhile; serveOtherThreads() must have been called before.
class ReportLanguageScope
{
public:
    explicit ReportLanguageScope(const QString &language);
    ~ReportLanguageScope();
    ReportLanguageScope(const ReportLanguageScope &) = delete;
    ReportLanguageScope &operator=(const ReportLanguageScope &) = delete;

    /// On the application's thread, before a report is built on another: installs, ahead of the
    /// interface's catalogs (again after a language switch put those first), the translator
    /// through which a scope on another thread answers. tr() on any thread without a scope is
    /// not changed by it.
    static void serveOtherThreads();

    /// Empty when the language's catalogs are in place; otherwise why not (the report is then
    /// written in English).
    QString error() const { return m_error; }

private:
    std::unique_ptr<QObject> m_eventFilter;
    std::unique_ptr<QTranslator> m_translator;
    const QTranslator *m_outerThreadTranslator = nullptr; ///< another thread: the scope this one nests in
    bool m_otherThread = false;
    QString m_error;
};
