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
/// would send, so that open windows do not retranslate around a report. Create it on the thread
/// that owns the application object, around building and writing the report (ReportGenerator).
class ReportLanguageScope
{
public:
    explicit ReportLanguageScope(const QString &language);
    ~ReportLanguageScope();
    ReportLanguageScope(const ReportLanguageScope &) = delete;
    ReportLanguageScope &operator=(const ReportLanguageScope &) = delete;

    /// Empty when the language's catalogs are in place; otherwise why not (the report is then
    /// written in English).
    QString error() const { return m_error; }

private:
    std::unique_ptr<QObject> m_eventFilter;
    std::unique_ptr<QTranslator> m_translator;
    QString m_error;
};
