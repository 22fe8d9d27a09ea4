#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <utility>

class QModelIndex;
class QSettings;

// The user's private name tags for addresses, as a block explorer's account
// keeps them: kept in settings on this machine only, never sent to a node.
// Addresses are keyed lowercase, so a checksummed or upper-case spelling
// finds the same tag. Lives on the GUI thread.
class AddressBook : public QObject
{
    Q_OBJECT
public:
    // The longest tag kept: a name, not a note.
    static constexpr int kMaxLength = 64;

    explicit AddressBook(QSettings *settings, QObject *parent = nullptr);

    // The tag of `address` (0x and 40 hex digits); empty when it has none.
    QString label(const QString &address) const;
    // Tags `address`; an empty (or blank) label removes its tag. Spaces at
    // the ends are dropped and a longer label is cut to kMaxLength.
    void setLabel(const QString &address, const QString &label);
    // The tags whose text contains `text`, case-insensitively, as
    // (label, address) in the labels' order.
    QList<std::pair<QString, QString>> matching(const QString &text) const;
    // The address tagged exactly `label` (case-insensitively), if one is.
    QString addressOf(const QString &label) const;
    bool isEmpty() const { return m_labels.isEmpty(); }
    // The address a list cell shows (whole or shortened) and leads to
    // (Location::ItemRole), lowercase; empty for any other cell. A row may
    // lead to an address from every cell (a watched address) or from one (an
    // activity's sender): only the cell that shows it takes its tag.
    static QString shownAddress(const QModelIndex &index);

Q_SIGNALS:
    void changed();

private:
    QSettings *m_settings;
    QList<std::pair<QString, QString>> m_labels; // (address, label), sorted by address
};
