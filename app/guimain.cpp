// gifscan: the explorer. With no settings it starts the embedded devnet (its
// data kept in the user's data folder) and follows it; --rest/--rpc/--ws
// follow another node instead. Composition only: parsing, settings, wiring.
#include "devnet/devnet.h"
#include "models/explorersession.h"
#include "views/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include <memory>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "A block explorer for the GIF chain."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption rest(QStringLiteral("rest"), QCoreApplication::translate("main", "REST base URL of a node."), QStringLiteral("URL"));
    const QCommandLineOption rpc(QStringLiteral("rpc"), QCoreApplication::translate("main", "JSON-RPC URL of the node."), QStringLiteral("URL"));
    const QCommandLineOption ws(QStringLiteral("ws"), QCoreApplication::translate("main", "Websocket URL of the node."), QStringLiteral("URL"));
    const QCommandLineOption devnetOption(QStringLiteral("devnet"), QCoreApplication::translate("main", "Follow the embedded devnet (the default)."));
    const QCommandLineOption blockTime(QStringLiteral("devnet-block-time"), QCoreApplication::translate("main", "Seconds between the embedded devnet's blocks."), QStringLiteral("S"));
    parser.addOptions({rest, rpc, ws, devnetOption, blockTime});
    parser.process(app);

    QSettings settings;
    const bool custom = !parser.isSet(devnetOption) && parser.isSet(rest) && parser.isSet(rpc) && parser.isSet(ws);
    if ((parser.isSet(rest) || parser.isSet(rpc) || parser.isSet(ws)) && !custom) {
        QMessageBox::critical(nullptr, QCoreApplication::translate("main", "gifscan"),
                              QCoreApplication::translate("main", "A node is named by all three of --rest, --rpc and --ws."));
        return 2;
    }
    settings.setValue(QStringLiteral("network/last"), custom ? QStringLiteral("custom") : QStringLiteral("devnet"));

    std::unique_ptr<ExplorerSession> session;
    std::unique_ptr<MainWindow> window;
    auto open = [&](const gifscan::NetworkProfile &profile) {
        session = std::make_unique<ExplorerSession>(profile);
        session->start();
window = std::make_unique<MainWindow>(MainWindow::Models::of(*session));
        window->show();
    };

    gifscan::devnet::Devnet devnet;
    QLabel starting(QCoreApplication::translate("main", "Starting the local devnet…"));
    if (custom) {
        open({QStringLiteral("custom"), QUrl(parser.value(rest)), QUrl(parser.value(rpc)), QUrl(parser.value(ws)), gifscan::kChainId, std::nullopt});
    } else {
        gifscan::devnet::DevnetConfig config;
        config.chain.dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/devnet");
        if (parser.isSet(blockTime))
            config.chain.blockTime = parser.value(blockTime).toDouble();
        config.rateLimit = false; // the embedded node has one client: us
        starting.setMargin(24);
        starting.show();
        QObject::connect(&devnet, &gifscan::devnet::Devnet::started, &app, [&] {
            starting.hide();
            const auto e = devnet.endpoints();
            open({QStringLiteral("chain-devnet-1"), QUrl(e.baseUrl), QUrl(e.rpcUrl), QUrl(e.wsUrl), gifscan::kChainId, std::nullopt});
        });
        QObject::connect(&devnet, &gifscan::devnet::Devnet::startFailed, &app, [&](const QString &why) {
            QMessageBox::critical(nullptr, QCoreApplication::translate("main", "gifscan"),
                                  QCoreApplication::translate("main", "The local devnet could not start: %1").arg(why));
            QCoreApplication::exit(1);
        });
        devnet.startAsync(config);
    }
    const int rc = QApplication::exec();
    window.reset();
    session.reset();
    devnet.stop();
    return rc;
}
