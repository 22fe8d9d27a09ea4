#include "views/detailbrowser.h"

#include "core/base/bytes.h"
#include "core/protocol/commitments.h"
#include "models/addressbook.h"
#include "models/giflink.h"
#include "views/linkactions.h"
#include "views/theme.h"

#include <QContextMenuEvent>
#include <QEvent>
#include <QMenu>
#include <QRegularExpression>
#include <QTextDocument>
#include <QUrl>

namespace {
// Links within the window only (gif:// names collections and heights alike).
constexpr const char *kCollectionScheme = "gifscan-collection";
// A copy button: the value after the colon goes on the clipboard.
constexpr const char *kCopyScheme = "gifscan-copy";
} // namespace

DetailBrowser::DetailBrowser(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setFrameShape(QFrame::NoFrame);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String(kCopyScheme)) {
            LinkActions::copyFrom(this, url.path(QUrl::FullyDecoded));
            return;
        }
        if (const auto to = locationOf(url))
            Q_EMIT followed(*to);
    });
}

std::optional<Location> DetailBrowser::locationOf(const QUrl &url)
{
    if (url.scheme() == QLatin1String(kCollectionScheme)) {
        if (gifscan::isValidSlug(url.path()))
            return Location::collection(url.path());
        return std::nullopt;
    }
    const gifscan::Outcome<QString> target = GifLink::target(url);
    return target ? Location::parse(target.value()) : std::nullopt;
}

// A link's menu offers what a table cell's does; elsewhere, the text's own
// (Copy of a selection, Select All).
void DetailBrowser::contextMenuEvent(QContextMenuEvent *event)
{
    const QUrl url(anchorAt(event->pos()));
    const auto to = url.isEmpty() ? std::nullopt : locationOf(url);
    LinkActions *links = LinkActions::of(this);
    if (!to || !links) {
        QTextBrowser::contextMenuEvent(event);
        return;
    }
    const QString value = to->kind == Location::Kind::Collection ? to->key : to->text();
    links->menu(*to, value, this, [this, where = *to] { Q_EMIT followed(where); })
        ->popup(event->globalPos());
}

void DetailBrowser::setHtml(const QString &html)
{
    m_html = html;
    render();
}

void DetailBrowser::render()
{
    document()->setDefaultStyleSheet(
        QStringLiteral("a { color: %1; }").arg(palette().color(QPalette::Link).name()));
    QTextBrowser::setHtml(withNameTags(m_html, this));
}

QString DetailBrowser::withNameTags(const QString &html, const QWidget *shownIn)
{
    const LinkActions *links = LinkActions::of(shownIn);
    const AddressBook *book = links ? links->addressBook() : nullptr;
    if (!book || book->isEmpty())
        return html;
    // Only the anchors link() writes for an address: the markup is ours.
    static const QRegularExpression anchor(
        QStringLiteral("<a href=\"%1(0x[0-9a-fA-F]{40})\">([^<]*)</a>")
            .arg(QRegularExpression::escape(GifLink::make({}))));
    QString out;
    qsizetype from = 0;
    for (auto it = anchor.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString label = book->label(m.captured(1));
        if (label.isEmpty())
            continue;
        out += QStringView(html).mid(from, m.capturedStart() - from);
        out += QStringLiteral("<a href=\"%1%2\" title=\"%2\"><i>%3</i></a>")
                   .arg(GifLink::make({}), m.captured(1), label.toHtmlEscaped());
        from = m.capturedEnd();
    }
    out += QStringView(html).mid(from);
    return out;
}

void DetailBrowser::showEvent(QShowEvent *event)
{
    QTextBrowser::showEvent(event);
    // In its window now: a tag given or taken there shows at once.
    if (m_followsLabels)
        return;
    if (LinkActions *links = LinkActions::of(this); links && links->addressBook()) {
        connect(links->addressBook(), &AddressBook::changed, this, [this] {
            if (!document()->isEmpty())
                render();
        });
        m_followsLabels = true;
        render();
    }
}

void DetailBrowser::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    // Emptied since (clear()): nothing to show again.
    if (event->type() == QEvent::PaletteChange && !document()->isEmpty())
        render();
}

QString DetailBrowser::link(const QString &target, const QString &text)
{
    const QString href = GifLink::make(target);
    const QString anchor = QStringLiteral("<a href=\"%1\">%2</a>")
                               .arg(href, (text.isEmpty() ? target : text).toHtmlEscaped());
    // Hashes, addresses and keys are copied whole, shortened or not; a
    // height is short enough to select.
    bool isHeight = false;
    target.toULongLong(&isHeight);
    return isHeight ? anchor : anchor + copyButton(target);
}

QString DetailBrowser::copyButton(const QString &value)
{
    return QStringLiteral("&nbsp;<a href=\"%1:%2\" title=\"%3\" "
                          "style=\"text-decoration:none\">&#10064;</a>")
        .arg(QLatin1String(kCopyScheme), QString::fromLatin1(QUrl::toPercentEncoding(value)),
             tr("Copy %1").arg(value).toHtmlEscaped());
}

QString DetailBrowser::collectionLink(const QString &slug)
{
    return QStringLiteral("<a href=\"%1:%2\">%3</a>")
        .arg(QLatin1String(kCollectionScheme), slug.toHtmlEscaped(), slug.toHtmlEscaped());
}

QString DetailBrowser::hexLink(std::span<const std::uint8_t> bytes)
{
    return QStringLiteral("<code>%1</code>").arg(link(gifscan::toHexString(bytes)));
}

QString DetailBrowser::partyLink(const std::array<std::uint8_t, 20> &address, const QString &key)
{
    QString out = link(gifscan::toHexString(address), DisplayFormat::shortHex(address));
    if (!key.isEmpty() && gifscan::escrowAddress(gifscan::objectKey(key)) == address)
        out += QStringLiteral(" <i>(%1)</i>").arg(tr("escrow").toHtmlEscaped());
    return out;
}

QString DetailBrowser::mono(const QString &text)
{
    return QStringLiteral("<code>%1</code>").arg(text.toHtmlEscaped());
}

QString DetailBrowser::row(const QString &label, const QString &valueHtml)
{
    return QStringLiteral("<tr><td style=\"padding-right:16px; color:%1\">%2</td><td>%3</td></tr>")
        .arg(Theme::secondaryText(), label.toHtmlEscaped(), valueHtml);
}

QString DetailBrowser::table(const QString &rows)
{
    return QStringLiteral("<table cellspacing=\"3\">%1</table>").arg(rows);
}

QString DetailBrowser::heading(const QString &text)
{
    return QStringLiteral("<h3>%1</h3>").arg(text.toHtmlEscaped());
}

QString DetailBrowser::good(const QString &text)
{
    return QStringLiteral("<b style=\"color:%1\">&#10004; %2</b>")
        .arg(Theme::colour(Theme::Tone::Good), text.toHtmlEscaped());
}

QString DetailBrowser::bad(const QString &text)
{
    return QStringLiteral("<b style=\"color:%1\">&#10008; %2</b>")
        .arg(Theme::colour(Theme::Tone::Bad), text.toHtmlEscaped());
}

QString DetailBrowser::undecided(const QString &text)
{
    return QStringLiteral("<b style=\"color:%1\">? %2</b>")
        .arg(Theme::colour(Theme::Tone::Waiting), text.toHtmlEscaped());
}
