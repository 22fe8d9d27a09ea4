#include "views/settingsdialog.h"

#include "core/settings/profilestore.h"
#include "models/appsettings.h"
#include "models/displayformat.h"
#include "translations/translations.h"
#include "views/localpageseditor.h"
#include "views/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

SettingsDialog::SettingsDialog(ProfileStore *store, const QString &current,
                               AppSettings *preferences, QWidget *parent)
    : QDialog(parent), m_store(store), m_list(new QListWidget(this)), m_name(new QLineEdit(this)),
      m_rest(new QLineEdit(this)), m_rpc(new QLineEdit(this)), m_ws(new QLineEdit(this)),
      m_chainId(new QSpinBox(this)), m_problem(new QLabel(this)), m_preferences(preferences)
{
    setWindowTitle(tr("Settings"));
    setUpFields();
    QBoxLayout *top = profileEditor();
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *connectButton = box->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    Theme::plainButtons(box);
    // The preferences under the profiles' list, beside the profile: the
    // dialog fits a 1024x700 screen with the local node's pages shown.
    if (preferences)
        m_left->addWidget(preferencesGroup(preferences));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(box);
    connect(m_list, &QListWidget::currentTextChanged, this, &SettingsDialog::showSelected);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(connectButton, &QPushButton::clicked, this, [this] {
        // What is in the fields is what Connect connects to: a new or edited
        // profile is saved first, and a problem keeps the dialog open.
        const bool builtIn = m_list->currentItem() &&
                             m_list->currentItem()->text() == ProfileStore::localDevnetName();
        if (!builtIn && !saveProfile())
            return;
        Q_EMIT profileChosen(m_list->currentItem()->text());
        accept();
    });
    reload(current);
    // Room for every row's words (a wrapped one is cut in a box too small),
    // within the screen.
    QSize size = QSize(720, 360).expandedTo(sizeHint());
    if (const QScreen *s = screen())
        size = size.boundedTo(s->availableGeometry().size());
    resize(size);
}

void SettingsDialog::setUpFields()
{
    m_chainId->setRange(1, 2'000'000'000);
    m_name->setObjectName(QStringLiteral("name"));
    m_rest->setObjectName(QStringLiteral("rest"));
    m_rpc->setObjectName(QStringLiteral("rpc"));
    m_ws->setObjectName(QStringLiteral("ws"));
    m_rest->setPlaceholderText(QStringLiteral("https://node.example/"));
    m_rpc->setPlaceholderText(QStringLiteral("https://node.example/rpc"));
    m_ws->setPlaceholderText(QStringLiteral("wss://node.example/ws"));
    m_problem->setStyleSheet(QStringLiteral("color: %1").arg(Theme::colour(Theme::Tone::Bad)));
    m_problem->setWordWrap(true);
}

// The list of profiles beside the one being edited, its trust and buttons.
QBoxLayout *SettingsDialog::profileEditor()
{
    auto *form = new QFormLayout;
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("REST URL"), m_rest);
    form->addRow(tr("JSON-RPC URL"), m_rpc);
    form->addRow(tr("Websocket URL"), m_ws);
    form->addRow(tr("Chain id"), m_chainId);
    // What the profile trusts (PROTOCOL §8), and a way to forget it: the
    // next connection then asks again.
    m_anchor = new QLabel(this);
    m_anchor->setWordWrap(true);
    m_anchor->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_anchor->setObjectName(QStringLiteral("anchor"));
    m_forget = new QPushButton(tr("Forget"), this);
    // The words as the row's own field, the button under them: a wrapped
    // label nested in a row beside a button was given one line's height
    // and cut (in Spanish, mid-sentence).
    form->addRow(tr("Trusts"), m_anchor);
    auto *forgetRow = new QHBoxLayout;
    forgetRow->addWidget(m_forget);
    forgetRow->addStretch();
    form->addRow(QString(), forgetRow);
    form->addRow(m_problem);
    auto *newButton = new QPushButton(tr("New"), this);
    auto *saveButton = new QPushButton(tr("Save"), this);
    auto *removeButton = new QPushButton(tr("Remove"), this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(newButton);
    buttons->addWidget(saveButton);
    buttons->addWidget(removeButton);
    buttons->addStretch();
    m_pages = new LocalPagesEditor(m_store->localNodePages(), this);
    connect(m_pages, &LocalPagesEditor::pagesChanged, this, [this](const QStringList &added) {
        if (m_store->setLocalNodePages(added))
            Q_EMIT localNodePagesChanged(added);
    });
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addLayout(buttons);
    right->addWidget(m_pages);
    right->addStretch();
    auto *top = new QHBoxLayout;
    m_left = new QVBoxLayout;
    m_left->addWidget(new QLabel(tr("Network profiles"), this));
    m_left->addWidget(m_list, 1);
    top->addLayout(m_left);
    top->addLayout(right, 1);
    connect(newButton, &QPushButton::clicked, this, [this] {
        // No profile selected is the new one being written: the fields are
        // open (showSelected) and empty, the example URLs only placeholders.
        m_list->setCurrentItem(nullptr);
        showSelected();
        edit({}, {}, {}, {}, gifscan::kChainId);
        m_name->setFocus();
    });
    connect(saveButton, &QPushButton::clicked, this, &SettingsDialog::saveProfile);
    connect(m_forget, &QPushButton::clicked, this, [this] {
        const QString name = m_list->currentItem() ? m_list->currentItem()->text() : QString();
        if (name == ProfileStore::localDevnetName())
            m_store->setDevnetAnchor(gifscan::TrustAnchor::devnet()); // the set stays built in; the
                                                                      // genesis is learnt again
        else
            m_store->setAnchor(name, std::nullopt);
        showSelected();
    });
    connect(removeButton, &QPushButton::clicked, this, [this] {
        const QString name = m_list->currentItem() ? m_list->currentItem()->text() : QString();
        if (name.isEmpty() || name == ProfileStore::localDevnetName())
            return;
        m_store->remove(name);
        reload(ProfileStore::localDevnetName());
    });
    return top;
}

// Applied as they change; nothing to confirm.
QGroupBox *SettingsDialog::preferencesGroup(AppSettings *preferences)
{
    auto *group = new QGroupBox(tr("Preferences"), this);
    auto *prefs = new QFormLayout(group);
    auto *theme = new QComboBox(group);
    theme->setObjectName(QStringLiteral("theme"));
    theme->addItems({tr("As the system"), tr("Light"), tr("Dark")});
    theme->setCurrentIndex(static_cast<int>(preferences->theme()));
    auto *language = new QComboBox(group);
    language->setObjectName(QStringLiteral("language"));
    language->addItem(tr("As the system"), QString());
    for (const QString &code : Translations::available())
        language->addItem(Translations::nativeName(code), code);
    language->setCurrentIndex(std::max(0, language->findData(preferences->language())));
    auto *motion = new QComboBox(group);
    motion->setObjectName(QStringLiteral("animation"));
    motion->addItems({tr("Always"), tr("On hover"), tr("Off (reduced motion)")});
    motion->setCurrentIndex(static_cast<int>(preferences->animation()));
    auto *budget = new QSpinBox(group);
    budget->setObjectName(QStringLiteral("budget"));
    budget->setRange(16, 2048);
    budget->setSuffix(tr(" MiB"));
    budget->setValue(preferences->frameCacheMiB());
    auto *notify = new QCheckBox(tr("Notify about the watchlist"), group);
    notify->setChecked(preferences->notifications());
    auto *tray = new QCheckBox(tr("Minimise to the tray"), group);
    tray->setChecked(preferences->minimiseToTray());
    prefs->addRow(tr("Look"), theme);
    prefs->addRow(tr("Language"), language);
    prefs->addRow(tr("Animated thumbnails"), motion);
    prefs->addRow(tr("Frame cache"), budget);
    prefs->addRow(notify);
    prefs->addRow(tray);
    connect(theme, &QComboBox::currentIndexChanged, preferences, [preferences](int i) {
        preferences->setTheme(static_cast<AppSettings::ThemeMode>(i));
    });
    connect(language, &QComboBox::currentIndexChanged, preferences, [preferences, language](int i) {
        preferences->setLanguage(language->itemData(i).toString());
    });
    connect(motion, &QComboBox::currentIndexChanged, preferences, [preferences](int i) {
        preferences->setAnimation(static_cast<AppSettings::Animation>(i));
    });
    connect(budget, &QSpinBox::valueChanged, preferences, &AppSettings::setFrameCacheMiB);
    connect(notify, &QCheckBox::toggled, preferences, &AppSettings::setNotifications);
    connect(tray, &QCheckBox::toggled, preferences, &AppSettings::setMinimiseToTray);
    return group;
}

void SettingsDialog::setFollowed(const gifscan::NetworkProfile &profile)
{
    m_followed = profile;
    reload(profile.name);
}

void SettingsDialog::reload(const QString &select)
{
    m_list->clear();
    m_list->addItem(ProfileStore::localDevnetName());
    for (const auto &p : m_store->custom())
        m_list->addItem(p.name);
    if (m_followed && !m_store->find(m_followed->name) &&
        m_followed->name != ProfileStore::localDevnetName())
        m_list->addItem(m_followed->name);
    const auto found = m_list->findItems(select, Qt::MatchExactly);
    m_list->setCurrentItem(found.isEmpty() ? m_list->item(0) : found.first());
}

void SettingsDialog::showSelected()
{
    showProfile();
    fitContents();
}

// Whatever profile is shown fits: the local devnet's has the pages box and
// a longer trust line, which a dialog sized for a remote profile cut (the
// genesis hidden, the pages' text clipped). It grows, never shrinks under
// the user's hand, within the screen.
void SettingsDialog::fitContents()
{
    layout()->activate();
    QSize want = size().expandedTo(minimumSizeHint());
    if (layout()->hasHeightForWidth())
        want.setHeight(std::max(want.height(), layout()->totalHeightForWidth(want.width())));
    want = want.expandedTo(layout()->totalMinimumSize());
    if (const QScreen *s = screen())
        want = want.boundedTo(s->availableGeometry().size());
    if (want != size())
        resize(want);
}

void SettingsDialog::showProfile()
{
    m_problem->clear();
    const QString name = m_list->currentItem() ? m_list->currentItem()->text() : QString();
    const bool builtIn = name == ProfileStore::localDevnetName();
    for (QWidget *w : std::initializer_list<QWidget *>{m_name, m_rest, m_rpc, m_ws, m_chainId})
        w->setEnabled(!builtIn);
    m_pages->setVisible(builtIn);
    if (builtIn) {
        // Its ports are free ones, chosen each time it starts.
        const QString chosen = tr("(chosen when it starts)");
        edit(name, chosen, chosen, chosen, gifscan::kChainId);
        showAnchor(m_store->devnetAnchor());
        return;
    }
    auto p = m_store->find(name);
    if (!p && m_followed && m_followed->name == name)
        p = m_followed;
    if (p)
        edit(p->name, p->restUrl.toString(), p->rpcUrl.toString(), p->wsUrl.toString(),
             p->expectedChainId);
    showAnchor(p ? p->anchor : std::nullopt);
}

void SettingsDialog::showAnchor(const std::optional<gifscan::TrustAnchor> &anchor)
{
    m_forget->setEnabled(anchor.has_value());
    if (!anchor) {
        m_anchor->setText(tr("nothing yet: the first connection asks"));
        return;
    }
    m_anchor->setText(tr("validator set %1 (%Ln validators), genesis %2", nullptr,
                         static_cast<int>(anchor->validators.size()))
                          .arg(anchor->validators.fingerprint(),
                               anchor->genesisHash ? DisplayFormat::groupedHex(*anchor->genesisHash)
                                                   : tr("not learnt yet")));
}

QString SettingsDialog::anchorText() const
{
    return m_anchor->text();
}

void SettingsDialog::edit(const QString &name, const QString &rest, const QString &rpc,
                          const QString &ws, quint64 chainId)
{
    m_name->setText(name);
    m_rest->setText(rest);
    m_rpc->setText(rpc);
    m_ws->setText(ws);
    m_chainId->setValue(static_cast<int>(chainId));
}

bool SettingsDialog::saveProfile()
{
    gifscan::NetworkProfile p;
    p.name = m_name->text().trimmed();
    p.restUrl = QUrl(m_rest->text().trimmed());
    p.rpcUrl = QUrl(m_rpc->text().trimmed());
    p.wsUrl = QUrl(m_ws->text().trimmed());
    p.expectedChainId = static_cast<std::uint64_t>(m_chainId->value());
    // An edited profile keeps what it trusts: the anchor pins the network,
    // whatever URLs reach it.
    if (const auto old = m_store->find(p.name))
        p.anchor = old->anchor;
    else if (m_followed && m_followed->restUrl == p.restUrl && m_followed->rpcUrl == p.rpcUrl)
        p.anchor = m_followed->anchor; // the followed node, kept: what it was trusted with too
    const QString why = ProfileStore::problem(p);
    m_problem->setText(why);
    if (!why.isEmpty())
        return false;
    m_store->save(p);
    reload(p.name);
    return true;
}

QString SettingsDialog::problemText() const
{
    return m_problem->text();
}
