package bot

import (
	"errors"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/zugbot/zugbot/store"
)

// Metrics counts what the bot does, for Prometheus. A nil *Metrics counts
// nothing.
type Metrics struct {
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	arrival      prometheus.Histogram
	aiThink      *prometheus.HistogramVec
	aiQueue      prometheus.Gauge
	aiWait       prometheus.Histogram
	render       prometheus.Histogram
	errors       *prometheus.CounterVec
}

// NewMetrics makes the bot's metrics and registers them with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "zugbot_interactions_total", Help: "Interactions answered, by route (command or control) and outcome (ok, refused, error, panic).",
		}, []string{"route", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "zugbot_interaction_seconds", Help: "Time to handle an interaction, by route.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		arrival: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "zugbot_interaction_arrival_seconds", Help: "Time from Discord's creation of an interaction (the time in its ID) to the start of its handler: the gateway's delivery and the bot's backlog.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}),
		aiThink: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "zugbot_ai_think_seconds", Help: "Time the AI spent choosing a move, by variant and level.",
			Buckets: []float64{.01, .05, .1, .25, .5, 1, 2, 5, 10},
		}, []string{"variant", "level"}),
		aiQueue: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "zugbot_ai_queue", Help: "AI replies waiting for a worker.",
		}),
		aiWait: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "zugbot_ai_wait_seconds", Help: "Time an AI reply waited for a worker.",
			Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2, 5, 10},
		}),
		render: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "zugbot_render_seconds", Help: "Time to draw and encode a board image, with its wait for a core's turn (render.Renderer.PNG).",
			Buckets: []float64{.002, .005, .01, .02, .05, .1, .25},
		}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "zugbot_errors_total", Help: "Failed interactions and timers, by where the error came from (discord, database, panic, other).",
		}, []string{"source"}),
	}
	reg.MustRegister(m.interactions, m.latency, m.arrival, m.aiThink, m.aiQueue, m.aiWait, m.render, m.errors)
	return m
}

func (m *Metrics) interaction(route, outcome string, d time.Duration) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(route, outcome).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

// arrived records how long after its creation an interaction reached its
// handler.
func (m *Metrics) arrived(d time.Duration) {
	if m != nil {
		m.arrival.Observe(d.Seconds())
	}
}

// AIThought records how long the AI thought a move (table.Config.Thought).
func (m *Metrics) AIThought(variant string, level int, d time.Duration) {
	if m != nil {
		m.aiThink.WithLabelValues(variant, strconv.Itoa(level)).Observe(d.Seconds())
	}
}

// AIQueued records the AI replies waiting for a worker
// (think.Config.Queued).
func (m *Metrics) AIQueued(n int) {
	if m != nil {
		m.aiQueue.Set(float64(n))
	}
}

// AIWaited records how long an AI reply waited for a worker
// (think.Config.Waited).
func (m *Metrics) AIWaited(d time.Duration) {
	if m != nil {
		m.aiWait.Observe(d.Seconds())
	}
}

func (m *Metrics) rendered(d time.Duration) {
	if m != nil {
		m.render.Observe(d.Seconds())
	}
}

// failed counts an error by its source.
func (m *Metrics) failed(err error) {
	if m == nil || err == nil {
		return
	}
	var rest *discordgo.RESTError
	var pe *panicError
	source := "other"
	switch {
	case errors.As(err, &pe):
		source = "panic"
	case errors.As(err, &rest):
		source = "discord"
	case store.IsDatabaseError(err):
		source = "database"
	}
	m.errors.WithLabelValues(source).Inc()
}
