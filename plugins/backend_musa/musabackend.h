#pragma once

#include "devicebackend.h"

#include <QObject>

class MusaBackend : public QObject, public DeviceBackend
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID DeviceBackend_iid FILE "musabackend.json")
    Q_INTERFACES(DeviceBackend)

public:
    BackendInfo info() const override;
    QByteArray portingRules() const override;
};
