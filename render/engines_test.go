package render

// engineGoldens lists the golden images of the games finished after Zola.
func engineGoldens() []golden { return nil }
