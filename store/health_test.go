package store

import (
	"context"
	"testing"
)

func TestPing(t *testing.T) {
	s, _ := mustOpen(t, Options{})
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping on an open database: %v", err)
	}
	s.Close()
	if err := s.Ping(context.Background()); err == nil {
		t.Errorf("Ping on a closed database succeeded; want an error")
	}
}
