package engine

// Geometry is a board as a renderer sees it: points with coordinates, the
// lines joining them, cell shading, special zones and labels. Coordinates
// are in board units with y growing upwards (rank 1 at the bottom, as the
// first side sees the board); the renderer scales and, for the second side,
// turns them.
type Geometry struct {
	// Width and Height are the board's extent; every point lies within
	// [0, Width]×[0, Height]. Labels may stand in a margin up to one unit
	// wide around it.
	Width, Height float64
	// Cells is true when pieces stand in unit squares centred on the points
	// (Zola, chess), and false when they stand on intersections joined by
	// Lines (Zamma, Zodiac).
	Cells bool
	// Points are the places a piece can stand, indexed as Position.Piece
	// indexes them.
	Points []Point
	// Lines are the straight segments to draw between points.
	Lines []Line
	// Labels are file, rank or point names to print around the board.
	Labels []Label
}

// Point is one place on a board.
type Point struct {
	Name string  // as the notation names it: "a1", "T3"
	X, Y float64 // centre, in board units
	// Shade is the cell's colour class (for Cells boards): 0 light, 1 dark.
	Shade uint8
	// Mark is the point's special meaning, if any.
	Mark Mark
}

// Mark is the special meaning of a point, drawn so that players can tell it.
type Mark uint8

// The marks a point can carry.
const (
	Plain   Mark = iota // nothing special
	Zone                // Zonal Chess: a zone square, where riders turn
	Special             // Zonal Chess: a Z square
	Star                // Zamma: a star point, on its column line only
	Tip                 // Zodiac: a tip of the hexagram
	Inner               // Zodiac: an inner point
	Centre              // Zola: the squares nearest the centre
)

// Line is a straight segment between two points, by index.
type Line struct{ From, To int }

// Label is a piece of text printed at a place, such as a file letter.
type Label struct {
	Text string
	X, Y float64
}

// PointIndex returns the index of the point with the given name (compared
// without regard to case), or -1.
func (g *Geometry) PointIndex(name string) int {
	for i, p := range g.Points {
		if equalFold(p.Name, name) {
			return i
		}
	}
	return -1
}

// equalFold compares ASCII strings without regard to case.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
