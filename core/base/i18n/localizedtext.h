// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMetaType>
#include <QString>

#include <functional>
#include <type_traits>
#include <utility>

/// A user message kept as data, so that a view showing it earlier can compose it again in the
/// language installed now: either a callback that composes it (`[path] { return tr("Saved %1").arg(path); }`,
/// tr() being static, nothing but the arguments is captured) or a fixed text that is not from the
/// catalogue (a file name, an error another program wrote).
class LocalizedText
{
public:
    LocalizedText() = default;
    LocalizedText(const QString &fixed) // NOLINT(google-explicit-constructor): a plain text is one too
        : m_fixed(fixed)
    { }
    template<typename Compose,
             typename
             = std::enable_if_t<std::is_invocable_r_v<QString, Compose> && !std::is_convertible_v<Compose, QString>>>
    LocalizedText(Compose compose) // NOLINT(google-explicit-constructor): emitted as a lambda
        : m_compose(std::move(compose))
    { }

    /// The text in the language installed now.
    QString text() const { return m_compose ? m_compose() : m_fixed; }

private:
    QString m_fixed;
    std::function<QString()> m_compose;
};

Q_DECLARE_METATYPE(LocalizedText)
