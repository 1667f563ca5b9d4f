// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>

/// Keeps the mouse wheel from changing values the user did not aim at: over a spin box, combo box
/// or slider that does not have keyboard focus, the wheel event is passed on to the parent (so the
/// form around it scrolls) instead of changing the value. Installed on the application by the
/// main window; clicking or tabbing into a control gives it focus, and then the wheel works on it.
class WheelGuard : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    /// True for the value controls this guard protects.
    static bool guards(const QObject *object);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};
