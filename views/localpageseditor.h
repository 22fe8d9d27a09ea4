#pragma once

#include <QGroupBox>
#include <QStringList>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

// Which web pages may use the local devnet (its --cors-origins): those
// served from this computer's loopback always, shown as such, and the ones
// the person adds (a dApp they develop elsewhere), which they may remove.
// Any other site they visit is refused by the node. An entry that is not a
// page's address is said so, not kept. Lives on the GUI thread.
class LocalPagesEditor : public QGroupBox
{
    Q_OBJECT
public:
    explicit LocalPagesEditor(const QStringList &added, QWidget *parent = nullptr);

    QStringList added() const { return m_added; }
    // Adds what the field holds, as the Add button does; false with the
    // problem shown when it is no page's address.
    bool addFromField();
    QLineEdit *field() const { return m_field; }
    QListWidget *list() const { return m_list; }
    QString problemText() const;

Q_SIGNALS:
    // The pages added by the person, after each change.
    void pagesChanged(const QStringList &added);

private:
    void refill();

    QStringList m_added;
    QListWidget *m_list;
    QLineEdit *m_field;
    QPushButton *m_remove;
    QLabel *m_problem;
};
