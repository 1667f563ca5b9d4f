// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "wheelguard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>
#include <QSlider>

bool WheelGuard::guards(const QObject *object)
{
    // Scroll bars are sliders too, and the wheel is what they are for.
    return qobject_cast<const QAbstractSpinBox *>(object) || qobject_cast<const QComboBox *>(object)
        || qobject_cast<const QSlider *>(object);
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel && guards(watched) && !static_cast<QWidget *>(watched)->hasFocus()) {
        // Filtered but not accepted: QApplication offers the event to the parent widget next.
        event->ignore();
        return true;
    }
    if (event->type() == QEvent::Polish && guards(watched)) {
        // No focus by wheel either: the first turn over a control must not select it.
        auto *widget = static_cast<QWidget *>(watched);
        if (widget->focusPolicy() == Qt::WheelFocus)
            widget->setFocusPolicy(Qt::StrongFocus);
    }
    return QObject::eventFilter(watched, event);
}
