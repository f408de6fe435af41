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
	// Rings draws faint circles around the board's centre through its
	// points (on a board of cells), for games where the distance from the
	// centre matters.
	Rings bool
}

// Point is one place on a board.
type Point struct {
	Name string  // as the notation names it: "a1", "T3"
	X, Y float64 // centre, in board units
	// Shade is the cell's colour class (for Cells boards): 0 light, 1 dark.
	Shade uint8
	// Mark is how the point is set apart from the others, if it is.
	Mark Mark
	// Sign, if not empty, is a letter printed faintly in the point's cell
	// (on a board of cells).
	Sign string
}

// Mark is how a renderer sets a point apart, so that players can tell a
// point with a special meaning in the game's rules.
type Mark uint8

// The marks a point can carry: the first three for boards of cells, the
// others for boards of lines.
const (
	Plain   Mark = iota // nothing special: a cell by its shade, or a dot
	Tinted              // a cell in a cool tint
	Gilded              // a cell in gold
	Starred             // a star on the point
	Ringed              // a ring around a dot
	Spotted             // a broad spot
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
