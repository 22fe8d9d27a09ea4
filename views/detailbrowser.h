#pragma once

#include "models/location.h"

#include <QTextBrowser>
#include <span>

// A detail page's body: rich text whose hashes, addresses, heights and keys
// are links (gif://6464/<what the search box accepts>), selectable, with
// Copy and Copy Link Location in its context menu and Ctrl+C. Full values,
// never shortened. Lives on the GUI thread.
class DetailBrowser : public QTextBrowser
{
    Q_OBJECT
public:
    explicit DetailBrowser(QWidget *parent = nullptr);

    // Markup helpers for the pages that fill it.
    static QString link(const QString &target, const QString &text = {});
    // A collection by its slug, never read as anything else: a slug of
    // digits is also a height, and a link says which it means.
    static QString collectionLink(const QString &slug);
    static QString hexLink(std::span<const std::uint8_t> bytes);
    static QString mono(const QString &text);
    static QString row(const QString &label, const QString &valueHtml);
    static QString table(const QString &rows);
    static QString heading(const QString &text);
    static QString good(const QString &text);
    static QString bad(const QString &text);

    // Shows `html`, its links in the palette's link colour; shown again in
    // the new one when the palette changes (a theme switched with the page
    // open). Hides QTextBrowser::setHtml, which bakes in the colour of the
    // moment.
    void setHtml(const QString &html);

Q_SIGNALS:
    // What a link names.
    void followed(const Location &to);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QString m_html;
};
