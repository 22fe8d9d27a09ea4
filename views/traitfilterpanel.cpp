#include "views/traitfilterpanel.h"

#include <QFormLayout>
#include <QListWidget>
#include <QLocale>
#include <algorithm>

namespace {
// The rows a trait's list shows before it scrolls: most traits fit.
constexpr int kVisibleValues = 6;
} // namespace

TraitFilterPanel::TraitFilterPanel(QWidget *parent) : QWidget(parent), m_form(new QFormLayout(this))
{
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::WrapAllRows); // a trait's name above its values
}

QListWidget *TraitFilterPanel::valuesOf(const QString &trait) const
{
    for (QListWidget *list : m_lists) {
        if (list->property("trait").toString() == trait)
            return list;
    }
    return nullptr;
}

QListWidget *TraitFilterPanel::addTrait(const QString &trait)
{
    auto *list = new QListWidget(this);
    list->setProperty("trait", trait);
    list->setAccessibleName(trait);
    list->setUniformItemSizes(true);
    connect(list, &QListWidget::itemChanged, this, [this] {
        if (!m_updating)
            Q_EMIT chosenChanged();
    });
    m_form->addRow(trait, list);
    m_lists.append(list);
    return list;
}

void TraitFilterPanel::showCounts(const QList<gifscan::TraitCount> &values, std::uint64_t items,
                                  const QSet<QString> &narrowed, std::uint64_t matching)
{
    m_updating = true;
    QStringList names;
    for (const gifscan::TraitCount &v : values) {
        if (!names.contains(v.trait.trait))
            names.append(v.trait.trait);
    }
    for (QListWidget *list : QList<QListWidget *>(m_lists)) {
        if (!names.contains(list->property("trait").toString())) {
            m_lists.removeOne(list);
            m_form->removeRow(list);
        }
    }
    const double all = static_cast<double>(std::max<std::uint64_t>(1, items));
    for (const QString &trait : names) {
        QListWidget *list = valuesOf(trait);
        if (!list)
            list = addTrait(trait);
        int row = 0;
        for (const gifscan::TraitCount &v : values) {
            if (v.trait.trait != trait)
                continue;
            QListWidgetItem *item = list->item(row);
            if (!item || item->data(Qt::UserRole).toString() != v.trait.value) {
                // A value the list did not have here: the rows from here are made again.
                while (list->count() > row)
                    delete list->takeItem(row);
                item = new QListWidgetItem(list);
                item->setData(Qt::UserRole, v.trait.value);
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                item->setCheckState(Qt::Unchecked);
            }
            if (narrowed.contains(trait))
                item->setText(
                    tr("%1 (%2 of the %3 matching)").arg(v.trait.value).arg(v.count).arg(matching));
            else
                item->setText(tr("%1 (%2, %3%)")
                                  .arg(v.trait.value)
                                  .arg(v.count)
                                  .arg(QLocale().toString(
                                      100.0 * static_cast<double>(v.count) / all, 'f', 1)));
            ++row;
        }
        while (list->count() > row)
            delete list->takeItem(row);
        const int rows = std::min(list->count(), kVisibleValues);
        list->setFixedHeight(rows * list->sizeHintForRow(0) + 2 * list->frameWidth() + 2);
    }
    m_updating = false;
}

void TraitFilterPanel::setChosen(const QList<gifscan::Trait> &chosen)
{
    m_updating = true;
    for (QListWidget *list : m_lists) {
        const QString trait = list->property("trait").toString();
        for (int r = 0; r < list->count(); ++r) {
            const gifscan::Trait t{trait, list->item(r)->data(Qt::UserRole).toString()};
            list->item(r)->setCheckState(chosen.contains(t) ? Qt::Checked : Qt::Unchecked);
        }
    }
    m_updating = false;
}

QList<gifscan::Trait> TraitFilterPanel::chosen() const
{
    QList<gifscan::Trait> out;
    for (const QListWidget *list : m_lists) {
        for (int r = 0; r < list->count(); ++r) {
            if (list->item(r)->checkState() == Qt::Checked)
                out.append({list->property("trait").toString(),
                            list->item(r)->data(Qt::UserRole).toString()});
        }
    }
    return out;
}

void TraitFilterPanel::clear()
{
    for (QListWidget *list : m_lists)
        m_form->removeRow(list);
    m_lists.clear();
}

bool TraitFilterPanel::shows(const gifscan::Trait &trait) const
{
    const QListWidget *list = valuesOf(trait.trait);
    for (int r = 0; list && r < list->count(); ++r) {
        if (list->item(r)->data(Qt::UserRole).toString() == trait.value)
            return true;
    }
    return false;
}
