#include "models/addressbook.h"

#include "core/base/bytes.h"
#include "models/displayformat.h"
#include "models/location.h"

#include <QModelIndex>
#include <QSettings>
#include <algorithm>

namespace {
constexpr const char *kGroup = "labels";

bool isTagKey(const QString &text)
{
    if (text.size() != 42 || !text.startsWith(QLatin1String("0x")))
        return false;
    return std::all_of(text.begin() + 2, text.end(), [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
    });
}
} // namespace

AddressBook::AddressBook(QSettings *settings, QObject *parent)
    : QObject(parent), m_settings(settings)
{
    m_settings->beginGroup(QLatin1String(kGroup));
    for (const QString &address : m_settings->childKeys()) {
        const QString label = m_settings->value(address).toString().trimmed();
        if (isTagKey(address.toLower()) && !label.isEmpty())
            m_labels.append({address.toLower(), label.left(kMaxLength)});
    }
    m_settings->endGroup();
    std::sort(m_labels.begin(), m_labels.end());
}

QString AddressBook::label(const QString &address) const
{
    const QString key = address.toLower();
    const auto it =
        std::lower_bound(m_labels.begin(), m_labels.end(), key,
                         [](const auto &entry, const QString &k) { return entry.first < k; });
    return it != m_labels.end() && it->first == key ? it->second : QString();
}

void AddressBook::setLabel(const QString &address, const QString &label)
{
    const QString key = address.toLower();
    if (!isTagKey(key))
        return;
    const QString tag = label.trimmed().left(kMaxLength);
    if (tag == this->label(key))
        return;
    const auto it =
        std::lower_bound(m_labels.begin(), m_labels.end(), key,
                         [](const auto &entry, const QString &k) { return entry.first < k; });
    const bool present = it != m_labels.end() && it->first == key;
    const QString setting = QLatin1String(kGroup) + u'/' + key;
    if (tag.isEmpty()) {
        m_labels.erase(it);
        m_settings->remove(setting);
    } else {
        if (present)
            it->second = tag;
        else
            m_labels.insert(it, {key, tag});
        m_settings->setValue(setting, tag);
    }
    Q_EMIT changed();
}

QList<std::pair<QString, QString>> AddressBook::matching(const QString &text) const
{
    QList<std::pair<QString, QString>> found;
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return found;
    for (const auto &[address, label] : m_labels) {
        if (label.contains(wanted, Qt::CaseInsensitive))
            found.append({label, address});
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) {
        return QString::compare(a.first, b.first, Qt::CaseInsensitive) < 0;
    });
    return found;
}

QString AddressBook::addressOf(const QString &label) const
{
    for (const auto &[address, tag] : m_labels) {
        if (tag.compare(label.trimmed(), Qt::CaseInsensitive) == 0)
            return address;
    }
    return {};
}

QString AddressBook::shownAddress(const QModelIndex &index)
{
    const QVariant to = index.data(Location::ItemRole);
    if (!to.canConvert<Location>())
        return {};
    const auto address = to.value<Location>().addressValue();
    if (!address)
        return {};
    const QString text = index.data().toString();
    const QString full = gifscan::toHexString(*address);
    if (text.compare(full, Qt::CaseInsensitive) != 0 && text != DisplayFormat::shortHex(*address))
        return {};
    return full.toLower();
}
