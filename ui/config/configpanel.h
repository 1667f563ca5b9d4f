// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/configartifact.h"
#include "core/sources/config/trainingconfig.h"

#include <QHash>
#include <QJsonObject>
#include <QWidget>

#include <optional>

class ConfigIssueModel;
class MemoryBar;
class QAction;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSettings;
class QScrollArea;
class QTabWidget;
class QTableView;
class QTimer;

/// The training-config editor: a form with sections (built from ConfigField::catalog()), live
/// validation, a per-device memory bar and one read-only, highlighted tab per emitted artifact.
/// Everything it shows comes from the same core code as `portbench-cli config`, against the
/// backend profiles it is given (the loaded plugins').
class ConfigPanel : public QWidget
{
    Q_OBJECT

public:
    ConfigPanel(QSettings &settings, BackendProfiles backends, QWidget *parent = nullptr);

    void setConfig(const TrainingConfig &config);
    TrainingConfig config() const { return m_config; }
    /// Devices found by the environment check on this node; checked against devices per node.
    void setDevicesFound(std::optional<int> devices);
    /// True when the form was edited since the config was last set, imported or saved.
    bool isModified() const { return m_json != m_cleanJson; }
    /// True while the config is PortBench's untouched default (nothing imported, set or edited).
    bool isDefault() const;
    /// Asks where to save the config as PortBench JSON and saves it; false when cancelled or failed.
    bool saveConfigDialog();
    /// Imports and merges the files (TrainingConfig, ds_config, accelerate YAML, launch lines).
    bool importFiles(const QStringList &paths);
    /// importFiles() as the user asks for it (Open / Import…, File > Open, drop, command line): with
    /// unsaved edits it asks first, and a No keeps them. False when declined or failed.
    bool openFiles(const QStringList &paths);
    /// Sets one field by its JSON path, as the form does (for scripting and tests).
    void setField(const QString &path, const QJsonValue &value);
    /// Recomputes now instead of after the typing pause.
    void refreshNow();
    const ConfigArtifacts &artifacts() const { return m_artifacts; }
    /// Writes the artifacts; asks before replacing files that differ (backups are kept).
    bool saveArtifactsTo(const QString &dir, bool askBeforeOverwrite = true);

Q_SIGNALS:
    void message(const LocalizedText &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void buildForm(QWidget *form);
    void loadEditors();
    void scheduleRefresh();
    void refresh();
    void showIssues();
    void updateTabs();
    void openDialog();
    void saveArtifactsDialog();

    QSettings &m_settings;
    const BackendProfiles m_backends;
    QJsonObject m_json;
    QJsonObject m_cleanJson; ///< m_json when last set, imported or saved
    TrainingConfig m_config;
    ConfigArtifacts m_artifacts;
    std::optional<int> m_devicesFound;
    QHash<QString, QWidget *> m_editors;
    QHash<QString, QLabel *> m_labels;
    QList<QGroupBox *> m_sections; ///< one per section, in ConfigField::catalog() order
    QHash<QString, QString> m_baseToolTips;
    QAction *m_openAction;
    QAction *m_saveAction;
    QAction *m_emitAction;
    ConfigIssueModel *m_issues;
    QTableView *m_issueView;
    MemoryBar *m_memory;
    QTabWidget *m_tabs;
    QScrollArea *m_formArea = nullptr; ///< the form, kept as wide as its fields want
    QTimer *m_refreshTimer;
    bool m_loading = false;
};
