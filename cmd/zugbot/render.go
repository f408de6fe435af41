package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
)

func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("render", "draw a position as a PNG, and a game as an animated GIF replay", stdout)
	load := positionFlags(fs)
	moveList := fs.String("moves", "", "moves to play from the position, separated by spaces; the last one is highlighted")
	out := fs.String("o", "", `write the PNG of the final position here ("-" for standard output; default board.png unless -gif is given)`)
	gifOut := fs.String("gif", "", `write an animated GIF replay of -moves here ("-" for standard output)`)
	viewer := fs.String("viewer", "", sideUsage("draw the board from this side's point of view"))
	players := fs.String("players", "", `the players' names, first side first, separated by a comma: "alice,bob"`)
	ratings := fs.String("ratings", "", `the players' ratings, separated by a comma: "1500,1432"`)
	pick := fs.String("select", "", "mark the legal destinations of the piece on this point (a1, T3, …)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" && *gifOut == "" {
		*out = "board.png"
	}
	if *out == "-" && *gifOut == "-" {
		return usagef("-o and -gif cannot both write to standard output")
	}
	start, err := load()
	if err != nil {
		return err
	}
	v := start.Variant()
	var opt render.Options
	if opt.Players, err = pair(*players, "-players"); err != nil {
		return err
	}
	if opt.Ratings, err = pair(*ratings, "-ratings"); err != nil {
		return err
	}
	if *viewer != "" {
		s, err := parseSide(v, "-viewer", *viewer)
		if err != nil {
			return err
		}
		opt.Viewer = &s
	}

	p, moves, err := playMoves(start, *moveList)
	if err != nil {
		return err
	}
	if n := len(moves); n > 0 {
		before := start.Clone()
		for _, m := range moves[:n-1] {
			before.Do(m)
		}
		info := before.Describe(moves[n-1])
		opt.LastMove = &info
	}
	if *pick != "" {
		i := v.Geometry.PointIndex(*pick)
		if i < 0 {
			return usagef("-select: %s has no point %q", v.Name, *pick)
		}
		opt.Selected = &i
	}

	r := render.New()
	// Each image is made in memory first, so that an error leaves no file
	// half written.
	if *out != "" {
		var buf bytes.Buffer
		if err := r.PNG(&buf, p, opt); err != nil {
			return err
		}
		if err := write(*out, buf.Bytes(), stdout); err != nil {
			return err
		}
	}
	if *gifOut != "" {
		var buf bytes.Buffer
		if err := r.GIF(ctx, &buf, start, moves, opt); err != nil {
			return err
		}
		if err := write(*gifOut, buf.Bytes(), stdout); err != nil {
			return err
		}
	}
	return nil
}

// pair splits "a,b" into two strings; empty text gives two empty strings.
func pair(s, flag string) ([2]string, error) {
	if s == "" {
		return [2]string{}, nil
	}
	a, b, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(b, ",") {
		return [2]string{}, usagef("%s %q: want two values separated by a comma", flag, s)
	}
	return [2]string{strings.TrimSpace(a), strings.TrimSpace(b)}, nil
}

// sideUsage describes a flag that names a side, the same way in every
// command.
func sideUsage(what string) string {
	return what + ": first or second, 1 or 2, or the side's name (Red, Blue, Black, White…)"
}

// parseSide reads the side of v that the text of flag names: first or
// second, 1 or 2, or the side's name, case-insensitively.
func parseSide(v *engine.Variant, flag, s string) (engine.Side, error) {
	for i, name := range v.Sides {
		if strings.EqualFold(name, s) {
			return engine.Side(i), nil
		}
	}
	switch strings.ToLower(s) {
	case "first", "1":
		return 0, nil
	case "second", "2":
		return 1, nil
	}
	return 0, usagef("%s %q: want first, second, 1, 2, %s or %s", flag, s, v.Sides[0], v.Sides[1])
}

// write writes data to the named file, or to stdout for "-".
func write(name string, data []byte, stdout io.Writer) error {
	if name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return fmt.Errorf("write image: %w", err)
	}
	return nil
}
