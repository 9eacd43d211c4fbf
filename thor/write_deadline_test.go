package thor

import (
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// A client that sends Render requests and never reads the replies (they
// pile up in the socket buffers, then the server's write blocks) has its
// connection closed once a reply takes longer than WriteTimeout to write:
// the session ends and its memory is released (such sessions held 2.9 GB
// for three clients).
func TestServerClosesAClientThatDoesNotRead(t *testing.T) {
	srv, url := startServer(t, ServerOptions{WriteTimeout: 300 * time.Millisecond})
	c, _, err := dialHello(t, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	placeCamera(t, c, oneRoomHouse(t, 1), 512)
	// 40 replies of 2.4 MB each: more than the socket buffers hold (32 MiB
	// receive, 4 MiB send at most here).
	for range 40 {
		if err := c.WriteMessage(websocket.TextMessage, []byte(`{"id":9,"action":"Render","withObjects":false}`)); err != nil {
			break // the server closed the connection already
		}
	}
	waitFor(t, 60*time.Second, "the session of a client that does not read is still open", func() bool { return openSessions(srv) == 0 })
	waitFor(t, 5*time.Second, "the closed session's memory is still reserved", func() bool { return srv.mem.inUse() == 0 })
}
