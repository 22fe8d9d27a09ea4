#include "views/transactionpage.h"

#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/transactionpagemodel.h"
#include "views/detailbrowser.h"
#include "views/theme.h"

#include <QLabel>
#include <QVBoxLayout>

using D = DetailBrowser;

TransactionPage::TransactionPage(TransactionPageModel *model, QWidget *parent)
    : RoutedPage(parent), m_model(model), m_title(new QLabel(this)), m_when(new QLabel(this)),
      m_body(new DetailBrowser(this))
{
    Theme::makeHeading(m_title);
    m_when->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_when);
    auto showWhen = [this] {
        m_when->setText(m_model->whenText());
        m_when->setVisible(!m_when->text().isEmpty());
    };
    connect(model, &TransactionPageModel::whenChanged, this, showWhen);
    connect(model, &TransactionPageModel::loaded, this, showWhen);
    connect(model, &TransactionPageModel::loadFailed, this, showWhen);
    layout->addWidget(m_body, 1);
    connect(m_body, &DetailBrowser::followed, this, &RoutedPage::followed);
    // The hash named a block: the same place in history, shown as a block.
    connect(model, &TransactionPageModel::blockFound, this,
            [this](quint64 height) { Q_EMIT renamed(Location::block(height)); });
    connect(model, &TransactionPageModel::loaded, this, &TransactionPage::show);
    connect(model, &TransactionPageModel::loadFailed, this, [this](const QString &why) {
        m_title->setText(tr("Transaction"));
        m_body->setHtml(D::bad(why));
    });
}

QString TransactionPage::whenText() const
{
    return m_when->text();
}

void TransactionPage::show()
{
    const gifscan::TransactionRecord &t = m_model->transaction()->transaction;
    const auto &receipt = m_model->transaction()->receipt;
    m_title->setText(tr("Transaction %1").arg(DisplayFormat::shortHex(t.hash)));
    auto amount = [](const gifscan::Amount &a) { return DisplayFormat::amount(a).toHtmlEscaped(); };
    QString rows;
    rows += D::row(tr("Hash"), D::mono(gifscan::toHexString(t.hash)));
    rows += D::row(tr("Kind"), ChainWords::txKind(t.kind).toHtmlEscaped());
    rows += D::row(tr("From"), D::hexLink(t.from));
    rows += D::row(tr("Nonce"), QString::number(t.nonce));
    if (t.to)
        rows += D::row(tr("To"), D::hexLink(*t.to));
    if (t.amount)
        rows += D::row(tr("Amount"), amount(*t.amount));
    if (!t.key.isEmpty())
        rows += D::row(tr("Object"), D::link(t.key));
    else if (!t.slug.isEmpty())
        rows += D::row(tr("Collection"), D::collectionLink(t.slug));
    if (!t.name.isEmpty())
        rows += D::row(tr("Name"), t.name.toHtmlEscaped());
    if (!t.category.isEmpty())
        rows += D::row(tr("Category"), t.category.toHtmlEscaped());
    QStringList traits;
    for (const auto &trait : t.traits)
        traits.append(QStringLiteral("%1: %2").arg(trait.trait, trait.value).toHtmlEscaped());
    if (!traits.isEmpty())
        rows += D::row(tr("Traits"), traits.join(QStringLiteral("<br>")));
    if (t.price)
        rows += D::row(tr("Price"), amount(*t.price));
    if (t.maxPrice)
        rows += D::row(tr("Maximum price"), amount(*t.maxPrice));
    if (t.bytes)
        rows += D::row(tr("Content"),
                       tr("%1 bytes").arg(QLocale().toString(static_cast<qulonglong>(*t.bytes))));
    rows += D::row(tr("Gas price"), DisplayFormat::gasPrice(t.gasPrice).toHtmlEscaped());
    rows += D::row(tr("Gas limit"), QLocale().toString(static_cast<qulonglong>(t.gasLimit)));
    if (!receipt) {
        rows += D::row(tr("Status"), tr("pending: in the mempool, not in a block yet"));
        m_body->setHtml(D::table(rows));
        return;
    }
    rows += D::row(tr("Block"), D::link(QString::number(receipt->blockHeight)) +
                                    tr(", position %1").arg(receipt->index));
    rows += D::row(tr("Status"), receipt->success ? D::good(tr("success"))
                                                  : D::bad(tr("failed: %1").arg(receipt->error)));
    rows += D::row(tr("Gas used"), QLocale().toString(static_cast<qulonglong>(receipt->gasUsed)));
    rows += D::row(tr("Fee"), amount(receipt->fee));
    QString events;
    for (const gifscan::ReceiptEvent &e : receipt->events) {
        events += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                      .arg(ChainWords::eventType(e.type).toHtmlEscaped(),
                           e.key.isEmpty() ? QString() : D::link(e.key),
                           e.from ? D::partyLink(*e.from, e.key) : QString(),
                           e.to ? D::partyLink(*e.to, e.key) : QString(),
                           e.price ? amount(*e.price) : QString());
    }
    m_body->setHtml(D::table(rows) + D::heading(tr("Events")) +
                    QStringLiteral("<table cellspacing=\"4\"><tr><th align=left>%1</th><th "
                                   "align=left>%2</th><th align=left>%3</th>"
                                   "<th align=left>%4</th><th align=left>%5</th></tr>%6</table>")
                        .arg(tr("Type"), tr("Object"), tr("From"), tr("To"), tr("Price"), events));
}

void TransactionPage::open(const Location &where)
{
    if (const auto hash = where.hash())
        m_model->load(*hash);
}

void TransactionPage::restyle()
{
    if (m_model->transaction())
        show();
}
