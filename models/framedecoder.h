#pragma once

#include <QImage>
#include <QList>
#include <QObject>
#include <QThreadPool>

// A GIF's composited frames and their delays, decoded off the GUI thread: one
// pool thread, the newest request's answer the one a caller keeps (each
// answer carries the ticket it was asked with). Lives on the thread that
// created it (the GUI thread), where `decoded` arrives; its destructor waits
// for a decode under way.
class FrameDecoder : public QObject
{
    Q_OBJECT
public:
    explicit FrameDecoder(QObject *parent = nullptr);
    ~FrameDecoder() override;

    // Bytes that do not open as a GIF decode to no frames.
    void decode(const QByteArray &gif, quint64 ticket);

Q_SIGNALS:
    void decoded(quint64 ticket, const QList<QImage> &frames, const QList<int> &delaysMs);

private:
    QThreadPool m_pool;
};
