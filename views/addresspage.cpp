#include "views/addresspage.h"

#include "core/protocol/commitments.h"
#include "models/activitylistmodel.h"
#include "models/addressbook.h"
#include "models/addresspagemodel.h"
#include "models/auditmodel.h"
#include "models/chainwords.h"
#include "models/collectiongroupsmodel.h"
#include "models/displayformat.h"
#include "models/objectlistmodel.h"
#include "views/copybutton.h"
#include "views/detailbrowser.h"
#include "views/exportbutton.h"
#include "views/filedialogs.h"
#include "views/linkactions.h"
#include "views/listpages.h"
#include "views/objectgridview.h"
#include "views/pageregistry.h"
#include "views/tablepage.h"
#include "views/theme.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

using D = DetailBrowser;

AddressPage::AddressPage(AddressPageModel *model, AuditModel *audit, const PageContext &context,
                         QWidget *parent)
    : RoutedPage(parent), m_model(model), m_title(new QLabel(this)), m_copy(new CopyButton(this)),
      m_tag(new QLabel(this)), m_name(new QPushButton(this)), m_body(new DetailBrowser(this)),
      m_grid(new ObjectGridView(context, 96, this)), m_audit(audit),
      m_auditHeight(new QSpinBox(this)), m_auditButton(new QPushButton(tr("&Audit"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_csv(new QPushButton(tr("Audit as CSV…"), this)),
      m_certificates(new QPushButton(tr("Export certificates"), this)),
      m_progress(new QProgressBar(this)), m_auditResult(new QLabel(this))
{
    Theme::makeHeading(m_title);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(CopyButton::beside(m_title, m_copy, {m_tag, m_name}));
    m_name->setObjectName(QStringLiteral("nameTag"));
    m_name->setFlat(true);
    m_name->setToolTip(tr("A private name for this address, shown wherever it appears"));
    m_name->hide();
    connect(m_name, &QPushButton::clicked, this, [this] {
        if (LinkActions *links = LinkActions::of(this); links && m_model->wallet())
            links->editLabel(gifscan::toHexString(m_model->wallet()->address), this);
    });
    layout->addLayout(auditRow());
    layout->addWidget(m_progress);
    m_auditResult->setTextFormat(Qt::RichText);
    m_auditResult->setWordWrap(true);
    m_auditResult->setTextInteractionFlags(Qt::TextBrowserInteraction);
    // The objects that did not verify are links, as everywhere.
    connect(m_auditResult, &QLabel::linkActivated, this,
            [this](const QString &link) { Q_EMIT m_body->anchorClicked(QUrl(link)); });
    layout->addWidget(m_auditResult);
    connectAudit();
    showAudit();
    layout->addWidget(holdingsAndActivity(model), 1);
    connectModel(model);
}

// Audit its holdings at height [n] Audit Cancel … CSV, certificates: one
// line that fits 1024 px beside the navigation; the progress gets a line of
// its own while an audit runs.
QLayout *AddressPage::auditRow()
{
    auto *auditRow = new QHBoxLayout;
    m_auditHeight->setRange(0, std::numeric_limits<int>::max());
    m_auditHeight->setSpecialValueText(tr("head"));
    auto *auditLabel = new QLabel(tr("Audit its holdings at height"), this);
    auditLabel->setToolTip(tr("Prove every object it holds against a signed header"));
    auditRow->addWidget(auditLabel);
    auditRow->addWidget(m_auditHeight);
    auditRow->addWidget(m_auditButton);
    auditRow->addWidget(m_cancel);
    auditRow->addStretch(1);
    auditRow->addWidget(m_csv);
    auditRow->addWidget(m_certificates);
    return auditRow;
}

void AddressPage::connectAudit()
{
    connect(m_auditButton, &QPushButton::clicked, this,
            [this] { startAudit(static_cast<std::uint64_t>(m_auditHeight->value())); });
    connect(m_cancel, &QPushButton::clicked, m_audit, &AuditModel::cancel);
    connect(m_csv, &QPushButton::clicked, this, [this] {
        const QString path = FileDialogs::saveFile(this, tr("Export the audit"), auditFileName(),
                                                   tr("CSV files (*.csv)"));
        if (!path.isEmpty())
            exportCsvTo(path);
    });
    // Two kinds: everything held in one file, which proves there is nothing
    // more; or a file per object, to hand one object's proof on.
    auto *certificates = new QMenu(m_certificates);
    m_holdingsCertificate =
        certificates->addAction(tr("Export holdings certificate…"), this, [this] {
            const QString path =
                FileDialogs::saveFile(this, tr("Export the holdings certificate"),
                                      holdingsFileName(), tr("Certificates (*.json)"));
            if (!path.isEmpty())
                exportHoldingsTo(path);
        });
    certificates->addAction(tr("Export a certificate per object…"), this, [this] {
        const QString folder = FileDialogs::folder(this, tr("A folder for the certificates"));
        if (!folder.isEmpty())
            exportCertificatesTo(folder);
    });
    m_certificates->setMenu(certificates);
    connect(m_audit, &AuditModel::progressed, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        m_progress->setFormat(QStringLiteral("%p%"));
    });
    // The node's patience, not a problem: said on the bar until it goes on.
    connect(m_audit, &AuditModel::waiting, this, [this](int seconds) {
        m_progress->setFormat(
            tr("%p% — waiting %Ln s for the node (its rate limit)", nullptr, seconds));
    });
    connect(m_audit, &AuditModel::finished, this, &AddressPage::showAudit);
    connect(m_audit, &AuditModel::certificatesExported, this,
            [this](int written, const QString &problem) {
                showAudit();
                // Where they went, said: a folder chosen a minute ago is
                // easily forgotten.
                const QString folder = QDir::toNativeSeparators(m_exportFolder).toHtmlEscaped();
                m_auditResult->setText(
                    m_auditResult->text() + QStringLiteral("<br>") +
                    (problem.isEmpty()
                         ? tr("Certificates written to %1: %L2.").arg(folder).arg(written)
                         : tr("Certificates written to %1: %L2, then: %3")
                               .arg(folder)
                               .arg(written)
                               .arg(problem.toHtmlEscaped())));
            });
}

// Its objects and its activity, one tab each, under the record.
QWidget *AddressPage::holdingsAndActivity(AddressPageModel *model)
{
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("addressSplit"));
    split->addWidget(m_body);
    auto *tabs = new QTabWidget(split);
    tabs->addTab(m_grid, tr("Holdings"));
    // The holdings' export sits by their tab (the activity has its own).
    auto *holdingsExport =
        new ExportButton(model->holdings(), model->holdings(), ObjectListModel::exportColumns(),
                         QStringLiteral("holdings.csv"), tabs);
    tabs->setCornerWidget(holdingsExport);
    m_activity = new TablePage(tr("Activity of this address"), model->activity(), tabs);
    m_activity->setObjectName(QStringLiteral("addressActivity"));
    ListPages::showThumbnails(m_activity);
    m_activity->holdWhileScrolled(model->activity());
    m_activity->showErrorsOf(model->activity());
    m_activity->enableExport(model->activity(), model->activity(),
                             QStringLiteral("address-activity.csv"));
    tabs->addTab(m_activity, tr("Activity"));
    connect(m_activity, &TablePage::activated, this, &RoutedPage::followItem);
    connect(tabs, &QTabWidget::currentChanged, holdingsExport,
            [tabs, holdingsExport](int) { holdingsExport->setVisible(tabs->currentIndex() == 0); });
    split->addWidget(tabs);
    split->setStretchFactor(1, 2);
    return split;
}

void AddressPage::connectModel(AddressPageModel *model)
{
    // Grouped by collection, each collection on lines of its own.
    CollectionGroupsModel *groups = model->holdingGroups();
    m_grid->setModel(groups);
    connect(m_grid, &ObjectGridView::columnsChanged, groups, &CollectionGroupsModel::setColumns);
    connect(m_body, &DetailBrowser::followed, this, &RoutedPage::followed);
    // An object cell leads to its object, a heading to its collection.
    connect(m_grid, &QListView::activated, this, &RoutedPage::followItem);
    connect(model, &AddressPageModel::loaded, this, &AddressPage::show);
    connect(model, &AddressPageModel::loaded, this, &AddressPage::showAudit);
    connect(model, &AddressPageModel::refreshed, this, &AddressPage::show);
    // An escrow is said as such once the object it holds is in the list.
    connect(model->holdings(), &ObjectListModel::pageLoaded, this, [this] {
        if (m_model->wallet())
            show();
    });
    connect(model, &AddressPageModel::loadFailed, this,
            [this](const QString &why) { m_body->setHtml(D::bad(why)); });
}

// The tag beside the title, and the button that gives or changes it: none
// in a window without tags.
void AddressPage::showTag()
{
    LinkActions *links = LinkActions::of(this);
    AddressBook *book = links ? links->addressBook() : nullptr;
    m_name->setVisible(book && m_model->wallet());
    if (!book || !m_model->wallet()) {
        m_tag->clear();
        return;
    }
    if (!m_followsLabels) {
        connect(book, &AddressBook::changed, this, &AddressPage::showTag);
        m_followsLabels = true;
    }
    const QString label = book->label(gifscan::toHexString(m_model->wallet()->address));
    m_tag->setText(label.isEmpty() ? QString()
                                   : QStringLiteral("<i>%1</i>").arg(label.toHtmlEscaped()));
    m_name->setText(label.isEmpty() ? tr("Name…") : tr("Rename…"));
}

void AddressPage::show()
{
    const gifscan::Wallet &w = *m_model->wallet();
    const QString address = gifscan::toHexString(w.address);
    m_title->setText(tr("Address %1").arg(address));
    m_copy->setValue(address, Location::address(address));
    showTag();
    const QLocale l;
    auto n = [&l](std::uint64_t v) { return l.toString(static_cast<qulonglong>(v)); };
    QString rows;
    // Every figure below is at one height, which follows the head.
    rows += D::row(
        tr("At height"),
        tr("%1, following the head").arg(DisplayFormat::height(m_model->height())).toHtmlEscaped());
    rows += D::row(tr("Balance"), DisplayFormat::amount(w.balance).toHtmlEscaped());
    rows += D::row(tr("Nonce"), n(w.nonce));
    rows += D::row(tr("Transactions sent"), n(w.counters.txCount));
    rows += D::row(tr("Minted"), n(w.counters.minted));
    rows += D::row(tr("Bought"), n(w.counters.bought));
    rows += D::row(tr("Sold"), n(w.counters.sold));
    rows += D::row(tr("Transfers in"), n(w.counters.transfersIn));
    rows += D::row(tr("Transfers out"), n(w.counters.transfersOut));
    rows += D::row(tr("Listed"), n(w.listed));
    QStringList holdings;
    for (const auto &[slug, count] : w.holdings)
        holdings.append(tr("%1: %2").arg(D::collectionLink(slug), n(count)));
    rows += D::row(tr("Holdings"),
                   holdings.isEmpty() ? tr("none") : holdings.join(QStringLiteral(" · ")));
    // An escrow (K("gif/escrow" || key)) holds the one object listed for
    // sale: its page says so, and whose listing it is.
    const ObjectListModel *held = m_model->holdings();
    for (int r = 0; r < held->rowCount(); ++r) {
        const QString key = held->object(r).key;
        if (gifscan::escrowAddress(gifscan::objectKey(key)) == w.address) {
            rows += D::row(tr("Escrow"), tr("of %1: a listed object waits here until it is bought "
                                            "or delisted")
                                             .arg(D::link(key)));
            break;
        }
    }
    m_body->setHtml(D::table(rows));
}

void AddressPage::startAudit(std::uint64_t height)
{
    if (!m_model->wallet())
        return;
    m_auditResult->setText(tr("Auditing…"));
    m_audit->run(m_model->wallet()->address,
                 height == 0 ? std::nullopt : std::optional<std::uint64_t>(height));
    showAudit();
}

void AddressPage::showAudit()
{
    const bool running = m_audit->running();
    m_auditButton->setEnabled(!running && m_model->wallet().has_value());
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    const auto &report = m_audit->report();
    const bool mine = report && m_model->wallet() && report->address == m_model->wallet()->address;
    m_csv->setEnabled(!running && mine);
    m_certificates->setEnabled(!running && mine);
    m_holdingsCertificate->setEnabled(!running && mine && m_audit->canExportHoldings());
    // Each tile of the audited holdings says what the audit found for it.
    m_model->holdings()->setAuditMarks(
        mine && !running ? m_audit->marks() : QHash<QString, ObjectListModel::AuditMark>());
    if (running || !mine) {
        if (!running)
            m_auditResult->clear();
        return;
    }
    using O = gifscan::AuditEntry::Outcome;
    if (!report->error.ok()) {
        // No answer is no verdict; an answer that does not read is the node's fault.
        const QString words =
            tr("The audit could not finish: %1").arg(ChainWords::clientError(report->error));
        m_auditResult->setText(report->error.isUnanswered() ? DetailBrowser::undecided(words)
                                                            : DetailBrowser::bad(words));
        return;
    }
    const int unchecked = report->count(O::Unchecked);
    const QString counts = auditCounts(*report);
    // First what is proven: the header's signers, then the complete set.
    if (!report->headerVerdict.verified() && !report->cancelled) {
        m_auditResult->setText(DetailBrowser::bad(
            tr("Not proven: the header at height %1 does not verify: %2")
                .arg(report->height)
                .arg(ChainWords::headerVerdict(report->headerVerdict, report->header))));
        return;
    }
    if (report->holdingsVerdict && !report->holdingsVerdict->holds()) {
        m_auditResult->setText(DetailBrowser::bad(
            tr("Not proven: %1").arg(ChainWords::holdingsVerdict(*report->holdingsVerdict))));
        return;
    }
    QString proven;
    // The node's patience ran out before the audit did: no verdict, and said so.
    const bool unfinished =
        report->status() == gifscan::AuditReport::Status::Unfinished && !report->cancelled;
    if (unfinished)
        proven = DetailBrowser::undecided(
                     tr("Could not finish: the node did not answer for %Ln object(s), which "
                        "remain unchecked; nothing checked failed. Audit again to finish.",
                        nullptr, unchecked)) +
                 QStringLiteral("<br>");
    if (report->proven())
        proven = DetailBrowser::good(tr("Holds exactly %Ln object(s) at height %1, proven.",
                                        nullptr, static_cast<int>(report->holdings.objects.size()))
                                         .arg(report->height)) +
                 QStringLiteral("<br>");
    if (report->countMismatch())
        proven += DetailBrowser::bad(tr("The indexer says %L1 objects, the proof %L2.")
                                         .arg(*report->indexerCount)
                                         .arg(report->holdings.objects.size())) +
                  QStringLiteral("<br>");
    QString mismatches;
    for (const auto &e : report->entries) {
        if (e.outcome != O::Verified)
            mismatches += QStringLiteral("<br>%1 — %2: %3")
                              .arg(DetailBrowser::link(e.key), ChainWords::auditOutcome(e.outcome),
                                   ChainWords::auditReason(e, report->address).toHtmlEscaped());
    }
    m_auditResult->setText(proven +
                           (report->holds() ? DetailBrowser::good(counts)
                            : unfinished    ? DetailBrowser::undecided(counts)
                                            : DetailBrowser::bad(counts)) +
                           mismatches);
}

QString AddressPage::auditCounts(const gifscan::AuditReport &report)
{
    using O = gifscan::AuditEntry::Outcome;
    const int unchecked = report.count(O::Unchecked);
    return tr("At height %1: %L2 verified, %L3 absent, %L4 mismatched, %L5 failed%6%7.")
        .arg(report.height)
        .arg(report.count(O::Verified))
        .arg(report.count(O::Absent))
        .arg(report.count(O::Mismatch))
        .arg(report.count(O::Failed))
        .arg(unchecked > 0 ? tr(", %L1 unchecked").arg(unchecked) : QString())
        .arg(report.cancelled ? tr(" (cancelled)") : QString());
}

QString AddressPage::auditText() const
{
    return m_auditResult->text();
}

QString AddressPage::auditFileName() const
{
    // Named by what it proves: whose holdings, at which height.
    const auto &report = m_audit->report();
    if (!report)
        return QStringLiteral("audit.csv");
    return QStringLiteral("audit-%1-at-%2.csv")
        .arg(gifscan::toHexString(report->address))
        .arg(report->height);
}

bool AddressPage::exportCsvTo(const QString &path)
{
    const gifscan::Outcome<> written = m_audit->exportCsv(path);
    if (!written) {
        m_auditResult->setText(m_auditResult->text() + QStringLiteral("<br>") +
                               DetailBrowser::bad(written.error().message));
        return false;
    }
    return true;
}

QString AddressPage::holdingsFileName() const
{
    const auto &report = m_audit->report();
    if (!report)
        return QStringLiteral("holdings.json");
    return QStringLiteral("holdings-%1-at-%2.json")
        .arg(gifscan::toHexString(report->address))
        .arg(report->height);
}

bool AddressPage::exportHoldingsTo(const QString &path)
{
    const gifscan::Outcome<> written = m_audit->exportHoldingsCertificate(path);
    m_auditResult->setText(
        m_auditResult->text() + QStringLiteral("<br>") +
        (written ? tr("The holdings certificate was written to %1: File → Open certificate "
                      "checks it.")
                       .arg(QDir::toNativeSeparators(path))
                       .toHtmlEscaped()
                 : DetailBrowser::bad(written.error().message)));
    return bool(written);
}

void AddressPage::exportCertificatesTo(const QString &folder)
{
    m_exportFolder = folder;
    m_audit->exportCertificates(folder);
    showAudit();
}

void AddressPage::open(const Location &where)
{
    const auto address = where.addressValue();
    if (!address)
        return;
    // Another address names itself at once: nothing of the one before stays
    // beside it while it loads. The same one asked again (F5, Back) keeps
    // its figures until the new ones come.
    const QString hex = gifscan::toHexString(*address);
    const bool another = hex != m_shownAddress;
    m_shownAddress = hex;
    if (another) {
        m_title->setText(tr("Address %1").arg(hex));
        m_copy->setValue(hex, Location::address(hex));
        m_body->clear();
        // A new address is audited at the head; one audited before, at the
        // height its audit was (the report shown beside it).
        const auto &report = m_audit->report();
        m_auditHeight->setValue(report && gifscan::toHexString(report->address) == hex
                                    ? static_cast<int>(std::min<std::uint64_t>(
                                          report->height, std::numeric_limits<int>::max()))
                                    : 0);
    }
    m_model->load(*address); // cleared before: an answer it gives at once is kept
    if (another) {           // after: they read the wallet load() took away
        showTag();
        showAudit();
    }
}

QString AddressPage::titleText() const
{
    return m_title->text();
}

void AddressPage::restyle()
{
    if (m_model->wallet())
        show();
    showAudit();
}
