#pragma once

#include <QTreeWidget>
#include <optional>

namespace gifscan {
struct ProofWalk;
struct VerificationReport;
class ValidatorSet;
} // namespace gifscan

// Every step of an object's verification, as a tree an auditor reads down:
// the header (hash, each validator's signature, the quorum, the set), the
// proof walked from the leaf to the root, the content and the indexer's
// word. Words are never cut: a narrow tree shortens the hashes in their
// middle and wraps the rest (WordKeepingDelegate); values copy in full
// (Ctrl+C or the menu) and the tooltip shows them whole. Lives on the GUI
// thread.
class ProofInspector : public QTreeWidget
{
    Q_OBJECT
public:
    explicit ProofInspector(QWidget *parent = nullptr);

    // The checks of `report`; `walk` when the proof walks, `trusted` the
    // set the header was checked against.
    void showReport(const gifscan::VerificationReport &report,
                    const std::optional<gifscan::ProofWalk> &walk,
                    const gifscan::ValidatorSet &trusted);
    // One line per row, "check: value": what a test reads.
    QString text() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // The checks' column as wide as its words, up to half the tree: the
    // values need the rest.
    void fitCheckColumn();
    QTreeWidgetItem *item(QTreeWidgetItem *parent, const QString &check, const QString &value,
                          std::optional<bool> ok = std::nullopt);
    void listHeaderChecks(const gifscan::VerificationReport &r,
                          const gifscan::ValidatorSet &trusted);
    void listProofChecks(const gifscan::VerificationReport &r,
                         const std::optional<gifscan::ProofWalk> &walk);
    void listContentAndIndexer(const gifscan::VerificationReport &r);
};
