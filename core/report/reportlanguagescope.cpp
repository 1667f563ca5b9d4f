#include "reportlanguagescope.h"

#include "i18n/translationcatalog.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTranslator>

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
    m_eventFilter = std::make_unique<LanguageChangeFilter>();
    app->installEventFilter(m_eventFilter.get());
    m_translator = std::move(translator);
    QCoreApplication::installTranslator(m_translator.get());
}

ReportLanguageScope::~ReportLanguageScope()
{
    if (!m_translator)
        return;
    QCoreApplication::removeTranslator(m_translator.get());
    if (QCoreApplication *app = QCoreApplication::instance())
        app->removeEventFilter(m_eventFilter.get());
}
