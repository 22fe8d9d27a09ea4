#pragma once

#include "core/networkprofile.h"

#include <QList>
#include <QString>

class QSettings;

// The network profiles kept in settings: the built-in "Local devnet" (the
// embedded node, no URLs) and the user's own, each checked before it is
// kept, and which one was used last. Not a QObject: read and written on the
// GUI thread only.
class ProfileStore
{
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

    QString last() const;
    void setLast(const QString &name);

private:
    QSettings *m_settings;
};
