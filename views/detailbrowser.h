#pragma once

#include "models/location.h"

#include <QTextBrowser>
#include <array>
#include <optional>
#include <span>

// A detail page's body: rich text whose hashes, addresses, heights and keys
// are links (gif://6464/<what the search box accepts>), selectable, each
// with a link's menu (LinkActions) and, for a value too long to select, a
// copy button. Full values are copied, never shortened ones. Lives on the GUI thread.
class DetailBrowser : public QTextBrowser
{
    Q_OBJECT
public:
    explicit DetailBrowser(QWidget *parent = nullptr);

    // Markup helpers for the pages that fill it.
    // A link to `target` (what the search box accepts), shown as `text`;
    // one to a hash, an address or a key has a copy button after it.
    static QString link(const QString &target, const QString &text = {});
    // A button that copies `value` whole (the ❐ after a link).
    static QString copyButton(const QString &value);
    // A collection by its slug, never read as anything else: a slug of
    // digits is also a height, and a link says which it means.
    static QString collectionLink(const QString &slug);
    static QString hexLink(std::span<const std::uint8_t> bytes);
    // An event's party, short, as a link; the escrow of the event's object
    // (PROTOCOL: K("gif/escrow" || key)) is said as such, not left an
    // unnamed "To".
    static QString partyLink(const std::array<std::uint8_t, 20> &address, const QString &key);
    static QString mono(const QString &text);
    static QString row(const QString &label, const QString &valueHtml);
    static QString table(const QString &rows);
    static QString heading(const QString &text);
    static QString good(const QString &text);
    static QString bad(const QString &text);
    // Neither: no verdict yet (what a node did not answer for), marked "?".
    static QString undecided(const QString &text);

    // Shows `html`, its links in the palette's link colour; shown again in
    // the new one when the palette changes (a theme switched with the page
    // open). Hides QTextBrowser::setHtml, which bakes in the colour of the
    // moment.
    void setHtml(const QString &html);

    // `html` with each address link link() wrote showing the reader's name
    // tag for it, when it has one (the tags of `shownIn`'s window).
    static QString withNameTags(const QString &html, const QWidget *shownIn);
    // Where a link of these pages leads; none for another kind of link.
    static std::optional<Location> locationOf(const QUrl &url);

Q_SIGNALS:
    // What a link names.
    void followed(const Location &to);

protected:
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void render();

    QString m_html;
    bool m_followsLabels = false; // renders again when the window's name tags change
};
