package thor

import (
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// connState is what the server knows of a connection between requests.
type connState struct {
	idleSince atomic.Int64 // Unix nanoseconds since it waits for a request; 0 while it handles one
}

// setIdle marks the connection waiting for a request (from now) or busy.
func (st *connState) setIdle(idle bool) {
	if idle {
		st.idleSince.Store(time.Now().UnixNano())
	} else {
		st.idleSince.Store(0)
	}
}

// makeRoomLocked, with s.mu held, makes room for one more session: when
// MaxSessions are open it removes from s.conns the session idle longest, if
// idle for at least EvictIdleAfter, and returns it to be evicted; busy
// reports that no room could be made.
func (s *Server) makeRoomLocked(now time.Time) (victim *websocket.Conn, busy bool) {
	if len(s.conns) < s.opts.MaxSessions {
		return nil, false
	}
	var oldest int64
	for c, st := range s.conns {
		if t := st.idleSince.Load(); t != 0 && (victim == nil || t < oldest) {
			victim, oldest = c, t
		}
	}
	if victim == nil || now.Sub(time.Unix(0, oldest)) < s.opts.EvictIdleAfter {
		return nil, true
	}
	delete(s.conns, victim)
	return victim, false
}

// evict closes a session removed by makeRoomLocked: close status 1013 (try
// again later) naming the reason, then the connection itself, which ends
// its goroutine and frees its memory.
func evict(c *websocket.Conn) {
	if c == nil {
		return
	}
	msg := websocket.FormatCloseMessage(websocket.CloseTryAgainLater, "evicted: this session was idle longest when a new client needed a session")
	c.WriteControl(websocket.CloseMessage, msg, time.Now().Add(time.Second))
	c.NetConn().Close()
}
