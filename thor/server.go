package thor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"flowbench/render"
	"flowbench/sim"
)

// ServerOptions configures a Server. The zero value means the defaults.
type ServerOptions struct {
	// Render configures the rasterizer of every session.
	Render render.Options
	// MaxMessageBytes bounds an incoming message (default DefaultMaxRequestBytes);
	// a longer one closes the connection with status 1009.
	MaxMessageBytes int64
	// MaxImageSide bounds Initialize's width and height (default 8192).
	MaxImageSide int
	// MaxReplyBytes bounds one reply, JSON text plus binary frames (default
	// DefaultMaxReplyBytes): Initialize refuses an image size whose Render
	// reply would be larger, and any other reply over it becomes an error.
	MaxReplyBytes int64
	// MaxGridCells bounds the 0.25 m grid cells over a house's rooms
	// (default DefaultMaxGridCells); CreateHouse refuses larger houses.
	MaxGridCells int64
	// HandshakeTimeout bounds the wait for the client's hello (default 10 s).
	HandshakeTimeout time.Duration
	// MaxSessions bounds the concurrent connections (default 64). A new
	// client beyond it evicts the session that has been idle longest, when
	// that one has been idle for at least EvictIdleAfter; otherwise its
	// upgrade is refused with HTTP 503.
	MaxSessions int
	// IdleTimeout closes a connection that sends no request for this long
	// (default 30 min).
	IdleTimeout time.Duration
	// EvictIdleAfter is how long a session must have been idle (no request
	// in progress) before a new client, finding MaxSessions open, may evict
	// it (default 30 s). The evicted client gets close status 1013 (try
	// again later); the Go client reconnects and replays its state.
	EvictIdleAfter time.Duration
	// MaxMemoryBytes is the server's memory budget (default
	// DefaultMaxMemoryBytes, 3 GiB): the estimated bytes every session
	// keeps (its house, its render buffers at 64 bytes per pixel) plus those
	// its request in progress holds (5 bytes per message byte while
	// decoding, then the reply) never exceed it. A message past 1 MiB
	// reserves its session's whole share while it is read and handled, so
	// that no session waits while holding more than a small buffer. A
	// request that does not fit waits up to MemoryWait for other sessions to
	// release memory, then fails with an error reply naming this limit; a
	// message that does not fit while it is read is read to its end and
	// dropped. With `flowbench
	// serve`, which also sets the Go runtime's soft memory limit to
	// MemoryLimit(), the process's peak resident memory stays under
	// MaxMemoryBytes + 25% + 192 MiB (thor/load_test.go checks a scaled
	// down budget with 64 sessions).
	MaxMemoryBytes int64
	// MaxSessionMemoryBytes is one session's share at most (default
	// DefaultMaxSessionMemoryBytes, 512 MiB): a request whose estimate
	// exceeds it fails at once, and Initialize refuses an image size whose
	// rendering would (2048 × 2048 keeps 256 MiB).
	MaxSessionMemoryBytes int64
	// MemoryWait bounds how long a request waits for the server's memory
	// budget (default 30 s, under the Go client's 2 min request timeout).
	MemoryWait time.Duration
	// WriteTimeout bounds writing one reply, frames included (default 60 s):
	// a client that does not read its reply in time has its connection
	// closed, which frees the reply.
	WriteTimeout time.Duration
	// Dress, when set, is applied to every scene CreateHouse builds, before
	// its renderer: it attaches real models and textured surfaces
	// (`flowbench serve` sets it to the asset library's Dress), so that the
	// server gives the same results as an in-process backend that dresses
	// its scenes the same way. It must be deterministic and safe for
	// concurrent use (sessions run in parallel); a panic becomes an error reply.
	Dress func(*sim.Scene)
	// AnyHost accepts websocket upgrades whatever their Host header says
	// (`flowbench serve --listen-any`). Without it only loopback names are
	// accepted (localhost, 127.0.0.0/8, ::1), so a web page cannot reach a
	// local server through DNS rebinding.
	AnyHost bool
	// Assets lists the asset sets the hello declares (default AssetsAll),
	// and CreateHouse refuses an object outside them: a server declaring
	// AssetsAI2THOR is built as the AI2-THOR bridge would be seen.
	Assets []string
}

// DefaultMaxRequestBytes is the default bound on a request (a large house
// with meshes is a few MiB).
const DefaultMaxRequestBytes = 64 << 20

// Default memory budgets (ServerOptions.MaxMemoryBytes and
// MaxSessionMemoryBytes).
const (
	DefaultMaxMemoryBytes        = 3 << 30
	DefaultMaxSessionMemoryBytes = 512 << 20
)

func (o ServerOptions) withDefaults() ServerOptions {
	if len(o.Assets) == 0 {
		o.Assets = []string{AssetsAll}
	}
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = DefaultMaxRequestBytes
	}
	if o.MaxImageSide <= 0 {
		o.MaxImageSide = 8192
	}
	if o.MaxReplyBytes <= 0 {
		o.MaxReplyBytes = DefaultMaxReplyBytes
	}
	if o.MaxGridCells <= 0 {
		o.MaxGridCells = DefaultMaxGridCells
	}
	if o.HandshakeTimeout <= 0 {
		o.HandshakeTimeout = 10 * time.Second
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = 64
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = 30 * time.Minute
	}
	if o.EvictIdleAfter <= 0 {
		o.EvictIdleAfter = 30 * time.Second
	}
	if o.MaxMemoryBytes <= 0 {
		o.MaxMemoryBytes = DefaultMaxMemoryBytes
	}
	if o.MaxSessionMemoryBytes <= 0 {
		o.MaxSessionMemoryBytes = DefaultMaxSessionMemoryBytes
	}
	o.MaxSessionMemoryBytes = min(o.MaxSessionMemoryBytes, o.MaxMemoryBytes)
	if o.MemoryWait <= 0 {
		o.MemoryWait = 30 * time.Second
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = time.Minute
	}
	return o
}

// MemoryLimit is the soft limit for the Go runtime
// (runtime/debug.SetMemoryLimit) that keeps a process serving with these
// options near its budget: MaxMemoryBytes plus 25% for garbage not yet
// collected, plus 128 MiB for the runtime and the connections' buffers.
func (o ServerOptions) MemoryLimit() int64 {
	o = o.withDefaults()
	return o.MaxMemoryBytes + o.MaxMemoryBytes/4 + 128<<20
}

// Server serves the flowbench-thor protocol with the built-in simulator and
// rasterizer. Every websocket connection has its own scene and camera.
type Server struct {
	opts     ServerOptions
	upgrader websocket.Upgrader
	mem      *memBudget
	done     chan struct{} // closed by Close

	mu     sync.Mutex
	conns  map[*websocket.Conn]*connState
	lns    []net.Listener
	http   []*http.Server
	closed bool
	wg     sync.WaitGroup
}

// NewServer returns a server; serve it with Serve or mount it as an http.Handler.
func NewServer(opts ServerOptions) *Server {
	opts = opts.withDefaults()
	// Write buffers come from a pool: a connection holds one only while it
	// writes, so idle sessions keep none.
	return &Server{opts: opts, conns: map[*websocket.Conn]*connState{}, mem: newMemBudget(opts.MaxMemoryBytes), done: make(chan struct{}),
		upgrader: websocket.Upgrader{ReadBufferSize: 64 << 10, WriteBufferSize: 1 << 20, WriteBufferPool: &sync.Pool{}}}
}

// serverActions is what the server's hello lists.
var serverActions = []string{ActionInitialize, ActionCreateHouse, ActionTeleportFull, ActionReachable,
	ActionTeleportObject, ActionPlaceObjectAt, ActionSettleObject, ActionRaycast, ActionRender, ActionPass}

// Listen opens a TCP listener on addr. Unless allowRemote is set, addr's
// host must be a loopback address or "localhost"; an empty host or a
// wildcard (":8765", "0.0.0.0:8765") is refused.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	if err := CheckLoopback(addr); err != nil && !allowRemote {
		return nil, err
	}
	return net.Listen("tcp", addr)
}

// CheckLoopback reports an error unless addr ("host:port") names a loopback host.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("listen address %q: %v", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("listen address %q is not a loopback address; the simulator server has no authentication, so binding elsewhere needs --listen-any", addr)
}

// Serve accepts connections on l until Close.
func (s *Server) Serve(l net.Listener) error {
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errors.New("thor server: closed")
	}
	s.lns, s.http = append(s.lns, l), append(s.http, hs)
	s.mu.Unlock()
	err := hs.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops listening and drops every connection at once, as a killed
// process would.
func (s *Server) Close() error {
	s.mu.Lock()
	if !s.closed {
		close(s.done)
	}
	s.closed = true
	for _, hs := range s.http {
		hs.Close()
	}
	for c := range s.conns {
		c.NetConn().Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
	return nil
}

// loopbackHost reports whether a Host header ("name" or "name:port") names
// a loopback host.
func loopbackHost(h string) bool {
	host := h
	if hh, _, err := net.SplitHostPort(h); err == nil {
		host = hh
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ServeHTTP upgrades the request to a websocket and serves it. Unless
// ServerOptions.AnyHost, a Host header that is not a loopback name is
// refused with 403.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.opts.AnyHost && !loopbackHost(r.Host) {
		http.Error(w, fmt.Sprintf("flowbench-thor: Host %q is not a loopback name; start the server with --listen-any to accept it", r.Host), http.StatusForbidden)
		return
	}
	s.mu.Lock()
	victim, busy := s.makeRoomLocked(time.Now())
	s.mu.Unlock()
	evict(victim)
	if busy {
		http.Error(w, fmt.Sprintf("flowbench-thor: %d sessions already open (the server's limit), none idle for %v; try again later", s.opts.MaxSessions, s.opts.EvictIdleAfter), http.StatusServiceUnavailable)
		return
	}
	c, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered with an HTTP error
	}
	s.mu.Lock()
	victim, busy = s.makeRoomLocked(time.Now())
	if s.closed || busy {
		s.mu.Unlock()
		evict(victim)
		c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseTryAgainLater, "too many sessions"), time.Now().Add(time.Second))
		c.Close()
		return
	}
	st := &connState{}
	s.conns[c] = st
	s.wg.Add(1)
	s.mu.Unlock()
	evict(victim)
	defer func() {
		s.mu.Lock()
		if s.conns[c] == st {
			delete(s.conns, c)
		}
		s.mu.Unlock()
		c.Close()
		s.wg.Done()
	}()
	s.serveConn(c, st)
}

// serveConn runs the handshake and then answers requests in order, each
// within the session's share of the memory budget.
func (s *Server) serveConn(c *websocket.Conn, st *connState) {
	c.SetReadLimit(s.opts.MaxMessageBytes)
	c.SetReadDeadline(time.Now().Add(s.opts.HandshakeTimeout))
	hello := Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "server", Name: "flowbench-go", Actions: serverActions,
		Assets: s.opts.Assets}
	typ, msg, err := c.ReadMessage()
	if err != nil {
		return
	}
	c.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
	if e := checkHello(typ, msg, "client"); e != nil {
		hello.Error = e.Error()
		b, _ := json.Marshal(hello)
		c.WriteMessage(websocket.TextMessage, b)
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.ClosePolicyViolation, "bad hello"))
		return
	}
	b, _ := json.Marshal(hello)
	if c.WriteMessage(websocket.TextMessage, b) != nil {
		return
	}
	sess := newSession(s.opts)
	mem := &sessionMemory{budget: s.mem, limit: s.opts.MaxSessionMemoryBytes, wait: s.opts.MemoryWait, stop: s.done}
	defer mem.shrink(0)
	for {
		st.setIdle(true)
		c.SetReadDeadline(time.Now().Add(s.opts.IdleTimeout))
		typ, r, err := c.NextReader()
		st.setIdle(false)
		if err != nil {
			return // closed, evicted, idle too long or broken
		}
		frames, reply, ok := s.answer(c, sess, mem, typ, r)
		if !ok {
			return // too large (1009 sent by the library) or broken
		}
		c.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
		for _, f := range frames {
			if writeFrame(c, f) != nil {
				return // the client did not read in time, or left: the reply is dropped
			}
		}
		if c.WriteMessage(websocket.TextMessage, reply) != nil {
			return
		}
		frames, reply = nil, nil
		mem.shrink(sess.residentBytes())
	}
}

// answer reads one message from r, within the session's memory share, and
// handles it: the frames and reply to send; ok is false when the
// connection broke or the message was over the read limit.
func (s *Server) answer(c *websocket.Conn, sess *session, mem *sessionMemory, typ int, r io.Reader) (frames []outFrame, reply []byte, ok bool) {
	msg, err := readMessage(r, mem, sess.residentBytes())
	var be *budgetError
	switch {
	case errors.As(err, &be):
		if _, err := io.Copy(io.Discard, r); err != nil {
			return nil, nil, false
		}
		return nil, sess.errorReply(0, "", "request refused while reading it: the message "+be.Error()), true
	case err != nil:
		return nil, nil, false
	case typ != websocket.TextMessage:
		return nil, sess.errorReply(0, "", "malformed request: binary message from the client (requests are JSON text)"), true
	}
	action := peekAction(msg)
	if err := mem.reserve(sess.requestBytes(action, len(msg))); err != nil {
		name := action
		if name == "" {
			name = "the request"
		}
		return nil, sess.errorReply(peekID(msg), action, fmt.Sprintf("%s refused: it %v", name, err)), true
	}
	frames, reply = sess.handle(msg)
	return frames, reply, true
}

// checkHello validates a hello message from the given role.
func checkHello(typ int, msg []byte, role string) error {
	if typ != websocket.TextMessage {
		return errors.New("hello: expected a JSON text message")
	}
	var h Hello
	if err := json.Unmarshal(msg, &h); err != nil {
		return fmt.Errorf("hello: %v", err)
	}
	if h.Protocol != ProtocolName {
		return fmt.Errorf("hello: protocol %q, want %q", h.Protocol, ProtocolName)
	}
	if h.Version != ProtocolVersion {
		return fmt.Errorf("hello: protocol version %d, this side speaks %d", h.Version, ProtocolVersion)
	}
	if h.Role != role {
		return fmt.Errorf("hello: role %q, want %q", h.Role, role)
	}
	if h.Error != "" {
		return fmt.Errorf("hello refused: %s", h.Error)
	}
	return nil
}

// writeFrame sends a binary message from its two parts without joining them.
func writeFrame(c *websocket.Conn, f outFrame) error {
	w, err := c.NextWriter(websocket.BinaryMessage)
	if err != nil {
		return err
	}
	if _, err := w.Write(f.head); err != nil {
		return err
	}
	if _, err := w.Write(f.body); err != nil {
		return err
	}
	return w.Close()
}
