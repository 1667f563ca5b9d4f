// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportlanguagescope.h"

#include "core/base/i18n/translationcatalog.h"

#include <QCoreApplication>
#include <QEvent>
#include <QThread>
#include <QTranslator>

#include <atomic>
#include <vector>

namespace {

/// The report's language ahead of the application's catalogs: its own catalogs answer first, and
/// a message they lack answers in English rather than falling through to the interface language.
class ReportTranslator : public QTranslator
{
public:
    bool isEmpty() const override { return false; }

    QString translate(const char *context, const char *sourceText, const char *disambiguation, int n) const override
    {
        for (const auto &catalog : m_catalogs) {
            const QString text = catalog->translate(context, sourceText, disambiguation, n);
            if (!text.isNull())
                return text;
        }
        return QString::fromUtf8(sourceText);
    }

    std::vector<std::unique_ptr<QTranslator>> m_catalogs;
};

/// The report translator of the scope this thread is in, for a thread other than the application's.
thread_local const QTranslator *t_threadTranslator = nullptr;
std::atomic<bool> s_servingOtherThreads = false;

/// Installed once on the application's thread: answers for a thread inside a ReportLanguageScope
/// (with that scope's translator) and lets every other tr() fall through to the interface's
/// catalogs (a null string).
class OtherThreadTranslator : public QTranslator
{
public:
    bool isEmpty() const override { return false; }

    QString translate(const char *context, const char *sourceText, const char *disambiguation, int n) const override
    {
        return t_threadTranslator ? t_threadTranslator->translate(context, sourceText, disambiguation, n) : QString();
    }
};

/// Swallows the LanguageChange that QCoreApplication sends when the scope's translator comes and
/// goes: nothing on screen changed language.
class LanguageChangeFilter : public QObject
{
public:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        return event->type() == QEvent::LanguageChange || QObject::eventFilter(watched, event);
    }
};

} // namespace

ReportLanguageScope::ReportLanguageScope(const QString &language)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return; // no application, no translators: tr() is English already
    auto translator = std::make_unique<ReportTranslator>();
    if (language != QLatin1String("en")) {
        if (!TranslationCatalog::languages().contains(language))
            m_error = QStringLiteral("no report language %1 (known: %2)")
                          .arg(language, TranslationCatalog::languages().join(QStringLiteral(", ")));
        for (const QString &file : TranslationCatalog::catalogFiles(language)) {
            auto catalog = std::make_unique<QTranslator>();
            if (catalog->load(file))
                translator->m_catalogs.push_back(std::move(catalog));
        }
        if (m_error.isEmpty() && translator->m_catalogs.empty())
            m_error = QStringLiteral("the %1 catalogs are missing from this build").arg(language);
    }
    if (QThread::currentThread() != app->thread()) {
        // Installing a translator here would retranslate the open windows from this thread.
        if (!s_servingOtherThreads && m_error.isEmpty())
            m_error = QStringLiteral("no report language on this thread (ReportLanguageScope::serveOtherThreads)");
        m_otherThread = true;
        m_outerThreadTranslator = t_threadTranslator;
        m_translator = std::move(translator);
        t_threadTranslator = m_translator.get();
        return;
    }
    m_eventFilter = std::make_unique<LanguageChangeFilter>();
    app->installEventFilter(m_eventFilter.get());
    m_translator = std::move(translator);
    QCoreApplication::installTranslator(m_translator.get());
}

void ReportLanguageScope::serveOtherThreads()
{
    static OtherThreadTranslator translator;
    QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return;
    LanguageChangeFilter filter;
    app->installEventFilter(&filter);
    QCoreApplication::removeTranslator(&translator);
    QCoreApplication::installTranslator(&translator);
    app->removeEventFilter(&filter);
    s_servingOtherThreads = true;
}

ReportLanguageScope::~ReportLanguageScope()
{
    if (m_otherThread) {
        t_threadTranslator = m_outerThreadTranslator;
        return;
    }
    if (!m_translator)
        return;
    QCoreApplication::removeTranslator(m_translator.get());
    if (QCoreApplication *app = QCoreApplication::instance())
        app->removeEventFilter(m_eventFilter.get());
}
