#pragma once

#include <QObject>
#include <QStringList>

class QSettings;

// What the user watches: objects (slug#id), addresses and collections, kept
// in settings. Lives on the GUI thread.
class Watchlist : public QObject
{
    Q_OBJECT
public:
    enum class Kind { Object, Address, Collection };

    explicit Watchlist(QSettings *settings, QObject *parent = nullptr);

    bool contains(Kind kind, const QString &what) const;
    void setWatched(Kind kind, const QString &what, bool watched);
    QStringList items(Kind kind) const;
    bool isEmpty() const;

Q_SIGNALS:
    void changed();

private:
    static QString keyOf(Kind kind);
    QStringList &list(Kind kind);

    QSettings *m_settings;
    QStringList m_objects;
    QStringList m_addresses;
    QStringList m_collections;
};
