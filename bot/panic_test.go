package bot

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestPanicRecovered hands the bot an interaction whose payload makes its
// handler panic (an application command without data, which Discord never
// sends): the panic is logged with its stack and counted, and the bot goes
// on answering.
func TestPanicRecovered(t *testing.T) {
	ctx := context.Background()
	srv := discordtest.New(t)
	variants := []*engine.Variant{zola.Zola}
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs bytes.Buffer
	m := NewMetrics(prometheus.NewRegistry())
	tab, err := table.New(table.Config{Store: st, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	b, err := New(Config{Table: tab, Store: st, Posts: st, Variants: variants, Session: srv.Session(), Metrics: m, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		// IDs are snowflakes of now, as Discord's are: an interaction
		// created long ago would be deferred at once (guardLate) before
		// its handler ran.
		id := strconv.FormatInt((time.Now().UnixMilli()-1420070400000)<<22+int64(i), 10)
		b.handle(ctx, &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{ID: id, Type: discordgo.InteractionApplicationCommand}})
	}
	// The bot tried to apologise; the fake, which never created these
	// interactions, refuses each answer.
	if v := srv.TakeViolations(); len(v) != 2 {
		t.Errorf("%d answers to the two interactions, want 2 apologies: %v", len(v), v)
	}
	if got := testutil.ToFloat64(m.interactions.WithLabelValues("unknown", "panic")); got != 2 {
		t.Errorf("interactions counted as panics: %v, want 2", got)
	}
	if got := testutil.ToFloat64(m.errors.WithLabelValues("panic")); got != 2 {
		t.Errorf("errors counted as panics: %v, want 2", got)
	}
	if !strings.Contains(logs.String(), "interaction panicked") || !strings.Contains(logs.String(), "panic_test.go") {
		t.Errorf("the log lacks the panic and its stack:\n%s", logs.String())
	}
}
