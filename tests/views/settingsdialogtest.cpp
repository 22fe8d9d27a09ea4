// Network profiles: kept in settings when sound, refused in place when not,
// remembered as the last one used.
#include "views/settingsdialog.h"

#include "core/settings/profilestore.h"
#include "tests/support/widgets.h"
#include "views/localpageseditor.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocalSocket>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

TEST(ProfileStore, KeepsSoundProfilesAndTheLastOne)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    EXPECT_EQ(store.last(), ProfileStore::localDevnetName());
    gifscan::NetworkProfile p{QStringLiteral("lab"),
                              QUrl(QStringLiteral("http://10.0.0.2:8080")),
                              QUrl(QStringLiteral("http://10.0.0.2:8081")),
                              QUrl(QStringLiteral("ws://10.0.0.2:8082")),
                              6464,
                              std::nullopt};
    ASSERT_TRUE(store.save(p));
    auto bad = p;
    bad.name = QStringLiteral("bad");
    bad.wsUrl = QUrl(QStringLiteral("http://10.0.0.2:8082"));
    EXPECT_FALSE(store.save(bad));
    EXPECT_TRUE(ProfileStore::problem(bad).contains(QStringLiteral("websocket")));
    auto builtIn = p;
    builtIn.name = ProfileStore::localDevnetName();
    EXPECT_FALSE(store.save(builtIn));
    store.setLast(QStringLiteral("lab"));

    ProfileStore again(&settings);
    ASSERT_EQ(again.custom().size(), 1);
    EXPECT_EQ(again.custom().first().rpcUrl, p.rpcUrl);
    EXPECT_EQ(again.last(), QStringLiteral("lab"));
    p.restUrl = QUrl(QStringLiteral("https://lab.example/"));
    ASSERT_TRUE(again.save(p)); // same name: replaced, not added
    ASSERT_EQ(again.custom().size(), 1);
    EXPECT_EQ(again.find(QStringLiteral("lab"))->restUrl, p.restUrl);
    again.remove(QStringLiteral("lab"));
    EXPECT_TRUE(again.custom().isEmpty());
    EXPECT_EQ(again.last(), ProfileStore::localDevnetName())
        << "a removed profile is not the last one any more";
}

TEST(SettingsDialog, AddsAProfileRefusesABadOneAndConnects)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    SettingsDialog dialog(&store, ProfileStore::localDevnetName());
    ASSERT_EQ(dialog.profiles()->count(), 1);

    dialog.edit(QStringLiteral("lab"), QStringLiteral("not a url"), QStringLiteral("http://h/rpc"),
                QStringLiteral("ws://h/ws"), 6464);
    EXPECT_FALSE(dialog.saveProfile());
    EXPECT_TRUE(dialog.problemText().contains(QStringLiteral("REST")));
    EXPECT_EQ(dialog.profiles()->count(), 1);

    dialog.edit(QStringLiteral("lab"), QStringLiteral("http://h/"), QStringLiteral("http://h/rpc"),
                QStringLiteral("ws://h/ws"), 6464);
    ASSERT_TRUE(dialog.saveProfile());
    EXPECT_TRUE(dialog.problemText().isEmpty());
    ASSERT_EQ(dialog.profiles()->count(), 2);
    EXPECT_EQ(dialog.profiles()->currentItem()->text(), QStringLiteral("lab"));
    EXPECT_TRUE(store.find(QStringLiteral("lab")).has_value());

    QSignalSpy chosen(&dialog, &SettingsDialog::profileChosen);
    QPushButton *connect = gifscan::test::buttonNamed(&dialog, QStringLiteral("Connect"));
    ASSERT_NE(connect, nullptr);
    connect->click();
    ASSERT_EQ(chosen.count(), 1);
    EXPECT_EQ(chosen.first().first().toString(), QStringLiteral("lab"));
}

// As a person does it: New, type into the fields, Save; New again, type,
// and Connect without saving first.
TEST(SettingsDialog, ANewProfileIsTypedSavedAndConnectedThroughItsButtons)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    SettingsDialog dialog(&store, ProfileStore::localDevnetName());
    dialog.show();
    auto button = [&](const QString &text) { return gifscan::test::buttonNamed(&dialog, text); };
    auto field = [&](const char *name) {
        return dialog.findChild<QLineEdit *>(QLatin1String(name));
    };
    auto type = [&](const char *name, const QString &text) {
        QLineEdit *f = field(name);
        ASSERT_NE(f, nullptr) << name;
        ASSERT_TRUE(f->isEnabled()) << name << " is not open for typing";
        f->setFocus();
        QTest::keyClicks(f, text);
    };
    ASSERT_FALSE(field("rest")->isEnabled()) << "the local devnet's URLs are its own";

    button(QStringLiteral("New"))->click();
    for (const char *name : {"name", "rest", "rpc", "ws"}) {
        EXPECT_TRUE(field(name)->isEnabled()) << name;
        EXPECT_TRUE(field(name)->text().isEmpty()) << name;
    }
    type("name", QStringLiteral("lab"));
    type("rest", QStringLiteral("http://10.0.0.2:8080/"));
    type("rpc", QStringLiteral("http://10.0.0.2:8081/"));
    type("ws", QStringLiteral("ws://10.0.0.2:8082/"));
    button(QStringLiteral("Save"))->click();
    EXPECT_TRUE(dialog.problemText().isEmpty()) << dialog.problemText().toStdString();
    ASSERT_TRUE(store.find(QStringLiteral("lab")).has_value());
    EXPECT_EQ(store.find(QStringLiteral("lab"))->restUrl,
              QUrl(QStringLiteral("http://10.0.0.2:8080/")));
    EXPECT_EQ(dialog.profiles()->currentItem()->text(), QStringLiteral("lab"));

    // Connect with a problem in the fields: said, nothing chosen, still open.
    QSignalSpy chosen(&dialog, &SettingsDialog::profileChosen);
    button(QStringLiteral("New"))->click();
    type("name", QStringLiteral("home"));
    type("rest", QStringLiteral("http://192.168.1.5:8080/"));
    button(QStringLiteral("Connect"))->click();
    EXPECT_EQ(chosen.count(), 0);
    EXPECT_FALSE(dialog.problemText().isEmpty());
    EXPECT_TRUE(dialog.isVisible());
    type("rpc", QStringLiteral("http://192.168.1.5:8081/"));
    type("ws", QStringLiteral("ws://192.168.1.5:8082/"));
    button(QStringLiteral("Connect"))->click();
    ASSERT_EQ(chosen.count(), 1);
    EXPECT_EQ(chosen.first().first().toString(), QStringLiteral("home"));
    EXPECT_TRUE(store.find(QStringLiteral("home")).has_value()) << "saved as it connects";
}

#include "app/instancechannel.h"

#include <QSignalSpy>

TEST(InstanceChannel, ALaterInstanceHandsItsLinkToTheRunningOne)
{
    const QString name = QStringLiteral("gifscan-test-%1").arg(QCoreApplication::applicationPid());
    InstanceChannel running(name);
    InstanceChannel later(name);
    EXPECT_FALSE(later.sendToRunning(QStringLiteral("open pixel-cats#1"), 200))
        << "nobody listens yet";
    ASSERT_TRUE(running.listen());
    QSignalSpy received(&running, &InstanceChannel::received);
    ASSERT_TRUE(later.sendToRunning(QStringLiteral("open pixel-cats#1")));
    ASSERT_TRUE(received.wait(2000));
    EXPECT_EQ(received.first().first().toString(), QStringLiteral("open pixel-cats#1"));
}

#include "models/appsettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>

TEST(SettingsDialog, PreferencesAreKeptAsTheyChange)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    AppSettings preferences(&settings);
    EXPECT_EQ(preferences.theme(), AppSettings::ThemeMode::System);
    EXPECT_EQ(preferences.frameCacheMiB(), 128);
    QSignalSpy changed(&preferences, &AppSettings::changed);
    SettingsDialog dialog(&store, ProfileStore::localDevnetName(), &preferences);
    dialog.findChild<QComboBox *>(QStringLiteral("theme"))->setCurrentIndex(2);
    dialog.findChild<QComboBox *>(QStringLiteral("animation"))->setCurrentIndex(2);
    dialog.findChild<QSpinBox *>(QStringLiteral("budget"))->setValue(64);
    EXPECT_EQ(changed.count(), 3);
    AppSettings again(&settings);
    EXPECT_EQ(again.theme(), AppSettings::ThemeMode::Dark);
    EXPECT_EQ(again.animation(), AppSettings::Animation::Off);
    EXPECT_EQ(again.frameCacheMiB(), 64);
    again.setFrameCacheMiB(1);
    EXPECT_EQ(again.frameCacheMiB(), 16) << "kept within its range";
}

#include "translations/translations.h"

TEST(SettingsDialog, TheLanguageIsChosenByItsOwnNameAndKept)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    AppSettings preferences(&settings);
    EXPECT_TRUE(preferences.language().isEmpty()) << "the system's, until chosen";
    QSignalSpy languageChanged(&preferences, &AppSettings::languageChanged);
    SettingsDialog dialog(&store, ProfileStore::localDevnetName(), &preferences);
    auto *language = dialog.findChild<QComboBox *>(QStringLiteral("language"));
    ASSERT_NE(language, nullptr);
    EXPECT_EQ(language->currentIndex(), 0);
    const int german = language->findText(QStringLiteral("Deutsch"));
    ASSERT_GT(german, 0);
    ASSERT_GT(language->findText(QStringLiteral("Español")), 0);
    language->setCurrentIndex(german);
    EXPECT_EQ(languageChanged.count(), 1);
    EXPECT_EQ(AppSettings(&settings).language(), QStringLiteral("de"));

    // The built-in profile is remembered in a way any language finds again.
    store.setLast(ProfileStore::localDevnetName());
    Translations translations;
    translations.apply(QStringLiteral("de"));
    EXPECT_EQ(ProfileStore::localDevnetName(), QStringLiteral("Lokales Devnet"));
    EXPECT_EQ(store.last(), ProfileStore::localDevnetName());
    translations.apply(QStringLiteral("en"));
}

TEST(ProfileStore, AnchorsAreKeptShownAndForgotten)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    gifscan::NetworkProfile p{QStringLiteral("lab"),
                              QUrl(QStringLiteral("http://10.0.0.2:8080")),
                              QUrl(QStringLiteral("http://10.0.0.2:8081")),
                              QUrl(QStringLiteral("ws://10.0.0.2:8082")),
                              6464,
                              std::nullopt};
    ASSERT_TRUE(store.save(p));
    gifscan::Hash32 genesis{};
    genesis[0] = 7;
    const gifscan::TrustAnchor anchor{6464, genesis, gifscan::ValidatorSet::devnet(5)};
    ASSERT_TRUE(store.setAnchor(QStringLiteral("lab"), anchor));
    EXPECT_EQ(ProfileStore(&settings).find(QStringLiteral("lab"))->anchor, anchor);
    // Every set a saved profile pins is trusted offline too, beside the built-in one.
    const auto sets = store.trustedSets();
    EXPECT_NE(std::find(sets.begin(), sets.end(), gifscan::ValidatorSet::devnet(5)), sets.end());
    EXPECT_NE(std::find(sets.begin(), sets.end(), gifscan::ValidatorSet::devnet()), sets.end());
    // An edited profile keeps what it trusts.
    SettingsDialog dialog(&store, QStringLiteral("lab"), nullptr);
    EXPECT_TRUE(dialog.anchorText().contains(gifscan::ValidatorSet::devnet(5).fingerprint()))
        << dialog.anchorText().toStdString();
    // The genesis whole, not its ends: security text is read to the end.
    EXPECT_TRUE(QString(dialog.anchorText()).remove(u' ').contains(gifscan::toHexString(genesis)))
        << dialog.anchorText().toStdString();
    // Shown whole, however many lines it takes at the dialog's width.
    dialog.show();
    QCoreApplication::processEvents();
    auto *anchorLabel = dialog.findChild<QLabel *>(QStringLiteral("anchor"));
    ASSERT_NE(anchorLabel, nullptr);
    EXPECT_GE(anchorLabel->height(), anchorLabel->heightForWidth(anchorLabel->width()))
        << "the trust line is cut";
    // Forgetting: the next connection asks again.
    auto *forget = dialog.findChild<QPushButton *>(QString(), Qt::FindChildrenRecursively);
    for (auto *b : dialog.findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Forget"))
            forget = b;
    ASSERT_TRUE(forget && forget->isEnabled());
    forget->click();
    EXPECT_FALSE(store.find(QStringLiteral("lab"))->anchor.has_value());
    EXPECT_FALSE(forget->isEnabled());
    // The built-in profile learns only its genesis; its set stays built in.
    gifscan::TrustAnchor devnet = gifscan::TrustAnchor::devnet();
    devnet.genesisHash = genesis;
    store.setDevnetAnchor(devnet);
    EXPECT_EQ(ProfileStore(&settings).devnetAnchor().genesisHash, genesis);
    store.setDevnetAnchor(gifscan::TrustAnchor{6464, genesis, gifscan::ValidatorSet::devnet(7)});
    EXPECT_EQ(ProfileStore(&settings).devnetAnchor(), gifscan::TrustAnchor::devnet())
        << "another set is not the devnet's";
}

TEST(InstanceChannel, ALineWithoutEndIsDroppedNotBuffered)
{
    const QString name =
        QStringLiteral("gifscan-test-long-%1").arg(QCoreApplication::applicationPid());
    InstanceChannel running(name);
    ASSERT_TRUE(running.listen());
    QSignalSpy received(&running, &InstanceChannel::received);
    QLocalSocket flood;
    flood.connectToServer(name);
    ASSERT_TRUE(flood.waitForConnected(2000));
    QSignalSpy dropped(&flood, &QLocalSocket::disconnected);
    flood.write(QByteArray(200 * 1024, 'x')); // no newline, ever
    ASSERT_TRUE(dropped.wait(5000))
        << "the running instance lets go of a peer that never ends its line";
    EXPECT_EQ(received.count(), 0);
    // Others are still heard.
    InstanceChannel later(name);
    ASSERT_TRUE(later.sendToRunning(QStringLiteral("open pixel-cats#2")));
    ASSERT_TRUE(received.wait(2000));
    EXPECT_EQ(received.last().first().toString(), QStringLiteral("open pixel-cats#2"));
}

// The local devnet's pages: those of this computer always, shown as such;
// an address that is not a page's said so and not kept; one added is kept
// and handed on, and can be removed. Not shown for other nodes.
TEST(SettingsDialog, PagesAddedForTheLocalNodeAreCheckedKeptAndHandedOn)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    SettingsDialog dialog(&store, ProfileStore::localDevnetName());
    LocalPagesEditor *pages = dialog.localPages();
    dialog.show();
    ASSERT_TRUE(pages->isVisible());
    ASSERT_EQ(pages->list()->count(), 1);
    EXPECT_TRUE(pages->list()->item(0)->text().contains(QStringLiteral("http://localhost")));
    EXPECT_TRUE(pages->list()->item(0)->text().contains(QStringLiteral("http://[::1]")));
    QSignalSpy changed(&dialog, &SettingsDialog::localNodePagesChanged);
    for (const char *wrong : {"mydapp.test:3000", "http://mydapp.test/app", "*", "null"}) {
        pages->field()->setText(QString::fromLatin1(wrong));
        EXPECT_FALSE(pages->addFromField()) << wrong;
        EXPECT_FALSE(pages->problemText().isEmpty()) << wrong;
    }
    EXPECT_EQ(changed.count(), 0);
    pages->field()->setText(QStringLiteral(" http://mydapp.test:3000/ "));
    QTest::keyClick(pages->field(), Qt::Key_Return);
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.first().first().toStringList(),
              QStringList{QStringLiteral("http://mydapp.test:3000")});
    EXPECT_TRUE(pages->problemText().isEmpty());
    EXPECT_EQ(store.localNodePages(), QStringList{QStringLiteral("http://mydapp.test:3000")});
    ASSERT_EQ(pages->list()->count(), 2);
    // The loopback row cannot be removed; the one added can.
    QPushButton *remove = gifscan::test::buttonNamed(pages, QStringLiteral("Remove"));
    ASSERT_NE(remove, nullptr);
    pages->list()->setCurrentRow(0);
    EXPECT_FALSE(remove->isEnabled());
    pages->list()->setCurrentRow(1);
    remove->click();
    EXPECT_TRUE(store.localNodePages().isEmpty());
    EXPECT_EQ(changed.count(), 2);
    // Another node's profile has no such pages to choose.
    ASSERT_TRUE(store.save({QStringLiteral("lab"), QUrl(QStringLiteral("http://h/")),
                            QUrl(QStringLiteral("http://h/rpc")), QUrl(QStringLiteral("ws://h/ws")),
                            6464, std::nullopt}));
    SettingsDialog other(&store, QStringLiteral("lab"));
    other.show();
    EXPECT_FALSE(other.localPages()->isVisible());
}

// A second gifscan of the same user with another home (a test profile, a
// second data folder) keeps its own work: its channel is another. Before,
// the channel was named by the user alone, and the second handed its link
// to the first window.
TEST(InstanceChannel, AnotherHomeIsAnotherChannel)
{
    const QByteArray config = qgetenv("XDG_CONFIG_HOME"), data = qgetenv("XDG_DATA_HOME");
    QTemporaryDir a, b;
    qputenv("XDG_CONFIG_HOME", a.filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_DATA_HOME", a.filePath(QStringLiteral("data")).toUtf8());
    const QString first = InstanceChannel::defaultName();
    EXPECT_EQ(InstanceChannel::defaultName(), first) << "the same home, the same channel";
    qputenv("XDG_DATA_HOME", b.filePath(QStringLiteral("data")).toUtf8());
    const QString otherData = InstanceChannel::defaultName();
    qputenv("XDG_CONFIG_HOME", b.filePath(QStringLiteral("config")).toUtf8());
    const QString otherHome = InstanceChannel::defaultName();
    EXPECT_NE(otherData, first);
    EXPECT_NE(otherHome, first);
    EXPECT_NE(otherHome, otherData);
    // Two instances of different homes both listen; neither reaches the other.
    InstanceChannel one(first), two(otherHome);
    ASSERT_TRUE(one.listen());
    ASSERT_TRUE(two.listen());
    for (const auto &[name, value] :
         {std::pair{"XDG_CONFIG_HOME", config}, {"XDG_DATA_HOME", data}}) {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }
}

// Settings fits whichever profile is shown: from a remote profile to the
// local devnet's, whose trust line is longer and which has its pages box,
// every word-wrapped line is as tall as its words and inside the dialog
// (it stayed at the remote profile's size: the genesis cut, the pages'
// text clipped).
TEST(SettingsDialog, FitsWhicheverProfileIsShown)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    gifscan::TrustAnchor devnet = gifscan::TrustAnchor::devnet();
    devnet.genesisHash = gifscan::Hash32{};
    devnet.genesisHash->fill(0xab);
    store.setDevnetAnchor(devnet);
    ASSERT_TRUE(store.save({QStringLiteral("lab"), QUrl(QStringLiteral("http://h/")),
                            QUrl(QStringLiteral("http://h/rpc")), QUrl(QStringLiteral("ws://h/ws")),
                            6464, std::nullopt}));
    SettingsDialog dialog(&store, QStringLiteral("lab"));
    dialog.show();
    auto *list = dialog.findChild<QListWidget *>();
    ASSERT_NE(list, nullptr);
    const auto local = list->findItems(ProfileStore::localDevnetName(), Qt::MatchExactly);
    ASSERT_EQ(local.size(), 1);
    list->setCurrentItem(local.first());
    QCoreApplication::processEvents();
    ASSERT_TRUE(dialog.localPages()->isVisible());
    EXPECT_TRUE(dialog.anchorText().contains(QStringLiteral("abab"))) << "the genesis is in it";
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty())
            continue;
        const std::string what = label->text().left(60).toStdString();
        EXPECT_GE(label->height(), label->heightForWidth(label->width())) << what;
        EXPECT_LE(label->mapTo(&dialog, QPoint(0, label->height())).y(), dialog.height()) << what;
    }
}
