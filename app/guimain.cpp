// gifscan: the explorer. With no settings it starts the embedded devnet (its
// data kept in the user's data folder) and follows it; a profile from
// Settings or --rest/--rpc/--ws follows another node instead, and the last
// profile is remembered. Composition only: parsing, settings, wiring.
#include "core/localnode.h"
#include "models/appsettings.h"
#include "models/explorersession.h"
#include "models/giflink.h"
#include "models/instancechannel.h"
#include "models/profilestore.h"
#include "models/watchlist.h"
#include "translations/translations.h"
#include "views/mainwindow.h"
#include "views/settingsdialog.h"
#include "views/startingscreen.h"
#include "views/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <memory>
#include <utility>

namespace {
// The context of this file's words in the translations.
struct Gui
{
    Q_DECLARE_TR_FUNCTIONS(Gui)
};
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));
    QApplication::setWindowIcon(Theme::appIcon());
    QSettings settings;
    AppSettings preferences(&settings);
    Translations translations;
    translations.apply(preferences.language());

    QCommandLineParser parser;
    parser.setApplicationDescription(Gui::tr("A block explorer for the GIF chain."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption rest(QStringLiteral("rest"), Gui::tr("REST base URL of a node."),
                                  QStringLiteral("URL"));
    const QCommandLineOption rpc(QStringLiteral("rpc"), Gui::tr("JSON-RPC URL of the node."),
                                 QStringLiteral("URL"));
    const QCommandLineOption ws(QStringLiteral("ws"), Gui::tr("Websocket URL of the node."),
                                QStringLiteral("URL"));
    const QCommandLineOption devnetOption(QStringLiteral("devnet"),
                                          Gui::tr("Follow the embedded devnet."));
    const QCommandLineOption blockTime(QStringLiteral("devnet-block-time"),
                                       Gui::tr("Seconds between the embedded devnet's blocks."),
                                       QStringLiteral("S"));
    parser.addOptions({rest, rpc, ws, devnetOption, blockTime});
    parser.addPositionalArgument(
        QStringLiteral("link"),
        Gui::tr("A gif:// link to open (gif://6464/<slug>#<id>[@height], an address, a hash)."),
        QStringLiteral("[link]"));
    parser.process(app);

    // A link opens in the gifscan already running, if there is one.
    QString linkTarget;
    if (!parser.positionalArguments().isEmpty()) {
        QString why;
        linkTarget = GifLink::target(parser.positionalArguments().first(), &why);
        if (linkTarget.isEmpty()) {
            QMessageBox::critical(nullptr, Gui::tr("gifscan"), why);
            return 2;
        }
    }
    InstanceChannel channel(InstanceChannel::defaultName());
    if (channel.sendToRunning(linkTarget.isEmpty() ? QStringLiteral("raise")
                                                   : QStringLiteral("open ") + linkTarget))
        return 0;
    channel.listen();

    ProfileStore store(&settings);
    Watchlist watchlist(&settings);
    const bool anyUrl = parser.isSet(rest) || parser.isSet(rpc) || parser.isSet(ws);
    if (anyUrl && !(parser.isSet(rest) && parser.isSet(rpc) && parser.isSet(ws))) {
        QMessageBox::critical(nullptr, Gui::tr("gifscan"),
                              Gui::tr("A node is named by all three of --rest, --rpc and --ws."));
        return 2;
    }
    gifscan::NetworkProfile commandLine{Gui::tr("command line"), QUrl(parser.value(rest)),
                                        QUrl(parser.value(rpc)), QUrl(parser.value(ws)),
                                        gifscan::kChainId,       std::nullopt};
    if (anyUrl && !ProfileStore::problem(commandLine).isEmpty()) {
        QMessageBox::critical(nullptr, Gui::tr("gifscan"), ProfileStore::problem(commandLine));
        return 2;
    }

    // The devnet runs as a child process: the window outlives it, and its
    // archive never sits in the explorer's memory.
    std::unique_ptr<gifscan::LocalNode> devnet;
    StartingScreen starting;
    std::unique_ptr<ExplorerSession> session;
    std::unique_ptr<MainWindow> window;
    std::function<void(const QString &)> connectTo;

    auto applyPreferences = [&] {
        const auto theme = preferences.theme();
        Theme::apply(theme == AppSettings::ThemeMode::System
                         ? std::nullopt
                         : std::optional<bool>(theme == AppSettings::ThemeMode::Dark));
        if (session)
            session->thumbnails.setBudget(static_cast<qsizetype>(preferences.frameCacheMiB()) *
                                          1024 * 1024);
        if (window) {
            window->setThumbnailMotion(static_cast<int>(preferences.animation()));
            window->setNotificationsEnabled(preferences.notifications());
            window->setMinimiseToTray(preferences.minimiseToTray());
        }
    };
    QObject::connect(&preferences, &AppSettings::changed, &app, applyPreferences);
    auto showSettings = [&] {
        auto *dialog = new SettingsDialog(&store, store.last(), &preferences, window.get());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &SettingsDialog::profileChosen, &app, [&](const QString &name) {
            // Not from inside the window that is about to be replaced.
            QTimer::singleShot(0, &app, [&, name] { connectTo(name); });
        });
        dialog->open();
    };
    gifscan::NetworkProfile shownProfile;
    QString shownName;
    auto open = [&](const gifscan::NetworkProfile &profile, const QString &name) {
        window.reset(); // the window lets go of the models before they go
        shownProfile = profile;
        shownName = name;
        session = std::make_unique<ExplorerSession>(profile, &watchlist);
        // What the node's first connection teaches is kept with its profile.
        QObject::connect(&session->sync, &gifscan::LiveSync::anchorLearnt, &app,
                         [&store, name](const gifscan::TrustAnchor &anchor) {
                             if (name == ProfileStore::localDevnetName())
                                 store.setDevnetAnchor(anchor);
                             else
                                 store.setAnchor(name, anchor);
                         });
        QObject::connect(
            &session->sync, &gifscan::LiveSync::trustRequested, &app,
            [&, name, sync = QPointer<gifscan::LiveSync>(&session->sync)](
                const gifscan::TrustAnchor &candidate) {
                // Trust on first use, as SSH asks: the set's fingerprint is what
                // the user compares with what the network publishes.
                const auto answer = QMessageBox::question(
                    window.get(), Gui::tr("Trust this network?"),
                    Gui::tr("%1 is signed by a validator set gifscan has not seen "
                            "before.\n\nFingerprint: %2\nValidators: %3\nGenesis: %4\n\n"
                            "Trust it only if this is the fingerprint the network publishes. Until "
                            "then nothing it serves is shown as verified.")
                        .arg(name, candidate.validators.fingerprint())
                        .arg(candidate.validators.size())
                        .arg(gifscan::toHexString(
                            candidate.genesisHash.value_or(gifscan::Hash32{}))));
                if (answer == QMessageBox::Yes &&
                    sync) // the session may have gone while the question was open
                    sync->trustAnchor(candidate);
            });
        if (devnet && name == ProfileStore::localDevnetName())
            session->status.followLocalNode(devnet.get()); // its deaths and restarts are said
        session->start();
        window = std::make_unique<MainWindow>(MainWindow::Models::of(*session));
        window->setWindowTitle(Gui::tr("gifscan — %1").arg(name));
        QObject::connect(window.get(), &MainWindow::settingsRequested, window.get(), showSettings);
        applyPreferences();
        window->show();
        if (!linkTarget.isEmpty())
            window->search(std::exchange(linkTarget, QString()));
    };
    QObject::connect(&preferences, &AppSettings::languageChanged, &app, [&] {
        // Widgets and models take their words when made: the session and
        // window are made again in the new language, on the same node, with
        // Settings open again where the choice was made. Not from inside the
        // dialog that is about to go.
        QTimer::singleShot(0, &app, [&] {
            translations.apply(preferences.language());
            if (!window)
                return;
            open(shownProfile, shownName);
            showSettings();
        });
    });
    QObject::connect(&channel, &InstanceChannel::received, &app, [&](const QString &message) {
        const QString target =
            message.startsWith(QLatin1String("open ")) ? message.mid(5) : QString();
        if (!window) { // still starting: opened once the window is there
            linkTarget = target;
            return;
        }
        window->showNormal();
        window->raise();
        window->activateWindow();
        if (!target.isEmpty())
            window->search(target);
    });

    connectTo = [&](const QString &name) {
        if (name != ProfileStore::localDevnetName()) {
            if (const auto profile = store.find(name)) {
                store.setLast(name);
                open(*profile, name);
                return;
            }
        }
        store.setLast(ProfileStore::localDevnetName());
        if (devnet && devnet->endpoints()) {
            const auto e = *devnet->endpoints();
            open({QStringLiteral("chain-devnet-1"), e.rest, e.rpc, e.ws, gifscan::kChainId,
                  store.devnetAnchor()},
                 ProfileStore::localDevnetName());
            return;
        }
        if (devnet && devnet->state() != gifscan::LocalNode::State::Stopped)
            return; // starting: started() opens it
        gifscan::LocalNode::Options options;
        options.dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                          QStringLiteral("/devnet");
        if (parser.isSet(blockTime))
            options.blockTime = parser.value(blockTime).toDouble();
        // Rate-limited like any node: it listens on loopback, where any local
        // program can reach it. Our own client keeps under the limit (its
        // bucket allows 50 requests a second against the node's 60).
        devnet = std::make_unique<gifscan::LocalNode>(options);
        QObject::connect(devnet.get(), &gifscan::LocalNode::started, &app,
                         [&](const gifscan::LocalNode::Endpoints &e) {
                             starting.hide();
                             // A restart on other ports than before: the session follows it
                             // there. On the same ports its clients reconnect by themselves.
                             if (shownName == ProfileStore::localDevnetName() && window &&
                                 shownProfile.restUrl == e.rest)
                                 return;
                             if (!window || shownName == ProfileStore::localDevnetName())
                                 connectTo(ProfileStore::localDevnetName());
                         });
        // A long start (an old block log imported, an older database brought
        // up to date) says how far it is, instead of looking stuck.
        QObject::connect(devnet.get(), &gifscan::LocalNode::progressed, &starting,
                         &StartingScreen::showProgress);
        QObject::connect(devnet.get(), &gifscan::LocalNode::startFailed, &app,
                         [&](const gifscan::LocalNode::Failure &failure) {
                             const QString why =
                                 failure.kind == gifscan::LocalNode::Failure::Kind::NotFound
                                     ? Gui::tr("gifscan-devnet was not found beside gifscan (%1)")
                                           .arg(failure.detail)
                                     : failure.detail;
                             QMessageBox::critical(
                                 window.get(), Gui::tr("gifscan"),
                                 Gui::tr("The local devnet could not start: %1").arg(why));
                             if (!window)
                                 QCoreApplication::exit(1);
                         });
        window.reset();
        session.reset();
        starting.reset();
        starting.show();
        devnet->start();
    };

    if (anyUrl)
        open(commandLine, commandLine.name);
    else
        connectTo(parser.isSet(devnetOption) ? ProfileStore::localDevnetName() : store.last());

    const int rc = QApplication::exec();
    window.reset();
    session.reset();
    devnet.reset(); // stops the node, and waits for it to have stopped
    return rc;
}
