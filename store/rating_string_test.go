package store

import "testing"

func TestRatingString(t *testing.T) {
	tests := []struct {
		r    Rating
		want string
	}{
		{Rating{Rating: 1523, Games: 0}, "1523?"},
		{Rating{Rating: 1523, Games: 19}, "1523?"},
		{Rating{Rating: 1523, Games: 20}, "1523"},
		{Rating{Rating: 2410, Games: 300}, "2410"},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.r, got, tt.want)
		}
	}
}
