#pragma once

#include <QWidget>
#include <cstdint>
#include <optional>

class QLabel;
class QSpinBox;

// At height [n] Go Now, and a note under them: where a page that shows
// one thing at a height travels to another height. Any height may be
// typed; the page says in the note why one was refused, or that the chain
// has moved on. Lives on the GUI thread.
class TravelRow : public QWidget
{
    Q_OBJECT
public:
    explicit TravelRow(QWidget *parent = nullptr);

    // The height shown, unless the reader is typing one.
    void showHeight(std::uint64_t height);
    // `text` under the row (none: no note), in a problem's colour or not.
    void showNote(const QString &text, bool problem);
    QString noteText() const;
    // The note wraps within this width (the column's).
    void setNoteWidth(int width);
    // A new theme: the note's colour is set again with its next text.
    void restyle() { m_problemTone.reset(); }

Q_SIGNALS:
    // Go (a height) or Now (none) was pressed.
    void asked(std::optional<std::uint64_t> height);

private:
    QSpinBox *m_height;
    QLabel *m_note;
    std::optional<bool> m_problemTone; // the note's colour as last set
};
