#include "views/detailbrowser.h"

#include "core/protocol/bytes.h"
#include "core/protocol/commitments.h"
#include "models/giflink.h"
#include "views/theme.h"

#include <QEvent>
#include <QTextDocument>
#include <QUrl>

namespace {
// Links within the window only (gif:// names collections and heights alike).
constexpr const char *kCollectionScheme = "gifscan-collection";
} // namespace

DetailBrowser::DetailBrowser(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setFrameShape(QFrame::NoFrame);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String(kCollectionScheme)) {
            if (gifscan::isValidSlug(url.path()))
                Q_EMIT followed(Location::collection(url.path()));
            return;
        }
        QString error;
        const QString target = GifLink::target(url, &error);
        if (const auto to = target.isEmpty() ? std::nullopt : Location::parse(target))
            Q_EMIT followed(*to);
    });
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
    QTextBrowser::setHtml(m_html);
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
    return QStringLiteral("<a href=\"%1\">%2</a>")
        .arg(href, (text.isEmpty() ? target : text).toHtmlEscaped());
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
