#pragma once

#include "app/localnode.h"
#include "core/protocol/networkprofile.h"
#include "core/settings/profilestore.h"
#include "models/addressbook.h"
#include "models/appsettings.h"
#include "models/viewpreferences.h"
#include "models/watchlist.h"

#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

class ExplorerSession;
class MainWindow;
class QSettings;
class StartingScreen;
class Translations;
namespace gifscan {
struct TrustAnchor;
}

// The explorer application: which node is followed (a saved profile, the
// command line's, or the local devnet it starts and restarts), the session
// and window over it, made again when the language changes or another profile
// is chosen, and the preferences carried into them. main() parses arguments
// and hands them over. Lives on the GUI thread.
class AppController : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        std::optional<gifscan::NetworkProfile> commandLine; // follow this node, not a profile
        bool devnet = false;                       // the local devnet, not the last profile
        gifscan::LocalNode::Options devnetOptions; // its data folder, block time, program
        QString link; // a gif:// target to open once the window is there
    };
    // Asked when a node is signed by a validator set never seen; `answer(true)`
    // trusts it. The answer may come later (a dialog left open): by then the
    // session may be gone, and the answer is dropped.
    using TrustQuestion =
        std::function<void(QWidget *window, const QString &profile, const gifscan::TrustAnchor &,
                           std::function<void(bool)> answer)>;

    AppController(QSettings *settings, Translations *translations, Options options,
                  QObject *parent = nullptr);
    ~AppController() override;

    void start();
    // Follows a saved profile, or the local devnet for its name or an unknown one.
    void connectTo(const QString &profileName);
    // A link's target (from the command line or another instance): opened in
    // the window, or once it is there.
    void openLink(const QString &target);
    // Brings the window to the front (another instance was started).
    void raise();
    // What another instance handed over: "open TARGET", "raise", or
    // "error WHY" (it was given a link that is none), said over the window.
    void handleInstanceMessage(const QString &message);
    void showSettings();
    void setTrustQuestion(TrustQuestion question) { m_trustQuestion = std::move(question); }

    MainWindow *window() const { return m_window.get(); }
    ExplorerSession *session() const { return m_session.get(); }
    gifscan::LocalNode *devnet() const { return m_devnet.get(); }
    StartingScreen *startingScreen() const { return m_starting.get(); }
    const QString &profileName() const { return m_profileName; }
    AppSettings &preferences() { return m_preferences; }
    ProfileStore &profiles() { return m_profiles; }
    const ViewPreferences &viewPreferences() const { return m_view; }

Q_SIGNALS:
    // A window was made (at start, for another profile, in another language).
    void windowOpened(MainWindow *window);
    // The devnet could not start and there is no window to go on with.
    void failedToStart(const QString &why);

private:
    void open(const gifscan::NetworkProfile &profile, const QString &name);
    // A window over the session there is, where the last one was.
    void makeWindow();
    void keepWindowGeometry();
    static void place(QWidget *window, const AppSettings::WindowPlacement &placement);
    void startDevnet();
    void devnetStarted(const gifscan::LocalNode::Endpoints &endpoints);
    void followLocalNode();
    void showLink(const QString &target);
    void showInstanceError(const QString &why);
    void applyPreferences();
    void applyFrameCache(); // the session's, which a new session needs again
    void speakChosenLanguage();
    void askTrust(const QString &profile, const gifscan::TrustAnchor &candidate,
                  std::function<void(bool)> answer);
    // The banner's Trust…: the prompt again for what the node offers, after
    // a No or in place of the set a refused node is not signed by.
    void trustAgain();
    // What the user chose to trust is kept with the profile followed.
    void keepAnchor(const QString &name, const gifscan::TrustAnchor &anchor);

    Translations *m_translations;
    AppSettings m_preferences;
    ProfileStore m_profiles;
    Watchlist m_watchlist;
    AddressBook m_addressBook;
    ViewPreferences m_view;
    Options m_options;
    TrustQuestion m_trustQuestion;
    QString m_pendingLink;

    // Declared so that they go in the order they must: the window lets go of
    // the session's models before the session goes, the session of the node's
    // endpoints before the node stops.
    std::unique_ptr<gifscan::LocalNode> m_devnet;
    std::unique_ptr<StartingScreen> m_starting;
    std::unique_ptr<ExplorerSession> m_session;
    std::unique_ptr<MainWindow> m_window;
    QString m_pendingError; // another instance's bad link, said once the window is there
    gifscan::NetworkProfile m_profile;
    QString m_profileName;
    // Known by this, not by the name: the local devnet's name is translated,
    // and a language changed since would no longer match it.
    bool m_followsLocalDevnet = false;
};
