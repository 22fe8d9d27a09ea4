#pragma once

#include <QDialog>

class QLabel;

// An ownership certificate checked offline: the verdict, every check that
// held and, when it fails, the first check that failed and why.
// Lives on the GUI thread.
class CertificateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CertificateDialog(const QString &path, QWidget *parent = nullptr);
    QString verdictText() const;
    QString checksText() const;
    bool valid() const { return m_valid; }

private:
    QLabel *m_verdict;
    QLabel *m_checks;
    bool m_valid = false;
};
