#pragma once

#include <QImage>
#include <QList>
#include <QTimer>
#include <QWidget>

class ViewPreferences;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

// One animation, played at its own frame delays: the picture, ◀ Frame, Play
// or Pause, Frame ▶, a speed and Loop, and which frame is shown. Reduced
// motion in the preferences stops it until it is asked to play. Lives on
// the GUI thread; its clock is a timer there.
class GifPlayer : public QWidget
{
    Q_OBJECT
public:
    explicit GifPlayer(ViewPreferences *preferences, QWidget *parent = nullptr);

    // The frames and each one's delay, shown from the first.
    void setAnimation(const QList<QImage> &frames, const QList<int> &delaysMs);
    // Nothing shown, nothing played: the object is another, or none.
    void clear();
    // A style sheet's palette() is read when it is set: set again in a new theme.
    void restyle();

    bool showsPicture() const;
    int pictureWidth() const;
    // The picture's square box: the frames fill it in whole-pixel steps.
    void setPictureSide(int side);
    // The size the current frame is drawn at (empty without one).
    QSize shownSize() const;
    int currentFrame() const { return m_frame; }
    // Steps (pausing): -1 is the frame before, wrapping at either end.
    void stepFrame(int delta);
    void setPlaying(bool playing);
    bool playing() const { return m_playing; }

private:
    void advance(); // the clock's tick: the next frame, or rest at the end
    void showFrame();
    void scheduleNextFrame();

    QLabel *m_picture;
    QPushButton *m_play;
    QPushButton *m_previous;
    QPushButton *m_next;
    QComboBox *m_speed;
    QCheckBox *m_loop;
    QLabel *m_frameLabel;
    QList<QImage> m_frames;
    QList<int> m_delaysMs;
    QTimer m_clock;
    int m_frame = 0;
    bool m_playing = true;
    ViewPreferences *m_preferences;
};
