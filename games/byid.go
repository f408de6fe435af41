package games

import "github.com/zugbot/zugbot/engine"

// ByID returns the variant with the given ID, and false if zugbot knows
// none.
func ByID(id string) (*engine.Variant, bool) {
	for _, e := range list {
		if e.v.ID == id {
			return e.v, true
		}
	}
	return nil, false
}
