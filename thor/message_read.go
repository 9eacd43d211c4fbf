package thor

import "io"

// readMessage reads a whole message from r into one buffer, reserving the
// buffer's bytes in the session's memory share (on top of base, what the
// session keeps) before each growth, while the old buffer is still live.
// It fails with a *budgetError, the rest of the message unread, when the
// share or the server's budget cannot grow.
func readMessage(r io.Reader, mem *sessionMemory, base int64) ([]byte, error) {
	var buf []byte
	for {
		if len(buf) == cap(buf) {
			grown := max(2*cap(buf), 64<<10)
			if err := mem.reserve(base + int64(cap(buf)) + int64(grown)); err != nil {
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
