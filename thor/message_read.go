package thor

import "io"

// largeMessageBytes is the size past which a message being read stops
// growing its reservation step by step: it reserves its session's whole
// memory share at once instead (waiting for it with no more than this
// buffered), so that no session ever waits for the budget while it holds
// more than its resident bytes and a small buffer, and sessions waiting on
// each other cannot hold the whole budget between them.
const largeMessageBytes = 1 << 20

// readMessage reads a whole message from r into one buffer, reserving the
// buffer's bytes in the session's memory share (on top of base, what the
// session keeps) before each growth, while the old buffer is still live;
// past largeMessageBytes it reserves the whole share. It fails with a
// *budgetError, the rest of the message unread, when the share or the
// server's budget cannot grow.
func readMessage(r io.Reader, mem *sessionMemory, base int64) ([]byte, error) {
	var buf []byte
	for {
		if len(buf) == cap(buf) {
			grown := max(2*cap(buf), 64<<10)
			need := base + int64(cap(buf)) + int64(grown)
			if grown > largeMessageBytes {
				if err := mem.reserve(mem.limit); err != nil {
					return nil, err
				}
			}
			if err := mem.reserve(need); err != nil {
				return nil, err
			}
			nb := make([]byte, len(buf), grown)
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
