package feed

import (
	"strings"
	"testing"
)

// TestKind names every kind, reads its name back, and refuses a number
// that is no kind.
func TestKind(t *testing.T) {
	for k := Started; k <= Resync; k++ {
		b, err := k.MarshalText()
		if err != nil || string(b) != k.String() || strings.HasPrefix(k.String(), "Kind(") {
			t.Errorf("kind %d: %q, %v", uint8(k), b, err)
		}
		var back Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("%s read back as %v, %v", k, back, err)
		}
	}
	for _, k := range []Kind{0, Resync + 1, 255} {
		if _, err := k.MarshalText(); err == nil || k.Valid() {
			t.Errorf("%v: a kind", k)
		}
		if want := "Kind("; !strings.HasPrefix(k.String(), want) {
			t.Errorf("%d is named %q", uint8(k), k)
		}
	}
	var k Kind
	if err := k.UnmarshalText([]byte("")); err == nil {
		t.Error(`"" read as a kind`)
	}
}

// TestPayload encodes changes and decodes them back, and shows the
// payload's form.
func TestPayload(t *testing.T) {
	for _, c := range []Change{
		{Game: 12, Ply: 7, Kind: Moved},
		{Game: 1 << 62, Tournament: 1 << 61, Version: 1 << 62, Ply: 1 << 30, Kind: TimedOut, Source: "discord"},
		{Tournament: 3, Kind: Round},
		{Tournament: 3, Kind: Paused},
		{Challenge: 1 << 62, Kind: Expired},
		{Kind: Resync},
	} {
		p, err := encode("1234-abc", c)
		if err != nil {
			t.Fatal(err)
		}
		o, back, err := decode(p)
		if err != nil || o != "1234-abc" || back != c {
			t.Errorf("%v: %s decoded as %q %v, %v", c, p, o, back, err)
		}
	}
	p, _ := encode("1234-abc", Change{Game: 12, Tournament: 3, Ply: 7, Kind: Moved})
	if want := `{"origin":"1234-abc","game":12,"tournament":3,"ply":7,"kind":"Moved"}`; p != want {
		t.Errorf("payload %s, want %s", p, want)
	}
	p, _ = encode("1234-abc", Change{Game: 12, Version: 9, Ply: 7, Kind: Moved})
	if want := `{"origin":"1234-abc","game":12,"version":9,"ply":7,"kind":"Moved"}`; p != want {
		t.Errorf("payload %s, want %s", p, want)
	}
	// A change must name what it is about.
	for _, c := range []Change{{Kind: Moved}, {Game: 1, Kind: Joined}, {Game: 1, Kind: Withdrawn}, {Tournament: 1, Kind: Moved}, {Game: 1, Version: -1, Kind: Moved}} {
		if _, err := encode("", c); err == nil {
			t.Errorf("%v encoded", c)
		}
	}
	// A newer process's field is ignored; no origin is anyone's.
	if o, c, err := decode(`{"game":5,"ply":2,"kind":"Agreed","clock":[1,2]}`); err != nil || o != "" || c != (Change{Game: 5, Ply: 2, Kind: Agreed}) {
		t.Errorf("decoded %q %v, %v", o, c, err)
	}
}

// FuzzDecode decodes anything without panicking, and what it accepts is
// a valid change that encodes back to the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"origin":"1-a","game":12,"ply":7,"kind":"Moved"}`, `{"kind":"Resync"}`, `{"tournament":1,"kind":"Round"}`, `{"game":1,"kind":3}`, `null`, `[]`, `{"kind":null}`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		o, c, err := decode(payload)
		if err != nil {
			return
		}
		if err := c.check(); err != nil {
			t.Fatalf("%q accepted as %v: %v", payload, c, err)
		}
		p, err := encode(o, c)
		if err != nil && len(o) < MaxPayload-200 {
			t.Fatalf("%v does not encode: %v", c, err)
		}
		if err == nil {
			o2, c2, err := decode(p)
			if err != nil || o2 != o || c2 != c {
				t.Fatalf("%q: %v from %q, back %v from %q, %v", payload, c, o, c2, o2, err)
			}
		}
	})
}
