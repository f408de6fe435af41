package puzzle

import (
	"bufio"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"sync"
)

// sets holds the shipped puzzles, one file per variant: sets/<variant>.txt,
// one puzzle a line (see Puzzle.format), written by "zugbot mine-puzzles".
//
//go:embed sets/*.txt
var sets embed.FS

// shipped reads every set once.
var shipped = sync.OnceValues(func() (map[string][]Puzzle, error) {
	out := map[string][]Puzzle{}
	err := fs.WalkDir(sets, "sets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txt") {
			return err
		}
		f, err := sets.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		pzs, err := Read(f)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		for _, pz := range pzs {
			out[pz.Variant] = append(out[pz.Variant], pz)
		}
		return nil
	})
	return out, err
})

// Set returns the puzzles shipped for variant v, in the order they were
// found; none for a variant without a set.
func Set(v string) ([]Puzzle, error) {
	all, err := shipped()
	if err != nil {
		return nil, fmt.Errorf("puzzle: the shipped sets: %w", err)
	}
	return all[v], nil
}

// ByID returns the shipped puzzle with the given ID.
func ByID(id string) (Puzzle, bool) {
	all, err := shipped()
	if err != nil {
		return Puzzle{}, false
	}
	v, _, _ := strings.Cut(id, "-")
	for _, pz := range all[v] {
		if pz.ID == id {
			return pz, true
		}
	}
	return Puzzle{}, false
}

// Number returns the puzzle's ID as a positive number, for places that
// carry only numbers (a Discord control): the hash part of the ID.
func (pz Puzzle) Number() int64 {
	_, h, _ := strings.Cut(pz.ID, "-")
	n, _ := strconv.ParseInt(h, 16, 64)
	return n
}

// ByNumber returns the shipped puzzle whose Number is n.
func ByNumber(n int64) (Puzzle, bool) {
	all, err := shipped()
	if err != nil || n <= 0 {
		return Puzzle{}, false
	}
	for _, set := range all {
		for _, pz := range set {
			if pz.Number() == n {
				return pz, true
			}
		}
	}
	return Puzzle{}, false
}

// Read reads puzzles written by Write, one a line.
func Read(r io.Reader) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("line %d: %d fields, want 5 (id, position, line, seed, origin)", n, len(f))
		}
		seed, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, fmt.Errorf("line %d: seed rating %q: %w", n, f[3], err)
		}
		v, _, _ := strings.Cut(f[0], "-")
		pz := Puzzle{ID: f[0], Variant: v, Position: f[1], Line: strings.Fields(f[2]), Seed: seed, Origin: f[4]}
		if len(pz.Line)%2 == 0 {
			return nil, fmt.Errorf("line %d: puzzle %s: a line of %d moves does not end on the solver's move", n, pz.ID, len(pz.Line))
		}
		out = append(out, pz)
	}
	return out, sc.Err()
}

// Write writes puzzles one a line, for Read.
func Write(w io.Writer, pzs []Puzzle) error {
	for _, pz := range pzs {
		if _, err := fmt.Fprintln(w, pz.format()); err != nil {
			return err
		}
	}
	return nil
}
