package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
)

func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("render", "draw a position as a PNG, and a game as an animated GIF replay", stdout)
	load := positionFlags(fs)
	moveList := fs.String("moves", "", "moves to play from the position, separated by spaces; the last one is highlighted")
	out := fs.String("o", "", `write the image of the final position here: a PNG, or a JPEG if the name ends in .jpg or .jpeg ("-" for standard output, as PNG; default board.png unless -gif is given)`)
	gifOut := fs.String("gif", "", `write an animated GIF replay of -moves here, a name ending in .gif ("-" for standard output)`)
	force := fs.Bool("force", false, "overwrite -o and -gif if they exist (without it, an existing file is an error)")
	viewer := fs.String("viewer", "", sideUsage("draw the board from this side's point of view"))
	players := fs.String("players", "", `the players' names, first side first, separated by a comma: "alice,bob"`)
	ratings := fs.String("ratings", "", `the players' ratings, separated by a comma: "1500,1432" (a final ? marks a provisional one, "1500?"; leave one out for the AI: "1500,")`)
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
	format, err := imageFormat("-o", *out, "png", "jpeg")
	if err != nil {
		return err
	}
	if _, err := imageFormat("-gif", *gifOut, "gif"); err != nil {
		return err
	}
	if *out != "" && *out == *gifOut {
		return usagef("-o and -gif name the same file, %s", *out)
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
	for _, r := range opt.Ratings {
		if r != "" && !isRating(r) {
			return usagef("-ratings %q: %q is not a rating: want a whole number such as 1500, with a final ? if provisional", *ratings, r)
		}
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

	for _, f := range [][2]string{{"-o", *out}, {"-gif", *gifOut}} {
		if f[1] != "" && f[1] != "-" {
			if err := checkOutput(f[0], f[1], "-force", *force); err != nil {
				return err
			}
		}
	}

	r := render.New()
	// Each image is made in memory first, so that an error leaves no file
	// half written.
	var files []func() error
	if *out != "" {
		var buf bytes.Buffer
		if err := r.PNG(&buf, p, opt); err != nil {
			return err
		}
		data, err := encodeAs(format, buf.Bytes())
		if err != nil {
			return err
		}
		files = append(files, func() error { return write(*out, data, *force, stdout) })
	}
	if *gifOut != "" {
		var buf bytes.Buffer
		if err := r.GIF(ctx, &buf, start, moves, opt); err != nil {
			return err
		}
		files = append(files, func() error { return write(*gifOut, buf.Bytes(), *force, stdout) })
	}
	for _, f := range files {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// isRating reports whether s reads as a rating: a whole number of at most
// five digits, perhaps negative, with a final ? when it is provisional.
func isRating(s string) bool {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "-"), "?")
	if s == "" || len(s) > 5 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// imageFormats are the formats an image file may be written in, by the
// endings of its name.
var imageFormats = map[string]string{".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".gif": "gif"}

// imageFormat returns the format that the name of the file flag names
// asks for by its ending, which must be one of want ("png", "jpeg",
// "gif"); a name without an ending, or "-" (standard output), gets the
// first of want. "" gives "".
func imageFormat(flag, name string, want ...string) (string, error) {
	if name == "" {
		return "", nil
	}
	ext := strings.ToLower(filepath.Ext(name))
	if name == "-" || ext == "" {
		return want[0], nil
	}
	if f, ok := imageFormats[ext]; ok && slices.Contains(want, f) {
		return f, nil
	}
	var endings []string
	for _, e := range slices.Sorted(maps.Keys(imageFormats)) {
		if slices.Contains(want, imageFormats[e]) {
			endings = append(endings, e)
		}
	}
	return "", usagef("%s %s: zugbot writes no %s file here; give a name ending in %s", flag, name, ext, strings.Join(endings, " or "))
}

// encodeAs returns the PNG image data in format: itself for "png", a
// JPEG of it for "jpeg".
func encodeAs(format string, data []byte) ([]byte, error) {
	if format != "jpeg" {
		return data, nil
	}
	im, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("JPEG: %w", err)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, im, &jpeg.Options{Quality: 90}); err != nil {
		return nil, fmt.Errorf("JPEG: %w", err)
	}
	return buf.Bytes(), nil
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

// write writes data to the named file, or to stdout for "-". Unless
// overwrite is set, a file that exists is an error, and is left alone.
func write(name string, data []byte, overwrite bool, stdout io.Writer) error {
	if name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if !overwrite {
		flags |= os.O_EXCL
	}
	f, err := os.OpenFile(name, flags, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists: give -force to overwrite it", name)
	}
	if err != nil {
		return fmt.Errorf("write image: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("write image: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write image: %w", err)
	}
	return nil
}
