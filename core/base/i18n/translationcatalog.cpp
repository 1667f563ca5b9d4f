// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "translationcatalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace {
QString &currentLanguage()
{
    static QString language = QStringLiteral("en");
    return language;
}

} // namespace

QStringList TranslationCatalog::languages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString TranslationCatalog::nativeName(const QString &language)
{
    if (language == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QStringList TranslationCatalog::catalogFiles(const QString &language)
{
    const QDir dir(QStringLiteral(":/i18n"));
    QStringList files;
    const QStringList names = dir.entryList({QStringLiteral("*_%1.qm").arg(language)}, QDir::Files, QDir::Name);
    for (const QString &name : names)
        files << dir.filePath(name);
    return files;
}

QString TranslationCatalog::languageForLocale(const QString &localeName)
{
    // Simplified Chinese for mainland China and Singapore; Traditional Chinese locales (zh_TW,
    // zh_HK) would be shown Simplified characters, so they stay on the source language.
    if (localeName.startsWith(QLatin1String("zh_CN")) || localeName.startsWith(QLatin1String("zh_SG"))
        || localeName == QLatin1String("zh") || localeName.startsWith(QLatin1String("zh_Hans")))
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QList<QTranslator *> &TranslationCatalog::installed()
{
    static QList<QTranslator *> translators;
    return translators;
}

bool TranslationCatalog::install(const QString &language, QString *error)
{
    if (!languages().contains(language)) {
        if (error)
            *error = QCoreApplication::translate("TranslationCatalog", "No translation for language %1 (known: %2)")
                         .arg(language, languages().join(QStringLiteral(", ")));
        return false;
    }
    QList<QTranslator *> loaded;
    if (language != QLatin1String("en")) {
        const QStringList files = catalogFiles(language);
        if (files.isEmpty()) {
            if (error)
                *error
                    = QCoreApplication::translate("TranslationCatalog", "The %1 catalogs are missing from this build")
                          .arg(language);
            return false;
        }
        for (const QString &file : files) {
            auto *translator = new QTranslator;
            if (!translator->load(file)) {
                if (error)
                    *error = QCoreApplication::translate("TranslationCatalog", "Cannot read the catalog %1").arg(file);
                delete translator;
                qDeleteAll(loaded);
                return false;
            }
            loaded << translator;
        }
        // Qt's own catalog (button boxes, file dialogs); Debian's qt6-translations-l10n. Optional:
        // without it those few texts stay English.
        auto *qtTranslator = new QTranslator;
        if (qtTranslator->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                               QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            loaded << qtTranslator;
        else
            delete qtTranslator;
    }
    for (QTranslator *old : std::as_const(installed())) {
        QCoreApplication::removeTranslator(old);
        delete old;
    }
    installed() = loaded;
    for (QTranslator *translator : std::as_const(loaded))
        QCoreApplication::installTranslator(translator);
    currentLanguage() = language;
    return true;
}

QString TranslationCatalog::current()
{
    return currentLanguage();
}
