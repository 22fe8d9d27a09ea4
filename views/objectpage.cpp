#include "views/objectpage.h"

#include "models/displayformat.h"
#include "models/objectpagemodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {
QString hex(std::span<const std::uint8_t> b)
{
    return gifscan::toHexString(b);
}
} // namespace

ObjectPage::ObjectPage(ObjectPageModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_title(new QLabel(this)), m_player(new QLabel(this)), m_play(new QPushButton(tr("Pause"), this)),
      m_details(new QLabel(this)), m_verify(new QPushButton(tr("Verify"), this)), m_badge(new QLabel(this)), m_inspector(new QTreeWidget(this))
{
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    m_title->setFont(f);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_player->setFixedSize(256, 256);
    m_player->setAlignment(Qt::AlignCenter);
    m_player->setStyleSheet(QStringLiteral("background: palette(base); border: 1px solid palette(mid);"));
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_badge->setTextFormat(Qt::RichText);
    m_inspector->setHeaderLabels({tr("Check"), tr("Value")});
    m_inspector->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_inspector->setRootIsDecorated(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    auto *top = new QHBoxLayout;
    auto *playerColumn = new QVBoxLayout;
    playerColumn->addWidget(m_player);
    playerColumn->addWidget(m_play);
    playerColumn->addStretch();
    top->addLayout(playerColumn);
    top->addWidget(m_details, 1);
    layout->addLayout(top);
    auto *verifyRow = new QHBoxLayout;
    verifyRow->addWidget(m_verify);
    verifyRow->addWidget(m_badge, 1);
    layout->addLayout(verifyRow);
    layout->addWidget(m_inspector, 1);

    m_clock.setSingleShot(true);
    connect(&m_clock, &QTimer::timeout, this, [this] {
        if (!m_model->frames().isEmpty())
            m_frame = (m_frame + 1) % static_cast<int>(m_model->frames().size());
        showFrame();
    });
    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_clock.isActive()) {
            m_clock.stop();
            m_play->setText(tr("Play"));
        } else {
            m_play->setText(tr("Pause"));
            showFrame();
        }
    });
    connect(m_verify, &QPushButton::clicked, this, [this] {
        m_verify->setEnabled(false);
        m_badge->setText(tr("Verifying…"));
        m_model->verify();
    });
    connect(model, &ObjectPageModel::loaded, this, &ObjectPage::showRecord);
    connect(model, &ObjectPageModel::loadFailed, this, [this](const QString &why) {
        m_title->setText(m_model->displayKey());
        m_details->setText(QStringLiteral("<p style=\"color:#c0392b\">%1</p>").arg(why.toHtmlEscaped()));
        m_verify->setEnabled(false);
    });
    connect(model, &ObjectPageModel::framesReady, this, [this] {
        m_frame = 0;
        showFrame();
    });
    connect(model, &ObjectPageModel::verified, this, &ObjectPage::showVerification);
}

void ObjectPage::showRecord()
{
    const gifscan::ObjectRecord &o = *m_model->record();
    m_title->setText(m_model->atPastHeight() ? tr("%1 at height %2").arg(o.key).arg(m_model->height()) : o.key);
    QString traits;
    for (const gifscan::Trait &t : o.traits)
        traits += QStringLiteral("%1: <b>%2</b><br>").arg(t.trait.toHtmlEscaped(), t.value.toHtmlEscaped());
    QString listing = tr("not listed");
    if (o.listing)
        listing = tr("%1, in escrow %2").arg(DisplayFormat::amount(o.listing->price), DisplayFormat::shortHex(o.listing->escrow));
    const QString sale = o.lastSale ? tr("%1 at height %2").arg(DisplayFormat::amount(o.lastSale->price)).arg(o.lastSale->height) : tr("none");
    m_details->setText(tr("<table cellspacing=4>"
                          "<tr><td>Owner</td><td><span title=\"%1\">%2</span></td></tr>"
                          "<tr><td>Rarity</td><td>#%3</td></tr>"
                          "<tr><td>Traits</td><td>%4</td></tr>"
                          "<tr><td>Listing</td><td>%5</td></tr>"
                          "<tr><td>Last sale</td><td>%6</td></tr>"
                          "<tr><td>Frames</td><td>%7, %8×%9</td></tr>"
                          "<tr><td>Minted</td><td>at height %10</td></tr>"
                          "</table>")
                           .arg(hex(o.owner), hex(o.owner))
                           .arg(o.rarityRank)
                           .arg(traits, listing, sale)
                           .arg(o.frames).arg(o.canvasWidth).arg(o.canvasHeight)
                           .arg(o.mintedAt));
    m_verify->setEnabled(true);
    m_badge->clear();
    m_inspector->clear();
}

void ObjectPage::showFrame()
{
    const auto &frames = m_model->frames();
    if (frames.isEmpty())
        return;
    const QImage &image = frames[m_frame % frames.size()];
    m_player->setPixmap(QPixmap::fromImage(image.scaled(m_player->size() - QSize(8, 8), Qt::KeepAspectRatio, Qt::FastTransformation)));
    if (frames.size() > 1 && m_play->text() == tr("Pause"))
        m_clock.start(m_model->delaysMs().value(m_frame % frames.size(), 100));
}

QString ObjectPage::badgeText() const
{
    return m_badge->text();
}

void ObjectPage::showVerification()
{
    m_verify->setEnabled(true);
    const gifscan::VerificationReport &r = *m_model->report();
    using Badge = gifscan::VerificationReport::Badge;
    if (!r.error.ok()) {
        m_badge->setText(QStringLiteral("<b style=\"color:#c0392b\">%1</b>").arg(tr("Could not verify: %1").arg(r.error.toString()).toHtmlEscaped()));
        return;
    }
    switch (r.badge()) {
    case Badge::Verified: m_badge->setText(QStringLiteral("<b style=\"color:#2e9d4f\">&#10004; %1</b>").arg(tr("Verified"))); break;
    case Badge::Mismatch: m_badge->setText(QStringLiteral("<b style=\"color:#c0392b\">&#10008; %1</b>").arg(tr("Mismatch: the indexer names another owner"))); break;
    case Badge::IndexedOnly: m_badge->setText(QStringLiteral("<b style=\"color:#d0a020\">%1</b>").arg(tr("Indexed only: the proof does not hold"))); break;
    }
    m_inspector->clear();
    auto item = [this](QTreeWidgetItem *parent, const QString &check, const QString &value, std::optional<bool> ok = std::nullopt) {
        auto *i = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_inspector);
        i->setText(0, ok ? (*ok ? QStringLiteral("✔ ") : QStringLiteral("✘ ")) + check : check);
        i->setText(1, value);
        i->setToolTip(1, value);
        return i;
    };
    auto *header = item(nullptr, tr("Header %1").arg(r.header.height), hex(r.header.hash), r.headerHashOk);
    item(header, tr("hash recomputes"), r.headerHashOk ? tr("yes") : tr("no"), r.headerHashOk);
    item(header, tr("object root"), hex(r.header.objectRoot));
    auto *proof = item(nullptr, tr("Proof, %n siblings", nullptr, static_cast<int>(r.proof.siblings.size())), r.verdict.detail, r.verdict.holds());
    if (const auto walk = gifscan::walkProof(r.proof)) {
        item(proof, r.proof.leaf ? tr("leaf") : tr("start"), hex(walk->start));
        for (const auto &step : walk->steps)
            item(proof, tr("depth %1, path goes %2").arg(step.depth).arg(step.pathGoesRight ? tr("right") : tr("left")),
                 tr("sibling %1 → %2").arg(DisplayFormat::shortHex(step.sibling), hex(step.hash)));
        item(proof, tr("computed root"), hex(r.verdict.computedRoot), r.verdict.computedRoot == r.header.objectRoot);
    }
    if (r.contentOk)
        item(nullptr, tr("Content"), hex(r.computedContentHash), *r.contentOk);
    const QString indexer = r.indexerOwner ? hex(*r.indexerOwner) : tr("no owner");
    item(nullptr, tr("Indexer's owner: %1").arg(r.indexerName()), indexer,
         r.indexer == gifscan::VerificationReport::Indexer::Mismatch ? std::optional<bool>(false)
         : r.indexer == gifscan::VerificationReport::Indexer::Match ? std::optional<bool>(true) : std::nullopt);
    m_inspector->expandAll();
}
