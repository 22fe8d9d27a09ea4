#pragma once

#include "core/protocol/networkprofile.h"
#include "core/protocol/trustanchor.h"

#include <QDialog>

class AppSettings;
class LocalPagesEditor;
class ProfileStore;
class QCheckBox;
class QComboBox;
class QBoxLayout;
class QGroupBox;
class QLayout;
class QVBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

// Settings: the network profiles — the built-in local devnet and the user's
// own nodes (REST, JSON-RPC and websocket URLs, the chain id they must
// serve) — and which one to connect to; for the local devnet, the web pages
// that may use it. Lives on the GUI thread.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    SettingsDialog(ProfileStore *store, const QString &current, AppSettings *preferences = nullptr,
                   QWidget *parent = nullptr);

    // The node the window follows when no profile holds it (one given on
    // the command line): listed and selected, with what it trusts, so that
    // it can be seen and kept under a name.
    void setFollowed(const gifscan::NetworkProfile &profile);

    QListWidget *profiles() const { return m_list; }
    QString anchorText() const;
    // Fills the form, for keyboard users and tests.
    void edit(const QString &name, const QString &rest, const QString &rpc, const QString &ws,
              quint64 chainId);
    bool saveProfile();
    QString problemText() const;
    LocalPagesEditor *localPages() const { return m_pages; }

Q_SIGNALS:
    void profileChosen(const QString &name);
    // Kept already; the local node applies them.
    void localNodePagesChanged(const QStringList &added);

private:
    // The constructor's parts.
    void setUpFields();
    QBoxLayout *profileEditor();
    QGroupBox *preferencesGroup(AppSettings *preferences);

    void showAnchor(const std::optional<gifscan::TrustAnchor> &anchor);
    void reload(const QString &select);
    void showSelected();
    void showProfile();
    void fitContents();

    ProfileStore *m_store;
    std::optional<gifscan::NetworkProfile> m_followed;
    QListWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_rest;
    QLineEdit *m_rpc;
    QLineEdit *m_ws;
    QSpinBox *m_chainId;
    QLabel *m_problem;
    QLabel *m_anchor;
    QPushButton *m_forget;
    LocalPagesEditor *m_pages;
    QVBoxLayout *m_left = nullptr; // the profiles' list, and the preferences under it
    AppSettings *m_preferences;
};
