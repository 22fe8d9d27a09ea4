#pragma once

#include <QtGlobal>

namespace gifscan {

// A port P on loopback with P, P+1 and P+2 free right now, for a node this
// process starts (it listens on the three): tried from `first` on, a triple
// at a time, `triples` of them, starting at one picked by the process id so
// that processes started together try different ones first. 0 when none
// is free. Keep `first` and the range below the kernel's ephemeral ports
// (Linux's start at 32768): there any outgoing connection on the machine
// may take one of them before the node binds, or again while it is down.
quint16 freePortTriple(quint16 first, int triples);

} // namespace gifscan
