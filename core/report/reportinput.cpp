#include "reportinput.h"

#include "charts/runlistmodel.h"

quint32 ReportInput::color(int run) const
{
    return run < colors.size() ? colors.at(run) : RunListModel::paletteColor(run);
}
