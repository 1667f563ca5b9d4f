// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "tfeventwriter.h"

#include "core/sources/logs/tensorboard/crc32c.h"
#include "tfevent.pb.h"

#include <cstring>

namespace {

void putU32(QByteArray &out, quint32 v)
{
    for (int i = 0; i < 4; ++i)
        out.append(char((v >> (8 * i)) & 0xff));
}

portbench::tfevent::Event event(qint64 step, double wallTime)
{
    portbench::tfevent::Event e;
    e.set_step(step);
    e.set_wall_time(wallTime);
    return e;
}

} // namespace

QByteArray TfEventWriter::frame(const QByteArray &payload)
{
    QByteArray out;
    out.reserve(payload.size() + 16);
    const auto length = quint64(payload.size());
    for (int i = 0; i < 8; ++i)
        out.append(char((length >> (8 * i)) & 0xff));
    putU32(out, Crc32c::mask(Crc32c::compute(out.constData(), 8)));
    out.append(payload);
    putU32(out, Crc32c::mask(Crc32c::compute(payload.constData(), size_t(payload.size()))));
    return out;
}

QByteArray TfEventWriter::frame(const portbench::tfevent::Event &event)
{
    const std::string bytes = event.SerializeAsString();
    return frame(QByteArray(bytes.data(), qsizetype(bytes.size())));
}

QByteArray TfEventWriter::fileVersion(double wallTime)
{
    portbench::tfevent::Event e = event(0, wallTime);
    e.set_file_version("brain.Event:2");
    return frame(e);
}

QByteArray TfEventWriter::scalar(qint64 step, double wallTime, const QString &tag, float value)
{
    portbench::tfevent::Event e = event(step, wallTime);
    auto *v = e.mutable_summary()->add_value();
    v->set_tag(tag.toStdString());
    v->set_simple_value(value);
    return frame(e);
}

QByteArray TfEventWriter::tensorScalar(qint64 step, double wallTime, const QString &tag, double value, bool isDouble,
                                       bool inContent)
{
    portbench::tfevent::Event e = event(step, wallTime);
    auto *v = e.mutable_summary()->add_value();
    v->set_tag(tag.toStdString());
    v->mutable_metadata()->mutable_plugin_data()->set_plugin_name("scalars");
    auto *t = v->mutable_tensor();
    t->set_dtype(isDouble ? portbench::tfevent::DT_DOUBLE : portbench::tfevent::DT_FLOAT);
    t->mutable_tensor_shape(); // rank 0
    if (inContent) {
        std::string content(isDouble ? 8 : 4, '\0');
        if (isDouble) {
            std::memcpy(content.data(), &value, 8);
        } else {
            const auto f = float(value);
            std::memcpy(content.data(), &f, 4);
        }
        t->set_tensor_content(content);
    } else if (isDouble) {
        t->add_double_val(value);
    } else {
        t->add_float_val(float(value));
    }
    return frame(e);
}

QByteArray TfEventWriter::text(qint64 step, double wallTime, const QString &tag, const QString &text)
{
    portbench::tfevent::Event e = event(step, wallTime);
    auto *v = e.mutable_summary()->add_value();
    v->set_tag(tag.toStdString());
    v->mutable_metadata()->mutable_plugin_data()->set_plugin_name("text");
    auto *t = v->mutable_tensor();
    t->set_dtype(portbench::tfevent::DT_STRING);
    t->mutable_tensor_shape()->add_dim()->set_size(1);
    t->add_string_val(text.toStdString());
    return frame(e);
}
