#pragma once

#include "views/routedpage.h"

namespace gifscan {
struct AuditReport;
}
class AddressPageModel;
class AuditModel;
class QProgressBar;
class QPushButton;
class QSpinBox;
struct PageContext;
class DetailBrowser;
class ObjectGridView;
class QLabel;
class QLayout;

// One address: balance (exact), nonce, counters, holdings per collection and
// the objects it owns as an animated grid. Lives on the GUI thread.
class AddressPage : public RoutedPage
{
    Q_OBJECT
public:
    AddressPage(AddressPageModel *model, AuditModel *audit, const PageContext &context,
                QWidget *parent = nullptr);
    DetailBrowser *body() const { return m_body; }
    QString titleText() const;
    ObjectGridView *grid() const { return m_grid; }
    class TablePage *activity() const { return m_activity; }

    // The audit, for the buttons and for tests: 0 is the head.
    void startAudit(std::uint64_t height);
    QString auditText() const;
    bool exportCsvTo(const QString &path);
    // What the audit's CSV is called in the save dialog: audit-ADDRESS-at-HEIGHT.csv.
    QString auditFileName() const;
    // And the holdings certificate: holdings-ADDRESS-at-HEIGHT.json.
    QString holdingsFileName() const;
    void exportCertificatesTo(const QString &folder);
    // The complete holdings in one certificate; false (and said) when not written.
    bool exportHoldingsTo(const QString &path);
    void open(const Location &where) override;
    void restyle() override;

private:
    void showTag();
    // The constructor's parts.
    QLayout *auditRow();
    void connectAudit();
    QWidget *holdingsAndActivity(AddressPageModel *model);
    void connectModel(AddressPageModel *model);

    void show();
    void showAudit();
    // "At height H: n verified, … failed, n unchecked (cancelled)."
    static QString auditCounts(const gifscan::AuditReport &report);

    AddressPageModel *m_model;
    QLabel *m_title;
    class CopyButton *m_copy; // the address, whole or as a link
    QLabel *m_tag;            // the reader's name tag for it
    QPushButton *m_name;      // gives or changes the tag
    bool m_followsLabels = false;
    QString m_shownAddress; // the address open() was last asked for
    QString m_exportFolder; // where certificates per object were last written
    DetailBrowser *m_body;
    ObjectGridView *m_grid;
    AuditModel *m_audit;
    QSpinBox *m_auditHeight;
    QPushButton *m_auditButton;
    QPushButton *m_cancel;
    QPushButton *m_csv;
    QPushButton *m_certificates; // its menu: the holdings in one file, or one per object
    class QAction *m_holdingsCertificate = nullptr;
    QProgressBar *m_progress;
    QLabel *m_auditResult;
    class TablePage *m_activity = nullptr;
};
