package web_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// bundleInputs are the files web/activity-src/build.mjs hashes into the
// bundle's first line, in its order.
var bundleInputs = []string{"build.mjs", "activity.js", "package-lock.json"}

const rebuild = "cd web/activity-src && npm ci && npm run build"

// TestActivityBundleFresh checks that web/static/activity.js, the
// Activity's committed bundle (so that go build needs no Node), was built
// from its sources as they are: the hash in its first line is that of its
// inputs. Where npm has installed the sources' packages, it rebuilds the
// bundle and compares it byte for byte.
func TestActivityBundleFresh(t *testing.T) {
	bundle, err := os.ReadFile("static/activity.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^// zugbot activity bundle; inputs sha256 ([0-9a-f]{64});`).FindSubmatch(bundle)
	if m == nil {
		t.Fatalf("static/activity.js does not start with its inputs' hash: rebuild it with %s", rebuild)
	}
	h := sha256.New()
	for _, f := range bundleInputs {
		b, err := os.ReadFile(filepath.Join("activity-src", f))
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(f + "\n"))
		h.Write(b)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != string(m[1]) {
		t.Fatalf("static/activity.js was built from other sources (inputs hash %s, the sources' %s): rebuild it with %s", m[1], got, rebuild)
	}
	node, err := exec.LookPath("node")
	if _, serr := os.Stat("activity-src/node_modules/esbuild"); err != nil || serr != nil {
		t.Logf("the hash matches; not rebuilt, as node or the packages are missing (%s)", rebuild)
		return
	}
	out := filepath.Join(t.TempDir(), "activity.js")
	cmd := exec.Command(node, "build.mjs", out)
	cmd.Dir = "activity-src"
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("rebuilding the bundle: %v\n%s", err, b)
	}
	again, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, bundle) {
		t.Fatalf("static/activity.js differs from a fresh build of its sources: rebuild it with %s", rebuild)
	}
}
