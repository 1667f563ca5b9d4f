#include "torchtensorio.h"

#include <caffe2/serialize/in_memory_adapter.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/unpickler.h>
#include <torch/serialize.h>
#include <torch/torch.h>

#include <QFile>
#include <QSaveFile>

#include <cstring>

namespace {

struct DtypeName
{
    c10::ScalarType type;
    const char *name;
};

// PyTorch's own spelling (str(torch.float32) without the "torch." prefix).
constexpr DtypeName dtypeNames[] = {
    {c10::ScalarType::Float, "float32"}, {c10::ScalarType::Double, "float64"}, {c10::ScalarType::Half, "float16"},
    {c10::ScalarType::BFloat16, "bfloat16"}, {c10::ScalarType::Long, "int64"}, {c10::ScalarType::Int, "int32"},
    {c10::ScalarType::Short, "int16"}, {c10::ScalarType::Char, "int8"}, {c10::ScalarType::Byte, "uint8"},
    {c10::ScalarType::Bool, "bool"},
};

QString dtypeName(c10::ScalarType type)
{
    for (const DtypeName &d : dtypeNames) {
        if (d.type == type)
            return QLatin1String(d.name);
    }
    return QString::fromUtf8(c10::toString(type));
}

bool scalarTypeOf(const QString &name, c10::ScalarType *type)
{
    for (const DtypeName &d : dtypeNames) {
        if (name == QLatin1String(d.name)) {
            *type = d.type;
            return true;
        }
    }
    return false;
}

TensorData toTensorData(const QString &name, const at::Tensor &tensor)
{
    TensorData d;
    d.name = name;
    d.dtype = dtypeName(tensor.scalar_type());
    for (int64_t s : tensor.sizes())
        d.shape.append(s);
    const auto wide = tensor.detach().to(torch::kCPU).to(torch::kDouble).contiguous();
    d.values.assign(wide.data_ptr<double>(), wide.data_ptr<double>() + wide.numel());
    return d;
}

/// Collects the tensors of an unpickled value: dicts and lists nest with "." in the names, and
/// entries that are not tensors (a step counter, a config string) are skipped.
void flatten(const QString &prefix, const c10::IValue &value, TensorFile &file)
{
    auto join = [&prefix](const QString &key) { return prefix.isEmpty() ? key : prefix + QLatin1Char('.') + key; };
    if (value.isTensor()) {
        file.tensors.append(toTensorData(prefix, value.toTensor()));
    } else if (value.isGenericDict()) {
        for (const auto &entry : value.toGenericDict()) {
            const c10::IValue &key = entry.key();
            QString name;
            if (key.isString())
                name = QString::fromStdString(key.toStringRef());
            else if (key.isInt())
                name = QString::number(key.toInt());
            else
                name = QString::fromStdString(key.tagKind());
            flatten(join(name), entry.value(), file);
        }
    } else if (value.isList()) {
        const auto list = value.toListRef();
        for (size_t i = 0; i < list.size(); ++i)
            flatten(join(QString::number(i)), list[i], file);
    } else if (value.isTuple()) {
        const auto &elements = value.toTupleRef().elements();
        for (size_t i = 0; i < elements.size(); ++i)
            flatten(join(QString::number(i)), elements[i], file);
    }
}

/// libtorch's unpickler turns every collections.OrderedDict into None (it expects them only as a
/// tensor's empty backward hooks), which would lose every state_dict. In the pickle torch.save
/// writes (protocol 2, no frames, so no byte offsets to keep), an OrderedDict is created by
/// `c collections\nOrderedDict\n`, a memo put of the class, `)R` (call with no arguments), and later
/// ones by a memo get of the class and `)R`. Each creation becomes `}` (an empty dict) that the
/// following SETITEMS fill in order.
void mapOrderedDictsToDicts(std::string &pickle)
{
    static const std::string global = "ccollections\nOrderedDict\n";
    const size_t at = pickle.find(global);
    if (at == std::string::npos)
        return;
    size_t put = at + global.size();
    std::string memoGet;
    if (pickle.compare(put, 1, "q") == 0 && put + 1 < pickle.size()) {
        memoGet = std::string("h") + pickle[put + 1]; // BINPUT n → BINGET n
        put += 2;
    } else if (pickle.compare(put, 1, "r") == 0 && put + 4 < pickle.size()) {
        memoGet = "j" + pickle.substr(put + 1, 4); // LONG_BINPUT → LONG_BINGET
        put += 5;
    } else {
        return;
    }
    if (pickle.compare(put, 2, ")R") != 0)
        return;
    pickle.replace(at, put + 2 - at, "}");
    const std::string call = memoGet + ")R";
    for (size_t p = pickle.find(call, at); p != std::string::npos; p = pickle.find(call, p + 1))
        pickle.replace(p, call.size(), "}");
}

/// torch::pickle_load, with the OrderedDict fix above applied to the archive's data.pkl.
c10::IValue unpickleTorchSave(const QByteArray &bytes)
{
    caffe2::serialize::PyTorchStreamReader archive(
        std::make_unique<caffe2::serialize::MemoryReadAdapter>(bytes.constData(), size_t(bytes.size())));
    const auto [data, size] = archive.getRecord("data.pkl");
    std::string pickle(static_cast<const char *>(data.get()), size);
    mapOrderedDictsToDicts(pickle);
    size_t position = 0;
    auto read = [&](char *buffer, size_t wanted) {
        const size_t n = std::min(wanted, pickle.size() - position);
        std::memcpy(buffer, pickle.data() + position, n);
        position += n;
        return n;
    };
    auto readRecord = [&archive](const std::string &name) { return std::get<0>(archive.getRecord("data/" + name)); };
    torch::jit::Unpickler unpickler(read, nullptr, nullptr, readRecord, c10::nullopt);
    unpickler.set_version(archive.version());
    return unpickler.parse_ivalue();
}

} // namespace

namespace TorchTensorIo {

TensorFile load(const QString &path)
{
    TensorFile file;
    file.path = path;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        file.error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return file;
    }
    const QByteArray bytes = f.readAll();
    if (!bytes.startsWith("PK\x03\x04")) {
        file.error = QStringLiteral("%1: not a torch.save zip archive (files from PyTorch < 1.6 or written with "
                                    "_use_new_zipfile_serialization=False are not supported)")
                         .arg(path);
        return file;
    }
    try {
        const c10::IValue value = unpickleTorchSave(bytes);
        flatten(QString(), value, file);
    } catch (const std::exception &e) {
        file.tensors.clear();
        file.error = QStringLiteral("%1: cannot unpickle: %2")
                         .arg(path, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return file;
    }
    if (file.tensors.isEmpty())
        file.error = QStringLiteral("%1: holds no tensors").arg(path);
    return file;
}

QString save(const QString &path, const TensorFile &file)
{
    try {
        c10::Dict<std::string, at::Tensor> dict;
        for (const TensorData &t : file.tensors) {
            c10::ScalarType type;
            if (!scalarTypeOf(t.dtype, &type))
                return QStringLiteral("%1: tensor '%2': unsupported dtype '%3'").arg(path, t.name, t.dtype);
            std::vector<int64_t> shape(t.shape.cbegin(), t.shape.cend());
            auto values = torch::tensor(t.values, torch::kDouble);
            dict.insert(t.name.toStdString(), values.reshape(shape).to(type));
        }
        const std::vector<char> bytes = torch::pickle_save(c10::IValue(dict));
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly))
            return QStringLiteral("%1: %2").arg(path, out.errorString());
        out.write(bytes.data(), qint64(bytes.size()));
        if (!out.commit())
            return QStringLiteral("%1: %2").arg(path, out.errorString());
    } catch (const std::exception &e) {
        return QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
    }
    return {};
}

} // namespace TorchTensorIo
