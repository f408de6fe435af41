package discordtest_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// TestDeadlineFromCreation: the 3 s (here 500 ms) run from the
// interaction's creation, so gateway latency, and slow routes, count
// against them.
func TestDeadlineFromCreation(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{InteractionDeadline: 500 * time.Millisecond, GatewayDelay: 400 * time.Millisecond})
	before := time.Now()
	ix, i := h.slash(t)
	received := time.Now()
	if d := received.Sub(before); d < 400*time.Millisecond {
		t.Errorf("delivered after %v, want the 400 ms gateway delay", d)
	}
	if c := ix.Created(); c.Before(before.Add(-time.Millisecond)) || c.After(before.Add(50*time.Millisecond)) {
		t.Errorf("created %v, want when SlashCommand was called (%v)", c, before)
	}
	if got, err := discordSnowflakeTime(i.ID); err != nil || !got.Equal(ix.Created()) {
		t.Errorf("ID time %v (%v), want Created %v", got, err, ix.Created())
	}
	// 150 ms after delivery is 550 ms after creation: too late.
	time.Sleep(150 * time.Millisecond)
	err := h.ds.InteractionRespond(i, message("late"))
	wantRefused(t, h.srv, err, 404, 10062)

	h.srv.SetGatewayDelay(0)
	ix, i = h.slash(t)
	time.Sleep(150 * time.Millisecond)
	if err := h.ds.InteractionRespond(i, message("in time")); err != nil {
		t.Fatalf("answer 150 ms after creation: %v", err)
	}
	if r := ix.WaitResponse(t, wait); r.Latency < 150*time.Millisecond {
		t.Errorf("latency %v, want from creation", r.Latency)
	}

	// A slow route takes its time...
	h.srv.SlowRoute(discordtest.RouteMessageCreate, 300*time.Millisecond, 1)
	begin := time.Now()
	if _, err := h.ds.ChannelMessageSend(h.channel, "slow"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(begin); d < 300*time.Millisecond {
		t.Errorf("slow request took %v", d)
	}
	begin = time.Now()
	if _, err := h.ds.ChannelMessageSend(h.channel, "fast"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(begin); d > 250*time.Millisecond {
		t.Errorf("second request took %v; SlowRoute was for one", d)
	}
	// ...and a slow callback can miss the deadline.
	h.srv.SlowRoute(discordtest.RouteCallback, 600*time.Millisecond, 1)
	_, i = h.slash(t)
	err = h.ds.InteractionRespond(i, message("late"))
	wantRefused(t, h.srv, err, 404, 10062)
}

func discordSnowflakeTime(id string) (time.Time, error) {
	var n uint64
	if err := json.Unmarshal([]byte(id), &n); err != nil {
		return time.Time{}, err
	}
	return time.UnixMilli(int64(n>>22) + 1420070400000), nil
}

// TestResumeGatewayURL: READY names a resume URL on another host than the
// gateway's, where a session can resume; a Resume at the gateway's URL is
// refused with op 9, and the session is lost.
func TestResumeGatewayURL(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	read := func(ws *websocket.Conn) map[string]any {
		t.Helper()
		ws.SetReadDeadline(time.Now().Add(wait))
		var p map[string]any
		if err := ws.ReadJSON(&p); err != nil {
			t.Fatalf("read: %v", err)
		}
		return p
	}
	ws, _, err := websocket.DefaultDialer.Dial(srv.GatewayURL()+"?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	read(ws) // Hello
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + srv.Token(), "intents": 1, "properties": map[string]string{}}})
	ready := read(ws)
	d := ready["d"].(map[string]any)
	resumeURL, _ := d["resume_gateway_url"].(string)
	if ready["t"] != "READY" || resumeURL != srv.ResumeGatewayURL() || resumeURL == srv.GatewayURL() {
		t.Fatalf("READY %v with resume_gateway_url %q; want %q, not the gateway URL", ready["t"], resumeURL, srv.ResumeGatewayURL())
	}
	ws.NetConn().Close() // a network failure: the session stays resumable

	rs, _, err := websocket.DefaultDialer.Dial(resumeURL+"?v=9&encoding=json", nil)
	if err != nil {
		t.Fatalf("dial resume_gateway_url: %v", err)
	}
	defer rs.Close()
	read(rs) // Hello
	resume := map[string]any{"op": 6, "d": map[string]any{"token": "Bot " + srv.Token(), "session_id": d["session_id"], "seq": ready["s"]}}
	rs.WriteJSON(resume)
	if p := read(rs); p["t"] != "RESUMED" {
		t.Fatalf("got %v, want RESUMED", p)
	}
	if st := srv.GatewayStats(); st.Resumes != 1 || st.ResumesRefused != 0 {
		t.Errorf("stats %+v, want one resume", st)
	}
	rs.NetConn().Close()

	// At the gateway's own URL, as discordgo v0.29.0 resumes: refused, and
	// the session cannot be resumed anywhere after.
	for _, u := range []string{srv.GatewayURL(), resumeURL} {
		ws, _, err := websocket.DefaultDialer.Dial(u+"?v=9&encoding=json", nil)
		if err != nil {
			t.Fatal(err)
		}
		read(ws) // Hello
		ws.WriteJSON(resume)
		if p := read(ws); p["op"] != float64(9) || p["d"] != false {
			t.Errorf("resume at %s: got %v, want op 9 with d false", u, p)
		}
		ws.Close()
	}
	if st := srv.GatewayStats(); st.Resumes != 1 || st.ResumesRefused != 2 || st.ResumesElsewhere != 1 {
		t.Errorf("stats %+v, want one resume, and two refused of which one elsewhere", st)
	}
}
