#include "reportinput.h"

#include "runs/runlistmodel.h"

quint32 ReportInput::color(int run) const
{
    return run < colors.size() ? colors.at(run) : RunListModel::paletteColor(run);
}
