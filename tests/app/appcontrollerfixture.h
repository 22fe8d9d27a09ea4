#pragma once

// What the application controller's tests share (appcontrollertest.cpp,
// appcontrollertrusttest.cpp): a devnet's profile, a controller's own
// settings and languages, and a trust question answered yes.
#include "app/appcontroller.h"
#include "tests/support/devnetharness.h"
#include "translations/translations.h"

#include <QSettings>
#include <QTemporaryDir>

namespace gifscan::test::appcontroller {

inline NetworkProfile profileOf(DevnetHarness &d, const QString &name)
{
    return {name,
            QUrl(d.endpoints().baseUrl),
            QUrl(d.endpoints().rpcUrl),
            QUrl(d.endpoints().wsUrl),
            kChainId,
            std::nullopt};
}

// A devnet, and a controller's settings and languages of its own.
struct Fixture
{
    Fixture() : settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat) {}
    // Follows the devnet from the command line, as the profile "mine".
    AppController::Options options()
    {
        AppController::Options o;
        o.commandLine = profileOf(d, QStringLiteral("mine"));
        return o;
    }
    DevnetHarness d;
    QTemporaryDir dir;
    QSettings settings;
    Translations translations;
};

inline void trustEverything(QWidget *, const QString &, const TrustAnchor &,
                            std::function<void(bool)> answer)
{
    answer(true);
}

// A devnet of five validators: a set nobody has trusted.
inline server::ServerConfig fiveValidators()
{
    auto config = DevnetHarness::fastConfig(20, 0.3, false);
    config.chain.validators = 5;
    return config;
}

} // namespace gifscan::test::appcontroller
