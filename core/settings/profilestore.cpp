#include "core/settings/profilestore.h"

#include "core/protocol/weborigin.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSettings>

namespace {
bool schemeIn(const QUrl &url, std::initializer_list<const char *> schemes)
{
    for (const char *s : schemes) {
        if (url.scheme() == QLatin1String(s))
            return true;
    }
    return false;
}
// A hand-edited or damaged anchor is no anchor: the profile asks again.
std::optional<gifscan::TrustAnchor> anchorFrom(const QByteArray &json)
{
    if (json.isEmpty())
        return std::nullopt;
    QString error;
    return gifscan::TrustAnchor::fromJson(QJsonDocument::fromJson(json).object(), &error);
}
} // namespace

QString ProfileStore::localDevnetName()
{
    return tr("Local devnet");
}

ProfileStore::ProfileStore(QSettings *settings) : m_settings(settings) {}

QList<gifscan::NetworkProfile> ProfileStore::custom() const
{
    QList<gifscan::NetworkProfile> out;
    const int n = m_settings->beginReadArray(QStringLiteral("profiles"));
    for (int i = 0; i < n; ++i) {
        m_settings->setArrayIndex(i);
        gifscan::NetworkProfile p;
        p.name = m_settings->value(QStringLiteral("name")).toString();
        p.restUrl = m_settings->value(QStringLiteral("rest")).toUrl();
        p.rpcUrl = m_settings->value(QStringLiteral("rpc")).toUrl();
        p.wsUrl = m_settings->value(QStringLiteral("ws")).toUrl();
        p.expectedChainId =
            m_settings->value(QStringLiteral("chainId"), static_cast<qulonglong>(gifscan::kChainId))
                .toULongLong();
        p.anchor = anchorFrom(m_settings->value(QStringLiteral("anchor")).toByteArray());
        if (problem(p).isEmpty()) // a hand-edited file does not get to break the app
            out.append(p);
    }
    m_settings->endArray();
    return out;
}

QString ProfileStore::problem(const gifscan::NetworkProfile &p)
{
    if (p.name.trimmed().isEmpty())
        return tr("A profile needs a name.");
    if (p.name == localDevnetName())
        return tr("\"%1\" is the built-in profile; choose another name.").arg(p.name);
    if (!p.restUrl.isValid() || !schemeIn(p.restUrl, {"http", "https"}) ||
        p.restUrl.host().isEmpty())
        return tr("The REST URL must be http:// or https:// with a host.");
    if (!p.rpcUrl.isValid() || !schemeIn(p.rpcUrl, {"http", "https"}) || p.rpcUrl.host().isEmpty())
        return tr("The JSON-RPC URL must be http:// or https:// with a host.");
    if (!p.wsUrl.isValid() || !schemeIn(p.wsUrl, {"ws", "wss"}) || p.wsUrl.host().isEmpty())
        return tr("The websocket URL must be ws:// or wss:// with a host.");
    if (p.expectedChainId == 0)
        return tr("The chain id is a positive number.");
    return {};
}

bool ProfileStore::save(const gifscan::NetworkProfile &profile)
{
    if (!problem(profile).isEmpty())
        return false;
    QList<gifscan::NetworkProfile> all = custom();
    all.removeIf([&](const gifscan::NetworkProfile &p) { return p.name == profile.name; });
    all.append(profile);
    m_settings->beginWriteArray(QStringLiteral("profiles"), static_cast<int>(all.size()));
    for (int i = 0; i < all.size(); ++i) {
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("name"), all[i].name);
        m_settings->setValue(QStringLiteral("rest"), all[i].restUrl);
        m_settings->setValue(QStringLiteral("rpc"), all[i].rpcUrl);
        m_settings->setValue(QStringLiteral("ws"), all[i].wsUrl);
        m_settings->setValue(QStringLiteral("chainId"),
                             static_cast<qulonglong>(all[i].expectedChainId));
        if (all[i].anchor)
            m_settings->setValue(
                QStringLiteral("anchor"),
                QJsonDocument(all[i].anchor->toJson()).toJson(QJsonDocument::Compact));
        else
            m_settings->remove(QStringLiteral("anchor"));
    }
    m_settings->endArray();
    return true;
}

void ProfileStore::remove(const QString &name)
{
    QList<gifscan::NetworkProfile> all = custom();
    all.removeIf([&](const gifscan::NetworkProfile &p) { return p.name == name; });
    m_settings->remove(QStringLiteral("profiles"));
    for (const auto &p : all)
        save(p);
    if (last() == name)
        setLast(localDevnetName());
}

std::optional<gifscan::NetworkProfile> ProfileStore::find(const QString &name) const
{
    for (const auto &p : custom()) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

QStringList ProfileStore::localNodePages() const
{
    QStringList pages = m_settings->value(QStringLiteral("network/localNodePages")).toStringList();
    // Only what reads as an origin is ever handed to the node.
    pages.removeIf([](const QString &p) { return !gifscan::WebOrigin::check(p).isEmpty(); });
    return pages;
}

bool ProfileStore::setLocalNodePages(const QStringList &pages)
{
    if (std::any_of(pages.begin(), pages.end(),
                    [](const QString &p) { return !gifscan::WebOrigin::check(p).isEmpty(); }))
        return false;
    m_settings->setValue(QStringLiteral("network/localNodePages"), pages);
    return true;
}

gifscan::TrustAnchor ProfileStore::devnetAnchor() const
{
    gifscan::TrustAnchor builtIn = gifscan::TrustAnchor::devnet();
    const auto saved =
        anchorFrom(m_settings->value(QStringLiteral("network/devnetAnchor")).toByteArray());
    // Only the genesis is learnt: the set stays the built-in one.
    if (saved && saved->validators == builtIn.validators && saved->chainId == builtIn.chainId)
        builtIn.genesisHash = saved->genesisHash;
    return builtIn;
}

void ProfileStore::setDevnetAnchor(const gifscan::TrustAnchor &anchor)
{
    m_settings->setValue(QStringLiteral("network/devnetAnchor"),
                         QJsonDocument(anchor.toJson()).toJson(QJsonDocument::Compact));
}

bool ProfileStore::setAnchor(const QString &name, const std::optional<gifscan::TrustAnchor> &anchor)
{
    auto profile = find(name);
    if (!profile)
        return false;
    profile->anchor = anchor;
    return save(*profile);
}

std::vector<gifscan::ValidatorSet> ProfileStore::trustedSets() const
{
    std::vector<gifscan::ValidatorSet> sets{gifscan::ValidatorSet::devnet()};
    for (const auto &p : custom()) {
        if (p.anchor && std::find(sets.begin(), sets.end(), p.anchor->validators) == sets.end())
            sets.push_back(p.anchor->validators);
    }
    return sets;
}

std::vector<gifscan::ValidatorSet> ProfileStore::userTrustedSets()
{
    QSettings settings;
    return ProfileStore(&settings).trustedSets();
}

QString ProfileStore::last() const
{
    const QString name = m_settings->value(QStringLiteral("network/last")).toString();
    return name.isEmpty() || (name != localDevnetName() && !find(name)) ? localDevnetName() : name;
}

void ProfileStore::setLast(const QString &name)
{
    // The built-in profile's name is in the reader's language; it is kept as
    // no name, so it is found again in any language.
    m_settings->setValue(QStringLiteral("network/last"),
                         name == localDevnetName() ? QString() : name);
}
