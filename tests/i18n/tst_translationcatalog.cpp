// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/i18n/translationcatalog.h"

#include <QCoreApplication>
#include <QTest>

class TstTranslationCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void languageForLocale_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("language");
        QTest::newRow("mainland") << QStringLiteral("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("mainland utf8") << QStringLiteral("zh_CN.UTF-8") << QStringLiteral("zh_CN");
        QTest::newRow("singapore") << QStringLiteral("zh_SG") << QStringLiteral("zh_CN");
        QTest::newRow("taiwan stays English") << QStringLiteral("zh_TW") << QStringLiteral("en");
        QTest::newRow("english") << QStringLiteral("en_US") << QStringLiteral("en");
        QTest::newRow("C") << QStringLiteral("C") << QStringLiteral("en");
    }
    void languageForLocale()
    {
        QFETCH(QString, locale);
        QFETCH(QString, language);
        QCOMPARE(TranslationCatalog::languageForLocale(locale), language);
    }

    void unknownLanguageIsRefused()
    {
        QString error;
        QVERIFY(!TranslationCatalog::install(QStringLiteral("xx_YY"), &error));
        QVERIFY2(error.contains(QLatin1String("xx_YY")), qPrintable(error));
        QCOMPARE(TranslationCatalog::current(), QStringLiteral("en"));
    }

    void installAndRemoveChinese()
    {
        // A message of core's own catalog: translated once zh_CN is installed, English again after.
        const auto message
            = [] { return QCoreApplication::translate("TranslationCatalog", "Cannot read the catalog %1"); };
        QCOMPARE(message(), QStringLiteral("Cannot read the catalog %1"));
        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        QCOMPARE(TranslationCatalog::current(), QStringLiteral("zh_CN"));
        QCOMPARE(message(), QStringLiteral("无法读取翻译文件 %1"));
        QVERIFY(TranslationCatalog::install(QStringLiteral("en"), &error));
        QCOMPARE(message(), QStringLiteral("Cannot read the catalog %1"));
    }
};

QTEST_GUILESS_MAIN(TstTranslationCatalog)
#include "tst_translationcatalog.moc"
