#include "views/travelrow.h"

#include "views/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <limits>

TravelRow::TravelRow(QWidget *parent)
    : QWidget(parent), m_height(new QSpinBox(this)), m_note(new QLabel(this))
{
    // Any height may be typed: one beyond the head is refused in words on
    // Go (the note), never rewritten to the head as it is typed.
    m_height->setRange(0, std::numeric_limits<int>::max());
    m_height->setToolTip(tr("Read the object as it was at this height, and prove it there"));
    m_note->setWordWrap(true);
    m_note->hide();
    auto *go = new QPushButton(tr("Go"), this);
    auto *now = new QPushButton(tr("Now"), this);
    // The label on a line of its own: in German it alone fills the column.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("At height"), this));
    auto *row = new QHBoxLayout;
    row->addWidget(m_height, 1);
    row->addWidget(go);
    row->addWidget(now);
    layout->addLayout(row);
    layout->addWidget(m_note);
    connect(go, &QPushButton::clicked, this,
            [this] { Q_EMIT asked(static_cast<std::uint64_t>(m_height->value())); });
    connect(now, &QPushButton::clicked, this, [this] { Q_EMIT asked(std::nullopt); });
}

void TravelRow::showHeight(std::uint64_t height)
{
    if (!m_height->hasFocus())
        m_height->setValue(
            static_cast<int>(std::min<std::uint64_t>(height, std::numeric_limits<int>::max())));
}

void TravelRow::showNote(const QString &text, bool problem)
{
    // A style sheet polishes the label again: set when the tone changes
    // only, not on every block.
    if (m_problemTone != problem) {
        m_problemTone = problem;
        m_note->setStyleSheet(
            QStringLiteral("color: %1")
                .arg(problem ? Theme::colour(Theme::Tone::Bad) : Theme::secondaryText()));
    }
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
}

QString TravelRow::noteText() const
{
    return m_note->isVisibleTo(this) ? m_note->text() : QString();
}

void TravelRow::setNoteWidth(int width)
{
    m_note->setMaximumWidth(width);
}
