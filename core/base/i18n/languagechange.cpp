// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "languagechange.h"

#include <QAbstractItemModel>

void LanguageChange::notifyModel(QAbstractItemModel *model)
{
    const int columns = model->columnCount();
    const int rows = model->rowCount();
    if (columns > 0)
        Q_EMIT model->headerDataChanged(Qt::Horizontal, 0, columns - 1);
    if (rows > 0)
        Q_EMIT model->headerDataChanged(Qt::Vertical, 0, rows - 1);
    if (rows > 0 && columns > 0)
        Q_EMIT model->dataChanged(model->index(0, 0), model->index(rows - 1, columns - 1),
                                  {Qt::DisplayRole, Qt::ToolTipRole});
}
