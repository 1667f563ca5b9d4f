// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stackcheck.h"

#include "core/base/io/jsoninput.h"
#include "core/base/io/safefilewriter.h"

#include "core/base/exec/commandrunner.h"
#include "core/base/model/numbertext.h"
#include "core/engines/parity/paritypresets.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/workflows/reference/demoparity.h"
#include "core/workflows/runs/remotelogfollower.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <memory>

namespace {

const QString resourceDir = QStringLiteral(":/stackcheck/");
const QStringList workloadFiles = {QStringLiteral("stackcheck.py"), QStringLiteral("init-weights.safetensors"),
                                   QStringLiteral("tokens.safetensors")};

// The workload's own exit codes (resources/stackcheck/stackcheck.py).
constexpr int exitUsage = 2;
constexpr int exitNoTorch = 3;
constexpr int exitNoDevice = 4;
constexpr int exitSsh = 255;
// How long the mirror of a remote log may lag behind the ended run before it is fetched whole.
constexpr int mirrorCatchUpMs = 20000;

/// Runs the calling thread's event loop for ms (the remote follower's ssh lives on it).
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

/// Mirrors a log on an SSH host into a local file while it grows, with the remote runs' follower
/// (`tail -c +N -F` over ssh, byte-exact resume after a dropped connection).
class RemoteMirror
{
public:
    RemoteMirror(const SshTarget &target, const QString &local)
        : m_follower(target)
        , m_file(local)
    { }

    QString start(const QString &remotePath)
    {
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QStringLiteral("%1: %2").arg(m_file.fileName(), m_file.errorString());
        QObject::connect(&m_follower, &RemoteLogFollower::bytesReceived,
                         [this](const QByteArray &bytes, qint64 offset) {
                             m_file.seek(offset);
                             m_file.write(bytes);
                             m_file.flush();
                         });
        QObject::connect(&m_follower, &RemoteLogFollower::restarted, [this] { m_file.resize(0); });
        m_follower.start(remotePath);
        return {};
    }

    /// After the run ended: waits until the mirror holds the remote file's size bytes, or fetches
    /// the file whole when the follower cannot catch up (a broken connection). Returns a note
    /// when it had to.
    QString finish(const CommandRunner &runner, const QString &remotePath)
    {
        const CommandResult size = runner.run({QStringLiteral("wc"), QStringLiteral("-c"), remotePath});
        const qint64 bytes = size
            ? QString::fromUtf8(size.out).section(QLatin1Char(' '), 0, 0, QString::SectionSkipEmpty).toLongLong()
            : -1;
        for (int waited = 0; bytes >= 0 && m_follower.offset() < bytes && waited < mirrorCatchUpMs; waited += 100)
            spin(100);
        const bool complete = bytes >= 0 && m_follower.offset() >= bytes;
        m_follower.stop();
        if (complete)
            return {};
        const CommandResult fetched = runner.run({QStringLiteral("cat"), remotePath});
        if (!fetched)
            return QStringLiteral("The log on %1 could not be followed to its end nor fetched: %2")
                .arg(runner.describe(), fetched.summary());
        m_file.resize(0);
        m_file.seek(0);
        m_file.write(fetched.out);
        m_file.flush();
        return QStringLiteral("The log on %1 could not be followed to its end (%2 of %3 bytes): it was fetched whole "
                              "after the run.")
            .arg(runner.describe())
            .arg(m_follower.offset())
            .arg(bytes);
    }

private:
    RemoteLogFollower m_follower;
    QFile m_file;
};

/// Reads the growing JSONL log line by line and hands each complete record on as JSON — the start
/// record's environment included, which logs/LogFollower (points only, on an event loop) drops.
class RecordTail
{
public:
    RecordTail(const QString &path, const StackCheck::RecordCallback &onRecord)
        : m_file(path)
        , m_onRecord(onRecord)
    { }

    void poll()
    {
        if (!m_file.isOpen() && !m_file.open(QIODevice::ReadOnly))
            return; // not written yet
        m_pending += m_file.readAll();
        qsizetype end;
        while ((end = m_pending.indexOf('\n')) >= 0) {
            const QByteArray line = m_pending.left(end);
            m_pending.remove(0, end + 1);
            const QJsonObject record = JsonInput::parse(line).object();
            if (!record.isEmpty() && m_onRecord)
                m_onRecord(record);
        }
    }

private:
    QFile m_file;
    QByteArray m_pending;
    const StackCheck::RecordCallback &m_onRecord;
};

QString lastLines(const QByteArray &text, int count)
{
    QStringList lines = QString::fromUtf8(text).trimmed().split(QLatin1Char('\n'));
    if (lines.size() > count)
        lines = lines.mid(lines.size() - count);
    return lines.join(QLatin1Char('\n'));
}

/// Copies one local file to path on runner's host (`cat > path`, the path passed as an argument).
QString sendFile(const CommandRunner &runner, const QString &local, const QString &remote)
{
    QFile f(local);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: %2").arg(local, f.errorString());
    const CommandResult r = runner.run(
        {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("cat > \"$1\""), QStringLiteral("sh"), remote},
        f.readAll());
    return r ? QString() : QStringLiteral("copying %1 to %2:%3: %4").arg(local, runner.describe(), remote, r.summary());
}

/// Copies the reference's start record and its steps up to lastStep (a run of --steps N is judged
/// on the reference's first N steps; the end record is dropped with the rest). *steps gets the
/// reference's full step count.
QString writeReferencePrefix(const QString &reference, const QString &target, int lastStep, int *steps)
{
    QFile in(reference);
    if (!in.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: %2").arg(reference, in.errorString());
    QByteArray kept;
    *steps = 0;
    for (const QByteArray &line : in.readAll().split('\n')) {
        const QJsonObject r = JsonInput::parse(line).object();
        const int step = r.value(QStringLiteral("step")).toInt();
        *steps = std::max(*steps, step);
        if (r.value(QStringLiteral("event")) == QLatin1String("start") || (step > 0 && step <= lastStep))
            kept += line + '\n';
    }
    if (const QString error = SafeFileWriter::writeFile(target, kept); !error.isEmpty())
        return QStringLiteral("cannot write the reference copy: %1").arg(error);
    return {};
}

/// Copies the workload (and a weights override) to a folder of its own on the remote host; on
/// success scriptDir, weights and runLog name the remote copies. Returns an error, or empty.
QString stageRemotely(const CommandRunner &runner, const StackCheckRequest &request, const QString &localWorkload,
                      QString *scriptDir, QString *weights, QString *runLog)
{
    // Under the login directory, named after the local folder, so runs never share files.
    *scriptDir = QStringLiteral(".portbench/stackcheck/") + QFileInfo(request.outDir).fileName();
    *runLog = *scriptDir + QStringLiteral("/run.jsonl");
    // A log left by an earlier check in the same folder must not be followed as this one's.
    if (const CommandResult r = runner.run({QStringLiteral("sh"), QStringLiteral("-c"),
                                            QStringLiteral("mkdir -p -- \"$1\" && rm -f -- \"$2\""),
                                            QStringLiteral("sh"), *scriptDir, *runLog});
        !r) {
        return QStringLiteral("%1: cannot create %2: %3").arg(runner.describe(), *scriptDir, r.summary());
    }
    for (const QString &name : workloadFiles) {
        if (const QString error
            = sendFile(runner, QDir(localWorkload).filePath(name), *scriptDir + QLatin1Char('/') + name);
            !error.isEmpty()) {
            return error;
        }
    }
    if (!weights->isEmpty()) {
        const QString remoteWeights = *scriptDir + QStringLiteral("/weights-override.safetensors");
        if (const QString error = sendFile(runner, *weights, remoteWeights); !error.isEmpty()) {
            return error;
        }
        *weights = remoteWeights;
    }
    return {};
}

/// What a finished workload's exit says, as the error to report (empty when it ran through);
/// a workload that started and failed sets status to RunFailed.
QString workloadError(const StackCheckRequest &request, const CommandRunner &runner, const CommandResult &result,
                      StackCheckOutcome::Status *status)
{
    const QString where = runner.isRemote() ? QStringLiteral(" on %1").arg(runner.describe()) : QString();
    const QString stderrTail = lastLines(result.err, 6);
    if (result.notFound()) {
        return QStringLiteral("Python '%1' was not found%2 (give the interpreter with --python PATH)")
            .arg(request.python, where);
    }
    if (result.timedOut) {
        return QStringLiteral("the workload%1 did not end within %2 s and was stopped")
            .arg(where)
            .arg(request.timeoutSeconds);
    }
    switch (result.exitCode) {
    case 0: break;
    case exitNoTorch:
        return QStringLiteral("%1%2 cannot import torch (or the device extension); give the interpreter of "
                              "the stack to check with --python PATH. %3")
            .arg(request.python, where, stderrTail);
    case exitNoDevice:
    case exitUsage: return stderrTail.isEmpty() ? result.summary() : stderrTail;
    case exitSsh:
        if (runner.isRemote()) {
            return QStringLiteral("ssh %1 failed: %2").arg(runner.describe(), stderrTail);
        }
        Q_FALLTHROUGH();
    default:
        *status = StackCheckOutcome::Status::RunFailed;
        return QStringLiteral("the workload%1 exited with code %2: %3").arg(where).arg(result.exitCode).arg(stderrTail);
    }
    return {};
}

/// Copies the reference's first steps next to the run and judges the run against them.
void judgeAgainstReference(const StackCheckRequest &request, const QString &reference, const QString &referenceDevice,
                           int lastStep, StackCheckOutcome &outcome)
{
    const QDir out(request.outDir);
    outcome.referenceDevice = referenceDevice;
    outcome.referenceProvenance = StackCheck::provenance(reference);
    outcome.referencePath
        = out.filePath(QStringLiteral("reference-%1-%2.jsonl").arg(referenceDevice, request.precision));
    if (request.reference == QLatin1String("auto") && referenceDevice != QLatin1String("cuda"))
        outcome.notes << QStringLiteral("No CUDA reference curve is shipped with this build for %1: judged against the "
                                        "CPU reference instead (docs/stackcheck.md says how a GPU session adds it).")
                             .arg(request.precision);
    int referenceSteps = 0;
    if (const QString error = writeReferencePrefix(reference, outcome.referencePath, lastStep, &referenceSteps);
        !error.isEmpty()) {
        outcome.error = error;
        return;
    }
    if (referenceSteps > lastStep)
        outcome.notes << QStringLiteral(
                             "The run has %1 of the reference's %2 steps: judged on the reference's first %1 "
                             "(the copy in the folder holds just those).")
                             .arg(lastStep)
                             .arg(referenceSteps);
    outcome.parity = DemoParity::judge(outcome.referencePath, outcome.logPath,
                                       ParityOptions::forPreset(ParityPresets::stackcheck()));
    if (!outcome.parity) {
        outcome.error = outcome.parity.error;
        return;
    }
    outcome.status = StackCheckOutcome::Status::Judged;
}

} // namespace

QStringList StackCheck::deviceChoices(const QStringList &pluginDevices)
{
    return QStringList{QStringLiteral("auto")} + pluginDevices + QStringList{QStringLiteral("cpu")};
}

void StackCheck::useBackends(const PluginManager &plugins, StackCheckRequest &request)
{
    request.backends.clear();
    request.pluginDevices.clear();
    for (const LoadedBackend &b : plugins.backends()) {
        const BackendInfo info = b.backend->info();
        request.pluginDevices << info.torchDevice;
        if (!info.torchExtension.isEmpty())
            request.backends
                << QStringLiteral("%1=%2:%3").arg(info.torchDevice, info.torchExtension, info.collectiveLibrary);
    }
}

QStringList StackCheck::precisionChoices()
{
    return {QStringLiteral("fp32"), QStringLiteral("bf16")};
}

QStringList StackCheck::referenceChoices()
{
    return {QStringLiteral("auto"), QStringLiteral("cuda"), QStringLiteral("cpu")};
}

QString StackCheck::logPath(const StackCheckRequest &request)
{
    return QDir(request.outDir).filePath(QStringLiteral("run-%1-%2.jsonl").arg(request.device, request.precision));
}

TrainStep StackCheck::stepOf(const QJsonObject &r)
{
    TrainStep s;
    s.step = r.value(QStringLiteral("step")).toInt();
    s.loss = r.value(QStringLiteral("loss")).toDouble();
    s.learningRate = r.value(QStringLiteral("learning_rate")).toDouble();
    s.gradNorm = r.value(QStringLiteral("grad_norm")).toDouble();
    s.tokensPerSecond = r.value(QStringLiteral("tokens_per_s")).toDouble();
    s.hasEvalLoss = r.contains(QStringLiteral("eval_loss"));
    s.evalLoss = r.value(QStringLiteral("eval_loss")).toDouble();
    s.time = r.value(QStringLiteral("time")).toDouble();
    return s;
}

QString StackCheck::environmentLine(const QJsonObject &env)
{
    QStringList parts;
    for (auto it = env.begin(); it != env.end(); ++it) {
        if (it.key() != QLatin1String("command") && it.key() != QLatin1String("platform"))
            parts << QStringLiteral("%1 %2").arg(it.key(), it.value().toVariant().toString());
    }
    return parts.join(QStringLiteral(", "));
}

QString StackCheck::provenance(const QString &referenceLog)
{
    QFile f(referenceLog);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: %2").arg(referenceLog, f.errorString());
    const QJsonObject start = QJsonDocument::fromJson(f.readLine()).object();
    if (start.value(QStringLiteral("event")) != QLatin1String("start"))
        return QStringLiteral("%1 has no start record: where and how it was made is not known").arg(referenceLog);
    const QJsonObject env = start.value(QStringLiteral("environment")).toObject();
    const QJsonObject settings = start.value(QStringLiteral("settings")).toObject();
    return QStringLiteral("made %1 on %2 (%3); %4; command: %5")
        .arg(settings.value(QStringLiteral("start_time")).toString(), env.value(QStringLiteral("host")).toString(),
             env.value(QStringLiteral("device_name")).toString(), environmentLine(env),
             env.value(QStringLiteral("command")).toString());
}

QString StackCheck::writeWorkload(const QString &dir)
{
    if (!QDir().mkpath(dir))
        return QStringLiteral("%1: cannot create the folder").arg(dir);
    for (const QString &name : workloadFiles) {
        const QString target = QDir(dir).filePath(name);
        QFile::remove(target); // a previous copy is ours (the folder is the run's own)
        if (!QFile::copy(resourceDir + name, target))
            return QStringLiteral("%1: cannot write the workload file").arg(target);
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    }
    return {};
}

QString StackCheck::referenceResource(const QString &precision, const QString &wanted, QString *device)
{
    const QStringList devices = wanted == QLatin1String("auto")
        ? QStringList{QStringLiteral("cuda"), QStringLiteral("cpu")}
        : QStringList{wanted};
    for (const QString &d : devices) {
        const QString path = QStringLiteral("%1reference/%2-%3.jsonl").arg(resourceDir, d, precision);
        if (QFileInfo::exists(path)) {
            *device = d;
            return path;
        }
    }
    device->clear();
    return {};
}

QStringList StackCheck::workloadArguments(const StackCheckRequest &request, const QString &scriptDir,
                                          const QString &weights, const QString &log)
{
    const auto in = [&scriptDir](const QString &name) -> QString { return scriptDir + QLatin1Char('/') + name; };
    QStringList args{in(QStringLiteral("stackcheck.py")),
                     QStringLiteral("--device"),
                     request.device,
                     QStringLiteral("--precision"),
                     request.precision,
                     QStringLiteral("--devices"),
                     QString::number(request.devices),
                     QStringLiteral("--steps"),
                     QString::number(request.steps),
                     QStringLiteral("--threads"),
                     QString::number(request.threads),
                     QStringLiteral("--weights"),
                     weights.isEmpty() ? in(QStringLiteral("init-weights.safetensors")) : weights,
                     QStringLiteral("--tokens"),
                     in(QStringLiteral("tokens.safetensors")),
                     QStringLiteral("--run"),
                     QStringLiteral("stackcheck-%1-%2").arg(request.device, request.precision),
                     QStringLiteral("--log"),
                     log};
    if (request.peakLr > 0)
        args << QStringLiteral("--lr") << NumberText::shortest(request.peakLr);
    for (const QString &backend : request.backends)
        args << QStringLiteral("--backend") << backend;
    return args;
}

StackCheckOutcome StackCheck::run(const StackCheckRequest &request, const RecordCallback &onRecord)
{
    StackCheckOutcome outcome;
    if (const QString error = request.validate(); !error.isEmpty()) {
        outcome.error = error;
        return outcome;
    }
    const QDir out(request.outDir);
    const QString localWorkload = out.filePath(QStringLiteral("workload"));
    if (const QString error = writeWorkload(localWorkload); !error.isEmpty()) {
        outcome.error = error;
        return outcome;
    }
    QString referenceDevice;
    const QString reference = referenceResource(request.precision, request.reference, &referenceDevice);
    if (reference.isEmpty()) {
        outcome.error
            = QStringLiteral("no %1 reference curve is shipped with this build for %2 (docs/stackcheck.md: "
                             "producing the references)")
                  .arg(request.reference == QLatin1String("auto") ? QString() : request.reference, request.precision)
                  .simplified();
        return outcome;
    }
    outcome.logPath = logPath(request);
    if (QFile::exists(outcome.logPath)) { // never lose a user's file: keep the previous run's log
        QFile::remove(outcome.logPath + QStringLiteral(".bak"));
        QFile::rename(outcome.logPath, outcome.logPath + QStringLiteral(".bak"));
    }

    CommandRunner runner(request.target, request.timeoutSeconds * 1000);
    QString scriptDir = localWorkload;
    QString weights = request.weightsFile;
    QString runLog = outcome.logPath;
    if (runner.isRemote()) {
        if (const QString error = stageRemotely(runner, request, localWorkload, &scriptDir, &weights, &runLog);
            !error.isEmpty()) {
            outcome.error = error;
            return outcome;
        }
    }

    const QStringList argv = QStringList{request.python} + workloadArguments(request, scriptDir, weights, runLog);
    int lastStep = 0;
    const RecordCallback record = [&lastStep, &onRecord](const QJsonObject &r) {
        lastStep = std::max(lastStep, r.value(QStringLiteral("step")).toInt());
        if (onRecord)
            onRecord(r);
    };
    RecordTail follower(outcome.logPath, record);
    std::unique_ptr<RemoteMirror> mirror;
    if (runner.isRemote()) {
        mirror = std::make_unique<RemoteMirror>(request.target, outcome.logPath);
        if (const QString error = mirror->start(runLog); !error.isEmpty()) {
            outcome.error = error;
            return outcome;
        }
    }
    // A pool of its own: the workload blocks a thread for minutes, and the global pool (as many
    // threads as cores) is what RunLoader and the parsers need meanwhile to chart the log live.
    QThreadPool pool;
    QFuture<CommandResult> future = QtConcurrent::run(&pool, [&runner, argv] { return runner.run(argv); });
    while (!future.isFinished()) {
        spin(200);
        follower.poll();
    }
    const CommandResult result = future.result();
    if (mirror) {
        if (const QString note = mirror->finish(runner, runLog); !note.isEmpty())
            outcome.notes << note;
        mirror.reset();
    }
    follower.poll();

    if (const QString error = workloadError(request, runner, result, &outcome.status); !error.isEmpty()) {
        outcome.error = error;
        return outcome;
    }

    judgeAgainstReference(request, reference, referenceDevice, lastStep, outcome);
    return outcome;
}
