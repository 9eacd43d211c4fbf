package thor

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"flowbench/sim"
)

// Options configures a Client. The zero value means the defaults.
type Options struct {
	// Timeout bounds one request's round trip (default 2 minutes; a Blender
	// render at full size can take a while). A timed-out request fails and
	// the connection is dropped; the next call reconnects.
	Timeout time.Duration
	// DialTimeout bounds connecting and the hello exchange (default 10 s).
	DialTimeout time.Duration
	// MaxMessageBytes bounds an incoming message (default 512 MiB).
	MaxMessageBytes int64
	// Retries is how many times a call reconnects after the connection
	// breaks before it fails (default 4; negative means never).
	Retries int
	// Backoff is the wait before the first reconnect, doubling up to
	// MaxBackoff (defaults 100 ms and 2 s).
	Backoff, MaxBackoff time.Duration
	// NoRGB asks Render for depth and ids only (Frame.RGB stays nil).
	NoRGB bool
	// RGBOnly asks Render for the RGB pass only (Frame.Depth and Frame.IDs
	// stay nil): generate --render-backend takes its labels from the
	// built-in renderer. It excludes NoRGB.
	RGBOnly bool
	// Dress, when set, is applied to the scene built from each house before
	// its meshes are sent to a server that wants them (Blender): it attaches
	// real models and textured surfaces (assets.Library.Dress). It must be
	// deterministic, since a reconnect dresses the house again. Servers that
	// do not want meshes dress the house themselves (ServerOptions.Dress).
	Dress func(*sim.Scene)
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	if o.DialTimeout <= 0 {
		o.DialTimeout = 10 * time.Second
	}
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = 512 << 20
	}
	if o.Retries == 0 {
		o.Retries = 4
	}
	if o.Backoff <= 0 {
		o.Backoff = 100 * time.Millisecond
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 2 * time.Second
	}
	return o
}

// Client implements planner.Simulator (without importing the planner: its
// methods use sim's observation types) and talks to a flowbench-thor server. It
// remembers the house, the camera and every successful object move, and
// replays them on a fresh connection after the old one broke, so a
// restarted server ends up in the same state. It is safe for concurrent
// use; calls are serialised.
type Client struct {
	url  string
	opts Options

	mu     sync.Mutex
	conn   *websocket.Conn
	hello  Hello
	nextID uint64
	closed bool

	// sentTex holds the texture hashes this connection has carried (reset
	// on every new connection).
	sentTex map[string]bool

	// replay state
	init      *InitializeArgs
	house     json.RawMessage // encoded CreateHouse args; nil when they carry meshes (rebuilt on replay)
	houseMesh bool            // house carries meshes
	houseObj  *sim.House
	moves     []Request
	cam       *TeleportFullArgs
}

// Dial connects to a server at url ("ws://127.0.0.1:8765") and exchanges
// hellos.
func Dial(url string, opts Options) (*Client, error) {
	if opts.NoRGB && opts.RGBOnly {
		return nil, errors.New("thor: Options.NoRGB and Options.RGBOnly exclude each other")
	}
	c := &Client{url: url, opts: opts.withDefaults()}
	if err := c.connect(); err != nil {
		return nil, err
	}
	return c, nil
}

// ServerHello returns the hello the server sent on the current connection.
func (c *Client) ServerHello() Hello {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hello
}

// Assets returns the asset ids the server can create, from its hello.
func (c *Client) Assets() AssetSupport {
	return SupportOf(c.ServerHello())
}

// assets is Assets with c.mu held.
func (c *Client) assets() AssetSupport { return SupportOf(c.hello) }

// Close closes the connection; later calls fail.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	if c.conn != nil {
		err := c.conn.Close()
		c.conn = nil
		return err
	}
	return nil
}

// connect dials and exchanges hellos (no replay).
func (c *Client) connect() error {
	d := websocket.Dialer{HandshakeTimeout: c.opts.DialTimeout, ReadBufferSize: 1 << 20, WriteBufferSize: 256 << 10}
	conn, _, err := d.Dial(c.url, nil)
	if err != nil {
		return fmt.Errorf("thor: dial %s: %w", c.url, err)
	}
	conn.SetReadLimit(c.opts.MaxMessageBytes)
	deadline := time.Now().Add(c.opts.DialTimeout)
	conn.SetWriteDeadline(deadline)
	conn.SetReadDeadline(deadline)
	b, _ := json.Marshal(Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "client", Name: "flowbench-go"})
	if err := conn.WriteMessage(websocket.TextMessage, b); err != nil {
		conn.Close()
		return fmt.Errorf("thor: hello to %s: %w", c.url, err)
	}
	typ, msg, err := conn.ReadMessage()
	if err != nil {
		conn.Close()
		return fmt.Errorf("thor: hello from %s: %w", c.url, err)
	}
	if err := checkHello(typ, msg, "server"); err != nil {
		conn.Close()
		return fmt.Errorf("thor: %s: %w", c.url, err)
	}
	var h Hello
	_ = json.Unmarshal(msg, &h)
	c.conn, c.hello, c.sentTex = conn, h, map[string]bool{}
	return nil
}

// transportError marks a broken connection (the call may be retried on a
// fresh one); other errors are final.
type transportError struct{ err error }

func (e *transportError) Error() string { return e.err.Error() }
func (e *transportError) Unwrap() error { return e.err }

// result is a successful or failed reply with its frames.
type result struct {
	md     Metadata
	frames map[PassKind]frameData
}

type frameData struct {
	h       FrameHeader
	payload []byte
}

// roundTrip sends one request and waits for its reply on the current connection.
func (c *Client) roundTrip(req Request) (*result, error) {
	c.nextID++
	req.ID = c.nextID
	b, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("thor: encoding %s: %w", req.Action, err)
	}
	conn := c.conn
	deadline := time.Now().Add(c.opts.Timeout)
	conn.SetWriteDeadline(deadline)
	conn.SetReadDeadline(deadline)
	if err := conn.WriteMessage(websocket.TextMessage, b); err != nil {
		return nil, &transportError{fmt.Errorf("thor: sending %s: %w", req.Action, err)}
	}
	res := &result{}
	for {
		typ, r, err := conn.NextReader()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return nil, fmt.Errorf("thor: %s: no reply within %v: %w", req.Action, c.opts.Timeout, err)
			}
			return nil, &transportError{fmt.Errorf("thor: %s: connection lost: %w", req.Action, err)}
		}
		if typ == websocket.BinaryMessage {
			h, p, err := readFrame(r, c.opts.MaxMessageBytes)
			if err != nil {
				var te *transportError
				if errors.As(err, &te) {
					te.err = fmt.Errorf("thor: %s: connection lost: %w", req.Action, te.err)
					return nil, te
				}
				return nil, fmt.Errorf("thor: %s: %w", req.Action, err)
			}
			if h.ID != req.ID {
				continue // a frame of an earlier, abandoned request
			}
			if res.frames == nil {
				res.frames = map[PassKind]frameData{}
			}
			res.frames[h.Pass] = frameData{h, p}
			continue
		}
		msg, err := io.ReadAll(r)
		if err != nil {
			return nil, &transportError{fmt.Errorf("thor: %s: connection lost: %w", req.Action, err)}
		}
		var rep Reply
		if err := json.Unmarshal(msg, &rep); err != nil {
			return nil, fmt.Errorf("thor: %s: malformed reply: %w", req.Action, err)
		}
		if rep.ID != req.ID {
			continue
		}
		res.md = rep.Metadata
		return res, nil
	}
}

// drop forgets a connection that can no longer be trusted.
func (c *Client) drop() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// reconnect dials again with backoff and replays the session state.
func (c *Client) reconnect(attempt int) error {
	wait := c.opts.Backoff << min(attempt, 20)
	if wait > c.opts.MaxBackoff || wait <= 0 {
		wait = c.opts.MaxBackoff
	}
	time.Sleep(wait)
	if err := c.connect(); err != nil {
		return err
	}
	replay := []Request{}
	if c.init != nil {
		replay = append(replay, Request{Action: ActionInitialize, Args: mustJSON(c.init)})
	}
	if c.houseObj != nil {
		args := c.house
		if args == nil || c.houseMesh != slices.Contains(c.hello.Wants, FeatureMeshes) {
			// Meshes are rebuilt: the new connection has no textures yet.
			var err error
			if args, err = c.houseArgs(c.houseObj); err != nil {
				c.drop()
				return err
			}
			c.keepHouseArgs(args)
		}
		replay = append(replay, Request{Action: ActionCreateHouse, Args: args})
		replay = append(replay, c.moves...)
	}
	if c.cam != nil {
		replay = append(replay, Request{Action: ActionTeleportFull, Args: mustJSON(c.cam)})
	}
	no := false
	for _, r := range replay {
		r.WithObjects = &no
		res, err := c.roundTrip(r)
		if err != nil {
			c.drop()
			return err
		}
		if !res.md.LastActionSuccess {
			c.drop()
			return fmt.Errorf("thor: replaying %s after reconnecting: %s", r.Action, res.md.ErrorMessage)
		}
	}
	return nil
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain data is passed
	}
	return b
}

// call runs an action, reconnecting and retrying while the connection is
// broken. A refused action returns its error message as an error
// (*sim.CollisionError for collisions).
func (c *Client) call(action string, args json.RawMessage, withObjects bool) (*result, error) {
	return c.callBuild(action, func() (json.RawMessage, error) { return args, nil }, withObjects)
}

// callBuild is call with arguments built for each attempt's connection
// (CreateHouse leaves out the textures the connection already carried).
func (c *Client) callBuild(action string, build func() (json.RawMessage, error), withObjects bool) (*result, error) {
	if c.closed {
		return nil, errors.New("thor: client is closed")
	}
	var lastErr error
	for attempt := 0; ; attempt++ {
		if c.conn == nil {
			if attempt > c.opts.Retries || c.opts.Retries < 0 {
				if lastErr == nil {
					lastErr = errors.New("not connected")
				}
				return nil, fmt.Errorf("thor: %s: giving up after %d reconnect attempts: %w", action, attempt, lastErr)
			}
			if err := c.reconnect(attempt); err != nil {
				lastErr = err
				continue
			}
		}
		args, err := build()
		if err != nil {
			return nil, err
		}
		res, err := c.roundTrip(Request{Action: action, Args: args, WithObjects: &withObjects})
		if err != nil {
			c.drop()
			var te *transportError
			if errors.As(err, &te) {
				lastErr = err
				continue
			}
			return nil, err
		}
		if !res.md.LastActionSuccess {
			return res, actionFailure(res.md)
		}
		return res, nil
	}
}

// actionFailure converts a failed reply into an error.
func actionFailure(md Metadata) error {
	var cr CollisionReturn
	if len(md.ActionReturn) > 0 && json.Unmarshal(md.ActionReturn, &cr) == nil && cr.Collision != nil {
		ci := cr.Collision
		ce := &sim.CollisionError{Mover: ci.Mover, Object: ci.Object, Other: ci.Other, Depth: ci.Depth, Action: ci.Action}
		if ce.Error() == md.ErrorMessage {
			return ce
		}
	}
	msg := md.ErrorMessage
	if msg == "" {
		msg = md.LastAction + " failed"
	}
	return &ActionError{Action: md.LastAction, Message: msg}
}

// ActionError is an action the server refused.
type ActionError struct {
	Action  string
	Message string // the reply's errorMessage
}

// Error returns the server's message.
func (e *ActionError) Error() string { return e.Message }

// houseArgs encodes CreateHouse's arguments for the current server. A
// house with an object the server cannot create is refused: the server
// would leave it out (AI2-THOR skips assets it does not know) while the
// caller's house keeps it; AssetSupport.FilterHouse builds the house for it.
func (c *Client) houseArgs(h *sim.House) (json.RawMessage, error) {
	if bad := c.assets().Uncreatable(h); len(bad) > 0 {
		return nil, fmt.Errorf("thor: %w", uncreatableError(c.hello.Name, c.assets(), bad))
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("thor: encoding house: %w", err)
	}
	args := CreateHouseArgs{House: hb}
	c.houseMesh = slices.Contains(c.hello.Wants, FeatureMeshes)
	if c.houseMesh {
		sc, err := sim.NewScene(h)
		if err != nil {
			return nil, fmt.Errorf("thor: CreateHouse: %w", err)
		}
		if c.opts.Dress != nil {
			c.opts.Dress(sc)
		}
		args.Meshes = buildHouseMeshes(sc, c.sentTex)
	}
	return mustJSON(args), nil
}

// keepHouseArgs remembers CreateHouse's arguments for a replay, except when
// they carry meshes (often megabytes, and their textures are only right for
// the connection they were built for): those are rebuilt from the house.
func (c *Client) keepHouseArgs(args json.RawMessage) {
	c.house = args
	if c.houseMesh {
		c.house = nil
	}
}

// LoadHouse sends CreateHouse.
func (c *Client) LoadHouse(h *sim.House) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var sent json.RawMessage
	_, err := c.callBuild(ActionCreateHouse, func() (json.RawMessage, error) {
		a, err := c.houseArgs(h)
		sent = a
		return a, err
	}, false)
	if err != nil {
		// The server may have refused the house before keeping its
		// textures: send them again with the next one.
		c.sentTex = map[string]bool{}
		return err
	}
	c.houseObj, c.moves, c.cam = h, nil, nil
	c.keepHouseArgs(sent)
	return nil
}

// ReachablePositions sends GetReachablePositions.
func (c *Client) ReachablePositions() ([]sim.Vec3, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	res, err := c.call(ActionReachable, nil, false)
	if err != nil {
		return nil, err
	}
	// The positions are in actionReturn, as in current AI2-THOR; servers
	// written for AI2-THOR 2.x put them in actionVector3sReturn.
	ps := res.md.ActionVector3sReturn
	if len(res.md.ActionReturn) > 0 && string(res.md.ActionReturn) != "null" {
		ps = nil
		if err := json.Unmarshal(res.md.ActionReturn, &ps); err != nil {
			return nil, fmt.Errorf("thor: GetReachablePositions: actionReturn is not a list of positions: %w", err)
		}
	}
	out := make([]sim.Vec3, len(ps))
	for i, p := range ps {
		out[i] = p.Vec()
	}
	return out, nil
}

// SetCamera sends Initialize when the image size or field of view changed,
// then TeleportFull with the floor point under the eye and eyeHeight = eye y.
func (c *Client) SetCamera(cam sim.Camera) error {
	if err := cam.Validate(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	ini := &InitializeArgs{Width: cam.Width, Height: cam.Height, FieldOfView: cam.FOV, GridSize: sim.GridSize}
	if c.init == nil || *c.init != *ini {
		if _, err := c.call(ActionInitialize, mustJSON(ini), false); err != nil {
			return err
		}
		c.init = ini
	}
	standing := true
	eye := cam.Position[1]
	tf := &TeleportFullArgs{Position: &sim.XYZ{X: cam.Position[0], Z: cam.Position[2]}, Rotation: &sim.XYZ{Y: cam.Yaw},
		Horizon: cam.Horizon, Standing: &standing, EyeHeight: &eye}
	if _, err := c.call(ActionTeleportFull, mustJSON(tf), false); err != nil {
		return err
	}
	c.cam = tf
	return nil
}

// Objects reads every object's metadata (a Pass action).
func (c *Client) Objects() ([]sim.ObjectMeta, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	res, err := c.call(ActionPass, nil, true)
	if err != nil {
		return nil, err
	}
	out := make([]sim.ObjectMeta, len(res.md.Objects))
	for i := range res.md.Objects {
		out[i], err = objectMeta(&res.md.Objects[i])
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// objectMeta converts an object entry; the AABB comes from the corner points
// (exact), the size from boxSize or else from the oriented box.
func objectMeta(m *ObjectMetadata) (sim.ObjectMeta, error) {
	o := sim.ObjectMeta{ID: m.ObjectID, Type: m.ObjectType, Position: m.Position.Vec(), Yaw: m.Rotation.Y,
		Pickupable: m.Pickupable, Moveable: m.Moveable, Receptacle: m.Receptacle}
	if len(m.ParentReceptacles) > 0 {
		o.Parent = m.ParentReceptacles[0]
	}
	cp := m.AxisAlignedBoundingBox.CornerPoints
	if len(cp) == 0 {
		return o, fmt.Errorf("thor: object %q has no axisAlignedBoundingBox corner points", m.ObjectID)
	}
	o.AABB = sim.AABB{Min: sim.Vec3(cp[0]), Max: sim.Vec3(cp[0])}
	for _, p := range cp[1:] {
		for k := 0; k < 3; k++ {
			o.AABB.Min[k] = min(o.AABB.Min[k], p[k])
			o.AABB.Max[k] = max(o.AABB.Max[k], p[k])
		}
	}
	switch {
	case m.BoxSize != nil:
		o.Size = m.BoxSize.Vec()
	case m.ObjectOrientedBoundingBox != nil && len(m.ObjectOrientedBoundingBox.CornerPoints) == 8:
		o.Size = sizeFromCorners(m.ObjectOrientedBoundingBox.CornerPoints, o.Yaw)
	default:
		o.Size = o.AABB.Size()
	}
	return o, nil
}

// sizeFromCorners measures an oriented box's extents along its own axes.
func sizeFromCorners(cp [][3]float64, yaw float64) sim.Vec3 {
	ax, az := sim.YawAxes(yaw)
	var lo, hi sim.Vec3
	for i, p := range cp {
		v := sim.Vec3(p)
		q := sim.Vec3{v.Dot(ax), v[1], v.Dot(az)}
		if i == 0 {
			lo, hi = q, q
		}
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(lo[k], q[k]), max(hi[k], q[k])
		}
	}
	return hi.Sub(lo)
}

// TeleportObject sends TeleportObject.
func (c *Client) TeleportObject(id string, pos sim.Vec3, yaw float64, force bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	args := mustJSON(TeleportObjectArgs{ObjectID: id, Position: &sim.XYZ{X: pos[0], Y: pos[1], Z: pos[2]},
		Rotation: &sim.XYZ{Y: yaw}, ForceAction: force})
	if _, err := c.call(ActionTeleportObject, args, false); err != nil {
		return err
	}
	c.moves = append(c.moves, Request{Action: ActionTeleportObject, Args: args})
	return nil
}

// Settle sends SettleObject.
func (c *Client) Settle(id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	args := mustJSON(ObjectArgs{ObjectID: id})
	if _, err := c.call(ActionSettleObject, args, false); err != nil {
		return err
	}
	c.moves = append(c.moves, Request{Action: ActionSettleObject, Args: args})
	return nil
}

// Raycast sends GetCoordinateFromRaycast with viewport fractions and the
// exact pixel coordinates.
func (c *Client) Raycast(u, v float64) (sim.RayHit, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := RaycastArgs{U: &u, V: &v}
	if c.init != nil {
		x, y := (u+0.5)/float64(c.init.Width), (v+0.5)/float64(c.init.Height)
		a.X, a.Y = &x, &y
	}
	res, err := c.call(ActionRaycast, mustJSON(a), false)
	if err != nil {
		return sim.RayHit{}, false, err
	}
	var r RaycastReturn
	if err := json.Unmarshal(res.md.ActionReturn, &r); err != nil {
		return sim.RayHit{}, false, fmt.Errorf("thor: GetCoordinateFromRaycast: actionReturn: %w", err)
	}
	if !r.Hit {
		return sim.RayHit{}, false, nil
	}
	return sim.RayHit{Point: sim.Vec3{r.X, r.Y, r.Z}, ID: r.ObjectID, Distance: r.Distance, Depth: r.Depth}, true, nil
}

// Render sends Render and assembles the frame from the binary passes.
func (c *Client) Render() (*sim.Frame, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	passes := []string{"rgb", "depth", "ids"}
	switch {
	case c.opts.NoRGB:
		passes = passes[1:]
	case c.opts.RGBOnly:
		passes = passes[:1]
	}
	res, err := c.call(ActionRender, mustJSON(RenderArgs{Passes: passes}), false)
	if err != nil {
		return nil, err
	}
	var rr RenderReturn
	if err := json.Unmarshal(res.md.ActionReturn, &rr); err != nil {
		return nil, fmt.Errorf("thor: Render: actionReturn: %w", err)
	}
	f := &sim.Frame{W: rr.Width, H: rr.Height, IDTable: rr.IDTable}
	for _, p := range passes {
		k := passNames[p]
		fd, ok := res.frames[k]
		if !ok {
			return nil, fmt.Errorf("thor: Render: the server sent no %s pass", p)
		}
		if fd.h.Width != f.W || fd.h.Height != f.H {
			return nil, fmt.Errorf("thor: Render: %s pass is %dx%d, reply says %dx%d", p, fd.h.Width, fd.h.Height, f.W, f.H)
		}
		switch k {
		case PassRGB:
			f.RGB = fd.payload
		case PassDepth:
			f.Depth = decodeDepth(fd.payload)
		case PassIDs:
			f.IDs = decodeIDs(fd.payload)
			for _, id := range f.IDs {
				if int(id) >= len(f.IDTable) {
					return nil, fmt.Errorf("thor: Render: instance id %d outside the id table (%d entries)", id, len(f.IDTable))
				}
			}
		}
	}
	return f, nil
}

// readFrame reads a binary message straight into a buffer of the size its
// header announces (no growing copies for multi-megabyte passes), refusing
// to allocate more than limit bytes.
func readFrame(r io.Reader, limit int64) (FrameHeader, []byte, error) {
	var head [FrameHeaderSize]byte
	if n, err := io.ReadFull(r, head[:]); err != nil {
		if n > 0 && (err == io.EOF || err == io.ErrUnexpectedEOF) {
			return FrameHeader{}, nil, fmt.Errorf("binary frame: %d bytes, shorter than the %d-byte header", n, FrameHeaderSize)
		}
		return FrameHeader{}, nil, &transportError{err}
	}
	w, h, ch := binary.LittleEndian.Uint32(head[16:]), binary.LittleEndian.Uint32(head[20:]), binary.LittleEndian.Uint32(head[24:])
	dt, _, _ := PassKind(head[6]).layout()
	n := uint64(w) * uint64(h) * uint64(ch) * uint64(dt.size())
	if n+FrameHeaderSize > uint64(limit) {
		return FrameHeader{}, nil, fmt.Errorf("binary frame: %dx%dx%d announces %d bytes, over the %d-byte message limit", w, h, ch, n, limit)
	}
	msg := make([]byte, FrameHeaderSize+int(n)+1)
	copy(msg, head[:])
	got, err := io.ReadFull(r, msg[FrameHeaderSize:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return FrameHeader{}, nil, &transportError{err}
	}
	return DecodeFrame(msg[:FrameHeaderSize+got])
}
