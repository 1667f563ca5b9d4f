// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "theme.h"

#include <QApplication>
#include <QCoreApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace Theme {

Kind fromString(const QString &name)
{
    if (name == QLatin1String("light"))
        return Kind::Light;
    if (name == QLatin1String("dark"))
        return Kind::Dark;
    return Kind::System;
}

QString toString(Kind kind)
{
    switch (kind) {
    case Kind::Light: return QStringLiteral("light");
    case Kind::Dark: return QStringLiteral("dark");
    case Kind::System: break;
    }
    return QStringLiteral("system");
}

QString displayName(Kind kind)
{
    switch (kind) {
    case Kind::Light: return QCoreApplication::translate("Theme", "Light");
    case Kind::Dark: return QCoreApplication::translate("Theme", "Dark");
    case Kind::System: break;
    }
    //: View > Theme: the system's colours.
    return QCoreApplication::translate("Theme", "System");
}

namespace {
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x5c, 0xa8, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xc0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    return p;
}
}

void apply(Kind kind)
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    switch (kind) {
    case Kind::Dark: QApplication::setPalette(darkPalette()); break;
    case Kind::Light:
    case Kind::System: QApplication::setPalette(QApplication::style()->standardPalette()); break;
    }
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QTextCharFormat textFormat(const QColor &color, bool bold, bool italic)
{
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

} // namespace Theme
