package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/games"
)

// rulesDir is where the repository keeps the rules its games implement.
const rulesDir = "../../docs/rules"

// TestRulesMatchShared checks that docs/rules holds exactly the rules of the
// project's shared folder, ../shared/rules beside the repository, which
// are authoritative. A clone without that folder has nothing to compare.
func TestRulesMatchShared(t *testing.T) {
	shared := filepath.Join("../..", "../shared/rules")
	if _, err := os.Stat(shared); errors.Is(err, fs.ErrNotExist) {
		t.Skip("no ../shared/rules beside the repository (a clone outside the project's workspace): nothing to compare docs/rules with")
	}
	sharedFiles, err := filepath.Glob(filepath.Join(shared, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sharedFiles) == 0 {
		t.Fatalf("%s has no rules (*.md)", shared)
	}
	for _, f := range sharedFiles {
		name := filepath.Base(f)
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(rulesDir, name))
		if err != nil {
			t.Errorf("docs/rules/%s: %v; copy it from ../shared/rules", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/rules/%s differs from ../shared/rules/%s, which is authoritative; copy it again", name, name)
		}
	}
	ours, err := filepath.Glob(filepath.Join(rulesDir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ours {
		if _, err := os.Stat(filepath.Join(shared, filepath.Base(f))); err != nil {
			t.Errorf("docs/rules/%s is not in ../shared/rules: %v", filepath.Base(f), err)
		}
	}
}

// TestRulesCited checks that every rules file a Go source of the
// repository cites (docs/rules/NAME.md) exists.
func TestRulesCited(t *testing.T) {
	cite := regexp.MustCompile(`docs/rules/[a-z0-9]+\.md`)
	cited := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range cite.FindAllString(string(src), -1) {
			cited++
			if _, err := os.Stat(filepath.Join("../..", m)); err != nil {
				t.Errorf("%s cites %s: %v", path, m, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited == 0 {
		t.Errorf("no Go source cites docs/rules; the game packages' docs should")
	}
}

// TestVariantsExplainNotation checks that every variant says how its moves
// are written and where its full rules are, and that the file is there.
func TestVariantsExplainNotation(t *testing.T) {
	for _, v := range games.All() {
		if v.Notation == "" || v.Rules == "" {
			t.Errorf("%s: Notation %q, Rules %q; want both", v.ID, v.Notation, v.Rules)
			continue
		}
		if _, err := os.Stat(filepath.Join("../..", v.Rules)); err != nil {
			t.Errorf("%s: its rules %s: %v", v.ID, v.Rules, err)
		}
	}
}
