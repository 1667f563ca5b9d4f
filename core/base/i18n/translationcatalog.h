// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

class QTranslator;

/// The user-interface language: PortBench's own catalogs (`:/i18n/*_<lang>.qm`, built from
/// resources/translations/*.ts and embedded in core) plus Qt's own (standard buttons and dialogs).
/// English is the source language: installing "en" removes the catalogs again. Installing a
/// language sends QEvent::LanguageChange to every widget, which is how open windows retranslate.
class TranslationCatalog
{
public:
    /// The languages there is a catalog for, English first: "en", "zh_CN".
    static QStringList languages();
    /// A language's own name ("English", "简体中文"), for a language menu.
    static QString nativeName(const QString &language);
    /// The language to use for this locale name ("zh_CN", "zh_SG" → "zh_CN"; anything else → "en").
    static QString languageForLocale(const QString &localeName);
    /// Installs `language`'s catalogs into the application (replacing those installed before).
    /// False, with `error` naming the missing catalog, when the language has none.
    static bool install(const QString &language, QString *error = nullptr);
    /// Every embedded catalog of one language (`:/i18n/*_<language>.qm`): the .ts files are split
    /// by source area (resources/translations/catalogs.txt), so one language is several files.
    static QStringList catalogFiles(const QString &language);
    /// The language installed last ("en" before any install).
    static QString current();

private:
    static QList<QTranslator *> &installed();
};
