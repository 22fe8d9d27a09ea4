#include "views/addresspage.h"

#include "models/addresspagemodel.h"
#include "models/displayformat.h"
#include "models/objectlistmodel.h"
#include "views/detailbrowser.h"
#include "views/objectgridview.h"
#include "views/theme.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

using D = DetailBrowser;

AddressPage::AddressPage(AddressPageModel *model, AnimationClock *clock, QWidget *parent)
    : QWidget(parent), m_model(model), m_title(new QLabel(this)), m_body(new DetailBrowser(this)), m_grid(new ObjectGridView(clock, 96, this))
{
    Theme::makeHeading(m_title);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_body);
    split->addWidget(m_grid);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    m_grid->setModel(model->holdings());
    connect(m_body, &DetailBrowser::followed, this, &AddressPage::followed);
    connect(m_grid, &QListView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT objectActivated(index.data(ObjectListModel::SlugRole).toString(), index.data(ObjectListModel::TokenIdRole).toULongLong());
    });
    connect(model, &AddressPageModel::loaded, this, &AddressPage::show);
    connect(model, &AddressPageModel::loadFailed, this, [this](const QString &why) { m_body->setHtml(D::bad(why)); });
}

void AddressPage::show()
{
    const gifscan::Wallet &w = *m_model->wallet();
    m_title->setText(tr("Address %1").arg(gifscan::toHexString(w.address)));
    const QLocale l;
    auto n = [&l](std::uint64_t v) { return l.toString(static_cast<qulonglong>(v)); };
    QString rows;
    rows += D::row(tr("Balance"), DisplayFormat::amount(w.balance).toHtmlEscaped());
    rows += D::row(tr("Nonce"), n(w.nonce));
    rows += D::row(tr("Transactions sent"), n(w.counters.txCount));
    rows += D::row(tr("Minted, bought, sold"), tr("%1, %2, %3").arg(n(w.counters.minted), n(w.counters.bought), n(w.counters.sold)));
    rows += D::row(tr("Transfers in, out"), tr("%1, %2").arg(n(w.counters.transfersIn), n(w.counters.transfersOut)));
    rows += D::row(tr("Listed"), n(w.listed));
    QStringList holdings;
    for (const auto &[slug, count] : w.holdings)
        holdings.append(tr("%1: %2").arg(D::link(slug), n(count)));
    rows += D::row(tr("Holdings"), holdings.isEmpty() ? tr("none") : holdings.join(QStringLiteral(" · ")));
    m_body->setHtml(D::table(rows));
}
