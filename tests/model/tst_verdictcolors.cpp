// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/model/verdictcolors.h"
#include "core/workflows/report/reportdocument.h"
#include "core/workflows/report/reporthtmlwriter.h"

#include <QTest>

#include <cmath>

using VerdictColors::Level;

namespace {

/// WCAG 2 relative luminance of 0xRRGGBB.
double luminance(quint32 rgb)
{
    const auto channel = [](quint32 c) {
        const double v = double(c & 0xff) / 255.0;
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb);
}

double contrast(quint32 a, quint32 b)
{
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

} // namespace

/// The verdict colours are defined once (VerdictColors) and readable in both themes; the report
/// takes its colours from there.
class TestVerdictColors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readable_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<bool>("dark");
        for (const bool dark : {false, true}) {
            for (const auto &[name, level] :
                 {std::pair{"pass", Level::Pass}, std::pair{"warn", Level::Warn}, std::pair{"fail", Level::Fail}})
                QTest::addRow("%s %s", name, dark ? "dark" : "light") << int(level) << dark;
        }
    }
    void readable()
    {
        QFETCH(int, level);
        QFETCH(bool, dark);
        const quint32 strong = VerdictColors::strong(Level(level), dark),
                      fill = VerdictColors::fill(Level(level), dark);
        // Strong text on its fill (a badge, a report row), and strong text on the window itself.
        QVERIFY2(contrast(strong, fill) >= 4.5, qPrintable(QString::number(contrast(strong, fill))));
        const quint32 window = dark ? 0x2b2b2b : 0xffffff;
        QVERIFY2(contrast(strong, window) >= 3.0, qPrintable(QString::number(contrast(strong, window))));
        // A dark fill for the dark theme, a light one for the light theme.
        QCOMPARE(luminance(fill) < 0.2, dark);
    }

    void namesAndCss()
    {
        Level level = Level::Pass;
        QVERIFY(VerdictColors::fromName(u"FAIL", &level));
        QCOMPARE(level, Level::Fail);
        QVERIFY(VerdictColors::fromName(u"warn", &level));
        QCOMPARE(level, Level::Warn);
        QVERIFY(!VerdictColors::fromName(u"info", &level));
        QCOMPARE(VerdictColors::css(0x1a7f37), QStringLiteral("#1a7f37"));
        QCOMPARE(VerdictColors::css(0x00ff00), QStringLiteral("#00ff00"));
    }

    void reportUsesThem()
    {
        ReportDocument doc;
        doc.title = QStringLiteral("t");
        doc.verdict = QStringLiteral("FAIL");
        const QString html = ReportHtmlWriter::write(doc, nullptr);
        for (const auto &[name, level] :
             {std::pair{"pass", Level::Pass}, std::pair{"warn", Level::Warn}, std::pair{"fail", Level::Fail}}) {
            QVERIFY(html.contains(QStringLiteral("--%1: %2;")
                                      .arg(QLatin1String(name), VerdictColors::css(VerdictColors::strong(level)))));
            QVERIFY(html.contains(QStringLiteral("--%1-fill: %2;")
                                      .arg(QLatin1String(name), VerdictColors::css(VerdictColors::fill(level)))));
        }
    }
};

QTEST_GUILESS_MAIN(TestVerdictColors)
#include "tst_verdictcolors.moc"
