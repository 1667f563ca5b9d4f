// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configpanel.h"

#include "artifacthighlighter.h"
#include "memorybar.h"

#include "core/sources/config/artifactwriter.h"
#include "core/sources/config/configemitter.h"
#include "core/sources/config/configfield.h"
#include "core/sources/config/configimporter.h"
#include "core/sources/config/configissuemodel.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/memoryestimator.h"
#include "core/sources/config/trainingconfigjson.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/verdictcolors.h"
#include "theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace {

const QString lastDirKey = QStringLiteral("config/lastDir");

QJsonValue valueAt(const QJsonObject &root, const QString &path)
{
    const QStringList parts = path.split(QLatin1Char('.'));
    QJsonValue v = root;
    for (const QString &p : parts)
        v = v.toObject().value(p);
    return v;
}

QJsonObject withValue(QJsonObject root, const QStringList &parts, const QJsonValue &value)
{
    if (parts.size() == 1) {
        root[parts.first()] = value;
        return root;
    }
    root[parts.first()] = withValue(root.value(parts.first()).toObject(), parts.mid(1), value);
    return root;
}

QString numberText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    // What the user edits reads back to the same value.
    return NumberText::shortest(v.toDouble());
}

} // namespace

ConfigPanel::ConfigPanel(QSettings &settings, BackendProfiles backends, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_backends(std::move(backends))
    , m_issues(new ConfigIssueModel(this))
    , m_issueView(new QTableView(this))
    , m_memory(new MemoryBar(this))
    , m_tabs(new QTabWidget(this))
    , m_refreshTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("ConfigPanel"));
    auto toolbar = new QToolBar(this);
    m_openAction = toolbar->addAction(QString(), this, &ConfigPanel::openDialog);
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_saveAction = toolbar->addAction(QString(), this, &ConfigPanel::saveConfigDialog);
    m_saveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_emitAction = toolbar->addAction(QString(), this, &ConfigPanel::saveArtifactsDialog);
    m_emitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    for (QAction *a : {m_openAction, m_saveAction, m_emitAction})
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addActions({m_openAction, m_saveAction, m_emitAction});

    auto form = new QWidget;
    buildForm(form);
    auto scroll = new QScrollArea(this);
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    m_formArea = scroll;

    m_issueView->setModel(m_issues);
    m_issueView->setObjectName(QStringLiteral("ConfigIssues"));
    m_issueView->horizontalHeader()->setStretchLastSection(true);
    m_issueView->verticalHeader()->hide();
    m_issueView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_issueView->setWordWrap(true);
    connect(m_issueView, &QTableView::activated, this, [this](const QModelIndex &index) {
        if (QWidget *editor = m_editors.value(index.data(ConfigIssueModel::FieldRole).toString()))
            editor->setFocus(Qt::OtherFocusReason);
    });
    m_tabs->setObjectName(QStringLiteral("ConfigArtifacts"));
    m_memory->setObjectName(QStringLiteral("ConfigMemoryBar"));

    auto right = new QSplitter(Qt::Vertical, this);
    auto top = new QWidget;
    auto topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_memory);
    topLayout->addWidget(m_issueView);
    right->addWidget(top);
    right->addWidget(m_tabs);
    right->setStretchFactor(1, 3);
    auto split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    split->addWidget(right);
    split->setStretchFactor(1, 2);
    auto layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(toolbar);
    layout->addWidget(split);

    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(150);
    connect(m_refreshTimer, &QTimer::timeout, this, &ConfigPanel::refresh);
    setConfig(TrainingConfig());
    retranslateUi();
}

void ConfigPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ConfigPanel::retranslateUi()
{
    m_openAction->setText(tr("Open / Import…"));
    m_openAction->setToolTip(tr("Open a PortBench config, or import ds_config.json, accelerate YAML and launch lines "
                                "(several files are merged)"));
    m_saveAction->setText(tr("Save Config…"));
    m_saveAction->setToolTip(tr("Save the config as PortBench JSON"));
    m_emitAction->setText(tr("Save Artifacts…"));
    m_emitAction->setToolTip(tr("Write every artifact into a folder (asks before replacing files; keeps .bak copies)"));
    QString section;
    auto box = m_sections.cbegin();
    const QList<ConfigField> fields = ConfigField::catalog(m_backends);
    for (const ConfigField &f : fields) {
        if (f.section != section) {
            section = f.section;
            (*box++)->setTitle(f.sectionText());
        }
        m_labels.value(f.path)->setText(f.labelText());
        m_baseToolTips.insert(f.path,
                              f.toolTip.isEmpty() ? f.path : QStringLiteral("%1\n(%2)").arg(f.toolTipText(), f.path));
        if (auto line = qobject_cast<QLineEdit *>(m_editors.value(f.path))) {
            if (f.kind == ConfigField::Kind::AutoNumber)
                line->setPlaceholderText(tr("number or auto"));
            else if (f.kind == ConfigField::Kind::Number)
                line->setPlaceholderText(tr("number, e.g. 2e-5"));
        }
    }
    // The form as wide as its fields and labels want in this language: the splitter cannot squeeze
    // it to where values are clipped ("A100-8") and it never scrolls sideways.
    m_formArea->setMinimumWidth(m_formArea->widget()->sizeHint().width()
                                + m_formArea->verticalScrollBar()->sizeHint().width() + 2 * m_formArea->frameWidth());
    // Validation messages, the memory bar's tool tip and the artifact titles are made in the
    // language of the moment when they are computed: compute them again.
    refreshNow();
}

void ConfigPanel::buildForm(QWidget *form)
{
    auto layout = new QVBoxLayout(form);
    QString section;
    QFormLayout *rows = nullptr;
    const QList<ConfigField> fields = ConfigField::catalog(m_backends);
    for (const ConfigField &f : fields) {
        if (f.section != section) {
            section = f.section;
            auto box = new QGroupBox(form);
            rows = new QFormLayout(box);
            layout->addWidget(box);
            m_sections << box;
        }
        QWidget *editor = nullptr;
        const QString path = f.path;
        switch (f.kind) {
        case ConfigField::Kind::Bool: {
            auto box = new QCheckBox(form);
            connect(box, &QCheckBox::toggled, this, [this, path](bool on) { setField(path, on); });
            editor = box;
            break;
        }
        case ConfigField::Kind::Choice: {
            auto combo = new QComboBox(form);
            combo->addItems(f.choices);
            connect(combo, &QComboBox::currentTextChanged, this, [this, path](const QString &text) {
                // Integer-valued choices (the ZeRO stage) stay numbers in the JSON.
                bool isNumber = false;
                const int n = text.toInt(&isNumber);
                setField(path, isNumber ? QJsonValue(n) : QJsonValue(text));
            });
            editor = combo;
            break;
        }
        case ConfigField::Kind::Integer: {
            auto spin = new QSpinBox(form);
            spin->setRange(0, 100000000);
            connect(spin, &QSpinBox::valueChanged, this, [this, path](int v) { setField(path, v); });
            editor = spin;
            break;
        }
        case ConfigField::Kind::Number:
        case ConfigField::Kind::AutoNumber: {
            auto line = new QLineEdit(form);
            const bool allowAuto = f.kind == ConfigField::Kind::AutoNumber;
            connect(line, &QLineEdit::textEdited, this, [this, path, allowAuto](const QString &text) {
                bool ok = false;
                const double d = text.trimmed().toDouble(&ok);
                if (allowAuto && text.trimmed() == QLatin1String("auto"))
                    setField(path, QStringLiteral("auto"));
                else
                    setField(path, ok ? QJsonValue(d) : QJsonValue(text)); // a bad value is reported by validation
            });
            editor = line;
            break;
        }
        case ConfigField::Kind::Text: {
            auto line = new QLineEdit(form);
            connect(line, &QLineEdit::textEdited, this, [this, path](const QString &text) { setField(path, text); });
            editor = line;
            break;
        }
        }
        editor->setObjectName(QStringLiteral("field:") + path);
        m_editors.insert(path, editor);
        auto label = new QLabel(form);
        label->setBuddy(editor);
        m_labels.insert(path, label);
        rows->addRow(label, editor);
    }
    layout->addStretch();
}

void ConfigPanel::loadEditors()
{
    m_loading = true;
    for (auto it = m_editors.cbegin(); it != m_editors.cend(); ++it) {
        const QJsonValue v = valueAt(m_json, it.key());
        if (auto box = qobject_cast<QCheckBox *>(it.value()))
            box->setChecked(v.toBool());
        else if (auto combo = qobject_cast<QComboBox *>(it.value()))
            combo->setCurrentText(v.isDouble() ? QString::number(v.toInt()) : v.toString());
        else if (auto spin = qobject_cast<QSpinBox *>(it.value()))
            spin->setValue(v.toInt());
        else if (auto line = qobject_cast<QLineEdit *>(it.value()))
            line->setText(v.isString() ? v.toString() : numberText(v));
    }
    m_loading = false;
}

void ConfigPanel::setConfig(const TrainingConfig &config)
{
    m_config = config;
    m_json = TrainingConfigJson::toJson(config);
    m_cleanJson = m_json;
    loadEditors();
    refreshNow();
}

void ConfigPanel::setDevicesFound(std::optional<int> devices)
{
    m_devicesFound = devices;
    scheduleRefresh();
}

void ConfigPanel::setField(const QString &path, const QJsonValue &value)
{
    if (m_loading)
        return;
    m_json = withValue(m_json, path.split(QLatin1Char('.')), value);
    if (QWidget *editor = m_editors.value(path); editor && sender() == nullptr)
        loadEditors(); // set from code: show it in the form
    scheduleRefresh();
}

void ConfigPanel::scheduleRefresh()
{
    m_refreshTimer->start();
}

void ConfigPanel::refreshNow()
{
    m_refreshTimer->stop();
    refresh();
}

void ConfigPanel::refresh()
{
    const ConfigParseResult parsed = TrainingConfigJson::fromJson(m_json, m_backends);
    ConfigIssues issues;
    if (!parsed) {
        // The form holds something the config cannot (a non-number in a number field): say where,
        // and keep showing the last good artifacts.
        const int colon = parsed.error.indexOf(QLatin1String(": "));
        issues.append({ConfigIssue::Severity::Error, parsed.error.left(colon), parsed.error.mid(colon + 2)});
    } else {
        m_config = parsed.config;
        issues = ConfigValidator::validate(m_config, m_backends, m_devicesFound);
        m_memory->setEstimate(MemoryEstimator::estimate(m_config, m_backends));
        m_artifacts = ConfigEmitter::emitAll(m_config, m_backends);
        updateTabs();
    }
    m_issues->setIssues(issues);
    showIssues();
}

void ConfigPanel::showIssues()
{
    QHash<QString, QStringList> byField;
    QHash<QString, bool> isError;
    for (const ConfigIssue &i : m_issues->issues()) {
        byField[i.field] << i.message;
        isError[i.field] = isError.value(i.field) || i.isError();
    }
    for (auto it = m_editors.cbegin(); it != m_editors.cend(); ++it) {
        const bool flagged = byField.contains(it.key());
        it.value()->setStyleSheet(
            flagged ? QStringLiteral("border: 2px solid %1;")
                          .arg(VerdictColors::css(VerdictColors::strong(
                              isError.value(it.key()) ? VerdictColors::Level::Fail : VerdictColors::Level::Warn,
                              Theme::isDark(palette()))))
                    : QString());
        it.value()->setToolTip(flagged ? byField.value(it.key()).join(QLatin1Char('\n')) + QStringLiteral("\n\n")
                                       + m_baseToolTips.value(it.key())
                                       : m_baseToolTips.value(it.key()));
    }
    m_issueView->resizeColumnsToContents();
}

void ConfigPanel::updateTabs()
{
    const QString current = m_tabs->currentIndex() >= 0 ? m_tabs->tabToolTip(m_tabs->currentIndex()) : QString();
    // Reuse a tab per file name so the reader's scroll position survives typing.
    QHash<QString, QPlainTextEdit *> existing;
    for (int i = 0; i < m_tabs->count(); ++i)
        existing.insert(m_tabs->tabToolTip(i), qobject_cast<QPlainTextEdit *>(m_tabs->widget(i)));
    QSet<QString> keep;
    for (const ConfigArtifact &a : std::as_const(m_artifacts)) {
        keep.insert(a.fileName);
        QPlainTextEdit *view = existing.value(a.fileName);
        if (!view) {
            view = new QPlainTextEdit;
            view->setReadOnly(true);
            view->setLineWrapMode(QPlainTextEdit::NoWrap);
            view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
            new ArtifactHighlighter(view->document(), a.language);
            const int index = m_tabs->addTab(view, QString());
            m_tabs->setTabToolTip(index, a.fileName);
        }
        m_tabs->setTabText(m_tabs->indexOf(view), a.titleText());
        const QString text = QString::fromUtf8(a.content);
        if (view->toPlainText() != text) {
            const int scroll = view->verticalScrollBar() ? view->verticalScrollBar()->value() : 0;
            view->setPlainText(text);
            view->verticalScrollBar()->setValue(scroll);
        }
    }
    for (int i = m_tabs->count() - 1; i >= 0; --i) {
        if (!keep.contains(m_tabs->tabToolTip(i))) {
            QWidget *w = m_tabs->widget(i);
            m_tabs->removeTab(i);
            delete w;
        }
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->tabToolTip(i) == current)
            m_tabs->setCurrentIndex(i);
    }
}

bool ConfigPanel::importFiles(const QStringList &paths)
{
    const ConfigParseResult r = ConfigImporter::importFiles(paths, m_backends);
    if (!r) {
        Q_EMIT message([error = r.error] { return tr("Config import failed: %1").arg(error); });
        return false;
    }
    setConfig(r.config);
    for (const QString &note : r.notes)
        Q_EMIT message(note);
    Q_EMIT message([paths] { return tr("Imported %1").arg(paths.join(QStringLiteral(", "))); });
    return true;
}

bool ConfigPanel::isDefault() const
{
    return TrainingConfigJson::equal(m_config, TrainingConfig());
}

bool ConfigPanel::openFiles(const QStringList &paths)
{
    if (isModified()) {
        QStringList names;
        for (const QString &path : paths)
            names << QFileInfo(path).fileName();
        if (QMessageBox::question(this, tr("Replace Edited Config?"),
                                  tr("The Training Config has edits that are not saved. "
                                     "Importing %1 changes its fields.\n\nImport it anyway?")
                                      .arg(names.join(QStringLiteral(", "))),
                                  QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
            != QMessageBox::Yes) {
            Q_EMIT message([paths] {
                return tr("Not imported: %1 (the edited config was kept)").arg(paths.join(QStringLiteral(", ")));
            });
            return false;
        }
    }
    return importFiles(paths);
}

void ConfigPanel::openDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open or Import Training Config"), m_settings.value(lastDirKey).toString(),
        tr("Configs and launch lines (*.json *.yaml *.yml *.sh *.txt);;All files (*)"));
    if (paths.isEmpty())
        return;
    m_settings.setValue(lastDirKey, QFileInfo(paths.first()).absolutePath());
    openFiles(paths);
}

bool ConfigPanel::saveConfigDialog()
{
    const QString name = m_config.name.isEmpty() ? QStringLiteral("training_config") : m_config.name;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Training Config"),
        QDir(m_settings.value(lastDirKey).toString()).filePath(name + QStringLiteral(".json")),
        tr("PortBench training config (*.json)"));
    if (path.isEmpty())
        return false;
    // The file dialog has already asked about replacing; the old file is still kept as .bak.
    const ConfigArtifact file{
        QFileInfo(path).fileName(), {}, ConfigArtifact::Language::Json, TrainingConfigJson::write(m_config)};
    const ArtifactWriter::Result r = ArtifactWriter::write({file}, QFileInfo(path).absolutePath(), true);
    Q_EMIT message([saved = bool(r), path, error = r.error] {
        return saved ? tr("Saved %1").arg(path) : tr("Saving failed: %1").arg(error);
    });
    if (r)
        m_cleanJson = m_json;
    return bool(r);
}

bool ConfigPanel::saveArtifactsTo(const QString &dir, bool askBeforeOverwrite)
{
    const QStringList clashing = ArtifactWriter::conflicts(m_artifacts, dir);
    bool overwrite = clashing.isEmpty();
    if (!clashing.isEmpty()) {
        overwrite = !askBeforeOverwrite
            || QMessageBox::question(this, tr("Replace files?"),
                                     tr("These files in %1 differ from the new artifacts:\n\n%2\n\nReplace them? "
                                        "The old versions are kept as .bak files.")
                                         .arg(dir, clashing.join(QLatin1Char('\n'))))
                == QMessageBox::Yes;
        if (!overwrite) {
            Q_EMIT message([] { return tr("Artifacts not saved: nothing was overwritten"); });
            return false;
        }
    }
    const ArtifactWriter::Result r = ArtifactWriter::write(m_artifacts, dir, overwrite);
    if (!r) {
        Q_EMIT message([error = r.error] { return tr("Saving artifacts failed: %1").arg(error); });
        return false;
    }
    Q_EMIT message([written = r.written.size(), dir, unchanged = r.unchanged.size(), backups = r.backups.size()] {
        return tr("Saved %1 artifact(s) to %2 (%3 unchanged, %4 backup(s))")
            .arg(written)
            .arg(dir)
            .arg(unchanged)
            .arg(backups);
    });
    return true;
}

void ConfigPanel::saveArtifactsDialog()
{
    if (ConfigValidator::hasErrors(m_issues->issues())
        && QMessageBox::warning(this, tr("Inconsistent config"),
                                tr("The config has errors (see the list). Save the artifacts anyway?"),
                                QMessageBox::Save | QMessageBox::Cancel)
            != QMessageBox::Save)
        return;
    const QString dir
        = QFileDialog::getExistingDirectory(this, tr("Save Artifacts To"), m_settings.value(lastDirKey).toString());
    if (dir.isEmpty())
        return;
    m_settings.setValue(lastDirKey, dir);
    saveArtifactsTo(dir);
}
