#include "views/gifplayer.h"

#include "models/viewpreferences.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int kLeastSide = 256;
constexpr int kBorder = 8; // the box's frame and a margin inside it
} // namespace

GifPlayer::GifPlayer(ViewPreferences *preferences, QWidget *parent)
    : QWidget(parent), m_picture(new QLabel(this)), m_play(new QPushButton(tr("Pause"), this)),
      m_previous(new QPushButton(tr("◀ Frame"), this)),
      m_next(new QPushButton(tr("Frame ▶"), this)), m_speed(new QComboBox(this)),
      m_loop(new QCheckBox(tr("Loop"), this)), m_frameLabel(new QLabel(this)),
      m_preferences(preferences)
{
    m_picture->setFixedSize(kLeastSide, kLeastSide);
    m_picture->setAlignment(Qt::AlignCenter);
    restyle();
    for (double s : {0.25, 0.5, 1.0, 2.0, 4.0})
        m_speed->addItem(tr("%1×").arg(QLocale().toString(s)), s);
    m_speed->setCurrentIndex(2);
    m_loop->setChecked(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_picture);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_previous);
    controls->addWidget(m_play);
    controls->addWidget(m_next);
    layout->addLayout(controls);
    auto *options = new QHBoxLayout;
    options->addWidget(new QLabel(tr("Speed"), this));
    options->addWidget(m_speed);
    options->addWidget(m_loop);
    options->addStretch();
    layout->addLayout(options);
    layout->addWidget(m_frameLabel);

    connect(m_previous, &QPushButton::clicked, this, [this] { stepFrame(-1); });
    connect(m_next, &QPushButton::clicked, this, [this] { stepFrame(1); });
    connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!m_playing); });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        if (m_playing)
            scheduleNextFrame();
    });
    connect(preferences, &ViewPreferences::motionChanged, this,
            [this](ViewPreferences::Motion motion) {
                if (motion == ViewPreferences::Motion::Off)
                    setPlaying(false);
            });
    m_playing = preferences->motion() != ViewPreferences::Motion::Off;
    m_play->setText(m_playing ? tr("Pause") : tr("Play"));
    m_clock.setSingleShot(true);
    connect(&m_clock, &QTimer::timeout, this, &GifPlayer::advance);
}

void GifPlayer::setAnimation(const QList<QImage> &frames, const QList<int> &delaysMs)
{
    m_frames = frames;
    m_delaysMs = delaysMs;
    m_frame = 0;
    if (m_frames.isEmpty())
        return;
    showFrame();
    if (m_playing)
        scheduleNextFrame();
}

void GifPlayer::clear()
{
    m_clock.stop();
    m_frames.clear();
    m_delaysMs.clear();
    m_frame = 0;
    m_picture->clear();
    m_frameLabel->clear();
    // A pause was for the object paused: the next one plays, or not, as the
    // preference says (pausing one opened every later one paused).
    m_playing = m_preferences->motion() != ViewPreferences::Motion::Off;
    m_play->setText(m_playing ? tr("Pause") : tr("Play"));
}

void GifPlayer::restyle()
{
    m_picture->setStyleSheet(
        QStringLiteral("background: palette(base); border: 1px solid palette(mid);"));
}

bool GifPlayer::showsPicture() const
{
    return !m_picture->pixmap().isNull();
}

int GifPlayer::pictureWidth() const
{
    return m_picture->width();
}

void GifPlayer::setPictureSide(int side)
{
    side = std::max(side, kLeastSide);
    if (side == m_picture->width())
        return;
    m_picture->setFixedSize(side, side);
    showFrame();
}

QSize GifPlayer::shownSize() const
{
    return m_picture->pixmap().size();
}

void GifPlayer::advance()
{
    const int count = static_cast<int>(m_frames.size());
    if (count == 0)
        return;
    if (m_frame + 1 >= count && !m_loop->isChecked()) {
        setPlaying(false); // played once: rest on the last frame
        return;
    }
    m_frame = (m_frame + 1) % count;
    showFrame();
    scheduleNextFrame();
}

void GifPlayer::showFrame()
{
    if (m_frames.isEmpty())
        return;
    const QImage &image = m_frames[m_frame % m_frames.size()];
    // Pixel art wants whole pixels: each of the frame's pixels becomes n×n
    // of the screen's, the largest n the box holds; a frame larger than
    // the box is shrunk, smoothly, to fit.
    const QSize room = m_picture->size() - QSize(kBorder, kBorder);
    const int longest = std::max(1, std::max(image.width(), image.height()));
    const int side = std::min(room.width(), room.height());
    const QImage shown = longest > side
                             ? image.scaled(room, Qt::KeepAspectRatio, Qt::SmoothTransformation)
                             : image.scaled(image.size() * (side / longest), Qt::IgnoreAspectRatio,
                                            Qt::FastTransformation);
    m_picture->setPixmap(QPixmap::fromImage(shown));
    m_frameLabel->setText(
        tr("frame %1 of %2").arg(m_frame % m_frames.size() + 1).arg(m_frames.size()));
}

void GifPlayer::scheduleNextFrame()
{
    if (m_frames.size() < 2)
        return;
    const double speed = m_speed->currentData().toDouble();
    m_clock.start(static_cast<int>(m_delaysMs.value(m_frame % m_frames.size(), 100) / speed));
}

void GifPlayer::setPlaying(bool playing)
{
    m_playing = playing;
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    if (!playing) {
        m_clock.stop();
        return;
    }
    if (!m_loop->isChecked() && m_frame + 1 >= m_frames.size())
        m_frame = 0; // play once more from the start
    showFrame();
    scheduleNextFrame();
}

void GifPlayer::stepFrame(int delta)
{
    const int count = static_cast<int>(m_frames.size());
    if (count == 0)
        return;
    setPlaying(false);
    m_frame = ((m_frame + delta) % count + count) % count;
    showFrame();
}
