#pragma once

#include "core/protocol/networkprofile.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class QSettings;

// The network profiles kept in settings: the built-in "Local devnet" (the
// local devnet, no URLs) and the user's own, each checked before it is
// kept, with the trust anchor it pins, and which one was used last. Not a QObject: read and written
// on the GUI thread only.
class ProfileStore
{
    Q_DECLARE_TR_FUNCTIONS(ProfileStore)

public:
    static QString localDevnetName();

    explicit ProfileStore(QSettings *settings);

    QList<gifscan::NetworkProfile> custom() const;
    // Why a profile cannot be kept, or empty when it can.
    static QString problem(const gifscan::NetworkProfile &profile);
    // Adds or replaces (by name); false when problem() objects.
    bool save(const gifscan::NetworkProfile &profile);
    void remove(const QString &name);
    std::optional<gifscan::NetworkProfile> find(const QString &name) const;

    // The built-in profile pins the devnet's set; its genesis is learnt from
    // the first node run and kept, so a different chain is refused later.
    gifscan::TrustAnchor devnetAnchor() const;
    void setDevnetAnchor(const gifscan::TrustAnchor &anchor);
    // Pins (or, with nullopt, forgets) the anchor of a saved profile.
    bool setAnchor(const QString &name, const std::optional<gifscan::TrustAnchor> &anchor);
    // Every set this machine's user trusts: the built-in one and the saved
    // profiles' (what an offline certificate check accepts).
    std::vector<gifscan::ValidatorSet> trustedSets() const;
    // The same, from the application's own settings.
    static std::vector<gifscan::ValidatorSet> userTrustedSets();

    QString last() const;
    void setLast(const QString &name);

    // Web pages the user lets use the local devnet besides those served from
    // this machine's loopback (a dApp they develop elsewhere), as
    // --cors-origins takes them: each checked by WebOrigin::check.
    QStringList localNodePages() const;
    // False, with nothing kept, when an entry is not an origin.
    bool setLocalNodePages(const QStringList &pages);

private:
    QSettings *m_settings;
};
