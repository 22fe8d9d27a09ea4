#pragma once

#include "core/protocol/records.h"

#include <QSet>
#include <QWidget>

class QFormLayout;
class QListWidget;

// A collection's traits as a collector filters by them: under each trait
// its values with their counts and shares, any number ticked (values of one
// trait: any of them; of different traits: all). Counts that move with new
// blocks update in place; ticks, scroll and focus stay. Lives on the GUI thread.
class TraitFilterPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TraitFilterPanel(QWidget *parent = nullptr);

    // The traits and their values' counts of `items` objects, as the node
    // counted them; the ticks kept where the value still is. With
    // `narrowed`, those traits' counts are among the `matching` objects the
    // filters leave, and say so.
    void showCounts(const QList<gifscan::TraitCount> &values, std::uint64_t items,
                    const QSet<QString> &narrowed = {}, std::uint64_t matching = 0);
    // Ticks exactly these values.
    void setChosen(const QList<gifscan::Trait> &chosen);
    // The values ticked, trait by trait in the panel's order.
    QList<gifscan::Trait> chosen() const;
    void clear();
    // The panel has `trait`'s value to tick (its counts came, and list it).
    bool shows(const gifscan::Trait &trait) const;
    // The list of one trait's values, for keyboard users and tests.
    QListWidget *valuesOf(const QString &trait) const;

Q_SIGNALS:
    // The reader ticked or unticked a value.
    void chosenChanged();

private:
    QListWidget *addTrait(const QString &trait);

    QFormLayout *m_form;
    QList<QListWidget *> m_lists;
    bool m_updating = false; // the ticks being set are the page's, not the reader's
};
