#include "views/blockpage.h"

#include "models/blockpagemodel.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "views/detailbrowser.h"
#include "views/theme.h"

#include <QLabel>
#include <QVBoxLayout>

using D = DetailBrowser;

BlockPage::BlockPage(BlockPageModel *model, QWidget *parent)
    : RoutedPage(parent), m_model(model), m_title(new QLabel(this)), m_when(new QLabel(this)),
      m_badge(new QLabel(this)), m_body(new DetailBrowser(this))
{
    Theme::makeHeading(m_title);
    m_badge->setTextFormat(Qt::RichText);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_when);
    layout->addWidget(m_badge);
    m_when->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto showWhen = [this] {
        m_when->setText(m_model->whenText());
        m_when->setVisible(!m_when->text().isEmpty());
    };
    connect(model, &BlockPageModel::whenChanged, this, showWhen);
    connect(model, &BlockPageModel::loaded, this, showWhen);
    connect(model, &BlockPageModel::loadFailed, this, showWhen);
    layout->addWidget(m_body, 1);
    connect(m_body, &DetailBrowser::followed, this, &RoutedPage::followed);
    connect(model, &BlockPageModel::loaded, this, &BlockPage::show);
    connect(model, &BlockPageModel::checked, this, &BlockPage::show);
    connect(model, &BlockPageModel::loadFailed, this, [this](const QString &why) {
        m_title->setText(tr("Block"));
        m_badge->clear();
        m_body->setHtml(D::bad(why));
    });
}

QString BlockPage::whenText() const
{
    return m_when->text();
}

QString BlockPage::badgeText() const
{
    return m_badge->text();
}

void BlockPage::show()
{
    const gifscan::Block &b = *m_model->block();
    const gifscan::BlockHeader &h = b.header;
    const auto &check = m_model->check();
    m_title->setText(tr("Block %1").arg(DisplayFormat::height(h.height)));
    if (!check.parentOk)
        m_badge->setText(tr("Checking the header…"));
    else if (check.verified())
        m_badge->setText(D::good(
            tr("Header verified: %1; transaction root and count recompute, the parent links")
                .arg(ChainWords::headerVerdict(check.signatures, h))));
    else
        m_badge->setText(D::bad(
            !check.signatures.verified() ? tr("Header does not verify: %1")
                                               .arg(ChainWords::headerVerdict(check.signatures, h))
            : !check.txRootOk ? tr("Header does not verify: the transaction root does not match")
            : !check.txCountOk
                ? tr("Header does not verify: the transaction count does not match")
                : tr("Header does not verify: the parent hash names another block")));
    QString rows;
    rows += D::row(tr("Height"), DisplayFormat::height(h.height));
    rows += D::row(tr("Hash"), D::mono(gifscan::toHexString(h.hash)));
    rows += D::row(tr("Parent"), h.height > 0 ? D::link(QString::number(h.height - 1),
                                                        gifscan::toHexString(h.parentHash))
                                              : D::mono(gifscan::toHexString(h.parentHash)));
    rows += D::row(tr("Time"), DisplayFormat::exactTime(h.timestamp).toHtmlEscaped());
    rows += D::row(tr("Proposer"), D::hexLink(h.proposer));
    rows += D::row(tr("Object root"), D::mono(gifscan::toHexString(h.objectRoot)));
    rows += D::row(tr("Transaction root"), D::mono(gifscan::toHexString(h.txRoot)));
    rows += D::row(tr("Transactions"), QLocale().toString(static_cast<qulonglong>(h.txCount)));
    rows += D::row(tr("Holdings root"), D::mono(gifscan::toHexString(h.holdingsRoot)));
    rows += D::row(tr("Validator set"),
                   D::mono(gifscan::ValidatorSet::fingerprintOf(h.validatorsHash)));
    rows += D::row(tr("Next"),
                   D::link(QString::number(h.height + 1), tr("block %1").arg(h.height + 1)));
    QString txs;
    for (const gifscan::TransactionRecord &tx : b.transactions) {
        const QString what = !tx.key.isEmpty()    ? D::link(tx.key)
                             : !tx.slug.isEmpty() ? D::collectionLink(tx.slug)
                             : tx.to              ? D::hexLink(*tx.to)
                                                  : QString();
        // What it moves: a transfer's amount, a listing's price, a buy's
        // most it pays.
        const auto value = tx.amount ? tx.amount : tx.price ? tx.price : tx.maxPrice;
        txs += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td>"
                              "<td align=right nowrap>%5</td></tr>")
                   .arg(D::link(gifscan::toHexString(tx.hash), DisplayFormat::shortHex(tx.hash)),
                        ChainWords::txKind(tx.kind).toHtmlEscaped(),
                        D::link(gifscan::toHexString(tx.from), DisplayFormat::shortHex(tx.from)),
                        what, value ? DisplayFormat::amount(*value).toHtmlEscaped() : QString());
    }
    for (const gifscan::Hash32 &hash : b.transactionHashes)
        txs += QStringLiteral("<tr><td colspan=5>%1</td></tr>").arg(D::hexLink(hash));
    m_body->setHtml(D::table(rows) + D::heading(tr("Transactions")) +
                    QStringLiteral("<table cellspacing=\"4\"><tr><th align=left>%1</th><th "
                                   "align=left>%2</th><th align=left>%3</th>"
                                   "<th align=left>%4</th><th align=right>%5</th></tr>%6</table>")
                        .arg(tr("Hash"), tr("Kind"), tr("From"),
                             tr("Object, collection or recipient"), tr("Value or price"), txs));
}

void BlockPage::open(const Location &where)
{
    if (where.height)
        m_model->load(*where.height);
}

void BlockPage::restyle()
{
    if (m_model->block())
        show();
}
