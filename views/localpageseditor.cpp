#include "views/localpageseditor.h"

#include "core/protocol/weborigin.h"
#include "views/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

LocalPagesEditor::LocalPagesEditor(const QStringList &added, QWidget *parent)
    : QGroupBox(tr("Web pages that may use the local node"), parent), m_added(added),
      m_list(new QListWidget(this)), m_field(new QLineEdit(this)),
      m_remove(new QPushButton(tr("Remove"), this)), m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("localNodePages"));
    // Why, in the person's words: the node answers only what is listed.
    auto *why = new QLabel(tr("Pages on this computer may always use it; other websites you visit "
                              "are refused, so that they cannot act through your node. Add a page "
                              "you develop elsewhere (the node restarts to apply it)."),
                           this);
    why->setWordWrap(true);
    m_list->setObjectName(QStringLiteral("pages"));
    // A row says its whole address, on more lines if need be.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setMaximumHeight(m_list->fontMetrics().height() * 5);
    m_field->setObjectName(QStringLiteral("page"));
    m_field->setPlaceholderText(QStringLiteral("http://mydapp.test:3000"));
    m_problem->setObjectName(QStringLiteral("pageProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1").arg(Theme::colour(Theme::Tone::Bad)));
    auto *add = new QPushButton(tr("Add"), this);
    auto *row = new QHBoxLayout;
    row->addWidget(m_field, 1);
    row->addWidget(add);
    row->addWidget(m_remove);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(why);
    layout->addWidget(m_list);
    layout->addLayout(row);
    layout->addWidget(m_problem);
    connect(add, &QPushButton::clicked, this, &LocalPagesEditor::addFromField);
    connect(m_field, &QLineEdit::returnPressed, this, &LocalPagesEditor::addFromField);
    connect(m_list, &QListWidget::currentRowChanged, this,
            [this](int current) { m_remove->setEnabled(current >= 1); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int index = m_list->currentRow() - 1; // the loopback row comes first
        if (index < 0 || index >= m_added.size())
            return;
        m_added.removeAt(index);
        refill();
        Q_EMIT pagesChanged(m_added);
    });
    refill();
}

void LocalPagesEditor::refill()
{
    m_list->clear();
    // "http://localhost:*" … read as a person would say them, on one row.
    QStringList loopback;
    for (const QString &page : gifscan::WebOrigin::loopbackPages())
        loopback.append(page.chopped(2));
    auto *item = new QListWidgetItem(
        tr("%1 — this computer, any port, always").arg(loopback.join(QStringLiteral(", "))),
        m_list);
    item->setFlags(item->flags() & ~Qt::ItemIsSelectable);
    item->setForeground(palette().placeholderText());
    for (const QString &page : std::as_const(m_added))
        m_list->addItem(page);
    m_remove->setEnabled(false);
}

bool LocalPagesEditor::addFromField()
{
    QString page = m_field->text().trimmed();
    // A page's address as the browser shows it ends in a slash; its origin does not.
    while (page.endsWith(u'/'))
        page.chop(1);
    if (page == u"*" || !gifscan::WebOrigin::check(page).isEmpty()) {
        m_problem->setText(tr("Not a page's address: write it as scheme://host:port, for example "
                              "http://mydapp.test:3000 (port * for any)."));
        return false;
    }
    m_problem->clear();
    m_field->clear();
    if (!m_added.contains(page)) {
        m_added.append(page);
        refill();
        Q_EMIT pagesChanged(m_added);
    }
    return true;
}

QString LocalPagesEditor::problemText() const
{
    return m_problem->text();
}
