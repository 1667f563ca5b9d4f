#pragma once

#include "devicebackend.h"

#include <QObject>

class CudaBackend : public QObject, public DeviceBackend
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID DeviceBackend_iid FILE "cudabackend.json")
    Q_INTERFACES(DeviceBackend)

public:
    BackendInfo info() const override;
    QByteArray portingRules() const override;
};
