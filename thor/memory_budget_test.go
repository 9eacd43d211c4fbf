package thor

import (
	"strings"
	"testing"
	"time"
)

// The server's memory budget: a request whose estimate exceeds the
// session's share is refused at once (after its message is read), a
// message that outgrows the share while it is read is refused and
// drained, and a request that does not fit beside what other sessions
// hold waits MemoryWait and is refused naming MaxMemoryBytes, then
// succeeds once they have released it. Every refusal leaves the session
// usable. (Without a budget, 12 requests of 64 MiB held 3.25 GB.)
func TestServerRefusesRequestsOverTheMemoryBudget(t *testing.T) {
	// 256 × 256 renders keep 4 MiB each: one session's fits in 6 MiB,
	// two do not.
	srv, url := startServer(t, ServerOptions{MaxMemoryBytes: 6 << 20, MaxSessionMemoryBytes: 6 << 20, MemoryWait: 200 * time.Millisecond})
	house := oneRoomHouse(t, 1)
	a, _, err := dialHello(t, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// 1.5 MiB decodes in about 7.5 MiB: over the share.
	r := roundTrip(t, a, `{"id":7,"action":"Pass","args":{"pad":"`+strings.Repeat("x", 3<<19)+`"}}`)
	if r.Metadata.LastActionSuccess || r.ID != 7 || !strings.Contains(r.Metadata.ErrorMessage, "Pass refused: it needs an estimated") ||
		!strings.Contains(r.Metadata.ErrorMessage, "MaxSessionMemoryBytes") {
		t.Errorf("a 1.5 MiB request under a 6 MiB session budget: id %d, success %v, error %q", r.ID, r.Metadata.LastActionSuccess, r.Metadata.ErrorMessage)
	}
	// 8 MiB cannot even be read.
	r = roundTrip(t, a, `{"id":8,"action":"Pass","args":{"pad":"`+strings.Repeat("x", 8<<20)+`"}}`)
	if r.Metadata.LastActionSuccess || !strings.Contains(r.Metadata.ErrorMessage, "request refused while reading it: the message needs an estimated") {
		t.Errorf("an 8 MiB request under a 6 MiB session budget: success %v, error %q", r.Metadata.LastActionSuccess, r.Metadata.ErrorMessage)
	}
	placeCamera(t, a, house, 256)
	mustSucceed(t, a, `{"id":4,"action":"Render","withObjects":false}`)

	b, _, err := dialHello(t, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	placeCamera(t, b, house, 256)
	r = roundTrip(t, b, `{"id":5,"action":"Render","withObjects":false}`)
	if r.Metadata.LastActionSuccess || !strings.Contains(r.Metadata.ErrorMessage, "Render refused: it needs an estimated") ||
		!strings.Contains(r.Metadata.ErrorMessage, "MaxMemoryBytes") || !strings.Contains(r.Metadata.ErrorMessage, "in use by its sessions") {
		t.Errorf("a second 256×256 Render beside the first under a 6 MiB budget: success %v, error %q", r.Metadata.LastActionSuccess, r.Metadata.ErrorMessage)
	}
	a.Close()
	waitFor(t, 10*time.Second, "the closed session still holds its memory", func() bool { return openSessions(srv) == 1 })
	mustSucceed(t, b, `{"id":6,"action":"Render","withObjects":false}`)
	mustSucceed(t, b, `{"id":7,"action":"Pass","withObjects":false}`)
}
