#include "views/objectpage.h"

#include "models/addressbook.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/objectpagemodel.h"
#include "views/copybutton.h"
#include "views/detailbrowser.h"
#include "views/gifplayer.h"
#include "views/linkactions.h"
#include "views/pricehistorychart.h"
#include "views/proofinspector.h"
#include "views/theme.h"
#include "views/travelrow.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace {
QString hex(std::span<const std::uint8_t> b)
{
    return gifscan::toHexString(b);
}
} // namespace

ObjectPage::ObjectPage(ObjectPageModel *model, ViewPreferences *preferences, QWidget *parent)
    : RoutedPage(parent), m_model(model), m_title(new QLabel(this)), m_copy(new CopyButton(this)),
      m_player(new GifPlayer(preferences, this)), m_travel(new TravelRow(this)),
      m_details(new QLabel(this)), m_history(new DetailBrowser(this)),
      m_verify(new QPushButton(tr("&Verify"), this)), m_badge(new QLabel(this)),
      m_inspector(new ProofInspector(this)), m_prices(new PriceHistoryChart(this)),
      m_tabs(new QTabWidget(this))
{
    Theme::makeHeading(m_title);
    setUpDetails();
    layOut();
    connectModel();
}

// The record's text, its links, the height asked for and why one was refused.
void ObjectPage::setUpDetails()
{
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_details, &QLabel::linkActivated, this, [this](const QString &link) {
        Q_EMIT m_history->anchorClicked(QUrl(link)); // one place turns gif:// links into targets
    });
    connect(m_history, &DetailBrowser::followed, this, &RoutedPage::followed);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_badge->setTextFormat(Qt::RichText);
}

// The same object, read and proven at another height; Now, on a page
// already at the head, reads it again there (the router has nothing new
// to go to).
void ObjectPage::travel(std::optional<std::uint64_t> height)
{
    if (m_where.kind != Location::Kind::Object)
        return; // not opened on an object yet
    Location to = m_where;
    to.height = height;
    if (to == m_where)
        reload(to);
    else
        Q_EMIT followed(to);
}

// The player and the travel row in a column of their own; beside them the
// verdict, always in sight, over tabs: the facts, every step of the proof,
// the history. Nothing is wider than its column, so the page never scrolls
// sideways (1024×700 in German is the measure).
void ObjectPage::layOut()
{
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(CopyButton::beside(m_title, m_copy));
    auto *columns = new QHBoxLayout;
    layout->addLayout(columns, 1);
    auto *playerColumn = new QVBoxLayout;
    playerColumn->addWidget(m_player);
    playerColumn->addWidget(m_travel);
    connect(m_travel, &TravelRow::asked, this, &ObjectPage::travel);
    playerColumn->addStretch();
    m_playerColumn = new QWidget(this);
    m_playerColumn->setLayout(playerColumn);
    fitPlayer();
    columns->addWidget(m_playerColumn);

    auto *right = new QVBoxLayout;
    auto *verifyRow = new QHBoxLayout;
    verifyRow->addWidget(m_verify);
    verifyRow->addWidget(m_badge, 1);
    m_badge->setWordWrap(true);
    right->addLayout(verifyRow);
    auto *facts = new QScrollArea(m_tabs);
    facts->setWidgetResizable(true);
    facts->setFrameShape(QFrame::NoFrame);
    facts->setWidget(m_details);
    m_details->setWordWrap(true);
    m_tabs->addTab(facts, tr("Details"));
    m_tabs->addTab(m_inspector, tr("Proof"));
    auto *past = new QSplitter(Qt::Vertical, m_tabs);
    past->setObjectName(QStringLiteral("objectHistorySplit"));
    past->addWidget(m_history);
    past->addWidget(m_prices);
    past->setStretchFactor(0, 3);
    past->setStretchFactor(1, 2);
    m_tabs->addTab(past, tr("History"));
    m_tabs->setTabEnabled(kProofTab, false); // until a verification has checks to list
    right->addWidget(m_tabs, 1);
    columns->addLayout(right, 1);
}

void ObjectPage::connectModel()
{
    connect(m_verify, &QPushButton::clicked, this, [this] {
        m_verify->setEnabled(false);
        m_badge->setText(tr("Verifying…"));
        m_model->verify();
    });
    auto showRefusal = [this] { showTravelNote(); };
    connect(m_model, &ObjectPageModel::heightRefused, this, [this] {
        showTravelNote();
        // The place in the window is the one shown, not the height refused
        // (the search box kept "…@99999" over a page at 15).
        QString slug;
        std::uint64_t id = 0;
        if (!m_where.objectKey(&slug, &id))
            return;
        Location shown = Location::object(slug, id, std::nullopt);
        if (m_model->atPastHeight())
            shown.height = m_model->height();
        if (shown == m_where)
            return;
        m_where = shown;
        m_redirecting = true;
        Q_EMIT renamed(shown);
        m_redirecting = false;
    });
    connect(m_model, &ObjectPageModel::headChanged, this, &ObjectPage::showTravelNote);
    connect(m_model, &ObjectPageModel::loaded, this, [this, showRefusal] {
        showRefusal();
        m_badge->clear();
        m_inspector->clear();
        // An empty table of checks says nothing before Verify.
        m_tabs->setTabEnabled(kProofTab, false);
        m_history->clear();
        m_prices->setNotLoaded(); // until the history comes with it
        showRecord();
    });
    connect(m_model, &ObjectPageModel::loadFailed, this, [this, showRefusal](const QString &why) {
        clearShown(); // nothing of another object may stay beside the words
        showRefusal();
        m_title->setText(m_model->displayKey());
        m_details->setText(QStringLiteral("<p style=\"color:%1\">%2</p>")
                               .arg(Theme::colour(Theme::Tone::Bad), why.toHtmlEscaped()));
        m_verify->setEnabled(false);
    });
    connect(m_model, &ObjectPageModel::framesReady, this,
            [this] { m_player->setAnimation(m_model->frames(), m_model->delaysMs()); });
    connect(m_model, &ObjectPageModel::traitCountsLoaded, this, &ObjectPage::showRecord);
    connect(m_model, &ObjectPageModel::historyLoaded, this, &ObjectPage::showHistory);
    connect(m_model, &ObjectPageModel::verified, this, &ObjectPage::showVerification);
}

void ObjectPage::showRecord()
{
    const gifscan::ObjectRecord &o = *m_model->record();
    m_title->setText(
        m_model->atPastHeight() ? tr("%1 at height %2").arg(o.key).arg(m_model->height()) : o.key);
    if (auto here = Location::ofObjectKey(o.key)) {
        if (m_model->atPastHeight())
            here->height = m_model->height();
        m_copy->setValue(o.key, here);
    }
    showDetails();
    m_verify->setEnabled(true);
    m_travel->showHeight(m_model->height());
}

// The facts beside the player: drawn again when only a name tag changed.
void ObjectPage::showDetails()
{
    const gifscan::ObjectRecord &o = *m_model->record();
    QString traits;
    for (const gifscan::Trait &t : o.traits) {
        const auto share = m_model->traitShare(t);
        traits +=
            QStringLiteral("%1: <b>%2</b>%3<br>")
                .arg(t.trait.toHtmlEscaped(), t.value.toHtmlEscaped(),
                     share ? tr(" (%1% have it)").arg(QLocale().toString(*share * 100.0, 'f', 1))
                           : QString());
    }
    QString listing = tr("not listed");
    if (o.listing)
        listing = tr("%1, in escrow %2")
                      .arg(DisplayFormat::amount(o.listing->price),
                           DisplayFormat::shortHex(o.listing->escrow));
    const QString sale = o.lastSale ? tr("%1 at height %2")
                                          .arg(DisplayFormat::amount(o.lastSale->price))
                                          .arg(o.lastSale->height)
                                    : tr("none");
    using D = DetailBrowser;
    // The rank among the collection's items, once their count is known.
    const auto size = m_model->collectionSize();
    const QString rarity =
        size ? tr("#%L1 of %L2").arg(o.rarityRank).arg(*size) : tr("#%L1").arg(o.rarityRank);
    QString rows;
    rows += D::row(tr("Collection"), D::collectionLink(o.slug));
    rows += D::row(tr("Owner"), ownerText());
    rows += D::row(tr("Rarity"), rarity.toHtmlEscaped());
    rows += D::row(tr("Traits"), traits);
    rows += D::row(tr("Listing"), listing.toHtmlEscaped());
    rows += D::row(tr("Last sale"), sale.toHtmlEscaped());
    rows += D::row(
        tr("Frames"),
        tr("%L1, %2×%3").arg(o.frames).arg(o.canvasWidth).arg(o.canvasHeight).toHtmlEscaped());
    rows += D::row(tr("Minted"), tr("at height %1").arg(D::link(QString::number(o.mintedAt))));
    m_details->setText(D::withNameTags(D::table(rows), this));
}

void ObjectPage::showHistory()
{
    m_prices->setHistory(m_model->history());
    QString rows;
    for (const gifscan::ActivityEntry &e : m_model->history()) {
        using D = DetailBrowser;
        rows +=
            // nowrap: an address or a time split over two lines reads as two.
            QStringLiteral("<tr><td>%1</td><td>%2</td><td nowrap>%3</td><td nowrap>%4</td>"
                           "<td nowrap>%5</td><td nowrap>%6</td><td nowrap>%7</td></tr>")
                .arg(ChainWords::eventType(e.type).toHtmlEscaped(),
                     D::link(QString::number(e.height)),
                     DisplayFormat::exactTime(e.timestamp).toHtmlEscaped(),
                     e.from ? D::partyLink(*e.from, e.key) : QString(),
                     e.to ? D::partyLink(*e.to, e.key) : QString(),
                     e.price ? DisplayFormat::amount(*e.price).toHtmlEscaped() : QString(),
                     D::link(gifscan::toHexString(e.txHash), DisplayFormat::shortHex(e.txHash)));
    }
    // The newest hundred entries (a node without GraphQL: those within its
    // collection's newest feed pages); the page says when older ones exist.
    const QString older =
        m_model->historyComplete()
            ? QString()
            : QStringLiteral("<p>%1</p>").arg(tr("Older entries are not shown.").toHtmlEscaped());
    m_history->setHtml(
        rows.isEmpty()
            ? tr("No recent activity.") + older
            : QStringLiteral(
                  "<table cellspacing=\"4\"><tr><th align=left>%1</th><th align=left>%2</th>"
                  "<th align=left>%3</th><th align=left>%4</th><th align=left>%5</th>"
                  "<th align=left>%6</th><th align=left>%7</th></tr>%8</table>%9")
                  .arg(tr("Event"), tr("Block"), tr("Time"), tr("From"), tr("To"), tr("Price"),
                       tr("Transaction"), rows, older));
}

QString ObjectPage::ownerText() const
{
    // Once verified, the owner is the proof's leaf.owner; until then the
    // indexer's word, said to be no more than that. A listed object's leaf
    // owner is the escrow: the person is its seller, and the page says both.
    const gifscan::ObjectRecord &o = *m_model->record();
    const std::optional<gifscan::Address> provenOwner = m_model->provenOwner();
    const bool proven = provenOwner.has_value();
    const gifscan::Address owner = provenOwner.value_or(o.owner);
    if (o.listing && owner == o.listing->escrow) {
        const QString seller = DetailBrowser::link(hex(o.listing->seller));
        const QString escrow = DisplayFormat::shortHex(o.listing->escrow);
        // The proof proves the escrow's leaf; who listed it is the indexer's word.
        return proven ? tr("in escrow %2 (proven), listed by %1 (the indexer's word)")
                            .arg(seller, escrow)
                      : tr("listed by %1 (in escrow %2; the indexer's, unverified)")
                            .arg(seller, escrow);
    }
    return proven ? tr("%1 (proven)").arg(DetailBrowser::link(hex(owner)))
                  : tr("%1 (the indexer's, unverified)").arg(DetailBrowser::link(hex(owner)));
}

// Under the travel row: why a height was refused, in the colour of a
// problem; or, for a page read at the head that the chain has since passed,
// that it stays at the height read (a verdict is for one height) and Now
// reads it again.
void ObjectPage::showTravelNote()
{
    const QString refusal = m_model->refusal();
    const auto head = m_model->head();
    const bool passed = refusal.isEmpty() && m_model->record() && !m_model->atPastHeight() &&
                        head && *head > m_model->height();
    const QString text =
        !refusal.isEmpty() ? refusal
        : passed ? tr("Read at the head, %L1; the chain is at %L2 now: Now reads it again.")
                       .arg(m_model->height())
                       .arg(*head)
                 : QString();
    const bool hadNote = !m_travel->noteText().isEmpty();
    m_travel->showNote(text, !refusal.isEmpty());
    if (hadNote != !text.isEmpty())
        fitPlayer(); // the note takes lines of the column, or gives them back
}

QString ObjectPage::travelNoteText() const
{
    return m_travel->noteText();
}

QString ObjectPage::inspectorText() const
{
    return m_inspector->text();
}

QString ObjectPage::detailsText() const
{
    return m_details->text();
}

QString ObjectPage::badgeText() const
{
    return m_badge->text();
}

void ObjectPage::showVerification()
{
    m_verify->setEnabled(true);
    if (!showBadge())
        return;
    showRecord(); // the owner shown becomes the proven one, or stays marked unverified
    m_inspector->showReport(*m_model->report(), m_model->proofWalk(), m_model->trustedValidators());
    // The auditor asked for the proof: it is what the page turns to.
    m_tabs->setTabEnabled(kProofTab, true);
    m_tabs->setCurrentIndex(kProofTab);
}

// The verdict in a word and a colour; false when there was none to give.
bool ObjectPage::showBadge()
{
    const gifscan::VerificationReport &r = *m_model->report();
    using Badge = gifscan::VerificationReport::Badge;
    if (!r.error.ok()) {
        // No answer (a rate limit waited out past the deadline, a node away)
        // is no verdict: not in the colour of one.
        const auto tone = r.error.isUnanswered() ? Theme::Tone::Waiting : Theme::Tone::Bad;
        m_badge->setText(QStringLiteral("<b style=\"color:%1\">%2</b>")
                             .arg(Theme::colour(tone), tr("Could not verify: %1")
                                                           .arg(ChainWords::clientError(r.error))
                                                           .toHtmlEscaped()));
        return false;
    }
    switch (r.badge()) {
    case Badge::Verified:
        m_badge->setText(
            QStringLiteral("<b style=\"color:%1\">&#10004; %2</b>")
                .arg(Theme::colour(Theme::Tone::Good),
                     // A verdict belongs to the height it was made at.
                     tr("Verified at height %L1").arg(DisplayFormat::height(r.header.height))));
        break;
    case Badge::Mismatch:
        m_badge->setText(QStringLiteral("<b style=\"color:%1\">&#10008; %2</b>")
                             .arg(Theme::colour(Theme::Tone::Bad),
                                  tr("Mismatch: the indexer names another owner")));
        break;
    case Badge::IndexedOnly:
        m_badge->setText(
            QStringLiteral("<b style=\"color:%1\">%2</b>")
                .arg(Theme::colour(Theme::Tone::Waiting),
                     (r.headerVerdict.verified()
                          ? tr("Indexed only: the proof does not hold")
                          : tr("Not verified: %1")
                                .arg(ChainWords::headerVerdict(r.headerVerdict, r.header)))
                         .toHtmlEscaped()));
        break;
    }
    return true;
}

void ObjectPage::open(const Location &where)
{
    if (m_redirecting)
        return; // the page's own redirect coming back: it shows it already
    QString slug;
    std::uint64_t id = 0;
    if (!where.objectKey(&slug, &id))
        return;
    // A page made again (the language changed) over a model that holds this
    // very object: shown as it is, its verdict kept, nothing asked again.
    if (m_where.kind != Location::Kind::Object && m_model->holds(slug, id, where.height)) {
        m_where = where;
        showHeld();
        return;
    }
    // Another object: what the page showed of the last one goes at once,
    // not when the new one arrives (or fails to).
    if (where.key != m_where.key)
        clearShown();
    m_where = where;
    m_model->load(slug, id, where.height);
}

void ObjectPage::reload(const Location &where)
{
    QString slug;
    std::uint64_t id = 0;
    if (!where.objectKey(&slug, &id))
        return;
    m_where = where; // asked afresh, whatever the model holds
    m_model->load(slug, id, where.height);
}

void ObjectPage::showHeld()
{
    showRecord();
    showTravelNote();
    showHistory();
    if (!m_model->frames().isEmpty())
        m_player->setAnimation(m_model->frames(), m_model->delaysMs());
    if (m_model->report())
        showVerification();
}

void ObjectPage::clearShown()
{
    m_player->clear();
    m_copy->clear();
    m_details->clear();
    m_badge->clear();
    m_inspector->clear();
    m_tabs->setTabEnabled(kProofTab, false);
    m_tabs->setCurrentIndex(kDetailsTab);
    m_history->clear();
    m_prices->setNotLoaded();
    m_verify->setEnabled(false);
}

void ObjectPage::restyle()
{
    m_player->restyle();
    m_travel->restyle();
    showTravelNote();
    if (m_model->record())
        showRecord();
    if (m_model->report())
        showBadge();
}

void ObjectPage::resizeEvent(QResizeEvent *event)
{
    RoutedPage::resizeEvent(event);
    fitPlayer();
}

// The picture grows with the room the window gives the page: a third of
// its width, as far as its height leaves room for what the column holds
// besides (measured, the travel note included). The room is the window's
// viewport, not the page, which that room's scroll area may make taller to
// fit a larger picture: measured on itself it would grow step by step.
void ObjectPage::fitPlayer()
{
    QSize room = size();
    for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w)) {
            room = area->viewport()->size();
            break;
        }
    }
    const int besides = m_playerColumn->sizeHint().height() - m_player->pictureWidth() +
                        m_title->sizeHint().height() + 4 * layout()->spacing() +
                        layout()->contentsMargins().top() + layout()->contentsMargins().bottom();
    m_player->setPictureSide(std::min(room.width() / 3, room.height() - besides));
    m_playerColumn->setFixedWidth(m_player->pictureWidth() + 24);
    m_travel->setNoteWidth(m_player->pictureWidth());
}

void ObjectPage::showEvent(QShowEvent *event)
{
    RoutedPage::showEvent(event);
    // In its window now: the owner's tag, given or taken there, shows at once.
    if (m_followsLabels)
        return;
    if (LinkActions *links = LinkActions::of(this); links && links->addressBook()) {
        connect(links->addressBook(), &AddressBook::changed, this, [this] {
            if (m_model->record())
                showDetails();
        });
        m_followsLabels = true;
        if (m_model->record()) // drawn before it was in its window
            showDetails();
    }
}

bool ObjectPage::showsPicture() const
{
    return m_player->showsPicture();
}
