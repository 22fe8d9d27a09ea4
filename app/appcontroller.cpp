#include "app/appcontroller.h"

#include "session/explorersession.h"
#include "translations/translations.h"
#include "views/explorerpages.h"
#include "views/mainwindow.h"
#include "views/settingsdialog.h"
#include "views/startingscreen.h"
#include "views/theme.h"

#include <QGuiApplication>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QPointer>
#include <QScreen>
#include <QTimer>

Q_LOGGING_CATEGORY(lcLinks, "gifscan.links")

AppController::AppController(QSettings *settings, Translations *translations, Options options,
                             QObject *parent)
    : QObject(parent), m_translations(translations), m_preferences(settings), m_profiles(settings),
      m_watchlist(settings), m_addressBook(settings), m_options(std::move(options)),
      m_pendingLink(m_options.link)
{
    m_translations->apply(m_preferences.language());
    connect(&m_preferences, &AppSettings::changed, this, &AppController::applyPreferences);
    // Widgets take their words when made: the window is made again in the
    // new language over the same session, with Settings open again where the
    // choice was made. Not from inside the dialog that is about to go.
    connect(&m_preferences, &AppSettings::languageChanged, this,
            [this] { QTimer::singleShot(0, this, &AppController::speakChosenLanguage); });
    applyPreferences();
}

AppController::~AppController()
{
    keepWindowGeometry();
    m_window.reset();
    m_session.reset();
    m_devnet.reset(); // stops the node, and waits for it to have stopped
}

void AppController::start()
{
    if (m_options.commandLine)
        open(*m_options.commandLine, m_options.commandLine->name);
    else
        connectTo(m_options.devnet ? ProfileStore::localDevnetName() : m_profiles.last());
}

void AppController::connectTo(const QString &name)
{
    if (name != ProfileStore::localDevnetName()) {
        if (const auto profile = m_profiles.find(name)) {
            m_profiles.setLast(name);
            open(*profile, name);
            return;
        }
    }
    m_profiles.setLast(ProfileStore::localDevnetName());
    if (m_devnet && m_devnet->endpoints()) {
        const auto e = *m_devnet->endpoints();
        open({QStringLiteral("chain-devnet-1"), e.rest, e.rpc, e.ws, gifscan::kChainId,
              m_profiles.devnetAnchor()},
             ProfileStore::localDevnetName());
        return;
    }
    if (m_devnet && m_devnet->state() != gifscan::LocalNode::State::Stopped)
        return; // starting: devnetStarted() opens it
    startDevnet();
}

void AppController::startDevnet()
{
    // The devnet runs as a child process: the window outlives it, and its
    // archive never sits in the explorer's memory. Rate-limited like any
    // node: it listens on loopback, where any local program can reach it; our
    // own client keeps under the limit (its bucket allows 50 requests a
    // second against the node's 60).
    gifscan::LocalNode::Options options = m_options.devnetOptions;
    options.corsOrigins = m_profiles.localNodePages();
    m_devnet = std::make_unique<gifscan::LocalNode>(options);
    if (!m_starting)
        m_starting = std::make_unique<StartingScreen>();
    connect(m_devnet.get(), &gifscan::LocalNode::started, this, &AppController::devnetStarted);
    // A long start (an old block log imported, an older database brought up
    // to date) says how far it is, instead of looking stuck.
    connect(m_devnet.get(), &gifscan::LocalNode::progressed, m_starting.get(),
            &StartingScreen::showProgress);
    connect(m_devnet.get(), &gifscan::LocalNode::startFailed, this,
            [this](const gifscan::LocalNode::Failure &failure) {
                const QString why =
                    failure.kind == gifscan::LocalNode::Failure::Kind::NotFound
                        ? tr("gifscan-devnet was not found beside gifscan (%1)").arg(failure.detail)
                        : failure.detail;
                m_starting->hide();
                if (!m_window) {
                    Q_EMIT failedToStart(why);
                    return;
                }
                QMessageBox::critical(m_window.get(), tr("gifscan"),
                                      tr("The local devnet could not start: %1").arg(why));
            });
    m_window.reset();
    m_session.reset();
    m_starting->reset();
    m_starting->show();
    m_devnet->start();
}

// The session's status says the local node is down while it is, and why.
void AppController::followLocalNode()
{
    NetworkStatusModel *status = m_session->pages().status;
    connect(m_devnet.get(), &gifscan::LocalNode::died, status,
            [status](const gifscan::LocalNode::Failure &failure) {
                status->localNodeDied(failure.crashed, failure.exitCode, failure.detail);
            });
    connect(m_devnet.get(), &gifscan::LocalNode::started, status,
            &NetworkStatusModel::localNodeStarted);
}

void AppController::devnetStarted(const gifscan::LocalNode::Endpoints &e)
{
    m_starting->hide();
    const bool followingIt = m_followsLocalDevnet;
    // A restart on the same ports: the session's clients reconnect by
    // themselves. On other ports the session follows it there.
    if (followingIt && m_window && m_profile.restUrl == e.rest)
        return;
    if (!m_window || followingIt)
        connectTo(ProfileStore::localDevnetName());
}

void AppController::keepWindowGeometry()
{
    if (m_window) {
        m_preferences.setWindowPlacement({m_window->normalGeometry(), m_window->isMaximized()});
        m_preferences.setWindowLayout(m_window->layoutState());
    }
}

void AppController::open(const gifscan::NetworkProfile &profile, const QString &name)
{
    keepWindowGeometry();
    m_window.reset();  // the window lets go of the models before they go
    m_session.reset(); // and the old session goes before a new one follows a node
    m_profile = profile;
    m_profileName = name;
    m_followsLocalDevnet = name == ProfileStore::localDevnetName();
    m_session = std::make_unique<ExplorerSession>(profile, &m_watchlist);
    m_session->setAddressBook(&m_addressBook);
    m_session->pages().status->setLocalDevnet(m_followsLocalDevnet);
    // What the node's first connection teaches is kept with its profile.
    connect(&m_session->sync(), &gifscan::LiveSync::anchorLearnt, this,
            [this, name](const gifscan::TrustAnchor &anchor) { keepAnchor(name, anchor); });
    connect(&m_session->sync(), &gifscan::LiveSync::trustRequested, this,
            [this, name, sync = QPointer<gifscan::LiveSync>(&m_session->sync())](
                const gifscan::TrustAnchor &candidate) {
                askTrust(name, candidate, [sync, candidate](bool yes) {
                    // The session may have gone while the question was open.
                    if (yes && sync)
                        sync->trustAnchor(candidate);
                });
            });
    if (m_devnet && name == ProfileStore::localDevnetName())
        followLocalNode(); // its deaths and restarts are said
    m_session->start();
    // The look and the view preferences are applied already and follow
    // their changes; only the new session's cache is new.
    applyFrameCache();
    makeWindow();
    m_window->show();
    Q_EMIT windowOpened(m_window.get());
    if (!m_pendingLink.isEmpty())
        showLink(std::exchange(m_pendingLink, QString()));
    if (!m_pendingError.isEmpty())
        showInstanceError(std::exchange(m_pendingError, QString()));
}

// A link handed over by the desktop, said in the log too: a launcher or a
// script (scripts/package-check.sh) can tell it was opened.
void AppController::showLink(const QString &target)
{
    const bool opened = m_window->search(target);
    qCInfo(lcLinks).noquote() << (opened ? "opened" : "could not open") << target;
}

// The window where it was, when that is still on a screen (a monitor may
// have gone since): otherwise only its size, and the system places it.
void AppController::place(QWidget *window, const AppSettings::WindowPlacement &placement)
{
    const QRect normal = placement.normal;
    bool onScreen = false;
    for (const QScreen *screen : QGuiApplication::screens()) {
        const QRect seen = screen->availableGeometry().intersected(normal);
        onScreen = onScreen || (seen.width() >= 100 && seen.height() >= 50);
    }
    if (onScreen) {
        window->setGeometry(normal);
    } else if (const QScreen *screen = QGuiApplication::primaryScreen()) {
        // A monitor gone since: the size, within the screen there is now.
        window->resize(normal.size().boundedTo(screen->availableGeometry().size()));
    }
    if (placement.maximised)
        window->setWindowState(window->windowState() | Qt::WindowMaximized);
}

void AppController::makeWindow()
{
    m_window = std::make_unique<MainWindow>(m_session->pages(), &m_view,
                                            explorerPages(m_session->pages()));
    m_window->setWindowTitle(
        tr("gifscan — %1")
            .arg(m_followsLocalDevnet ? ProfileStore::localDevnetName() : m_profileName));
    // Where it was when the last one closed (its size, place, maximised).
    if (const auto placement = m_preferences.windowPlacement())
        place(m_window.get(), *placement);
    else if (const QByteArray geometry = m_preferences.oldWindowGeometry(); !geometry.isEmpty())
        m_window->restoreGeometry(geometry);
    // And how its pages were arranged: splitters, the columns the reader sized.
    m_window->restoreLayoutState(m_preferences.windowLayout());
    connect(m_window.get(), &MainWindow::settingsRequested, this, &AppController::showSettings);
    connect(m_window.get(), &MainWindow::trustRequested, this, &AppController::trustAgain);
    // Queued: following another node replaces the window whose button asked.
    connect(
        m_window.get(), &MainWindow::localDevnetRequested, this,
        [this] { connectTo(ProfileStore::localDevnetName()); }, Qt::QueuedConnection);
}

void AppController::keepAnchor(const QString &name, const gifscan::TrustAnchor &anchor)
{
    // The session made again (another language) starts from it.
    m_profile.anchor = anchor;
    if (name == ProfileStore::localDevnetName())
        m_profiles.setDevnetAnchor(anchor);
    else
        m_profiles.setAnchor(name, anchor); // a command line's node is kept for this run only
}

void AppController::trustAgain()
{
    if (!m_session)
        return;
    const auto offered = m_session->sync().offeredAnchor();
    // A node that does not sign its own genesis offers nothing to trust:
    // Settings is where another node is chosen.
    if (!offered)
        return showSettings();
    const bool refused = m_session->sync().state() == gifscan::LiveSync::State::WrongNetwork;
    askTrust(m_profileName, *offered,
             [this, offered = *offered, refused, sync = QPointer(&m_session->sync())](bool yes) {
                 if (!yes || !sync)
                     return;
                 if (!refused)
                     return sync->trustAnchor(offered);
                 // A refused node stopped being followed: followed anew, with
                 // the set the user now trusts in place of the old one.
                 keepAnchor(m_profileName, offered);
                 QTimer::singleShot(0, this, [this] { open(m_profile, m_profileName); });
             });
}

void AppController::askTrust(const QString &profile, const gifscan::TrustAnchor &candidate,
                             std::function<void(bool)> answer)
{
    if (m_trustQuestion)
        return m_trustQuestion(m_window.get(), profile, candidate, std::move(answer));
    // Trust on first use, as SSH asks: the set's fingerprint is what the user
    // compares with what the network publishes. Not modal in a nested loop:
    // the window may be replaced (a devnet restart on other ports) while it
    // is open, and the box goes with it, unanswered.
    QString words =
        tr("%1 is signed by a validator set gifscan has not seen before.\n\n"
           "Fingerprint: %2\nValidators: %3\nGenesis: %4\n\n"
           "Trust it only if this is the fingerprint the network publishes. Until then "
           "nothing it serves is shown as verified.")
            .arg(profile, candidate.validators.fingerprint())
            .arg(candidate.validators.size())
            .arg(gifscan::toHexString(candidate.genesisHash.value_or(gifscan::Hash32{})));
    // A profile that trusted another set: trusting this one takes its place.
    if (m_profile.anchor && !(m_profile.anchor->validators == candidate.validators))
        words += QStringLiteral("\n\n") +
                 tr("It takes the place of validator set %1, which %2 trusted until now.")
                     .arg(m_profile.anchor->validators.fingerprint(), profile);
    auto *box = new QMessageBox(QMessageBox::Question, tr("Trust this network?"), words,
                                QMessageBox::Yes | QMessageBox::No, m_window.get());
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, box,
            [answer = std::move(answer)](int result) { answer(result == QMessageBox::Yes); });
    box->open();
}

void AppController::applyPreferences()
{
    const auto theme = m_preferences.theme();
    Theme::apply(theme == AppSettings::ThemeMode::System
                     ? std::nullopt
                     : std::optional<bool>(theme == AppSettings::ThemeMode::Dark));
    static_assert(static_cast<int>(AppSettings::Animation::Off) ==
                      static_cast<int>(ViewPreferences::Motion::Off),
                  "the same three motions, in the same order");
    m_view.setMotion(static_cast<ViewPreferences::Motion>(m_preferences.animation()));
    m_view.setNotificationsEnabled(m_preferences.notifications());
    m_view.setMinimiseToTray(m_preferences.minimiseToTray());
    applyFrameCache();
}

void AppController::applyFrameCache()
{
    if (m_session)
        m_session->thumbnails().setBudget(static_cast<qsizetype>(m_preferences.frameCacheMiB()) *
                                          1024 * 1024);
}

void AppController::speakChosenLanguage()
{
    m_translations->apply(m_preferences.language());
    if (!m_window)
        return;
    // Only the window is made again, its widgets' words being set as they
    // are made: the session (its node, heads, lists, trust and caches) stays,
    // and the new window takes the old one's place, size, state and history.
    const AppSettings::WindowPlacement placement{m_window->normalGeometry(),
                                                 m_window->isMaximized()};
    const Qt::WindowStates state = m_window->windowState();
    const MainWindow::Trail trail = m_window->trail();
    m_preferences.setWindowLayout(m_window->layoutState());
    m_window.reset();
    makeWindow();
    place(m_window.get(), placement);
    m_window->setWindowState(state);
    m_window->resumeTrail(trail);
    m_window->show();
    Q_EMIT windowOpened(m_window.get());
    showSettings();
}

void AppController::showSettings()
{
    auto *dialog = new SettingsDialog(&m_profiles, m_profileName, &m_preferences, m_window.get());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The node the window follows is listed even when no profile holds it.
    if (m_session)
        dialog->setFollowed(m_profile);
    connect(dialog, &SettingsDialog::profileChosen, this, [this](const QString &name) {
        // Not from inside the window that is about to be replaced.
        QTimer::singleShot(0, this, [this, name] { connectTo(name); });
    });
    // The local node answers the pages it is told to: started again with them.
    connect(dialog, &SettingsDialog::localNodePagesChanged, this, [this](const QStringList &added) {
        if (m_devnet)
            m_devnet->setCorsOrigins(added);
    });
    dialog->open();
}

void AppController::openLink(const QString &target)
{
    if (!m_window) { // still starting: opened once the window is there
        m_pendingLink = target;
        return;
    }
    raise();
    showLink(target);
}

void AppController::handleInstanceMessage(const QString &message)
{
    if (message.startsWith(QLatin1String("open "))) {
        openLink(message.mid(5));
    } else if (message.startsWith(QLatin1String("error "))) {
        if (!m_window) { // still starting: said once the window is there
            m_pendingError = message.mid(6);
            return;
        }
        showInstanceError(message.mid(6));
    } else {
        raise();
    }
}

void AppController::showInstanceError(const QString &why)
{
    raise();
    // Not modal: the window goes on (live heads) while it is read. The
    // words are another process's: plain text, never markup, and cut short.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("gifscan"),
                                tr("Another gifscan was given a link it cannot open:") +
                                    QStringLiteral("\n\n") + why.left(500),
                                QMessageBox::Ok, m_window.get());
    box->setObjectName(QStringLiteral("instanceError"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void AppController::raise()
{
    if (!m_window)
        return;
    m_window->showNormal();
    m_window->raise();
    m_window->activateWindow();
}
