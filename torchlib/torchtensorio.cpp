// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "torchtensorio.h"

#include "core/base/io/inputfile.h"
#include "core/base/io/safefilewriter.h"
#include "core/sources/tensors/tensordata.h"
#include "core/sources/tensors/zipdirectory.h"

#include <caffe2/serialize/read_adapter_interface.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/serialize.h>
#include <torch/torch.h>

#include <QFile>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <map>

namespace {

struct DtypeName
{
    c10::ScalarType type;
    const char *name;
};

// PyTorch's own spelling (str(torch.float32) without the "torch." prefix).
constexpr DtypeName dtypeNames[] = {
    {c10::ScalarType::Float, "float32"},     {c10::ScalarType::Double, "float64"}, {c10::ScalarType::Half, "float16"},
    {c10::ScalarType::BFloat16, "bfloat16"}, {c10::ScalarType::Long, "int64"},     {c10::ScalarType::Int, "int32"},
    {c10::ScalarType::Short, "int16"},       {c10::ScalarType::Char, "int8"},      {c10::ScalarType::Byte, "uint8"},
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

/// A value of the pickle machine: only what torch.save writes for dicts/lists/tuples of tensors.
struct PickleValue
{
    enum Kind { None, Bool, Int, Float, String, Tuple, List, Dict, Tensor, Global, Storage, Mark };
    Kind kind = None;
    int64_t integer = 0;
    double real = 0;
    std::string text; ///< String; "module.name" for Global; the record key for Storage
    at::ScalarType storageType = at::kFloat;
    // Lists and dicts are shared so that the memo and the stack see the same object when it is
    // filled later (APPENDS, SETITEMS); tuples are immutable and copied.
    std::shared_ptr<std::vector<PickleValue>> items;
    std::shared_ptr<std::vector<std::pair<PickleValue, PickleValue>>> entries;
    at::Tensor tensor;
};

/// Storage class names as torch.save writes them ("torch.FloatStorage") → element type.
bool storageScalarType(const std::string &name, at::ScalarType *type)
{
    static const std::pair<const char *, at::ScalarType> types[] = {
        {"torch.FloatStorage", at::kFloat}, {"torch.DoubleStorage", at::kDouble},
        {"torch.HalfStorage", at::kHalf},   {"torch.BFloat16Storage", at::kBFloat16},
        {"torch.LongStorage", at::kLong},   {"torch.IntStorage", at::kInt},
        {"torch.ShortStorage", at::kShort}, {"torch.CharStorage", at::kChar},
        {"torch.ByteStorage", at::kByte},   {"torch.BoolStorage", at::kBool},
    };
    for (const auto &[n, t] : types) {
        if (name == n) {
            *type = t;
            return true;
        }
    }
    return false;
}

/// A small pickle machine for the files torch.save writes (protocols 2 to 4). libtorch 1.13's own
/// torch::pickle_load refuses single-entry dicts (the SETITEM opcode) and turns every
/// collections.OrderedDict — every state_dict — into None, so it cannot read ordinary dumps.
/// Errors are thrown as std::runtime_error with the offset, and caught by load().
class TorchSaveUnpickler
{
public:
    TorchSaveUnpickler(caffe2::serialize::PyTorchStreamReader &archive, std::string pickle)
        : m_archive(archive)
        , m_pickle(std::move(pickle))
    { }

    PickleValue parse()
    {
        while (m_pos < m_pickle.size()) {
            const size_t at = m_pos;
            const auto op = quint8(m_pickle[m_pos++]);
            switch (op) {
            case 0x80: m_pos += 1; break; // PROTO
            case 0x95: m_pos += 8; break; // FRAME
            case '.': return pop();
            case '(': m_stack.push_back(mark()); break;
            case ')': m_stack.push_back(tuple({})); break;
            case ']': m_stack.push_back(list()); break;
            case '}': m_stack.push_back(dict()); break;
            case 't': m_stack.push_back(tuple(popToMark())); break;
            case 0x85:
            case 0x86:
            case 0x87: {
                std::vector<PickleValue> items(size_t(op - 0x84));
                for (size_t i = items.size(); i-- > 0;)
                    items[i] = pop();
                m_stack.push_back(tuple(std::move(items)));
                break;
            }
            case 'N': m_stack.push_back(PickleValue()); break;
            case 0x88:
            case 0x89: m_stack.push_back(integer(op == 0x88 ? 1 : 0, PickleValue::Bool)); break;
            case 'K': m_stack.push_back(integer(quint8(read(1)[0]))); break;
            case 'M': m_stack.push_back(integer(qFromLittleEndian<quint16>(read(2).data()))); break;
            case 'J': m_stack.push_back(integer(qFromLittleEndian<qint32>(read(4).data()))); break;
            case 0x8a: { // LONG1
                const size_t n = quint8(read(1)[0]);
                // A Python int wider than 64 bits is no size, offset or stride a reader can use.
                if (n > 8)
                    throw std::runtime_error("pickle integer of " + std::to_string(n)
                                             + " bytes (over 64 bits) at offset " + std::to_string(m_pos));
                const std::string bytes = read(n);
                uint64_t u = 0;
                for (size_t i = n; i-- > 0;)
                    u = (u << 8) | quint8(bytes[i]);
                int64_t v = int64_t(u); // two's complement: n == 8 is already signed
                if (n > 0 && n < 8 && (quint8(bytes[n - 1]) & 0x80))
                    v -= int64_t(1) << (8 * n);
                m_stack.push_back(integer(v));
                break;
            }
            case 'G': {
                const quint64 bits = qFromBigEndian<quint64>(read(8).data());
                PickleValue v;
                v.kind = PickleValue::Float;
                std::memcpy(&v.real, &bits, sizeof v.real);
                m_stack.push_back(v);
                break;
            }
            case 'X':
            case 'B': m_stack.push_back(string(read(qFromLittleEndian<quint32>(read(4).data())))); break;
            case 0x8c:
            case 'C': m_stack.push_back(string(read(quint8(read(1)[0])))); break;
            case 'q': m_memo[quint8(read(1)[0])] = top(); break;
            case 'r': m_memo[qFromLittleEndian<quint32>(read(4).data())] = top(); break;
            case 0x94: m_memo[m_memo.size()] = top(); break; // MEMOIZE
            case 'h': m_stack.push_back(memo(quint8(read(1)[0]))); break;
            case 'j': m_stack.push_back(memo(qFromLittleEndian<quint32>(read(4).data()))); break;
            case 'c': {
                const std::string module = readLine();
                m_stack.push_back(global(module + '.' + readLine()));
                break;
            }
            case 0x93: { // STACK_GLOBAL
                const PickleValue name = pop();
                const PickleValue module = pop();
                m_stack.push_back(global(module.text + '.' + name.text));
                break;
            }
            case 'R': {
                PickleValue args = pop();
                const PickleValue callable = pop();
                m_stack.push_back(call(callable, args, at));
                break;
            }
            case 'b': pop(); break; // BUILD: object state (a state_dict's _metadata) is not needed
            case 's': {
                PickleValue value = pop();
                PickleValue key = pop();
                setItem(top(), std::move(key), std::move(value), at);
                break;
            }
            case 'u': {
                std::vector<PickleValue> kv = popToMark();
                for (size_t i = 0; i + 1 < kv.size(); i += 2)
                    setItem(top(), kv[i], kv[i + 1], at);
                break;
            }
            case 'a': {
                PickleValue value = pop();
                append(top(), {std::move(value)}, at);
                break;
            }
            case 'e': append(top(), popToMark(), at); break;
            case 'Q': m_stack.push_back(storage(pop(), at)); break; // BINPERSID
            case '0': pop(); break;
            case '1': popToMark(); break;
            case '2': m_stack.push_back(top()); break;
            default:
                throw std::runtime_error("unsupported pickle opcode 0x" + QByteArray::number(op, 16).toStdString()
                                         + " at offset " + std::to_string(at));
            }
        }
        throw std::runtime_error("pickle ends without STOP");
    }

private:
    static PickleValue integer(int64_t v, PickleValue::Kind kind = PickleValue::Int)
    {
        PickleValue p;
        p.kind = kind;
        p.integer = v;
        return p;
    }
    static PickleValue string(std::string s)
    {
        PickleValue p;
        p.kind = PickleValue::String;
        p.text = std::move(s);
        return p;
    }
    static PickleValue global(std::string name)
    {
        PickleValue p = string(std::move(name));
        p.kind = PickleValue::Global;
        return p;
    }
    static PickleValue mark()
    {
        PickleValue p;
        p.kind = PickleValue::Mark;
        return p;
    }
    static PickleValue tuple(std::vector<PickleValue> items)
    {
        PickleValue p;
        p.kind = PickleValue::Tuple;
        p.items = std::make_shared<std::vector<PickleValue>>(std::move(items));
        return p;
    }
    static PickleValue list()
    {
        PickleValue p;
        p.kind = PickleValue::List;
        p.items = std::make_shared<std::vector<PickleValue>>();
        return p;
    }
    static PickleValue dict()
    {
        PickleValue p;
        p.kind = PickleValue::Dict;
        p.entries = std::make_shared<std::vector<std::pair<PickleValue, PickleValue>>>();
        return p;
    }

    std::string read(size_t n)
    {
        if (n > m_pickle.size() - m_pos)
            throw std::runtime_error("pickle truncated at offset " + std::to_string(m_pos));
        std::string s = m_pickle.substr(m_pos, n);
        m_pos += n;
        return s;
    }
    std::string readLine()
    {
        const size_t end = m_pickle.find('\n', m_pos);
        if (end == std::string::npos)
            throw std::runtime_error("pickle truncated in GLOBAL");
        std::string s = m_pickle.substr(m_pos, end - m_pos);
        m_pos = end + 1;
        return s;
    }
    PickleValue &top()
    {
        if (m_stack.empty())
            throw std::runtime_error("pickle stack underflow at offset " + std::to_string(m_pos - 1));
        return m_stack.back();
    }
    PickleValue pop()
    {
        PickleValue v = top();
        m_stack.pop_back();
        return v;
    }
    PickleValue memo(size_t index) const
    {
        const auto it = m_memo.find(index);
        if (it == m_memo.end())
            throw std::runtime_error("pickle refers to a memo slot it never filled");
        return it->second;
    }
    std::vector<PickleValue> popToMark()
    {
        std::vector<PickleValue> items;
        while (top().kind != PickleValue::Mark)
            items.push_back(pop());
        m_stack.pop_back();
        std::reverse(items.begin(), items.end());
        return items;
    }
    static void setItem(PickleValue &target, PickleValue key, PickleValue value, size_t at)
    {
        if (target.kind != PickleValue::Dict)
            throw std::runtime_error("SETITEM on a non-dict at offset " + std::to_string(at));
        target.entries->emplace_back(std::move(key), std::move(value));
    }
    static void append(PickleValue &target, std::vector<PickleValue> values, size_t at)
    {
        if (target.kind != PickleValue::List)
            throw std::runtime_error("APPEND on a non-list at offset " + std::to_string(at));
        for (PickleValue &v : values)
            target.items->push_back(std::move(v));
    }

    /// ('storage', torch.FloatStorage, key, location, numel) → the record "data/<key>" of the archive.
    PickleValue storage(const PickleValue &pid, size_t at)
    {
        if (pid.kind != PickleValue::Tuple || pid.items->size() < 5 || (*pid.items)[1].kind != PickleValue::Global)
            throw std::runtime_error("unexpected persistent id at offset " + std::to_string(at));
        PickleValue s;
        s.kind = PickleValue::Storage;
        s.text = (*pid.items)[2].text;
        if (!storageScalarType((*pid.items)[1].text, &s.storageType))
            throw std::runtime_error("unsupported storage type " + (*pid.items)[1].text);
        auto cached = m_storages.find(s.text);
        if (cached == m_storages.end()) {
            auto [data, bytes] = m_archive.getRecord("data/" + s.text);
            const int64_t numel = int64_t(bytes) / int64_t(c10::elementSize(s.storageType));
            auto t = torch::from_blob(data.get(), {numel}, torch::TensorOptions().dtype(s.storageType)).clone();
            cached = m_storages.emplace(s.text, t).first;
        }
        s.tensor = cached->second;
        return s;
    }

    /// A view (size, stride, storage_offset) must stay inside its storage, computed with checked
    /// arithmetic: offset 2^62 on a 4-element storage must not wrap to offset 0, and a stride-0 view
    /// of one element as [1e9] must not be materialised (TensorData::maxElements, docs/limits.md).
    static void checkView(const std::vector<int64_t> &sizes, const std::vector<int64_t> &strides, int64_t offset,
                          int64_t storageElements, size_t at)
    {
        const std::string where = " (tensor at pickle offset " + std::to_string(at) + ")";
        if (sizes.size() != strides.size())
            throw std::runtime_error("size and stride differ in length" + where);
        if (offset < 0 || offset > storageElements)
            throw std::runtime_error("storage_offset " + std::to_string(offset) + " is outside its storage of "
                                     + std::to_string(storageElements) + " elements" + where);
        int64_t elements = 1;
        int64_t last = offset;
        bool overflow = false;
        for (size_t i = 0; i < sizes.size(); ++i) {
            if (sizes[i] < 0 || strides[i] < 0)
                throw std::runtime_error("negative size or stride" + where);
            overflow = overflow || __builtin_mul_overflow(elements, sizes[i], &elements);
            int64_t span = 0;
            if (sizes[i] > 0)
                overflow = overflow || __builtin_mul_overflow(sizes[i] - 1, strides[i], &span)
                    || __builtin_add_overflow(last, span, &last);
        }
        if (overflow || elements > TensorData::maxElements)
            throw std::runtime_error("the tensor has more than the " + std::to_string(TensorData::maxElements)
                                     + " elements PortBench reads (docs/limits.md)" + where);
        if (elements > 0 && last >= storageElements)
            throw std::runtime_error("the view reaches element " + std::to_string(last) + " of a storage of "
                                     + std::to_string(storageElements) + " elements" + where);
    }

    static std::vector<int64_t> ints(const PickleValue &v)
    {
        std::vector<int64_t> out;
        if (v.items)
            for (const PickleValue &i : *v.items)
                out.push_back(i.integer);
        return out;
    }

    PickleValue call(const PickleValue &callable, const PickleValue &args, size_t at)
    {
        const std::string &name = callable.text;
        if (callable.kind == PickleValue::Global && name == "collections.OrderedDict")
            return dict();
        if (callable.kind == PickleValue::Global && name == "torch._utils._rebuild_tensor_v2" && args.items
            && args.items->size() >= 4 && (*args.items)[0].kind == PickleValue::Storage) {
            const auto &a = *args.items;
            const std::vector<int64_t> sizes = ints(a[2]);
            const std::vector<int64_t> strides = ints(a[3]);
            checkView(sizes, strides, a[1].integer, a[0].tensor.numel(), at);
            PickleValue t;
            t.kind = PickleValue::Tensor;
            t.tensor = a[0].tensor.as_strided(sizes, strides, a[1].integer).clone();
            return t;
        }
        // _rebuild_parameter(data, requires_grad, hooks); libtorch's writer wraps containers in
        // torch.jit._pickle.restore_type_tag(value, "Dict[str, Tensor]") and build_*list(value).
        if (callable.kind == PickleValue::Global && args.items && !args.items->empty()
            && (name == "torch._utils._rebuild_parameter" || name.rfind("torch.jit._pickle.", 0) == 0))
            return (*args.items)[0];
        throw std::runtime_error("unsupported call to "
                                 + (callable.kind == PickleValue::Global ? name : std::string("a non-global"))
                                 + " at offset " + std::to_string(at));
    }

    caffe2::serialize::PyTorchStreamReader &m_archive;
    std::string m_pickle;
    size_t m_pos = 0;
    std::vector<PickleValue> m_stack;
    std::map<size_t, PickleValue> m_memo;
    std::map<std::string, at::Tensor> m_storages;
};

/// Collects the tensors of an unpickled value: dicts and lists nest with "." in the names, and
/// entries that are not tensors (a step counter, a config string) are skipped.
void flatten(const QString &prefix, const PickleValue &value, TensorFile &file)
{
    auto join
        = [&prefix](const QString &key) -> QString { return prefix.isEmpty() ? key : prefix + QLatin1Char('.') + key; };
    switch (value.kind) {
    case PickleValue::Tensor: file.tensors.append(toTensorData(prefix, value.tensor)); break;
    case PickleValue::Dict:
        for (const auto &[key, v] : *value.entries)
            flatten(
                join(key.kind == PickleValue::String ? QString::fromStdString(key.text) : QString::number(key.integer)),
                v, file);
        break;
    case PickleValue::List:
    case PickleValue::Tuple:
        for (size_t i = 0; i < value.items->size(); ++i)
            flatten(join(QString::number(i)), (*value.items)[i], file);
        break;
    default: break;
    }
}

/// The bytes of a `.pt` file as libtorch's zip reader asks for them. libtorch's own
/// MemoryReadAdapter copies whatever is asked, even past the end: a damaged zip directory made
/// miniz read out of bounds (SEGV found by fuzz_torchpt). This one copies only what the bytes hold
/// and says how much, so miniz reports the archive as damaged (a c10::Error the caller names).
class BoundedReadAdapter final : public caffe2::serialize::ReadAdapterInterface
{
public:
    explicit BoundedReadAdapter(const QByteArray &bytes)
        : m_bytes(bytes)
    { }
    size_t size() const override { return size_t(m_bytes.size()); }
    size_t read(uint64_t pos, void *buf, size_t n, const char * /*what*/ = "") const override
    {
        const uint64_t size = uint64_t(m_bytes.size());
        if (pos >= size)
            return 0;
        const size_t count = size_t(std::min<uint64_t>(n, size - pos));
        std::memcpy(buf, m_bytes.constData() + pos, count);
        return count;
    }

private:
    const QByteArray &m_bytes;
};

PickleValue unpickleTorchSave(const QByteArray &bytes)
{
    caffe2::serialize::PyTorchStreamReader archive(std::make_unique<BoundedReadAdapter>(bytes));
    const auto [data, size] = archive.getRecord("data.pkl");
    return TorchSaveUnpickler(archive, std::string(static_cast<const char *>(data.get()), size)).parse();
}

} // namespace

namespace TorchTensorIo {

TensorFile load(const QString &path)
{
    TensorFile file;
    file.path = path;
    // The zip magic first: a 2 GB file of zeros is refused without being read.
    QFile head(path);
    if (InputFile::refusalFor(path).isEmpty() && head.open(QIODevice::ReadOnly)
        && !head.peek(4).startsWith("PK\x03\x04"))
        return loadBytes(head.peek(4), path);
    head.close();
    const InputFile::Result input = InputFile::read(path, TensorData::maxFileBytes, QStringLiteral("tensor dump"));
    if (!input) {
        file.error = input.error;
        return file;
    }
    return loadBytes(input.bytes, path);
}

TensorFile loadBytes(const QByteArray &bytes, const QString &path)
{
    TensorFile file;
    file.path = path;
    if (!bytes.startsWith("PK\x03\x04")) {
        file.error = QStringLiteral("%1: not a torch.save zip archive (files from PyTorch < 1.6 or written with "
                                    "_use_new_zipfile_serialization=False are not supported)")
                         .arg(path);
        return file;
    }
    // Before libtorch's reader, which allocates whatever size a record claims.
    if (const QString damaged = ZipDirectory::sizeError(bytes, quint64(TensorData::maxFileBytes)); !damaged.isEmpty()) {
        file.error = QStringLiteral("%1: damaged zip archive: %2").arg(path, damaged);
        return file;
    }
    try {
        const PickleValue value = unpickleTorchSave(bytes);
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
        return SafeFileWriter::writeFile(path, QByteArray(bytes.data(), qsizetype(bytes.size())));
    } catch (const std::exception &e) {
        return QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
    }
    return {};
}

} // namespace TorchTensorIo
