// a comment naming Ascend and torch_npu
/* block with MUSA
*/ static const char *Ascend = "x";
const QString module = QStringLiteral("torch_npu");
const QString t = QCoreApplication::translate("Ctx", "Install %1").arg(QStringLiteral("MUSA"));
const QString help = tr("Pass npu or musa to --backend");
const char *noop = QT_TRANSLATE_NOOP("EnvCheck", "CANN version");
const QString raw = QStringLiteral(R"(a "quoted" text
with hccl inside)");
const QString ok = tr("NPUs: %1").arg(count);
const QString input = QStringLiteral("input npus");

int npu = 0;
const char c = '"'; // char literal with a quote, then a comment about cann
const QString escaped = QStringLiteral("say \"hi\" ");
const QString s = QStringLiteral("cann");
const QString t2 = tr("Moore Threads, %1", "disambiguation");
/* multi
*/ const QString m = QStringLiteral("Moore");
bool transferToNpu = false;
const QString e = QStringLiteral("CANNOT read NpuSmi");
