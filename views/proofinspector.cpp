#include "views/proofinspector.h"

#include "core/verify/objectverifier.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "views/wordkeepingdelegate.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QTreeWidgetItemIterator>

ProofInspector::ProofInspector(QWidget *parent) : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("proofInspector"));
    setHeaderLabels({tr("Check"), tr("Value")});
    // Every word read whole: a hash is long and recognised by its ends, it
    // gives way in its middle; words that still do not fit wrap, and their
    // row grows. A changed width lays the rows out again.
    setItemDelegate(new WordKeepingDelegate(this));
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    header()->setStretchLastSection(true);
    setRootIsDecorated(true);
    setUniformRowHeights(false);
    connect(header(), &QHeaderView::sectionResized, this, [this] { scheduleDelayedItemsLayout(); });
    auto *copy = new QAction(tr("Copy value"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(copy, &QAction::triggered, this, [this] {
        if (QTreeWidgetItem *current = currentItem())
            QGuiApplication::clipboard()->setText(current->text(1));
    });
}

void ProofInspector::showReport(const gifscan::VerificationReport &report,
                                const std::optional<gifscan::ProofWalk> &walk,
                                const gifscan::ValidatorSet &trusted)
{
    clear();
    listHeaderChecks(report, trusted);
    listProofChecks(report, walk);
    listContentAndIndexer(report);
    expandAll();
    fitCheckColumn();
}

void ProofInspector::resizeEvent(QResizeEvent *event)
{
    QTreeWidget::resizeEvent(event);
    fitCheckColumn();
}

void ProofInspector::fitCheckColumn()
{
    setColumnWidth(0, std::min(sizeHintForColumn(0), viewport()->width() / 2));
}

QString ProofInspector::text() const
{
    QStringList lines;
    for (QTreeWidgetItemIterator it(const_cast<ProofInspector *>(this)); *it; ++it)
        lines << (*it)->text(0) + QStringLiteral(": ") + (*it)->text(1);
    return lines.join(u'\n');
}

QTreeWidgetItem *ProofInspector::item(QTreeWidgetItem *parent, const QString &check,
                                      const QString &value, std::optional<bool> ok)
{
    auto *i = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(this);
    i->setText(0, ok ? (*ok ? QStringLiteral("✔ ") : QStringLiteral("✘ ")) + check : check);
    i->setText(1, value);
    i->setToolTip(1, value);
    return i;
}

void ProofInspector::listHeaderChecks(const gifscan::VerificationReport &r,
                                      const gifscan::ValidatorSet &trusted)
{
    const gifscan::HeaderVerdict &hv = r.headerVerdict;
    auto *header = item(nullptr, tr("Header %1").arg(r.header.height),
                        gifscan::toHexString(r.header.hash), hv.verified());
    const bool hashOk = r.header.hashIsValid();
    item(header, tr("hash recomputes"), hashOk ? tr("yes") : tr("no"), hashOk);
    // Who vouched for the header: the signatures that recovered, the quorum
    // and the set's fingerprint, against the set this network is trusted with.
    auto *signatures =
        item(header, tr("signatures"), ChainWords::headerVerdict(hv, r.header), hv.verified());
    item(signatures, tr("validator set"),
         gifscan::ValidatorSet::fingerprintOf(r.header.validatorsHash),
         hv.check != gifscan::HeaderCheck::UntrustedSet &&
             hv.check != gifscan::HeaderCheck::NoAnchor);
    const auto &members = trusted.members();
    for (const auto &c : r.header.commit) {
        const bool recovered =
            std::find(hv.signers.begin(), hv.signers.end(), c.index) != hv.signers.end();
        item(signatures, tr("validator %1").arg(c.index),
             c.index < members.size() ? gifscan::toHexString(members[c.index])
                                      : tr("not in the set"),
             recovered);
    }
    item(signatures, tr("quorum"), tr("%1 of %2").arg(hv.quorum).arg(hv.setSize));
    item(header, tr("object root"), gifscan::toHexString(r.header.objectRoot));
}

// The walk from the leaf to the root, step by step.
void ProofInspector::listProofChecks(const gifscan::VerificationReport &r,
                                     const std::optional<gifscan::ProofWalk> &walk)
{
    auto *proof =
        item(nullptr, tr("Proof, %Ln siblings", nullptr, static_cast<int>(r.proof.siblings.size())),
             ChainWords::proofVerdict(r.verdict, r.proof.displayKey), r.verdict.holds());
    if (!walk)
        return;
    item(proof, r.proof.leaf ? tr("leaf") : tr("start"), gifscan::toHexString(walk->start));
    for (const auto &step : walk->steps)
        item(proof,
             tr("depth %1, path goes %2")
                 .arg(step.depth)
                 .arg(step.pathGoesRight ? tr("right") : tr("left")),
             tr("sibling %1 → %2")
                 .arg(DisplayFormat::shortHex(step.sibling), gifscan::toHexString(step.hash)));
    item(proof, tr("computed root"), gifscan::toHexString(r.verdict.computedRoot),
         r.verdict.computedRoot == r.header.objectRoot);
}

void ProofInspector::listContentAndIndexer(const gifscan::VerificationReport &r)
{
    if (r.contentOk)
        item(nullptr,
             *r.contentOk ? tr("Content: the GIF shown is the one the leaf commits to")
                          : tr("Content: the node's GIF is not the one the leaf commits to"),
             gifscan::toHexString(r.computedContentHash), *r.contentOk);
    using IndexCheck = gifscan::VerificationReport::IndexCheck;
    const QString indexer = r.indexer == IndexCheck::Unavailable ? QStringLiteral("—")
                            : r.indexerOwner ? gifscan::toHexString(*r.indexerOwner)
                                             : tr("no owner");
    item(nullptr, tr("Indexer's owner: %1").arg(ChainWords::indexerVerdict(r.indexer)), indexer,
         r.indexer == IndexCheck::Mismatch ? std::optional<bool>(false)
         : r.indexer == IndexCheck::Match  ? std::optional<bool>(true)
                                           : std::nullopt);
}
