package rules

import (
	"math"
	"testing"
)

func TestKFactor(t *testing.T) {
	tests := []struct {
		rating, games, want int
	}{
		{1500, 0, 40},
		{1500, 19, 40},
		{1500, 20, 20},
		{2399, 50, 20},
		{2400, 20, 10},
		{2600, 100, 10},
		{2450, 5, 40}, // provisional comes first
	}
	for _, tt := range tests {
		if got := KFactor(tt.rating, tt.games); got != tt.want {
			t.Errorf("KFactor(%d, %d) = %d, want %d", tt.rating, tt.games, got, tt.want)
		}
	}
}

func TestExpected(t *testing.T) {
	tests := []struct {
		a, b int
		want float64
	}{
		{1500, 1500, 0.5},
		{1900, 1500, 10.0 / 11},
		{1500, 1900, 1.0 / 11},
		{2000, 1200, 100.0 / 101},
	}
	for _, tt := range tests {
		if got := Expected(tt.a, tt.b); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Expected(%d, %d) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestElo(t *testing.T) {
	r := func(rating, games int) Player { return Player{Rating: rating, Games: games} }
	tests := []struct {
		name         string
		a, b         Player
		score        float64
		wantA, wantB int
	}{
		{"new players, win", r(1500, 0), r(1500, 0), 1, 1520, 1480},
		{"new players, loss", r(1500, 0), r(1500, 0), 0, 1480, 1520},
		{"new players, draw", r(1500, 0), r(1500, 0), 0.5, 1500, 1500},
		{"provisional beats established", r(1500, 3), r(1500, 40), 1, 1520, 1490},
		{"last provisional game", r(1500, 19), r(1500, 20), 1, 1520, 1490},
		{"established players", r(1500, 20), r(1500, 20), 1, 1510, 1490},
		{"upset by 400 points", r(1500, 30), r(1900, 30), 1, 1518, 1882},              // 20·10/11 = 18.18
		{"favourite wins by 400", r(1900, 30), r(1500, 30), 1, 1902, 1498},            // 20·1/11 = 1.82
		{"draw against a stronger player", r(1500, 30), r(1900, 30), 0.5, 1508, 1892}, // 20·(0.5 - 1/11) = 8.18
		{"masters use K 10", r(2400, 30), r(2400, 30), 1, 2405, 2395},
		{"just below master", r(2399, 30), r(2399, 30), 1, 2409, 2389},
		{"master against a provisional player", r(2500, 50), r(2500, 2), 0, 2495, 2520},
		{"huge gap, favourite wins", r(2800, 50), r(1000, 50), 1, 2800, 1000},
		{"huge gap, upset", r(1000, 50), r(2800, 50), 1, 1020, 2790},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := Elo(tt.a, tt.b, tt.score)
			if a != tt.wantA || b != tt.wantB {
				t.Errorf("Elo(%v, %v, %v) = %d, %d; want %d, %d", tt.a.Rating, tt.b.Rating, tt.score, a, b, tt.wantA, tt.wantB)
			}
		})
	}
}
