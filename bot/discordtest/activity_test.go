package discordtest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// apiCall sends one request to the fake's API and returns its status and
// decoded JSON body.
func apiCall(t *testing.T, srv *discordtest.Server, method, path, auth, contentType, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL()+discordtest.APIPrefix+path, strings.NewReader(body))
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("User-Agent", "DiscordBot (test, 1)")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(b) > 0 {
		_ = json.Unmarshal(b, &out)
	}
	return resp.StatusCode, out
}

// TestActivitySignIn walks an Activity's sign-in through the fake: a code
// exchanged once for a Bearer token, /users/@me with it, and the
// activity-instances route telling who is in an instance; forged codes,
// secrets, tokens and instances are refused.
func TestActivitySignIn(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	srv := h.srv
	srv.EnableActivities()
	bob := srv.NewUser("bob")
	instance, err := srv.LaunchEntryPoint(h.guild, h.channel, h.alice)
	if err != nil {
		t.Fatal(err)
	}
	exchange := func(code, secret string) (int, map[string]any) {
		form := url.Values{"client_id": {srv.AppID()}, "client_secret": {secret}, "grant_type": {"authorization_code"}, "code": {code}}
		return apiCall(t, srv, "POST", "/oauth2/token", "", "application/x-www-form-urlencoded", form.Encode())
	}
	code := srv.Authorize(h.alice)
	if st, out := exchange(code, "wrong"); st != 401 || out["error"] != "invalid_client" {
		t.Errorf("a wrong client secret: %d %v, want 401 invalid_client", st, out)
	}
	st, out := exchange(code, srv.ClientSecret())
	token, _ := out["access_token"].(string)
	if st != 200 || token == "" || out["token_type"] != "Bearer" {
		t.Fatalf("the exchange: %d %v, want a Bearer token", st, out)
	}
	if st, out := exchange(code, srv.ClientSecret()); st != 400 || out["error"] != "invalid_grant" {
		t.Errorf("the code again: %d %v, want 400 invalid_grant", st, out)
	}
	if st, _ := exchange("forged", srv.ClientSecret()); st != 400 {
		t.Errorf("a forged code: %d, want 400", st)
	}
	if st, out := apiCall(t, srv, "GET", "/users/@me", "Bearer "+token, "", ""); st != 200 || out["id"] != h.alice.ID {
		t.Errorf("/users/@me with alice's token: %d %v", st, out)
	}
	if st, _ := apiCall(t, srv, "GET", "/users/@me", "Bearer forged", "", ""); st != 401 {
		t.Errorf("/users/@me with a forged token: %d, want 401", st)
	}
	if st, out := apiCall(t, srv, "GET", "/users/@me", "Bot "+srv.Token(), "", ""); st != 200 || out["id"] != srv.BotUser().ID {
		t.Errorf("/users/@me with the bot's token: %d %v", st, out)
	}
	path := "/applications/" + srv.AppID() + "/activity-instances/"
	srv.JoinActivity(instance, bob)
	st, out = apiCall(t, srv, "GET", path+instance, "Bot "+srv.Token(), "", "")
	loc, _ := out["location"].(map[string]any)
	users, _ := out["users"].([]any)
	if st != 200 || out["instance_id"] != instance || loc["channel_id"] != h.channel || loc["guild_id"] != h.guild || len(users) != 2 {
		t.Errorf("the instance: %d %v, want alice and bob in the channel", st, out)
	}
	if st, _ := apiCall(t, srv, "GET", path+instance, "Bearer "+token, "", ""); st != 401 {
		t.Errorf("the instance with a user's token: %d, want 401 (the route needs the bot's)", st)
	}
	if st, _ := apiCall(t, srv, "GET", path+"i-forged", "Bot "+srv.Token(), "", ""); st != 404 {
		t.Errorf("a forged instance: %d, want 404", st)
	}
	srv.LeaveActivity(instance, h.alice)
	srv.LeaveActivity(instance, bob)
	if st, _ := apiCall(t, srv, "GET", path+instance, "Bot "+srv.Token(), "", ""); st != 404 {
		t.Errorf("an instance everyone left: %d, want 404", st)
	}
	if n := len(srv.TakeViolations()); n != 7 {
		t.Errorf("%d requests refused, want the 7 forged or wrong ones", n)
	}
}

// TestEntryPointCommand checks the entry point command in bulk
// overwrites: kept when the overwrite has it, deleted when not, and its
// rules (a handler, one per app, global only, Activities enabled).
func TestEntryPointCommand(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	srv := h.srv
	srv.SetRouteLimit(discordtest.RouteGlobalOverwrite, 100, time.Second)
	overwrite := func(guild string, cmds string) (int, map[string]any) {
		p := "/applications/" + srv.AppID() + "/commands"
		if guild != "" {
			p = "/applications/" + srv.AppID() + "/guilds/" + guild + "/commands"
		}
		return apiCall(t, srv, "PUT", p, "Bot "+srv.Token(), "application/json", cmds)
	}
	const entry = `{"name":"launch","description":"Launch zugbot","type":4,"handler":2}`
	const ping = `{"name":"ping","description":"Ping","type":1}`
	if st, _ := overwrite("", "["+ping+","+entry+"]"); st != 400 {
		t.Errorf("an entry point without Activities: %d, want 400", st)
	}
	srv.EnableActivities()
	if name, handler, ok := srv.EntryPoint(); !ok || name != "launch" || handler != discordtest.DiscordLaunchActivity {
		t.Fatalf("after enabling Activities the entry point is %q handler %d (%v)", name, handler, ok)
	}
	for _, bad := range []string{
		"[" + ping + `,{"name":"launch","description":"Launch","type":4}]`,                                                    // no handler
		"[" + entry + `,{"name":"go","description":"Go","type":4,"handler":1}]`,                                               // two
		`[{"name":"ping","description":"Ping","type":1,"handler":2}]`,                                                         // a handler elsewhere
		`[{"name":"launch","description":"Launch","type":4,"handler":2,"options":[{"type":3,"name":"x","description":"x"}]}]`, // options
	} {
		if st, _ := overwrite("", bad); st != 400 {
			t.Errorf("overwrite %s: %d, want 400", bad, st)
		}
	}
	if st, _ := overwrite(h.guild, "["+entry+"]"); st != 400 {
		t.Errorf("an entry point among guild commands: %d, want 400", st)
	}
	if st, _ := overwrite("", "["+ping+","+entry+"]"); st != 200 {
		t.Fatalf("an overwrite with the entry point: %d", st)
	}
	if name, handler, ok := srv.EntryPoint(); !ok || name != "launch" || handler != discordtest.DiscordLaunchActivity {
		t.Errorf("after an overwrite with it the entry point is %q handler %d (%v)", name, handler, ok)
	}
	if st, _ := overwrite("", "["+ping+"]"); st != 200 {
		t.Fatalf("an overwrite without the entry point: %d", st)
	}
	if _, _, ok := srv.EntryPoint(); ok {
		t.Error("an overwrite without the entry point command kept it: a bulk overwrite replaces the whole list")
	}
	if _, err := srv.LaunchEntryPoint(h.guild, h.channel, h.alice); err == nil {
		t.Error("the Activity launched from an entry point command that was deleted")
	}
	if n := len(srv.TakeViolations()); n != 6 {
		t.Errorf("%d overwrites refused, want the 6 bad ones", n)
	}
}

// TestLaunchActivityResponse answers a button with LAUNCH_ACTIVITY and
// with_response: the reply names the activity instance, in which the
// clicker is.
func TestLaunchActivityResponse(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	srv := h.srv
	respond := func(ix *discordtest.Interaction) (int, map[string]any) {
		return apiCall(t, srv, "POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback?with_response=true", "", "application/json", `{"type":12}`)
	}
	ix, _ := h.slash(t)
	if st, _ := respond(ix); st != 400 {
		t.Errorf("LAUNCH_ACTIVITY without Activities: %d, want 400", st)
	}
	srv.EnableActivities()
	ix, _ = h.slash(t)
	st, out := respond(ix)
	res, _ := out["resource"].(map[string]any)
	inst, _ := res["activity_instance"].(map[string]any)
	id, _ := inst["id"].(string)
	if st != 200 || res["type"] != float64(discordtest.LaunchActivity) || id == "" {
		t.Fatalf("LAUNCH_ACTIVITY with_response: %d %v, want the activity instance", st, out)
	}
	if got := srv.ActivityInstances(); len(got) != 1 || got[0] != id {
		t.Errorf("instances %v, want %s", got, id)
	}
	if resp := ix.WaitResponse(t, wait); resp.Type != discordtest.LaunchActivity {
		t.Errorf("the recorded response has type %d", resp.Type)
	}
	if st, out := apiCall(t, srv, "GET", "/applications/"+srv.AppID()+"/activity-instances/"+id, "Bot "+srv.Token(), "", ""); st != 200 || !strings.Contains(string(mustJSON(out["users"])), h.alice.ID) {
		t.Errorf("the launched instance: %d %v, want alice in it", st, out)
	}
	if n := len(srv.TakeViolations()); n != 1 {
		t.Errorf("%d responses refused, want the one without Activities", n)
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
