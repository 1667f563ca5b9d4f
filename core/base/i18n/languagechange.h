// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

class QAbstractItemModel;

/// Qt sends QEvent::LanguageChange to widgets only; a model in core translates its headers and
/// texts when asked (data() / headerData() call tr()), so the widget showing it forwards the event.
class LanguageChange
{
public:
    /// Tells the views of `model` that every header and cell text may read differently now.
    static void notifyModel(QAbstractItemModel *model);
};
