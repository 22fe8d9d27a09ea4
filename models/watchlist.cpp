#include "models/watchlist.h"

#include <QSettings>

Watchlist::Watchlist(QSettings *settings, QObject *parent) : QObject(parent), m_settings(settings)
{
    for (Kind k : {Kind::Object, Kind::Address, Kind::Collection})
        list(k) = m_settings->value(keyOf(k)).toStringList();
}

QString Watchlist::keyOf(Kind kind)
{
    switch (kind) {
    case Kind::Object:
        return QStringLiteral("watch/objects");
    case Kind::Address:
        return QStringLiteral("watch/addresses");
    case Kind::Collection:
        return QStringLiteral("watch/collections");
    }
    return {};
}

QStringList &Watchlist::list(Kind kind)
{
    return kind == Kind::Object ? m_objects : kind == Kind::Address ? m_addresses : m_collections;
}

bool Watchlist::contains(Kind kind, const QString &what) const
{
    return const_cast<Watchlist *>(this)->list(kind).contains(what.toLower());
}

QStringList Watchlist::items(Kind kind) const
{
    return const_cast<Watchlist *>(this)->list(kind);
}

bool Watchlist::isEmpty() const
{
    return m_objects.isEmpty() && m_addresses.isEmpty() && m_collections.isEmpty();
}

void Watchlist::setWatched(Kind kind, const QString &what, bool watched)
{
    const QString item = what.toLower();
    QStringList &l = list(kind);
    if (watched == l.contains(item))
        return;
    if (watched)
        l.append(item);
    else
        l.removeAll(item);
    m_settings->setValue(keyOf(kind), l);
    Q_EMIT changed();
}
