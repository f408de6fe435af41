package main

import (
	"context"
	"database/sql"
	"fmt"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
)

// startWorker runs the binary's zugbot worker on database db.
func startWorker(t *testing.T, bin, db string, logs *syncBuffer) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "worker")
	cmd.Env = append(cleanEnv(), "ZUGBOT_DB="+db, "ZUGBOT_AI_WORKERS=2", "ZUGBOT_LOG_LEVEL=warn")
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// TestWorkerKilledMidThink runs zugbot worker processes beside a game
// service (the bot's part) on PostgreSQL. The first worker takes two of
// four replies of the expert level (1 s of thought each) and is killed
// with SIGKILL while it thinks; two more workers then take every reply,
// those two after their lease. Each game gets exactly one reply at its
// ply, and the service, awaiting the next replies as the bot does, gets
// them from the workers, under the cause of the move that asked for them;
// once the workers stop, it thinks them itself.
func TestWorkerKilledMidThink(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a lease to pass (15 s)")
	}
	db := postgres(t)
	bin := buildZugbot(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := store.Open(ctx, db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	raw, err := sql.Open("pgx", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	// The service, as the bot runs it: the workers' moves reach its feed.
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Thinker: think.New(think.Config{Workers: 1})})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close) // before the store closes
	go (&feed.Listener{URL: st.URL(), Bus: tab.Feed(), Origin: tab.Origin()}).Run(ctx)

	var ids []int64
	var people []store.Player
	for i := range 4 {
		p := store.Player{ID: fmt.Sprint(1000 + i), Name: fmt.Sprint("p", i)}
		g, err := st.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{AI: 4}, {Player: p}}, ChannelID: "c"})
		if err != nil {
			t.Fatal(err)
		}
		ids, people = append(ids, g.ID), append(people, p)
	}
	plies := func() (out []int) {
		for _, id := range ids {
			g, err := st.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, g.Ply)
		}
		return out
	}
	leased := func() int {
		var n int
		if err := raw.QueryRowContext(ctx, `SELECT count(*) FROM schedule WHERE kind = 'reply' AND lease_until > $1`, time.Now().UnixMilli()).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	logs := &syncBuffer{}
	first := startWorker(t, bin, db, logs)
	for deadline := time.Now().Add(20 * time.Second); leased() < 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the worker took no replies; its log:\n%s", logs.String())
		}
	}
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()
	if got := plies(); fmt.Sprint(got) != "[0 0 0 0]" {
		t.Fatalf("plies %v when the worker was killed; want [0 0 0 0]: it was to be killed mid-think", got)
	}

	second, third := startWorker(t, bin, db, logs), startWorker(t, bin, db, logs)
	for deadline := time.Now().Add(60 * time.Second); fmt.Sprint(plies()) != "[1 1 1 1]"; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("plies %v a minute after the worker was killed; want each game's reply; the workers' log:\n%s", plies(), logs.String())
		}
	}

	// The next replies, awaited as the bot awaits them after a person's
	// move, come from the workers, under the cause of the move; none is
	// played twice.
	sub := tab.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	for i, id := range ids {
		st0, err := tab.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		mv := st0.Position.FormatMove(st0.Position.Moves(nil)[0])
		cause := fmt.Sprint("move-", id)
		u, err := tab.PlayIn(store.WithCause(ctx, cause), st0, people[i].ID, 1, mv, table.PlayOptions{AwaitReply: true})
		if err != nil {
			t.Fatal(err)
		}
		if r := u.Reply; r == nil || len(r.Moves) != 1 || r.State.Game.Ply != 3 {
			t.Fatalf("game %d: the reply to %s came as %+v; want one move, at ply 3", id, mv, r)
		}
		for c := range sub.C {
			if c.Game == id && c.Ply == 3 {
				if c.Cause != cause || !tab.Awaited("", c.Cause) {
					t.Errorf("game %d: the worker's reply came with cause %q (awaited: %v); want %q, left to the move that awaited it", id, c.Cause, tab.Awaited("", c.Cause), cause)
				}
				break
			}
		}
	}
	// Without workers, the service thinks itself.
	for _, w := range []*exec.Cmd{second, third} {
		w.Process.Signal(syscall.SIGTERM)
		if err := w.Wait(); err != nil {
			t.Errorf("a worker stopped with %v after SIGTERM; log:\n%s", err, logs.String())
		}
	}
	st0, _ := tab.Load(ctx, ids[0])
	mv := st0.Position.FormatMove(st0.Position.Moves(nil)[0])
	if u, err := tab.PlayIn(ctx, st0, people[0].ID, 3, mv, table.PlayOptions{AwaitReply: true}); err != nil || u.Reply == nil || len(u.Reply.Moves) != 1 {
		t.Errorf("with no worker left, the service's reply: %+v, %v; want one move", u.Reply, err)
	}
	for _, id := range ids {
		s, err := tab.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range s.Moves {
			if m.Ply != i {
				t.Errorf("game %d: move %d is at ply %d", id, i, m.Ply)
			}
		}
		if want := map[bool]int{true: 5, false: 3}[id == ids[0]]; len(s.Moves) != want || s.Game.Ply != want {
			t.Errorf("game %d: %d moves at ply %d; want %d: one reply to each move", id, len(s.Moves), s.Game.Ply, want)
		}
	}
}
